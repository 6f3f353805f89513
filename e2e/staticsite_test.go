//go:build !js

package e2e

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/internal/site"
)

// TestStaticSiteOnPlainServer serves a static site (site.Static, as gcplay build writes
// it) with a plain file server that sends no Content-Encoding (http.FileServer, as
// python's http.server or an S3 bucket without metadata) and checks in the browser that
// app.wasm crossed the wire compressed: the page asked for web/app.wasm.gz, never
// web/app.wasm, and the bytes sent and received are the gzip file's (issue 23). The
// page must work: wasmgz.js unzipped the module, and again offline from the service
// worker's copy. Then the same site from a host that
// sends the .gz file with Content-Encoding: gzip (Apache's AddEncoding, an S3 object
// with that metadata) and the Content-Security-Policy: the browser unzips it, and the
// page must not unzip it a second time.
func TestStaticSiteOnPlainServer(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	web := filepath.Join(siteRoot, "web")
	s, err := site.Load(web, "/", site.Static)
	if err != nil {
		t.Fatal(err)
	}
	// Quick: the test needs the gzip copy; brotli at its fastest.
	if err := s.Precompress(site.Quality{Gzip: 6, Brotli: 1}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "site")
	if err := s.Write(out, web); err != nil {
		t.Fatal(err)
	}
	gz, err := os.Stat(filepath.Join(out, "web", "app.wasm.gz"))
	if err != nil {
		t.Fatal(err)
	}
	files := http.FileServer(http.Dir(out))
	plain := httptest.NewServer(countRequests(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		files.ServeHTTP(w, r)
		if enc := w.Header().Get("Content-Encoding"); enc != "" {
			t.Errorf("the plain server sent Content-Encoding %q for %s", enc, r.URL.Path)
		}
	})))
	defer plain.Close()

	const wasmEntry = `(() => { const e = performance.getEntriesByType('resource').find(e => e.name.endsWith('/web/app.wasm.gz'));
		return e ? [e.encodedBodySize, e.decodedBodySize] : [-1, -1]; })()`
	ctx := newTab(t)
	from := servedLen()
	openURL(t, ctx, plain.URL+"/")
	step(t, ctx)
	if got := servedSince(from, "/web/app.wasm"); len(got) != 0 {
		t.Errorf("the page asked for web/app.wasm as it is: %s", describeServed(got))
	}
	sent := servedSince(from, "/web/app.wasm.gz")
	if len(sent) == 0 {
		t.Fatal("the page never asked for web/app.wasm.gz")
	}
	for _, r := range sent {
		if r.status == http.StatusOK && int64(r.bytes) != gz.Size() {
			t.Errorf("app.wasm.gz sent as %d bytes, want the gzip file's %d", r.bytes, gz.Size())
		}
	}
	sizes := eval[[]float64](t, ctx, wasmEntry)
	raw := len(s.File("web/app.wasm").Body)
	t.Logf("plain server: app.wasm.gz received %.0f bytes on the wire (decoded by the browser: %.0f; the module is %d); served %s",
		sizes[0], sizes[1], raw, describeServed(sent))
	if sizes[0] <= 0 || int64(sizes[0]) != gz.Size() || sizes[1] != sizes[0] {
		t.Errorf("the browser received app.wasm.gz as %v (encoded, decoded), want the gzip file's %d bytes, not decoded by the browser", sizes, gz.Size())
	}

	// The service worker caches app.wasm.gz as the host sent it; offline, the page
	// unzips the cached copy.
	const cachedGz = `new Promise(res => { const f = async () => {
		const reg = await navigator.serviceWorker.getRegistration();
		const hit = reg && reg.active && navigator.serviceWorker.controller && await caches.match(new URL('web/app.wasm.gz', location.href).href);
		hit ? res(true) : setTimeout(f, 50); }; f(); })`
	if !evalAsyncLong[bool](t, ctx, cachedGz, 60*time.Second) {
		t.Fatal("the service worker did not cache app.wasm.gz")
	}
	emulateNetwork(t, ctx, true, 0, -1)
	openURL(t, ctx, plain.URL+"/")
	step(t, ctx)
	emulateNetwork(t, ctx, false, 0, -1)

	// A host that sends the gzip file with Content-Encoding: gzip, and the CSP.
	encoded := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", site.ContentSecurityPolicy)
		if strings.HasSuffix(r.URL.Path, ".gz") {
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Set("Content-Type", "application/wasm")
		}
		files.ServeHTTP(w, r)
	}))
	defer encoded.Close()
	ctx = newTab(t)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: recordViolationsJS}); err != nil {
		t.Fatal(err)
	}
	openURL(t, ctx, encoded.URL+"/")
	step(t, ctx)
	sizes = eval[[]float64](t, ctx, wasmEntry)
	t.Logf("Content-Encoding: gzip: app.wasm.gz received %.0f bytes, decoded by the browser to %.0f", sizes[0], sizes[1])
	if int64(sizes[0]) != gz.Size() || int(sizes[1]) != raw {
		t.Errorf("with Content-Encoding: gzip the browser received %v (encoded, decoded), want %d and %d", sizes, gz.Size(), raw)
	}
	if v := eval[[]string](t, ctx, `window.__cspViolations ?? []`); len(v) > 0 {
		t.Errorf("CSP violations:\n%s", strings.Join(v, "\n"))
	}
}
