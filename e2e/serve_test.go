//go:build !js

package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/app/ui"
	"github.com/gcplay/gcplay/app/workspace"
)

// recordViolationsJS runs before the page's own scripts and keeps every Content
// Security Policy violation of the document.
const recordViolationsJS = `window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', e =>
  window.__cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || '(inline)') + ' at ' + e.sourceFile + ':' + e.lineNumber));`

// TestServedUnderCSP loads the playground from the server of gcplay serve, under its
// Content-Security-Policy, and requires that nothing is refused: the page gets ready,
// Step works, the service worker caches the site, and app.wasm came compressed.
func TestServedUnderCSP(t *testing.T) {
	ctx := newTab(t)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: recordViolationsJS}); err != nil {
		t.Fatal(err)
	}
	var errs []string // read once the goroutine is done
	cctx, stop := context.WithCancel(ctx)
	messages := chromedp.Console(cctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException {
				errs = append(errs, m.String())
			}
		}
	}()
	// Reported last (cleanups run in reverse), even when a step below fails.
	t.Cleanup(func() {
		if v := eval[[]string](t, ctx, `window.__cspViolations ?? []`); len(v) > 0 {
			t.Errorf("CSP violations:\n%s", strings.Join(v, "\n"))
		}
		stop()
		<-done
		for _, e := range errs {
			t.Errorf("console: %s", e)
		}
	})

	openURL(t, ctx, baseURL+"/#scenario="+workspace.EncodeLink(example(t, "cycle")))
	step(t, ctx)
	// A cascade removes graph nodes and trace rows (the keyed lists' removal path).
	deleteWith(t, ctx, "ConfigMap", "a", "Background")
	click(t, ctx, "Run until idle")
	waitIdle(t, ctx)
	if n := len(objects(t, ctx)); n != 0 {
		t.Errorf("the cascade left %d object(s)", n)
	}
	// The service worker fetched and cached the page, go-app's 4 files and the assets
	// (its fetches are under the CSP that came with app-worker.js) but wasmgz.js, which
	// only a static site's page loads.
	want := 5 + len(ui.Assets) - 1
	const cachedJS = `caches.keys().then(async ks => {
	  let n = 0;
	  for (const k of ks) n += (await (await caches.open(k)).keys()).length;
	  return n;
	})`
	cached := 0
	for deadline := time.Now().Add(30 * time.Second); cached < want && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		sctx, cancel := context.WithTimeout(ctx, stepTimeout)
		n, err := chromedp.Run(sctx, chromedp.Evaluate[int](cachedJS, chromedp.EvalAwaitPromise))
		cancel()
		if err != nil {
			t.Fatalf("reading the service worker's cache: %v", err)
		}
		cached = n
	}
	if cached < want {
		t.Errorf("the service worker cached %d files, want %d", cached, want)
	}
	type entry struct {
		Name    string  `json:"name"`
		Encoded float64 `json:"encoded"`
		Decoded float64 `json:"decoded"`
	}
	wasm := eval[[]entry](t, ctx, `performance.getEntriesByType('resource').filter(e => e.name.endsWith('/web/app.wasm'))
	  .map(e => ({name: e.name, encoded: e.encodedBodySize, decoded: e.decodedBodySize}))`)
	if len(wasm) == 0 {
		t.Fatal("no resource timing for app.wasm")
	}
	for _, e := range wasm {
		if e.Encoded <= 0 || e.Encoded >= e.Decoded/2 {
			t.Errorf("app.wasm came as %.0f bytes for %.0f: not compressed", e.Encoded, e.Decoded)
		}
		t.Logf("app.wasm: %.1f MB transferred for %.1f MB", e.Encoded/1e6, e.Decoded/1e6)
	}
	screenshot(t, ctx, "served-under-csp")
}
