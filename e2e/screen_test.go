//go:build !js

package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/gcplay/gcplay/app/workspace"
)

// openExample picks an example in the header's menu, as a person does, and waits for
// the page to show its name.
func openExample(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const s = document.querySelector('select[aria-label="Open an example"]');
		s.value = %q; s.dispatchEvent(new Event('change', {bubbles: true})); return true })()`, id))
	ex, _ := workspace.ExampleByID(id) // a new workspace, named for the example's title
	waitJS(t, ctx, "the example "+id+" open", fmt.Sprintf(`document.querySelector('#status')?.textContent.startsWith(%q)`, ex.Title+" ·"), 10*time.Second)
}

// exampleNames is the sorted "Kind/name" of the objects an example starts with.
func exampleNames(t *testing.T, id string) []string {
	t.Helper()
	w, _, err := workspace.OpenExample(id)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, o := range w.View().Objects {
		out = append(out, o.Kind+"/"+o.Name)
	}
	slices.Sort(out)
	return out
}

const graphNamesJS = `[...document.querySelectorAll('[data-kind]')].map(e => e.dataset.kind + '/' + e.dataset.name).sort()`

// TestOpenExampleShowsItsGraph: from a fresh page, opening each other example draws that
// example's objects at once, before any Step (issue 11, item 1: the scene cache keyed on
// the view version alone kept the previous example's graph).
func TestOpenExampleShowsItsGraph(t *testing.T) {
	ctx := newTab(t)
	openURL(t, ctx, baseURL+"/")
	for _, ex := range workspace.Examples() {
		if ex.ID == workspace.DefaultExample {
			continue
		}
		openExample(t, ctx, ex.ID)
		want := exampleNames(t, ex.ID)
		wantJS := fmt.Sprintf(`JSON.stringify(%s) === %s`, graphNamesJS, quote(jsonList(want)))
		deadline := time.Now().Add(3 * time.Second)
		for !eval[bool](t, ctx, wantJS) {
			if time.Now().After(deadline) {
				failShot(t, ctx)
				t.Fatalf("%s: the graph shows %v, want the example's objects %v (tick %d)", ex.ID, eval[[]string](t, ctx, graphNamesJS), want, tick(t, ctx))
			}
			time.Sleep(50 * time.Millisecond)
		}
		if got := tick(t, ctx); got != 0 {
			t.Fatalf("%s: at tick %d, want 0", ex.ID, got)
		}
		if ex.ID == "foreground-stuck" {
			screenshot(t, ctx, "example-foreground-stuck-start")
		}
	}
}

func jsonList(xs []string) string {
	if len(xs) == 0 {
		return "[]"
	}
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = quote(x)
	}
	return "[" + strings.Join(q, ",") + "]"
}

// TestTraceFollowsWorkspace: after opening another example, the trace lists only that
// example's records, and the filter finds none of the previous one (issue 11, item 2:
// rows were cached by sequence number across workspaces).
func TestTraceFollowsWorkspace(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "deployment"))
	rows := `[...document.querySelectorAll('.trace-list .tr')].map(r => r.textContent).join('\n')`
	waitJS(t, ctx, "the Deployment's create in the trace", `(`+rows+`).includes('Deployment default/web')`, 5*time.Second)
	openExample(t, ctx, "cycle")
	waitJS(t, ctx, "the cycle's records in the trace", `(`+rows+`).includes('ConfigMap default/a')`, 5*time.Second)
	if got := eval[string](t, ctx, rows); strings.Contains(got, "Deployment") || strings.Contains(got, "ReplicaSet") {
		failShot(t, ctx)
		t.Fatalf("the cycle's trace still lists the Deployment's records:\n%s", got)
	}
	setField(t, ctx, `input[aria-label="Filter the trace"]`, "Deployment")
	waitJS(t, ctx, "the filter finds nothing", `document.querySelectorAll('.trace-list .tr').length === 0`, 5*time.Second)
}

// fineButtons are the toolbar's fine-step buttons.
var fineButtons = []string{"Event", "Graph change", "Delete item", "Orphan item", "Until change"}

// buttonDisabledJS is true when the button named name is disabled.
func buttonDisabledJS(name string) string {
	return fmt.Sprintf(`document.evaluate(%q, document, null, 9, null).singleNodeValue?.disabled`,
		fmt.Sprintf(`//button[normalize-space(.)=%q]`, name))
}

// TestFineStepsIdle: once idle, the fine steps and "Until change" are disabled with a
// title saying why, and "u" reports that nothing ran (issue 11, item 5: it reported
// "Ran 1 tick(s) until attemptToDelete changed." and clicks answered with error toasts).
func TestFineStepsIdle(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "deployment"))
	disabled := buttonDisabledJS
	if eval[bool](t, ctx, disabled("Event")) {
		t.Fatal("Event is disabled while 5 watch events wait")
	}
	click(t, ctx, "Run until idle")
	waitIdle(t, ctx)
	for _, b := range fineButtons {
		waitJS(t, ctx, b+" disabled", disabled(b)+` === true`, 5*time.Second)
		title := eval[string](t, ctx, fmt.Sprintf(`document.evaluate(%q, document, null, 9, null).singleNodeValue.title`, fmt.Sprintf(`//button[normalize-space(.)=%q]`, b)))
		if !strings.Contains(title, "nothing to do") {
			t.Fatalf("%s's title %q does not say why it is disabled", b, title)
		}
	}
	screenshot(t, ctx, "fine-steps-idle")
	before := tick(t, ctx)
	eval[bool](t, ctx, `(document.activeElement?.blur(), true)`)
	do(t, ctx, "press u", chromedp.KeyEvent("u"))
	waitJS(t, ctx, "the notice", `document.querySelector('.notice-info')?.textContent.includes('Nothing ran')`, 5*time.Second)
	if now := tick(t, ctx); now != before {
		t.Fatalf("until change while idle ran from tick %d to %d", before, now)
	}
}

// TestShortcutFocus: k opens the console with its input focused, so typing goes there
// and fires no shortcut; Space right after clicking Step runs instead of stepping again
// (issue 11, "Focus, keys and layout").
func TestShortcutFocus(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "foreground-stuck"))
	eval[bool](t, ctx, `(document.activeElement?.blur(), true)`)
	// k's key-down, key-press and key-up are separate CDP events: the key-press reaches
	// the input only once the shortcut has focused it, which must not type the k.
	do(t, ctx, "k down", keyPart('k', kb.KeyDown))
	waitJS(t, ctx, "the console input focused", `document.activeElement?.id === 'console-input'`, 5*time.Second)
	do(t, ctx, "k pressed and up", keyPart('k', kb.KeyChar), keyPart('k', kb.KeyUp))
	do(t, ctx, "type a command", chromedp.KeyEvent("kubectl get"))
	waitJS(t, ctx, "the text in the input", `document.querySelector('#console-input').value === 'kubectl get'`, 5*time.Second)
	if got := tick(t, ctx); got != 0 {
		t.Fatalf("typing in the console fired shortcuts: tick %d", got)
	}
	if st := eval[string](t, ctx, `document.querySelector('#status').dataset.status`); st != "paused" {
		t.Fatalf("typing in the console fired shortcuts: status %q", st)
	}
	screenshot(t, ctx, "console-focused")

	step(t, ctx) // a mouse click on Step
	do(t, ctx, "press space", chromedp.KeyEvent(" "))
	waitJS(t, ctx, "running", `document.querySelector('#status').dataset.status === 'running'`, 5*time.Second)
	do(t, ctx, "press space again", chromedp.KeyEvent(" "))
	waitJS(t, ctx, "paused", `document.querySelector('#status').dataset.status === 'paused'`, 5*time.Second)
}

// layoutSizes are the window sizes the layout must work at: a desktop, two laptops, and
// a narrow window where the panels stack.
var layoutSizes = []struct{ w, h int64 }{{1400, 900}, {1280, 720}, {1024, 768}, {800, 900}}

// layoutProblemsJS lists what is wrong with the layout at the current size: queue
// headers that overflow their column or overlap each other, an inspector narrower than
// 320 px beside the graph (stacked below it is fine), a page wider than the window.
const layoutProblemsJS = `(() => {
	const out = [], r = e => e.getBoundingClientRect();
	const hs = [...document.querySelectorAll('.queue h3')];
	hs.forEach((h, i) => {
		if (h.scrollWidth > h.clientWidth + 1) out.push('queue header ' + i + ' overflows: ' + h.textContent);
		const a = r(h);
		hs.slice(i + 1).forEach(g => { const b = r(g);
			if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push('queue headers overlap: ' + h.textContent + ' / ' + g.textContent); });
	});
	const side = r(document.querySelector('.pg-side')), graph = r(document.querySelector('.pg-graph'));
	const stacked = side.top >= graph.bottom - 1;
	if (!stacked && side.width < 320) out.push('inspector is ' + Math.round(side.width) + ' px wide beside the graph');
	if (graph.width < 300) out.push('graph is ' + Math.round(graph.width) + ' px wide');
	if (document.documentElement.scrollWidth > innerWidth + 1) out.push('page is ' + document.documentElement.scrollWidth + ' px wide in a ' + innerWidth + ' px window');
	return out;
})()`

// TestLayoutSizes checks the layout's boxes at each size and takes a screenshot of each
// (issue 11: queue headers ran into each other, and at 800 px the inspector was an
// 85 px strip).
func TestLayoutSizes(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "deployment"))
	// Something in every panel: a Pod selected, a cascade under way.
	deleteWith(t, ctx, "Deployment", "web", "Background")
	step(t, ctx)
	selectObject(t, ctx, "Pod", "web-7c9f-a")
	for _, sz := range layoutSizes {
		do(t, ctx, fmt.Sprintf("resize to %dx%d", sz.w, sz.h), chromedp.EmulateViewport(sz.w, sz.h))
		time.Sleep(300 * time.Millisecond) // a layout and a paint
		name := fmt.Sprintf("layout-%dx%d", sz.w, sz.h)
		screenshot(t, ctx, name)
		if problems := eval[[]string](t, ctx, layoutProblemsJS); len(problems) > 0 {
			t.Errorf("%dx%d: %s (see %s.png)", sz.w, sz.h, strings.Join(problems, "; "), name)
		}
	}
}

// unservedOwner: a Pod cites its Deployment through a version the API server does not
// serve (XNS-4): the GC can never look the owner up.
const unservedOwner = `objects:
- apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web, uid: web-uid}
- apiVersion: v1
  kind: Pod
  metadata:
    name: old-pod
    ownerReferences: [{apiVersion: extensions/v1beta1, kind: Deployment, name: web, uid: web-uid}]
`

// longNames: a family whose names share a long start, and a Pod with three finalizers.
const longNames = `objects:
- apiVersion: apps/v1
  kind: Deployment
  metadata: {name: coredns-autoscaler-windows, namespace: kube-system, uid: d}
- apiVersion: apps/v1
  kind: ReplicaSet
  metadata:
    name: coredns-autoscaler-windows-7c9f
    namespace: kube-system
    uid: rs
    ownerReferences: [{apiVersion: apps/v1, kind: Deployment, name: coredns-autoscaler-windows, uid: d, controller: true}]
- apiVersion: v1
  kind: Pod
  metadata:
    name: coredns-autoscaler-windows-7c9f-x2x
    namespace: kube-system
    finalizers: [example.com/a, example.com/b, example.com/c]
    ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: coredns-autoscaler-windows-7c9f, uid: rs, controller: true}]
`

const whyJS = `[...document.querySelectorAll('.inspector .why li')].map(l => l.textContent).join('\n')`

// TestExplainerInStep: the explainer, the queues, node labels and the rule overlay
// agree with what is shown (issue 11, item 4 and "long names").
func TestExplainerInStep(t *testing.T) {
	t.Run("deleted but not yet observed", func(t *testing.T) {
		ctx := newTab(t)
		openScenario(t, ctx, gcOnlyDeployment(t)) // unscheduled Pods: deleted at once (API-13)
		step(t, ctx)
		deleteWith(t, ctx, "Deployment", "web", "Foreground")
		step(t, ctx)
		step(t, ctx) // tick 3: the GC deleted the Pods; its queue still holds them
		waitJS(t, ctx, "stale Pods marked in attemptToDelete",
			`[...document.querySelectorAll('.qlist .qi')].filter(i => i.textContent.includes('v1/Pod')).every(i => i.classList.contains('qi-stale') && i.title.startsWith('stale: already deleted, the GC has not observed it yet'))
			 && document.querySelectorAll('.qlist .qi-stale').length === 3`, 5*time.Second)
		screenshot(t, ctx, "queues-stale")
		step(t, ctx) // tick 4: the ReplicaSet is gone from the API server, not yet from the GC's graph
		selectObject(t, ctx, "Deployment", "web")
		waitJS(t, ctx, "the Deployment's answer", `document.querySelector('.inspector h2')?.textContent === 'Deployment web'`, 5*time.Second)
		why := eval[string](t, ctx, whyJS)
		if !strings.Contains(why, "ReplicaSet web-7c9f is already deleted, but the GC has not observed the deletion yet (informer delay)") || strings.Contains(why, "waits for") {
			t.Errorf("the Deployment's answer does not match its dependents (None stored):\n%s", why)
		}
		screenshot(t, ctx, "explainer-not-yet-observed")
	})
	t.Run("owner kind not served", func(t *testing.T) {
		ctx := newTab(t)
		openScenario(t, ctx, []byte(unservedOwner))
		click(t, ctx, "Run until idle")
		waitIdle(t, ctx)
		selectObject(t, ctx, "Pod", "old-pod")
		waitJS(t, ctx, "the Pod's answer", `document.querySelector('.inspector h2')?.textContent === 'Pod old-pod'`, 5*time.Second)
		why := eval[string](t, ctx, whyJS)
		if !strings.Contains(why, "never deletes it") || !strings.Contains(why, "XNS-4") || strings.Contains(why, "GC deletes") {
			t.Errorf("the answer for a Pod stuck on an unserved owner kind:\n%s", why)
		}
		screenshot(t, ctx, "explainer-unserved-owner")
		do(t, ctx, "open XNS-4", chromedp.Click(chromedp.CSS(`.inspector .why button.rule[title="Show rule XNS-4"]`)))
		waitJS(t, ctx, "the rule rendered", `document.querySelector('.rule-text.md strong') !== null && !document.querySelector('.rule-text').textContent.includes('**')`, 5*time.Second)
		screenshot(t, ctx, "rule-overlay-markdown")
		do(t, ctx, "follow a rule link in the rule", chromedp.Click(chromedp.CSS(`.rule-text button.rule[data-rule="S-16"]`)))
		waitJS(t, ctx, "S-16 shown", `document.querySelector('.dialog h2')?.textContent.startsWith('S-16')`, 5*time.Second)
	})
	t.Run("long names and finalizers", func(t *testing.T) {
		ctx := newTab(t)
		openScenario(t, ctx, []byte(longNames))
		// The graph draws its nodes after the page's first render (GraphCanvas.sync).
		waitJS(t, ctx, "the family drawn", `document.querySelectorAll('[data-kind] .node-name').length === 3`, 10*time.Second)
		labels := eval[[]string](t, ctx, `[...document.querySelectorAll('[data-kind] .node-name')].map(e => e.textContent)`)
		if len(labels) != 3 || labels[0] == labels[1] || labels[1] == labels[2] || labels[0] == labels[2] {
			t.Errorf("the family's labels do not tell them apart: %q", labels)
		}
		fin := eval[string](t, ctx, `document.querySelector('[data-kind="Pod"] .node-fin')?.textContent ?? ''`)
		if !strings.Contains(fin, "+2 more") || !strings.Contains(fin, "example.com/c") {
			t.Errorf("the Pod's finalizers read %q", fin)
		}
		screenshot(t, ctx, "long-names")
	})
}

// keyPart sends one of the CDP events of a key (down, char or up).
func keyPart(r rune, typ input.DispatchKeyEventType) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		for _, k := range kb.Encode(r) {
			if k.Type == typ {
				_, err := cdp.Call(ctx, tg, input.DispatchKeyEvent, *k)
				return err
			}
		}
		return nil
	})
}
