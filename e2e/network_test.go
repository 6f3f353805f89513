//go:build !js

package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/internal/site"
)

// served records the requests the test server answered, so that a test can see what the
// browser (its service worker included, which the page's network events do not show)
// fetched from the network.
var served struct {
	sync.Mutex
	reqs []servedRequest
}

type servedRequest struct {
	path   string
	status int
	bytes  int
}

// countRequests records every request h answers in served.
func countRequests(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &recordingWriter{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		served.Lock()
		served.reqs = append(served.reqs, servedRequest{r.URL.Path, rec.status, rec.bytes})
		served.Unlock()
	})
}

type recordingWriter struct {
	http.ResponseWriter
	status, bytes int
}

func (w *recordingWriter) WriteHeader(code int) { w.status = code; w.ResponseWriter.WriteHeader(code) }
func (w *recordingWriter) Write(b []byte) (int, error) {
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// servedSince returns the requests for paths ending in suffix answered from index from on.
func servedSince(from int, suffix string) []servedRequest {
	served.Lock()
	defer served.Unlock()
	var out []servedRequest
	for _, r := range served.reqs[from:] {
		if strings.HasSuffix(r.path, suffix) {
			out = append(out, r)
		}
	}
	return out
}

func servedLen() int {
	served.Lock()
	defer served.Unlock()
	return len(served.reqs)
}

// emulateNetwork throttles the tab's requests (latency in ms, throughput in bytes per
// second), or cuts them (offline), service worker included.
func emulateNetwork(t *testing.T, ctx context.Context, offline bool, latency, throughput float64) {
	t.Helper()
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		sw := true
		_, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			EmulateOfflineServiceWorker: &sw,
			MatchedNetworkConditions:    []*network.Conditions{{Offline: offline, Latency: latency, DownloadThroughput: throughput, UploadThroughput: throughput}},
		})
		return err
	}))
	if err != nil {
		t.Fatalf("emulating the network: %v", err)
	}
}

// TestStartupNetwork measures the first visit over an emulated 20 Mbit/s link with 40 ms
// of latency (issue 14) from the static site as `make site` ships it: the stripped
// app.wasm of `make wasm` (web/app.wasm; the e2e build is not stripped), compressed at
// BuildQuality and sent gzip, as a static host does. It then checks that go-app's
// service worker serves app.wasm on the next visit (no request for it reaches the
// server) and that the page opens offline. The same first visit without throttling is
// the baseline of the same run. A measurement: it logs, with GCPLAY_BUDGETS=1.
func TestStartupNetwork(t *testing.T) {
	if os.Getenv("GCPLAY_BUDGETS") == "" {
		t.Skip("set GCPLAY_BUDGETS=1 to measure the start-up over an emulated network")
	}
	if skipReason != "" {
		t.Skip(skipReason)
	}
	web := filepath.Join(repoRoot, "web")
	s, err := site.Load(web, "/", site.Served)
	if err != nil {
		t.Skipf("%v (run make wasm first)", err)
	}
	if err := s.Precompress(site.BuildQuality); err != nil {
		t.Fatal(err)
	}
	h := countRequests(s.Handler())
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Set("Accept-Encoding", "gzip") // a static host: gzip, no brotli
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	// A host that serves the site's brotli files (site.Write ships app.wasm.br).
	srvBr := httptest.NewServer(h)
	defer srvBr.Close()

	const usable = `new Promise(res => { const f = () => document.querySelector('[data-tick]') && document.querySelector('[data-kind]') ? res(performance.now()) : setTimeout(f, 5); f(); })`
	const wasmEnd = `(performance.getEntriesByType('resource').find(e => e.name.endsWith('app.wasm')) || {}).responseEnd || -1`
	const wasmStart = `(performance.getEntriesByType('resource').find(e => e.name.endsWith('app.wasm')) || {}).startTime || -1`
	const cached = `new Promise(res => { const f = async () => {
		const reg = await navigator.serviceWorker.getRegistration();
		const hit = reg && reg.active && navigator.serviceWorker.controller && await caches.match(new URL('web/app.wasm', location.href).href);
		hit ? res(true) : setTimeout(f, 50); }; f(); })`
	const mbit20, latency = 20e6 / 8, 40
	var loopback, loopbackWasm, first, firstWasm, firstAsked, firstBr, firstBrWasm, sw, offline []float64
	var wasmFirst, wasmBr, wasmSW []string
	for i := 0; i < 3; i++ {
		ctx := newTab(t)
		do(t, ctx, "navigate", chromedp.Navigate(srv.URL+"/"))
		loopback = append(loopback, evalAsyncLong[float64](t, ctx, usable, 60*time.Second))
		loopbackWasm = append(loopbackWasm, eval[float64](t, ctx, wasmEnd))

		ctx = newTab(t)
		emulateNetwork(t, ctx, false, latency, mbit20)
		from := servedLen()
		do(t, ctx, "navigate", chromedp.Navigate(srvBr.URL+"/"))
		firstBr = append(firstBr, evalAsyncLong[float64](t, ctx, usable, 120*time.Second))
		firstBrWasm = append(firstBrWasm, eval[float64](t, ctx, wasmEnd))
		wasmBr = append(wasmBr, describeServed(servedSince(from, "/app.wasm")))

		ctx = newTab(t)
		emulateNetwork(t, ctx, false, latency, mbit20)
		from = servedLen()
		do(t, ctx, "navigate", chromedp.Navigate(srv.URL+"/"))
		first = append(first, evalAsyncLong[float64](t, ctx, usable, 120*time.Second))
		firstWasm = append(firstWasm, eval[float64](t, ctx, wasmEnd))
		firstAsked = append(firstAsked, eval[float64](t, ctx, wasmStart))
		if !evalAsyncLong[bool](t, ctx, cached, 120*time.Second) {
			t.Fatal("the service worker did not cache app.wasm")
		}
		wasmFirst = append(wasmFirst, describeServed(servedSince(from, "/app.wasm")))

		from = servedLen()
		do(t, ctx, "reload", chromedp.Reload())
		sw = append(sw, evalAsync[float64](t, ctx, usable))
		wasmSW = append(wasmSW, describeServed(servedSince(from, "/app.wasm")))

		emulateNetwork(t, ctx, true, 0, -1)
		do(t, ctx, "reload offline", chromedp.Reload())
		offline = append(offline, evalAsync[float64](t, ctx, usable))
		emulateNetwork(t, ctx, false, 0, -1)
	}
	gz, br := s.File("web/app.wasm").CompressedSizes()
	t.Logf("app.wasm %d bytes, gzip %d, brotli %d", len(s.File("web/app.wasm").Body), gz, br)
	t.Logf("first visit, loopback: navigation start to usable: median %.0f ms %v (app.wasm downloaded at %v)", median(loopback), round(loopback), round(loopbackWasm))
	t.Logf("first visit, 20 Mbit/s and 40 ms: median %.0f ms %v (app.wasm requested at %v, downloaded at %v); app.wasm requests served (status:bytes) %v", median(first), round(first), round(firstAsked), round(firstWasm), wasmFirst)
	t.Logf("first visit, 20 Mbit/s and 40 ms, served brotli: median %.0f ms %v (app.wasm downloaded at %v); served %v", median(firstBr), round(firstBr), round(firstBrWasm), wasmBr)
	t.Logf("next visit (reload, service worker active), same link: median %.0f ms %v; app.wasm requests served %v", median(sw), round(sw), wasmSW)
	t.Logf("reload offline: usable at median %.0f ms %v", median(offline), round(offline))
}

// describeServed lists requests as status:bytes.
func describeServed(rs []servedRequest) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, fmt.Sprintf("%d:%d", r.status, r.bytes))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// evalAsyncLong is evalAsync with a timeout of its own (a download over a slow link).
func evalAsyncLong[T any](t *testing.T, ctx context.Context, js string, timeout time.Duration) T {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	v, err := chromedp.Run(sctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// TestStartupPlainServer measures the first visit over the emulated 20 Mbit/s, 40 ms
// link (issue 23) of the shipped web/app.wasm (make wasm) from: a static site served by
// `python3 -m http.server` (no Content-Encoding; http.FileServer when python3 is
// missing), with the page of gcplay build before issue 23 (it asked for web/app.wasm, as
// the served page does) and now (web/app.wasm.gz, unzipped in the page); and from
// gcplay serve's handler (brotli). A measurement: it logs, with GCPLAY_BUDGETS=1.
func TestStartupPlainServer(t *testing.T) {
	if os.Getenv("GCPLAY_BUDGETS") == "" {
		t.Skip("set GCPLAY_BUDGETS=1 to measure the start-up from a plain file server")
	}
	if skipReason != "" {
		t.Skip(skipReason)
	}
	web := filepath.Join(repoRoot, "web")
	write := func(target site.Target) string {
		s, err := site.Load(web, "/", target)
		if err != nil {
			t.Skipf("%v (run make wasm first)", err)
		}
		if err := s.Precompress(site.Quality{Gzip: 9, Brotli: 1}); err != nil { // a plain server sends no brotli
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "site")
		if err := s.Write(out, web); err != nil {
			t.Fatal(err)
		}
		return out
	}
	before, after := plainServer(t, write(site.Served)), plainServer(t, write(site.Static))
	served, err := site.Load(web, "/", site.Served)
	if err != nil {
		t.Fatal(err)
	}
	if err := served.Precompress(site.ServeQuality); err != nil {
		t.Fatal(err)
	}
	serve := httptest.NewServer(served.Handler())
	defer serve.Close()

	const usable = `new Promise(res => { const f = () => document.querySelector('[data-tick]') && document.querySelector('[data-kind]') ? res(performance.now()) : setTimeout(f, 5); f(); })`
	const wasm = `(() => { const e = performance.getEntriesByType('resource').find(e => /app\.wasm(\.gz)?$/.test(e.name)); return e ? [e.responseEnd, e.encodedBodySize] : [-1, -1]; })()`
	const mbit20, latency = 20e6 / 8, 40
	cases := []struct {
		what, url           string
		firsts, ends, sizes []float64
	}{
		{what: "gcplay serve (brotli)", url: serve.URL},
		{what: "plain server, page of gcplay build now (app.wasm.gz)", url: after},
		{what: "plain server, page of gcplay build before (app.wasm as it is)", url: before},
	}
	for i := 0; i < 3; i++ { // the cases alternate, so that the machine's load falls on each
		for j := range cases {
			c := &cases[(i+j)%len(cases)]
			ctx := newTab(t)
			emulateNetwork(t, ctx, false, latency, mbit20)
			do(t, ctx, "navigate", chromedp.Navigate(c.url+"/"))
			c.firsts = append(c.firsts, evalAsyncLong[float64](t, ctx, usable, 180*time.Second))
			w := eval[[]float64](t, ctx, wasm)
			c.ends, c.sizes = append(c.ends, w[0]), append(c.sizes, w[1])
		}
	}
	for _, c := range cases {
		t.Logf("first visit, 20 Mbit/s and 40 ms, %s: median %.0f ms %v (app.wasm downloaded at %v, %v bytes on the wire)", c.what, median(c.firsts), round(c.firsts), round(c.ends), c.sizes)
	}
}

// plainServer serves dir with `python3 -m http.server` (http.FileServer without python3)
// and returns its URL.
func plainServer(t *testing.T, dir string) string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
		t.Cleanup(srv.Close)
		t.Log("no python3: http.FileServer instead")
		return srv.URL
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().(*net.TCPAddr)
	ln.Close()
	cmd := exec.Command(py, "-m", "http.server", "--bind", "127.0.0.1", "--directory", dir, strconv.Itoa(addr.Port))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	url := fmt.Sprintf("http://127.0.0.1:%d", addr.Port)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if resp, err := http.Get(url + "/"); err == nil {
			resp.Body.Close()
			return url
		}
	}
	t.Fatalf("python3 -m http.server on %s did not answer", url)
	return ""
}
