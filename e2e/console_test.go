//go:build !js

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// typeCommand types a command into the console with real key events and presses Enter,
// then returns the new entry's output and error text.
func typeCommand(t *testing.T, ctx context.Context, cmd string) (out, errText string) {
	t.Helper()
	before := eval[int](t, ctx, `document.querySelectorAll('.con-entry').length`)
	do(t, ctx, "type "+cmd, chromedp.Focus(chromedp.ID("console-input")), chromedp.SendKeys(chromedp.ID("console-input"), cmd+kb.Enter))
	waitJS(t, ctx, "the output of "+cmd, fmt.Sprintf(`document.querySelectorAll('.con-entry').length > %d`, before), 30*time.Second)
	out = eval[string](t, ctx, `(() => { const e = [...document.querySelectorAll('.con-entry')].pop();
		const o = e.querySelector('.con-out:not(.con-err)'); return o ? o.textContent : '' })()`)
	errText = eval[string](t, ctx, `(() => { const e = [...document.querySelectorAll('.con-entry')].pop();
		const o = e.querySelector('.con-err'); return o ? o.textContent : '' })()`)
	return out, errText
}

// logAtBottom is true when the transcript shows its newest line.
const logAtBottom = `(() => { const l = document.querySelector('#con-log');
	return l.scrollHeight > l.clientHeight && l.scrollTop + l.clientHeight >= l.scrollHeight - 2 })()`

// insidePanel is true when no console element sticks out of the side panel: wide
// tables scroll inside their own box.
const insidePanel = `(() => { const p = document.querySelector('.console').getBoundingClientRect();
	if (document.querySelector('.console').scrollWidth > document.querySelector('.console').clientWidth + 1) return false;
	return [...document.querySelectorAll('.console *')].every(e => { const r = e.getBoundingClientRect();
		return r.width === 0 || (r.left >= p.left - 1 && r.right <= p.right + 1) }) })()`

// TestConsoleKubectl types kubectl commands as a user would (Enter runs them): get all,
// describe, -o wide, a 404, delete with --wait=false and with the tick-based wait, ↑ to
// recall, clear. The transcript stays scrolled to the newest output, tables scroll
// sideways inside the panel, and the placeholder names an object of the open workspace.
func TestConsoleKubectl(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "deployment"))
	do(t, ctx, "open the console", chromedp.Click(tab("Console")))
	waitJS(t, ctx, "the console", `document.querySelector('#console-input') !== null`, 10*time.Second)
	if p := eval[string](t, ctx, `document.querySelector('#console-input').placeholder`); p != "kubectl describe deployment web" {
		t.Errorf("placeholder %q, want one naming the workspace's Deployment", p)
	}

	out, errText := typeCommand(t, ctx, "kubectl get all")
	if errText != "" || !strings.Contains(out, "NAME             READY   STATUS    RESTARTS   AGE\npod/web-7c9f-a   0/0     Pending   0          0s") ||
		!strings.Contains(out, "\n\nNAME                  READY   UP-TO-DATE   AVAILABLE   AGE\ndeployment.apps/web   0/3") ||
		!strings.Contains(out, "replicaset.apps/web-7c9f") {
		t.Fatalf("get all printed %q (stderr %q)", out, errText)
	}
	if v := eval[string](t, ctx, `document.querySelector('#console-input').value`); v != "" {
		t.Errorf("after Enter the input holds %q: Enter must run the command, not add a line", v)
	}
	screenshot(t, ctx, "console-get-all")

	out, _ = typeCommand(t, ctx, "kubectl describe rs web-7c9f")
	for _, want := range []string{"Name:                web-7c9f", "Controlled By:       Deployment/web", "Owner References:\n  Kind:                  Deployment",
		"Block Owner Deletion:  true", "Why Not Deleted Yet:\n  - ", "(DEL-9a)"} {
		if !strings.Contains(out, want) {
			t.Errorf("describe lacks %q:\n%s", want, out)
		}
	}
	waitJS(t, ctx, "the transcript at its newest output", logAtBottom, 5*time.Second)
	screenshot(t, ctx, "console-describe")

	out, _ = typeCommand(t, ctx, "kubectl get all -o wide")
	if !strings.Contains(out, "OWNERS") || !strings.Contains(out, "replicaset.apps/web-7c9f   <none>") {
		t.Errorf("-o wide printed %q", out)
	}
	waitJS(t, ctx, "the transcript at its newest output", logAtBottom, 5*time.Second)
	if !eval[bool](t, ctx, `(() => { const o = [...document.querySelectorAll('.con-out')].pop(); return o.scrollWidth > o.clientWidth })()`) {
		t.Error("the wide table fits the panel: the test no longer checks sideways scrolling")
	}
	if !eval[bool](t, ctx, insidePanel) {
		t.Error("a console element sticks out of the panel")
	}
	screenshot(t, ctx, "console-wide")

	// Widen: the console floats wide over the graph, inside the window; a kubectl table
	// then fits without scrolling, and the transcript still shows its newest output.
	click(t, ctx, "Widen")
	waitJS(t, ctx, "the widened console", `document.querySelector('.console.con-wide') !== null`, 5*time.Second)
	waitJS(t, ctx, "the transcript at its newest output", logAtBottom, 5*time.Second)
	if !eval[bool](t, ctx, `(() => { const r = document.querySelector('.console').getBoundingClientRect();
		return r.left >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight && r.width > 800 })()`) {
		t.Error("the widened console is not a wide box inside the window")
	}
	typeCommand(t, ctx, "kubectl describe deploy web")
	out, _ = typeCommand(t, ctx, "kubectl get all")
	if !eval[bool](t, ctx, `(() => { const o = [...document.querySelectorAll('.con-out')].pop(); return o.scrollWidth <= o.clientWidth })()`) {
		t.Errorf("get all does not fit the widened console:\n%s", out)
	}
	screenshot(t, ctx, "console-widened")
	click(t, ctx, "Dock")
	waitJS(t, ctx, "the console docked", `document.querySelector('.console.con-wide') === null`, 5*time.Second)

	out, errText = typeCommand(t, ctx, "kubectl get deployment x")
	if out != "" || errText != `Error from server (NotFound): deployments.apps "x" not found` {
		t.Errorf("get of a missing object printed %q / %q", out, errText)
	}
	if v := eval[string](t, ctx, `document.querySelector('#console-input').value`); v != "kubectl get deployment x" {
		t.Errorf("a failed command was not kept in the input: %q", v)
	}
	setField(t, ctx, "#console-input", "")

	// --wait=false: no tick runs, the Deployment is Terminating in the graph.
	out, _ = typeCommand(t, ctx, "kubectl delete deployment web --cascade=foreground --wait=false")
	if !strings.HasPrefix(out, `deployment.apps "web" deleted`) || tick(t, ctx) != 0 {
		t.Fatalf("delete --wait=false printed %q at tick %d", out, tick(t, ctx))
	}
	waitJS(t, ctx, "web terminating", `document.querySelector('[data-kind="Deployment"][data-name="web"]')?.dataset.state === 'terminating'`, 10*time.Second)
	// --wait: the console runs ticks until the ReplicaSet is gone.
	out, _ = typeCommand(t, ctx, "kubectl delete rs web-7c9f --cascade=foreground")
	if !strings.Contains(out, "until it was gone") {
		t.Errorf("delete with --wait printed %q", out)
	}
	waitJS(t, ctx, "the ReplicaSet gone and time moved", `document.querySelector('[data-kind="ReplicaSet"]') === null && Number(document.querySelector('[data-tick]').dataset.tick) > 0`, 10*time.Second)
	waitJS(t, ctx, "the transcript at its newest output", logAtBottom, 5*time.Second)
	if n := eval[int](t, ctx, `document.querySelectorAll('.con-note').length`); n != 2 {
		t.Errorf("%d gcplay notes set apart, want one per delete", n)
	}
	screenshot(t, ctx, "console-delete")

	// ↑ recalls the last command; clear empties the transcript.
	do(t, ctx, "press ↑", chromedp.Focus(chromedp.ID("console-input")), chromedp.KeyEvent(kb.ArrowUp))
	waitJS(t, ctx, "the last command recalled", `document.querySelector('#console-input').value === 'kubectl delete rs web-7c9f --cascade=foreground'`, 5*time.Second)
	setField(t, ctx, "#console-input", "clear")
	do(t, ctx, "run clear", chromedp.Click(button("Run command")))
	waitJS(t, ctx, "an empty transcript", `document.querySelectorAll('.con-entry').length === 0`, 5*time.Second)

	// Another workspace: the placeholder names its objects.
	openScenario(t, ctx, example(t, "configmap-family"))
	do(t, ctx, "open the console", chromedp.Click(tab("Console")))
	waitJS(t, ctx, "a placeholder from the family", `/^kubectl describe configmap grandparent$/.test(document.querySelector('#console-input')?.placeholder)`, 10*time.Second)

	// 800 px: the panels stack; the console still keeps its tables inside.
	do(t, ctx, "an 800 px window", chromedp.EmulateViewport(800, 900))
	typeCommand(t, ctx, "help")
	typeCommand(t, ctx, "kubectl get cm -o wide")
	waitJS(t, ctx, "the transcript at its newest output", logAtBottom, 5*time.Second)
	do(t, ctx, "show the console", chromedp.ScrollIntoView(chromedp.ID("console-input")))
	if !eval[bool](t, ctx, insidePanel) {
		t.Error("at 800 px a console element sticks out of the panel")
	}
	screenshot(t, ctx, "console-800px")
}
