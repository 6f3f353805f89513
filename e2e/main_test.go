//go:build !js

// Package e2e drives the playground in headless Chromium (chromedp) through the page's
// browser-test contract (README "Browser-test contract"): #scenario= links, data-* on
// graph objects, buttons and radios by accessible name, data-tick. One wasm build, one
// server and one browser serve every test of the binary.
//
// The tests skip when no Chromium is installed, and fail instead when CI is set.
package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/internal/site"
)

var (
	// repoRoot is the repository root (the test runs in e2e/).
	repoRoot string
	// siteRoot holds web/ (app.wasm built for the tests, styles, icon), as the
	// repository root does after make wasm.
	siteRoot string
	// baseURL is the server of `gcplay serve` (site.Handler, security headers and
	// compression included) serving siteRoot/web.
	baseURL string
	// siteHandler is baseURL's handler, for tests that serve it beside pages of their own.
	siteHandler http.Handler
	browserCtx  context.Context
	skipReason  string
)

func TestMain(m *testing.M) { os.Exit(testMain(m)) }

func testMain(m *testing.M) int {
	wd, _ := os.Getwd()
	repoRoot = filepath.Dir(wd)
	chrome := findChromium()
	if chrome == "" {
		if os.Getenv("CI") != "" {
			fmt.Fprintln(os.Stderr, "e2e: no chromium found and CI is set: the browser tests must run")
			return 1
		}
		skipReason = "no chromium found (install it, or set CI to make this a failure)"
		return m.Run()
	}
	var err error
	if siteRoot, err = os.MkdirTemp("", "gcplay-e2e-"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(siteRoot)
	start := time.Now()
	if err := buildSite(siteRoot); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "e2e: wasm built in %v\n", time.Since(start).Round(time.Millisecond))
	s, err := site.Load(filepath.Join(siteRoot, "web"), "/", site.Served)
	if err == nil {
		// Before serving, unlike gcplay serve: TestServedUnderCSP checks that the
		// wasm goes out compressed.
		err = s.Precompress(site.ServeQuality)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	siteHandler = s.Handler()
	srv := httptest.NewServer(siteHandler)
	defer srv.Close()
	baseURL = srv.URL

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true),
		chromedp.WindowSize(1440, 1000), chromedp.UserDataDir(filepath.Join(siteRoot, "profile")))
	if f := os.Getenv("GCPLAY_JS_FLAGS"); f != "" { // a measurement aid: V8's flags, e.g. --no-wasm-lazy-compilation
		opts = append(opts, chromedp.Flag("js-flags", f))
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	bctx, cancelBrowser := chromedp.NewContext(actx)
	defer cancelBrowser()
	if err := chromedp.Do(bctx); err != nil { // start the browser with no deadline
		fmt.Fprintln(os.Stderr, "e2e: starting chromium:", err)
		return 1
	}
	browserCtx = bctx
	return m.Run()
}

// buildSite builds app.wasm into root/web and copies the static assets beside it.
func buildSite(root string) error {
	web := filepath.Join(root, "web")
	if err := os.MkdirAll(web, 0o755); err != nil {
		return err
	}
	// The tests drive app.wasm as make wasm ships it (TestWasmSizeBudget weighs it too);
	// a profiled run keeps the function names.
	args := []string{"--no-print-directory", "-C", repoRoot, "wasm", "WASM_OUT=" + filepath.Join(web, "app.wasm")}
	if os.Getenv("GCPLAY_PROFILE") != "" {
		args = append(args, "WASM_LDFLAGS=")
	}
	cmd := exec.Command("make", args...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building app.wasm: %v\n%s", err, out)
	}
	entries, err := os.ReadDir(filepath.Join(repoRoot, "web"))
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() || e.Name() == "app.wasm" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(repoRoot, "web", e.Name()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(web, e.Name()), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func findChromium() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if runtime.GOOS == "darwin" {
		if p := "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"; fileExists(p) {
			return p
		}
	}
	return ""
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// newTab opens a fresh tab, with storage of its own, in the shared browser; it is closed
// when the test ends. The first-visit tour is marked as seen, so that it covers nothing
// a test clicks (TestFirstVisit opens a tab without that: newVisitorTab).
func newTab(t *testing.T) context.Context {
	t.Helper()
	ctx := newVisitorTab(t)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `try { localStorage.setItem("gcplay.welcomed", "true") } catch (e) {}`, // about:blank has no storage
	}); err != nil {
		t.Fatalf("marking the tour seen: %v", err)
	}
	return ctx
}

// newVisitorTab opens a tab as a first-time visitor sees the page. Each action on it gets
// its own timeout (stepTimeout).
func newVisitorTab(t *testing.T) context.Context {
	t.Helper()
	if skipReason != "" {
		t.Skip(skipReason)
	}
	ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext()) // own storage: no IndexedDB shared between tests
	t.Cleanup(cancel)
	// Open the tab with a context that has no deadline: the first action's context
	// owns the tab, and the per-action timeouts must not close it.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	return ctx
}
