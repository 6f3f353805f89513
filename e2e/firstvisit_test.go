//go:build !js

package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/app/workspace"
)

// TestFirstVisit is a newcomer's first five minutes: the tour and the open legend on a
// first visit, never again once the tour is done; the example's purpose and first action
// when it opens; the example menu naming the open example; the GC's lag worded as a
// normal state; Help that says how to start.
func TestFirstVisit(t *testing.T) {
	ctx := newVisitorTab(t)
	openURL(t, ctx, baseURL+"/")
	def, _ := workspace.ExampleByID(workspace.DefaultExample)

	waitJS(t, ctx, "the tour's first card", `document.querySelector('.tour')?.dataset.tourStep === "1"`, 10*time.Second)
	if !eval[bool](t, ctx, `document.querySelector('details.legend').open`) {
		t.Error("the legend is closed on a first visit")
	}
	if got := eval[string](t, ctx, `document.querySelector('.guide .guide-try')?.textContent ?? ""`); got != def.Try {
		t.Errorf("guide shows %q, want the default example's first action %q", got, def.Try)
	}
	if got := eval[string](t, ctx, `document.querySelector('.pg-examples select').selectedOptions[0].textContent`); got != def.Title {
		t.Errorf("example menu shows %q while %q is open", got, def.Title)
	}
	// Before the first tick the GC has not seen the objects: the badge says it calmly.
	badges := eval[string](t, ctx, `[...document.querySelectorAll('.node.lag .badge text')].map(e => e.textContent).join("|")`)
	if badges == "" || strings.Contains(badges, "not seen") || !strings.Contains(badges, "GC: catching up") {
		t.Errorf("lag badges = %q, want \"GC: catching up\"", badges)
	}
	screenshot(t, ctx, "first-visit")

	for i := 2; i <= 5; i++ {
		click(t, ctx, "Next")
		waitJS(t, ctx, "tour card", `document.querySelector('.tour')?.dataset.tourStep === "`+strconv.Itoa(i)+`"`, 5*time.Second)
	}
	click(t, ctx, "Done")
	waitJS(t, ctx, "the tour to close", `!document.querySelector('.tour')`, 5*time.Second)
	if got := eval[string](t, ctx, `String(localStorage.getItem("gcplay.welcomed"))`); got != "true" {
		t.Errorf("after Done the page stored gcplay.welcomed=%q, want true", got)
	}

	// Run until idle on an example without steps is never silent.
	click(t, ctx, "Run until idle")
	waitJS(t, ctx, "the idle note", `document.querySelector('.notice-info')?.textContent.includes("found nothing to delete")`, 10*time.Second)

	// Another example: its own guide; the menu names it.
	cycle, _ := workspace.ExampleByID("cycle")
	do(t, ctx, "open the cycle example", chromedp.SetValue(chromedp.CSS(".pg-examples select"), "cycle"))
	waitJS(t, ctx, "the cycle's guide", `document.querySelector('.guide')?.dataset.example === "cycle"`, 10*time.Second)
	if got := eval[string](t, ctx, `document.querySelector('.guide .guide-try').textContent`); got != cycle.Try {
		t.Errorf("guide shows %q, want %q", got, cycle.Try)
	}
	if got := eval[string](t, ctx, `document.querySelector('.pg-examples select').selectedOptions[0].textContent`); got != cycle.Title {
		t.Errorf("example menu shows %q while %q is open", got, cycle.Title)
	}
	do(t, ctx, "hide the guide", chromedp.Click(chromedp.CSS(".guide-close")))
	waitJS(t, ctx, "the guide to hide", `!document.querySelector('.guide')`, 5*time.Second)

	// Help starts with how to begin, and can restart the tour.
	click(t, ctx, "Help")
	waitJS(t, ctx, "help", `document.querySelector('.dialog h3')?.textContent === "Getting started"`, 5*time.Second)
	screenshot(t, ctx, "help")
	click(t, ctx, "Close")

	// A second visit: no tour, the legend closed.
	openURL(t, ctx, baseURL+"/")
	time.Sleep(300 * time.Millisecond) // the tour would show with the first render
	if got := eval[string](t, ctx, `(document.querySelector('.tour') ? "tour " : "") + (document.querySelector('details.legend').open ? "legend" : "")`); got != "" {
		t.Errorf("came back after the tour was done: %q", got)
	}
}
