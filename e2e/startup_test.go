//go:build !js

package e2e

import (
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/internal/fixtures"
)

// TestStartup measures a first visit (fresh browser context: no cache, no service
// worker) and a reload with a warm cache: navigation start to the playground usable (the
// tick element present and the example's graph drawn), and when app.wasm finished
// downloading. A measurement, not a timed test: it only logs, with GCPLAY_BUDGETS=1.
// GCPLAY_PROFILE=1 adds a CPU profile of the first visit.
func TestStartup(t *testing.T) {
	if os.Getenv("GCPLAY_BUDGETS") == "" && os.Getenv("GCPLAY_PROFILE") == "" {
		t.Skip("set GCPLAY_BUDGETS=1 to measure the start-up")
	}
	const usable = `new Promise(res => { const f = () => document.querySelector('[data-tick]') && document.querySelector('[data-kind]') ? res(performance.now()) : setTimeout(f, 5); f(); })`
	const wasmEnd = `(performance.getEntriesByType('resource').find(e => e.name.endsWith('app.wasm')) || {}).responseEnd || -1`
	var first, firstWasm, warm, warmWasm []float64
	for i := 0; i < 5; i++ {
		ctx := newTab(t)
		load := func() {
			do(t, ctx, "navigate", chromedp.Navigate(baseURL+"/"))
		}
		if i == 0 && os.Getenv("GCPLAY_PROFILE") != "" {
			profileJS(t, ctx, func() { load(); evalAsync[float64](t, ctx, usable) })
		} else {
			load()
		}
		first = append(first, evalAsync[float64](t, ctx, usable))
		firstWasm = append(firstWasm, eval[float64](t, ctx, wasmEnd))
		do(t, ctx, "reload", chromedp.Reload())
		warm = append(warm, evalAsync[float64](t, ctx, usable))
		warmWasm = append(warmWasm, eval[float64](t, ctx, wasmEnd))
	}
	t.Logf("first visit, navigation start to usable: median %.0f ms %v (app.wasm downloaded at %v)", median(first), round(first), round(firstWasm))
	t.Logf("reload, warm cache: median %.0f ms %v (app.wasm at %v)", median(warm), round(warm), round(warmWasm))

	// A large #scenario= link: 6,000 Pods under 120 ReplicaSets and a Deployment, 1.5 MB.
	// Links are not compressed and Chromium refuses URLs over 2 MB: the 20,000
	// objects do not fit in one.
	link := baseURL + "/#scenario=" + workspace.EncodeLink([]byte(fixtures.Tree(6000)))
	var large []float64
	for i := 0; i < 3; i++ {
		ctx := newTab(t)
		start := time.Now()
		openURL(t, ctx, link) // through about:blank: the page's own navigation aborts chromedp's
		do(t, ctx, "wait for the graph", chromedp.WaitVisible(objectSel("Deployment", "d")))
		large = append(large, float64(time.Since(start).Milliseconds()))
	}
	t.Logf("a %d-byte #scenario= link of 6,121 objects, opening to usable (as the test driver sees it): median %.0f ms %v", len(link), median(large), round(large))
}
