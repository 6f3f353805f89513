//go:build !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"sort"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/internal/fixtures"
)

// TestBudgets measures the playground's budgets in the browser (issue 5): first render,
// one tick at 500 and 5,000 objects, and the worst rewind of a 10,000-tick history. It
// is a measurement, not a timed test: it only logs, and runs with GCPLAY_BUDGETS=1.
// The numbers are in docs/playground.md.
func TestBudgets(t *testing.T) {
	if os.Getenv("GCPLAY_BUDGETS") == "" {
		t.Skip("set GCPLAY_BUDGETS=1 to measure the budgets")
	}
	ctx := newTab(t)
	ticksOnly := os.Getenv("GCPLAY_BUDGETS") == "ticks" // only the ticks: GCPLAY_BUDGETS=ticks

	ex, _ := workspace.ExampleByID("deployment")
	var first []float64
	for i := 0; i < 5 && !ticksOnly; i++ {
		openScenario(t, ctx, ex.Source)
		first = append(first, eval[float64](t, ctx, `performance.now()`))
	}
	if !ticksOnly {
		t.Logf("first render (navigation start to the workspace shown), deployment example: median %.0f ms %v", median(first), round(first))
	}

	for _, n := range []int{500, 5000} {
		openScenario(t, ctx, []byte(fixtures.Tree(n)))
		do(t, ctx, "wait for objects", chromedp.WaitVisible(objectSel("Deployment", "d"))) // the Pods are folded away (scene.Fold)
		work, frame := timeTicks(t, ctx, 16)
		t.Logf("one tick, %d objects: update and layout median %.1f ms %v; click to the next frame %.1f ms %v", n+1+n/50, median(work), round(work), median(frame), round(frame))
		// The GC busy: delete the Deployment in the background and time the ticks
		// while the cascade runs.
		deleteWith(t, ctx, "Deployment", "d", "Background")
		work, frame = timeTicks(t, ctx, 16)
		t.Logf("one tick during a background cascade, %d objects at the start: update and layout median %.1f ms %v; click to the next frame %.1f ms %v", n+1+n/50, median(work), round(work), median(frame), round(frame))
	}

	for _, pods := range []int{10, 500} {
		if ticksOnly {
			break
		}
		openScenario(t, ctx, []byte(longHistory(pods)))
		start := time.Now()
		click(t, ctx, "Run until idle")
		waitIdle(t, ctx)
		last := tick(t, ctx)
		t.Logf("run until idle to tick %d with %d pods: %v", last, pods, time.Since(start).Round(time.Millisecond))
		var rw []float64
		for i := 0; i < 3; i++ {
			rw = append(rw, timeAction(t, ctx, fmt.Sprintf(`(e => { e.value = '%d'; e.dispatchEvent(new Event('input', {bubbles: true})) })(document.querySelector('input.timeline'))`, last-1)))
			timeAction(t, ctx, fmt.Sprintf(`(e => { e.value = '%d'; e.dispatchEvent(new Event('input', {bubbles: true})) })(document.querySelector('input.timeline'))`, last))
		}
		t.Logf("rewind from tick %d to %d (full replay), %d pods: median %.1f ms %v", last, last-1, pods, median(rw), round(rw))
	}
}

// timeTicks clicks Step n times and returns, per tick, the page's update work (its
// render, go-app's diff and the panels' DOM lists, window.gcplayTickMS, plus the style
// and layout they cause, forced right after) and the time from the click to the next
// frame shown (the work plus go-app's wait for its next update, at most 120 a second,
// and the wait for the frame), in milliseconds.
func timeTicks(t *testing.T, ctx context.Context, n int) (work, frame []float64) {
	t.Helper()
	for i := 0; i < n; i++ {
		js := `new Promise((res, rej) => {
			const el = document.querySelector('[data-tick]');
			const t0 = performance.now();
			const obs = new MutationObserver(() => { obs.disconnect();
				const l0 = performance.now(); void document.body.offsetHeight; const layout = performance.now() - l0;
				const [tick, ms] = window.gcplayTickMS ?? [];
				if (String(tick) !== el.dataset.tick) { rej('gcplayTickMS is for tick ' + tick + ', the page shows ' + el.dataset.tick); return; }
				const work = ms + layout;
				requestAnimationFrame(() => { void document.body.offsetHeight; res([work, performance.now() - t0]); }); });
			obs.observe(el, {attributes: true, attributeFilter: ['data-tick']});
			[...document.querySelectorAll('button')].find(b => b.textContent.trim() === 'Step').click();
		})`
		sctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		ms, err := chromedp.Run(sctx, chromedp.Evaluate[[]float64](js, chromedp.EvalAwaitPromise))
		cancel()
		if err != nil || len(ms) != 2 {
			t.Fatalf("timing a tick: %v", err)
		}
		work, frame = append(work, ms[0]), append(frame, ms[1])
	}
	return work, frame
}

// timeAction runs a JS statement and returns the milliseconds until data-tick changes
// and the page has laid out the change.
func timeAction(t *testing.T, ctx context.Context, action string) float64 {
	t.Helper()
	js := `new Promise(res => {
		const el = document.querySelector('[data-tick]');
		const t0 = performance.now();
		const obs = new MutationObserver(() => { obs.disconnect();
			requestAnimationFrame(() => { void document.body.offsetHeight; res(performance.now() - t0); }); });
		obs.observe(el, {attributes: true, attributeFilter: ['data-tick']});
		` + action + `;
	})`
	sctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	ms, err := chromedp.Run(sctx, chromedp.Evaluate[float64](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("timing %s: %v", action, err)
	}
	return ms
}

func longHistory(pods int) string {
	return fixtures.Tree(pods) + "steps:\n- run: 5000\n- delete: {apiVersion: apps/v1, kind: Deployment, name: d, propagationPolicy: Foreground}\n- run: 5000\n"
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}

func round(xs []float64) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = fmt.Sprintf("%.0f", x)
	}
	return out
}
