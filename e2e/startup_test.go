//go:build !js

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/internal/fixtures"
	"github.com/gcplay/gcplay/internal/site"
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
	type start struct{ usable, wasm, instantiated, main, open float64 }
	var first, warm []start
	measure := func(ctx context.Context) start {
		u := evalAsync[float64](t, ctx, usable)
		p := eval[[]float64](t, ctx, phasesJS)
		return start{u, p[0], p[1], p[2], p[3]}
	}
	// The bare go-app page, opened before each playground visit: its start is the baseline.
	bareURL := bareSite(t)
	const bareUsable = `new Promise(res => { const f = () => document.getElementById('bare') ? res(performance.now()) : setTimeout(f, 5); f(); })`
	var bareFirst, bareWarm []float64
	for i := 0; i < 5; i++ {
		ctx := newTab(t)
		do(t, ctx, "navigate to the bare page", chromedp.Navigate(bareURL+"/"))
		bareFirst = append(bareFirst, evalAsync[float64](t, ctx, bareUsable))
		do(t, ctx, "reload the bare page", chromedp.Reload())
		bareWarm = append(bareWarm, evalAsync[float64](t, ctx, bareUsable))

		ctx = newTab(t)
		if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: instantiatedJS}); err != nil {
			t.Fatal(err)
		}
		load := func() {
			do(t, ctx, "navigate", chromedp.Navigate(baseURL+"/"))
		}
		if i == 0 && os.Getenv("GCPLAY_PROFILE") == "1" {
			profileJS(t, ctx, func() { load(); evalAsync[float64](t, ctx, usable) })
		} else {
			load()
		}
		first = append(first, measure(ctx))
		if i == 0 && os.Getenv("GCPLAY_PROFILE") == "reload" {
			profileJS(t, ctx, func() { do(t, ctx, "reload", chromedp.Reload()); evalAsync[float64](t, ctx, usable) })
		} else {
			do(t, ctx, "reload", chromedp.Reload())
		}
		warm = append(warm, measure(ctx))
	}
	report := func(what string, ss []start, bare []float64) {
		col := func(f func(start) float64) []float64 {
			var xs []float64
			for _, s := range ss {
				xs = append(xs, f(s))
			}
			return xs
		}
		usable := col(func(s start) float64 { return s.usable })
		t.Logf("%s: usable median %.0f ms %v, %.2f× the bare go-app page's %.0f ms %v; app.wasm downloaded %v, instantiated %v, main %v, workspace open %v", what,
			median(usable), round(usable), median(usable)/median(bare), median(bare), round(bare),
			round(col(func(s start) float64 { return s.wasm })), round(col(func(s start) float64 { return s.instantiated })),
			round(col(func(s start) float64 { return s.main })), round(col(func(s start) float64 { return s.open })))
	}
	report("first visit", first, bareFirst)
	report("reload, warm cache", warm, bareWarm)
}

// phasesJS reads the phases of a start, in ms from navigation start: app.wasm downloaded, compiled
// and instantiated (instantiatedJS, added before the page loads), Go's packages
// initialised (main's mark), the first workspace open (its mark).
const phasesJS = `(() => {
		const mark = n => (performance.getEntriesByName(n)[0] || {}).startTime || -1;
		return [(performance.getEntriesByType('resource').find(e => e.name.endsWith('app.wasm')) || {}).responseEnd || -1,
			window.gcplayInstantiated || -1, mark('gcplay-main'), mark('gcplay-open')];
	})()`

// navJS reads the navigation's timing, in ms: the response received, domInteractive and
// DOMContentLoaded's end.
const navJS = `(n => [n.responseEnd, n.domInteractive, n.domContentLoadedEventEnd].map(Math.round))(performance.getEntriesByType('navigation')[0])`

// instantiatedJS notes when app.wasm is compiled and instantiated.
const instantiatedJS = `{ const f = WebAssembly.instantiateStreaming; WebAssembly.instantiateStreaming = (...a) => f(...a).then(r => { window.gcplayInstantiated = performance.now(); return r; }); }`

// bareSite serves the bare go-app page (testdata/bare) as the playground is served: the
// same generated files and assets, its own app.wasm built as make wasm builds.
func bareSite(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	entries, err := os.ReadDir(filepath.Join(siteRoot, "web"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if b, err := os.ReadFile(filepath.Join(siteRoot, "web", e.Name())); err == nil && e.Name() != "app.wasm" {
			if err := os.WriteFile(filepath.Join(root, e.Name()), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if b, err := exec.Command("make", "--no-print-directory", "-C", repoRoot, "wasm", "WASM_MAIN=./e2e/testdata/bare", "WASM_OUT="+filepath.Join(root, "app.wasm")).CombinedOutput(); err != nil {
		t.Fatalf("building the bare page: %v\n%s", err, b)
	}
	s, err := site.Load(root, "/", site.Served)
	if err == nil {
		err = s.Precompress(site.ServeQuality)
	}
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestStartupLink measures opening the large #scenario= link: from the navigation
// to the Deployment drawn. A measurement: it only logs, with GCPLAY_BUDGETS=1.
func TestStartupLink(t *testing.T) {
	if os.Getenv("GCPLAY_BUDGETS") == "" && os.Getenv("GCPLAY_PROFILE") == "" {
		t.Skip("set GCPLAY_BUDGETS=1 to measure opening a large link")
	}
	// The large #scenario= link: 19,993 objects (a Deployment, 392 ReplicaSets,
	// 19,600 Pods) in 1.68 MB, written with YAML anchors (fixtures.LinkTree) to fit under
	// Chromium's 2 MB limit on URLs.
	link := baseURL + "/#scenario=" + workspace.EncodeLink([]byte(fixtures.LinkTree(19600)))
	// In-page time, navigation start to the Deployment drawn: the first visit includes the
	// page's own start; "warm" is a second visit, the service worker and code cache warm.
	const drawn = `new Promise(res => { const f = () => document.querySelector('[data-kind="Deployment"][data-name="d"]') ? res(performance.now()) : setTimeout(f, 5); f(); })`
	var cold, warm []float64
	var coldPhases, warmPhases, coldNav [][]string
	for i := 0; i < 3; i++ {
		ctx := newTab(t)
		addScript(t, ctx, instantiatedJS)
		if i == 0 && os.Getenv("GCPLAY_PROFILE") != "" {
			profileJS(t, ctx, func() { openURL(t, ctx, link); evalAsyncLong[float64](t, ctx, drawn, time.Minute) })
		} else {
			openURL(t, ctx, link)
		}
		cold = append(cold, evalAsyncLong[float64](t, ctx, drawn, time.Minute))
		coldPhases = append(coldPhases, round(eval[[]float64](t, ctx, phasesJS)))
		coldNav = append(coldNav, round(eval[[]float64](t, ctx, navJS)))
		if i == 0 {
			screenshot(t, ctx, "link-20k-opened")
		}
		openURL(t, ctx, link)
		warm = append(warm, evalAsyncLong[float64](t, ctx, drawn, time.Minute))
		warmPhases = append(warmPhases, round(eval[[]float64](t, ctx, phasesJS)))
	}
	t.Logf("a %d-byte #scenario= link of 19,993 objects, navigation start to drawn: first visit median %.0f ms %v; warm median %.0f ms %v", len(link), median(cold), round(cold), median(warm), round(warm))
	t.Logf("phases [app.wasm downloaded, instantiated, main, workspace open]: first visits %v, warm %v", coldPhases, warmPhases)
	t.Logf("navigation [response received, domInteractive, DOMContentLoaded done], first visits: %v", coldNav)

	// The same objects as a compressed share link (#ws=, what Share makes): the browser
	// itself takes over a second to handle a URL of 1.68 MB before any script runs.
	w, err := workspace.New("link", []byte(fixtures.LinkTree(19600)))
	if err != nil {
		t.Fatal(err)
	}
	share := baseURL + "/#ws=" + workspace.EncodeShare(w)
	var shared []float64
	for i := 0; i < 3; i++ {
		ctx := newTab(t)
		openURL(t, ctx, share)
		shared = append(shared, evalAsyncLong[float64](t, ctx, drawn, time.Minute))
	}
	t.Logf("the same as a %d-byte #ws= share link, first visit: median %.0f ms %v", len(share), median(shared), round(shared))
}

// TestLongURL measures what a long fragment costs the browser before a page's scripts
// run, on trivial pages without wasm: the 20,000-object link is 1.68 MB. A
// measurement (GCPLAY_BUDGETS=1), not a timed test; docs/benchmarks.md has the figures.
func TestLongURL(t *testing.T) {
	if os.Getenv("GCPLAY_BUDGETS") == "" {
		t.Skip("set GCPLAY_BUDGETS=1 to measure the browser's cost of a long URL")
	}
	scripts := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, `<script defer src="/s%d.js"></script>`, i)
		}
		return b.String()
	}
	pages := map[string]string{
		"/none":        "",
		"/one-script":  scripts(1),
		"/four":        scripts(4),
		"/base":        `<base href="/">` + scripts(1),
		"/no-referrer": `<meta name="referrer" content="no-referrer">` + scripts(1),
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if head, ok := pages[r.URL.Path]; ok {
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, "<!doctype html><html><head><title>long URL</title>%s</head><body><p>page</p></body></html>", head)
			return
		}
		w.Header().Set("Content-Type", "text/javascript")
	}))
	defer srv.Close()
	fragment := "#" + strings.Repeat("a", 1_680_000)
	for round := 0; round < 2; round++ {
		for _, p := range []string{"/none", "/one-script", "/four", "/base", "/no-referrer"} {
			for _, f := range []string{"", fragment} {
				ctx := newTab(t)
				do(t, ctx, "open "+p, chromedp.Navigate("about:blank"), chromedp.Navigate(srv.URL+p+f))
				waitJS(t, ctx, "DOMContentLoaded", `performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd > 0`, time.Minute)
				t.Logf("%-12s fragment %7d B: [response received, domInteractive, DOMContentLoaded done] %v ms; first script fetched %v ms",
					p, len(f), eval[[]float64](t, ctx, navJS), eval[[]float64](t, ctx, `performance.getEntriesByType('resource').filter(e => e.name.endsWith('.js')).slice(0, 1).flatMap(e => [e.startTime, e.responseEnd]).map(Math.round)`))
			}
		}
	}
}
