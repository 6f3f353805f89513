//go:build !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// contractHooks are README's "Contract for automated browser tests" hooks of a lesson
// with a console and a node lane (notready-node), by where the page shows them. A
// course platform and the tests rely on each: a refactor must keep them.
var contractHooks = map[string][]string{
	"page": {`#lesson[data-lesson="notready-node"]`, `#lesson-hints`, `#lessons-open`, `#lesson-next`, `.notice`,
		`[data-graph]`, `[data-node-toggle]`, `xpath://button[normalize-space(.)="Fit"]`},
	"picker":  {`[data-lesson="owners-and-dependents"] button`, `#lessons-next[data-lesson]`},
	"console": {`#console-input`, `#con-log`},
	"recap":   {`#lesson-recap`},
}

// hookJS is true when the page holds an element for hook (a CSS selector, or xpath:).
func hookJS(hook string) string {
	if x, ok := strings.CutPrefix(hook, "xpath:"); ok {
		return `document.evaluate(` + quote(x) + `, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue !== null`
	}
	return `document.querySelector(` + quote(hook) + `) !== null`
}

// TestContractHooks: every hook README promises exists where it says.
func TestContractHooks(t *testing.T) {
	ctx := newTab(t)
	openURL(t, ctx, baseURL+"/#lesson=notready-node")
	waitLesson(t, ctx, "notready-node")
	check := func(where string) {
		t.Helper()
		for _, h := range contractHooks[where] {
			waitJS(t, ctx, where+": "+h, hookJS(h), 5*time.Second)
		}
	}
	check("page")
	do(t, ctx, "open the Console tab", chromedp.Click(tab("Console")))
	check("console")
	do(t, ctx, "open the picker", chromedp.Click(chromedp.CSS(`#lessons-open`)))
	check("picker")
	click(t, ctx, "Close")
	// Until the page has closed it, the picker's backdrop takes the next click.
	waitJS(t, ctx, "the picker closed", `document.querySelector('.overlay') === null`, 10*time.Second)
	click(t, ctx, "Show solution")
	waitAllMet(t, ctx, "the solution")
	check("recap")
}

// surfaceHooks are README's hooks of the surfaces that came after the contract was
// written (issue 26: the version lens, compare mode, the fault lab), by where they show.
var surfaceHooks = map[string][]string{
	"toolbar": {`[data-compare-open]`},
	"faults":  {`#faults-status`, `#fl-seed`, `#fl-delay-min`, `#fl-delay-max`, `#fl-drop`, `#fl-relist`, `#fl-errors`, `#fl-apply`, `#fl-reroll`},
	"compare": {`.cmp[data-compare]`, `.cmp-banner[data-diverge]`, `.cmp-side[data-side="a"]`, `.cmp-side[data-side="b"]`, `[data-compare-share]`, `[data-compare-close]`},
	"lesson":  {`#release[data-release="1.16"]`},
	"queues":  {`#restart-cm`},
	"embed":   {`#lesson`, `xpath://button[normalize-space(.)="Event"]`, `xpath://button[normalize-space(.)="Delete item"]`},
}

// TestContractHooksNewSurfaces: every hook README promises for Compare, the Faults tab,
// the release badge and Restart controller-manager is on screen where it says, on the full
// page and embedded (where the fine steps were in the DOM but hidden by the stylesheet).
func TestContractHooksNewSurfaces(t *testing.T) {
	ctx := newTab(t)
	check := func(where string) {
		t.Helper()
		for _, h := range surfaceHooks[where] {
			waitJS(t, ctx, where+": "+h, visibleJS(h), 5*time.Second) // on screen, not only in the DOM
		}
	}
	openURL(t, ctx, baseURL+"/")
	check("toolbar")
	do(t, ctx, "open the Faults tab", chromedp.Click(tab("Faults")))
	check("faults")
	click(t, ctx, "Compare")
	check("compare")
	do(t, ctx, "close compare", chromedp.Click(chromedp.CSS(`[data-compare-close]`)))

	openURL(t, ctx, baseURL+"/#lesson=cross-namespace-restart")
	waitLesson(t, ctx, "cross-namespace-restart")
	check("lesson")
	if !eval[bool](t, ctx, hookJS(`#restart-cm`)) { // a short window: the queues are a tab
		do(t, ctx, "open the Queues tab", chromedp.Click(tab("Queues")))
	}
	check("queues")

	do(t, ctx, "a 960×600 frame", chromedp.EmulateViewport(960, 600))
	openURL(t, ctx, baseURL+"/?embed=1#lesson=new-owner-race")
	waitLesson(t, ctx, "new-owner-race")
	check("embed")
	do(t, ctx, "open the Queues tab", chromedp.Click(tab("Queues")))
	waitJS(t, ctx, "the queues in the embedded lesson", `document.querySelector('.pg-side .queues') !== null`, 5*time.Second)
}
