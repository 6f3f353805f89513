//go:build !js

package e2e

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// translateJS reads the graph's pan: the translate of the SVG's top <g>.
const translateJS = `(() => {
	const m = /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(document.querySelector('.graph-svg > g').getAttribute('transform'));
	return [+m[1], +m[2]];
})()`

const transformJS = `document.querySelector('.graph-svg > g').getAttribute('transform')`

// noSelectionJS is true while no graph node is selected.
const noSelectionJS = `document.querySelector('.graph-svg .sel') === null`

// TestPan drags on empty graph space with real mouse input: the graph's transform moves
// by the drag distance, the click that ends the drag selects nothing, and a click on a
// node afterwards still selects it.
func TestPan(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "deployment"))
	do(t, ctx, "the graph drawn", chromedp.WaitVisible(objectSel("Deployment", "web")))
	waitJS(t, ctx, "nothing selected", noSelectionJS, 5*time.Second)

	x, y := emptyGraphPoint(t, ctx)
	before := eval[[]float64](t, ctx, translateJS)
	const dx, dy = 70.0, -45.0
	drag(t, ctx, x, y, x+dx, y+dy)
	want := []float64{before[0] + dx, before[1] + dy}
	waitJS(t, ctx, "the pan to follow the drag", fmt.Sprintf(`(() => { const t = %s; return Math.abs(t[0] - %f) < 0.2 && Math.abs(t[1] - %f) < 0.2 })()`,
		translateJS, want[0], want[1]), 5*time.Second)
	// Let any click the drag caused be handled before checking nothing got selected.
	time.Sleep(200 * time.Millisecond)
	if !eval[bool](t, ctx, noSelectionJS) {
		t.Fatal("the click ending a drag selected a node")
	}
	if got := eval[[]float64](t, ctx, translateJS); math.Abs(got[0]-want[0]) > 0.2 || math.Abs(got[1]-want[1]) > 0.2 {
		t.Fatalf("translate %v after the drag, want %v", got, want)
	}
	screenshot(t, ctx, "pan-dragged")

	do(t, ctx, "click a Pod", chromedp.Click(objectSel("Pod", "web-7c9f-a")))
	waitJS(t, ctx, "the Pod selected", `document.querySelector('[data-kind="Pod"][data-name="web-7c9f-a"].sel') !== null`, 5*time.Second)

}

// TestPanDragEndsOutside: a drag that ends outside the graph produces no click on it;
// the next click on a node must still select that node.
func TestPanDragEndsOutside(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "deployment"))
	do(t, ctx, "the graph drawn", chromedp.WaitVisible(objectSel("Deployment", "web")))
	x, y := emptyGraphPoint(t, ctx)
	side := eval[[]float64](t, ctx, `(() => { const r = document.querySelector('.pg-side').getBoundingClientRect(); return [r.left + 40, r.top + 120] })()`)
	drag(t, ctx, x, y, side[0], side[1])
	dragged := eval[string](t, ctx, transformJS)
	click(t, ctx, "Fit") // the drag panned the nodes out of view
	waitJS(t, ctx, "Fit to bring the nodes back", transformJS+` !== `+quote(dragged), 5*time.Second)
	do(t, ctx, "click the ReplicaSet", chromedp.Click(objectSel("ReplicaSet", "web-7c9f")))
	waitJS(t, ctx, "the ReplicaSet selected after a drag that ended outside the graph",
		`document.querySelector('[data-kind="ReplicaSet"].sel') !== null`, 5*time.Second)
}

// TestPanThenFitAtOnce: a pan released and Fit clicked in the same task (so that both
// reach go-app in one update) still fits: the release writes the transform behind go-app's
// back, and go-app, seeing the fitted viewport it drew before, kept the panned graph out
// of view (CI caught it under load).
func TestPanThenFitAtOnce(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "deployment"))
	do(t, ctx, "the graph drawn", chromedp.WaitVisible(objectSel("Deployment", "web")))
	x, y := emptyGraphPoint(t, ctx)
	fitted := eval[string](t, ctx, transformJS)
	eval[bool](t, ctx, fmt.Sprintf(`(() => {
		const svg = document.querySelector('.graph-svg');
		const at = (x, y) => ({clientX: x, clientY: y, button: 0, buttons: 1, bubbles: true, pointerId: 1, isPrimary: true});
		svg.dispatchEvent(new PointerEvent('pointerdown', at(%f, %f)));
		window.dispatchEvent(new PointerEvent('pointermove', at(%f, %f)));
		window.dispatchEvent(new PointerEvent('pointerup', at(%f, %f)));
		[...document.querySelectorAll('button')].find(b => b.textContent.trim() === 'Fit').click();
		return true;
	})()`, x, y, x+400, y+300, x+400, y+300))
	waitJS(t, ctx, "the fitted transform back", transformJS+` === `+quote(fitted), 5*time.Second)
	time.Sleep(300 * time.Millisecond) // and kept
	if got := eval[string](t, ctx, transformJS); got != fitted {
		t.Fatalf("transform %s after the pan and Fit, want the fitted %s", got, fitted)
	}
}

// emptyGraphPoint finds a point of the graph's SVG with no node and no button under it,
// with room around it for a drag.
func emptyGraphPoint(t *testing.T, ctx context.Context) (float64, float64) {
	t.Helper()
	p := eval[[]float64](t, ctx, `(() => {
		const svg = document.querySelector('.graph-svg');
		const r = svg.getBoundingClientRect();
		for (let y = r.bottom - 80; y > r.top + 80; y -= 10)
			for (let x = r.left + 20; x < r.right - 100; x += 10) {
				const e = document.elementFromPoint(x, y);
				if (e && svg.contains(e) && !e.closest('[data-node]') && !e.closest('[data-toggle]')) return [x, y];
			}
		return [];
	})()`)
	if len(p) != 2 {
		t.Fatal("no empty space in the graph")
	}
	return p[0], p[1]
}

// drag presses the left button at (x0, y0), moves to (x1, y1) in steps with the button
// held, and releases it there.
func drag(t *testing.T, ctx context.Context, x0, y0, x1, y1 float64) {
	t.Helper()
	held := func(p *input.DispatchMouseEventParams) { p.Button, p.Buttons = input.MouseButtonLeft, 1 }
	steps := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(chromedp.MouseMoved, x0, y0), chromedp.MouseEvent(chromedp.MousePressed, x0, y0, held, chromedp.ClickCount(1))}
	const n = 8
	for i := 1; i <= n; i++ {
		f := float64(i) / n
		steps = append(steps, chromedp.MouseEvent(chromedp.MouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, held))
	}
	steps = append(steps, chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, held, chromedp.ClickCount(1)))
	do(t, ctx, fmt.Sprintf("drag from (%.0f, %.0f) to (%.0f, %.0f)", x0, y0, x1, y1), steps...)
}

// nodesInViewJS is true when every node box of each graph lies inside its SVG (a pixel
// aside), and there is at least one.
const nodesInViewJS = `[...document.querySelectorAll('.graph-svg')].every(svg => {
	const s = svg.getBoundingClientRect(), boxes = [...svg.querySelectorAll('.node .node-box')];
	return boxes.length > 0 && boxes.every(b => { const r = b.getBoundingClientRect();
		return r.left >= s.left - 1 && r.right <= s.right + 1 && r.top >= s.top - 1 && r.bottom <= s.bottom + 1; });
})`

// TestGraphRefitsWhenOutgrown: the graph fits a scene that grows past it after its fit,
// without Fit pressed: rs-expectations' ReplicaSet, fitted alone with its one Pod, ends
// with four Pods and the recap, all in view. Once the person has zoomed, the view stays
// as they left it while the scene grows.
func TestGraphRefitsWhenOutgrown(t *testing.T) {
	ctx := lessonIn(t, "", "rs-expectations")
	waitJS(t, ctx, "the start in view", nodesInViewJS, 10*time.Second)
	click(t, ctx, "Show solution")
	waitAllMet(t, ctx, "the solution of rs-expectations")
	waitJS(t, ctx, "the solution played out", settledJS, 20*time.Second)
	waitJS(t, ctx, "four Pods drawn", `document.querySelectorAll('.graph-svg [data-kind="Pod"]').length === 4`, 10*time.Second)
	waitJS(t, ctx, "every node in view after the Pods came", nodesInViewJS, 10*time.Second)
	screenshot(t, ctx, "graph-refit-rs-expectations-recap")

	click(t, ctx, "Restart lesson")
	waitJS(t, ctx, "the start again", `document.querySelectorAll('.graph-svg [data-kind="Pod"]').length < 4`, 10*time.Second)
	fitted := eval[string](t, ctx, transformJS)
	do(t, ctx, "zoom in", chromedp.Click(chromedp.CSS(`button[aria-label="Zoom in"]`)))
	waitJS(t, ctx, "the zoom drawn", transformJS+` !== `+fmt.Sprintf("%q", fitted), 5*time.Second)
	zoomed := eval[string](t, ctx, transformJS)
	do(t, ctx, "open the Console tab", chromedp.Click(tab("Console")))
	if out, errText := typeCommand(t, ctx, `kubectl patch rs web --type=merge -p '{"spec":{"replicas":4}}'`); errText != "" {
		t.Fatalf("patch replicas: %q %q", out, errText)
	}
	click(t, ctx, "Run until idle")
	waitJS(t, ctx, "four Pods drawn", `document.querySelectorAll('.graph-svg [data-kind="Pod"]').length === 4`, 10*time.Second)
	if got := eval[string](t, ctx, transformJS); got != zoomed {
		t.Errorf("the zoomed view moved to %s when the scene grew, want %s", got, zoomed)
	}
}
