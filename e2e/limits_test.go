//go:build !js

package e2e

// The page's input limits and last guard (issue 10 §4, issue 11 item 3): deep links and
// pastes get a clear message, a stray % in the fragment no longer stops go-app at
// start-up, and a failure nothing caught shows the crash screen.

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestDeepLink: a #scenario= link nested 4,000 deep opens the default example with the
// parser's message, instead of staying on "Loading the simulator…". The quote inside the
// block scalar hid the nesting from the text heuristic that guarded depth before.
func TestDeepLink(t *testing.T) {
	ctx := newTab(t)
	deep := "x: |\n  it's 'open\nobjects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: x}, data: {x: " +
		strings.Repeat("[", 4000) + strings.Repeat("]", 4000) + "}}]\n"
	openScenario(t, ctx, []byte(deep))
	msg := eval[string](t, ctx, `document.querySelector('.notice-error')?.textContent ?? ''`)
	if !strings.Contains(msg, "#scenario= link") || !strings.Contains(msg, "nested too deeply (more than 100 levels)") {
		t.Fatalf("notice = %q, want the link's nesting error", msg)
	}
	screenshot(t, ctx, "deep-link")
}

// TestPercentInLink: `#scenario=%zz` and `#abc%` used to panic go-app while it parsed the
// address; now the page loads, and the bad link is reported as such.
func TestPercentInLink(t *testing.T) {
	ctx := newTab(t)
	openURL(t, ctx, baseURL+"/#scenario=%zz")
	msg := eval[string](t, ctx, `document.querySelector('.notice-error')?.textContent ?? ''`)
	if !strings.Contains(msg, "#scenario= link") || !strings.Contains(msg, "base64url") {
		t.Fatalf("notice = %q, want a message about the link", msg)
	}
	screenshot(t, ctx, "percent-link")
	openURL(t, ctx, baseURL+"/#abc%")
	do(t, ctx, "graph present", chromedp.WaitVisible(chromedp.CSS(".graph-svg")))
}

// TestDeepPaste: pasting `spec: {x: [[[…]]]}` 5,000 deep gives the inline error (it
// used to exhaust the browser's stack silently), and the page keeps working.
func TestDeepPaste(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, []byte("objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: a}}]\n"))
	do(t, ctx, "open the Create tab", chromedp.Click(tab("Create")))
	setField(t, ctx, "#yaml-input", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\nspec: {x: "+
		strings.Repeat("[", 5000)+strings.Repeat("]", 5000)+"}\n")
	do(t, ctx, "create from YAML", chromedp.Click(button("Create from YAML")))
	waitJS(t, ctx, "the inline error", `document.querySelector('#yaml-error') !== null`, 10*time.Second)
	if msg := eval[string](t, ctx, `document.querySelector('#yaml-error').textContent`); !strings.Contains(msg, "line 4: nested too deeply (more than 100 levels)") {
		t.Fatalf("inline error %q", msg)
	}
	screenshot(t, ctx, "deep-paste")
	if got := step(t, ctx); got != 1 {
		t.Fatalf("Step after the paste reached tick %d, want 1", got)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#crash-screen').length`); n != 0 {
		t.Fatal("crash screen shown")
	}
}

// TestUncaughtErrorShowsCrashScreen: an error nothing caught (here thrown by a timer, as
// "Maximum call stack size exceeded" comes out of the wasm) and the Go program exiting
// both show the crash screen, the first with the session to copy.
func TestUncaughtErrorShowsCrashScreen(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, []byte("objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: keep-me}}]\n"))
	eval[bool](t, ctx, `setTimeout(() => { throw new RangeError("Maximum call stack size exceeded") }); true`)
	waitJS(t, ctx, "the crash screen", `document.querySelector('#crash-screen') !== null`, 10*time.Second)
	text := eval[string](t, ctx, `document.querySelector('#crash-screen').textContent`)
	for _, want := range []string{"gcplay stopped", "RangeError: Maximum call stack size exceeded", "name: keep-me", "Copy report"} {
		if !strings.Contains(text, want) {
			t.Errorf("crash screen lacks %q:\n%s", want, text)
		}
	}
	screenshot(t, ctx, "crash-screen-js-error")

	ctx = newTab(t)
	openScenario(t, ctx, []byte("{}\n"))
	eval[bool](t, ctx, `new Go().exit(2); true`)
	waitJS(t, ctx, "the crash screen", `document.querySelector('#crash-screen') !== null`, 10*time.Second)
	if text := eval[string](t, ctx, `document.querySelector('#crash-screen').textContent`); !strings.Contains(text, "exit code 2") {
		t.Errorf("crash screen after the Go program exits:\n%s", text)
	}
}
