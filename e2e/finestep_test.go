//go:build !js

package e2e

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestFineStepsZoomCollapse drives what the other tests do not: the fine-step buttons
// (each adds trace records without a tick), zoom (labels hidden far out), and collapsing a subtree in the
// graph, which now draws nodes as raw SVG chunks with delegated clicks.
func TestFineStepsZoomCollapse(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, gcOnlyDeployment(t)) // one tree: collapsing its root leaves one box
	traceCount := `+document.querySelector('.trace .count').textContent`
	// The informer has 5 adds to deliver (GB-1), then the graph builder processes them.
	before := eval[float64](t, ctx, traceCount)
	click(t, ctx, "Event")
	waitJS(t, ctx, "a delivered event in the trace", traceCount+` > `+ftoa(before), 5*time.Second)
	after := eval[float64](t, ctx, traceCount)
	click(t, ctx, "Graph change")
	waitJS(t, ctx, "a processed graph change in the trace", traceCount+` > `+ftoa(after), 5*time.Second)
	for _, b := range []string{"Delete item", "Orphan item", "Until change"} {
		click(t, ctx, b) // may find the queue empty: must not break the page
	}
	waitJS(t, ctx, "still paused at tick 0 or later", `document.querySelector('#status')?.dataset.status !== undefined`, 5*time.Second)
	// Until change ends with a notice, a strip above the graph: wait for it, or it moves
	// the graph under the collapse click below (a flake of make test).
	waitJS(t, ctx, "Until change's notice", `document.querySelector('.notice:not(.notice-empty)') !== null`, 5*time.Second)

	transform := `document.querySelector('.graph-svg > g').getAttribute('transform')`
	z0 := eval[string](t, ctx, transform)
	do(t, ctx, "zoom in", chromedp.Click(chromedp.CSS(`button[aria-label="Zoom in"]`)))
	waitJS(t, ctx, "the zoom changed", transform+` !== `+quote(z0), 5*time.Second)

	n := eval[float64](t, ctx, `document.querySelectorAll('[data-kind]').length`)
	toggle(t, ctx, "collapse the Deployment")
	waitJS(t, ctx, "dependents hidden", `document.querySelectorAll('[data-kind]').length === 1 && document.querySelector('.graph-hidden') !== null`, 5*time.Second)
	screenshot(t, ctx, "collapsed-deployment")
	toggle(t, ctx, "expand it")
	waitJS(t, ctx, "dependents back", `document.querySelectorAll('[data-kind]').length === `+ftoa(n), 5*time.Second)
	do(t, ctx, "select a Pod", chromedp.Click(chromedp.CSS(`[data-kind="Pod"]`)))
	waitJS(t, ctx, "the Pod selected", `document.querySelector('[data-kind="Pod"].sel') !== null`, 5*time.Second)
	screenshot(t, ctx, "fine-steps-zoomed")

	// Zoomed far out, nodes are boxes without labels (class far); zooming back in
	// brings the labels back.
	waitJS(t, ctx, "labels drawn near", `document.querySelector('.graph-svg.near') !== null`, 5*time.Second)
	for i := 0; i < 12; i++ {
		do(t, ctx, "zoom out", chromedp.Click(chromedp.CSS(`button[aria-label="Zoom out"]`)))
	}
	waitJS(t, ctx, "labels hidden far out", `document.querySelector('.graph-svg.far') !== null && getComputedStyle(document.querySelector('[data-kind] .node-name')).display === 'none'`, 5*time.Second)
	screenshot(t, ctx, "zoomed-far-out")
	do(t, ctx, "fit", chromedp.Click(chromedp.CSS(`button[title^="Fit"]`)))
	waitJS(t, ctx, "labels back after Fit", `document.querySelector('.graph-svg.near') !== null`, 5*time.Second)
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func quote(s string) string { return strconv.Quote(s) }

// toggle clicks the Deployment's collapse button at its rect's center (a <g>'s box
// model is not reliable for chromedp's click).
func toggle(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	do(t, ctx, what, chromedp.Click(chromedp.CSS(`[data-kind="Deployment"] [data-toggle] rect`)))
}

// TestFinalizerAndSpeed: the Inspector adds and removes a finalizer (the node shows it,
// then not), and the speed control changes the ticks per second shown. (How fast Run
// then ticks is not timed.)
func TestFinalizerAndSpeed(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "deployment"))
	selectObject(t, ctx, "Deployment", "web")
	setField(t, ctx, "#finalizer-input", "example.com/hold")
	click(t, ctx, "Add finalizer")
	fin := `document.querySelector('[data-kind="Deployment"] .node-fin')?.textContent ?? ''`
	waitJS(t, ctx, "the finalizer on the node", `(`+fin+`).includes('example.com/hold')`, 5*time.Second)
	screenshot(t, ctx, "inspector-finalizer-added")
	click(t, ctx, "Remove")
	waitJS(t, ctx, "the finalizer gone", `!(`+fin+`).includes('example.com/hold')`, 5*time.Second)

	setField(t, ctx, `input[aria-label="Ticks per second"]`, "12")
	waitJS(t, ctx, "the speed shown", `document.querySelector('.tb-num').textContent === '12/s'`, 5*time.Second)
	// The workspace is idle: Run pauses itself at once and says so.
	click(t, ctx, "Run")
	waitJS(t, ctx, "Run stops when idle", `document.querySelector('#status')?.dataset.status === 'idle' && document.body.textContent.includes('Run paused')`, 10*time.Second)
}
