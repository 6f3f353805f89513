//go:build !js

package e2e

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestShareLink: the Share dialog's link, opened in a fresh browser context (its own
// storage), shows the same objects at the same tick; a tampered link gives one notice and
// leaves the open workspace as it was.
func TestShareLink(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "deployment"))
	deleteWith(t, ctx, "Deployment", "web", "Foreground")
	step(t, ctx)
	want, wantTick := objects(t, ctx), tick(t, ctx)
	if len(want) < 2 {
		t.Fatalf("tick %d shows %d objects: share a state with objects in it", wantTick, len(want))
	}
	click(t, ctx, "Share")
	waitJS(t, ctx, "the share link", `document.querySelector('[data-share-url]')?.dataset.shareUrl.includes('#ws=')`, 10*time.Second)
	link := eval[string](t, ctx, `document.querySelector('[data-share-url]').dataset.shareUrl`)
	snippet := eval[string](t, ctx, `document.querySelector('[data-embed-snippet]').dataset.embedSnippet`)
	if !strings.HasPrefix(snippet, `<iframe src="`) || !strings.Contains(html.UnescapeString(snippet), "?embed=1#ws=") {
		t.Errorf("embed snippet %q", snippet)
	}
	// Copying in a headless browser may be refused: a notice either way, never an error.
	click(t, ctx, "Copy link")
	waitJS(t, ctx, "the copy notice", `document.querySelector('.notice-info')?.textContent.startsWith('The link was')`, 10*time.Second)
	screenshot(t, ctx, "share-dialog")

	fresh := newTab(t)
	openURL(t, fresh, link)
	waitTick(t, fresh, wantTick)
	if got := objects(t, fresh); !sameObjects(got, want) {
		t.Fatalf("the link shows\n%s\nwant\n%s", listObjects(got), listObjects(want))
	}
	if n := len(openMenu(t, fresh)); n != 1 {
		t.Errorf("%d workspaces after opening the link in a fresh browser, want 1", n)
	}
	click(t, fresh, "Workspaces") // close the menu

	// Tampered: the middle of the link changed. One notice; nothing else changes.
	i := strings.Index(link, "#ws=") + 4 + (len(link)-strings.Index(link, "#ws="))/2
	bad := link[:i] + strings.Repeat("A", 8) + link[i+8:]
	eval[string](t, fresh, fmt.Sprintf(`location.hash = %q.split('#')[1]`, bad)) // pasted into the address bar
	waitJS(t, fresh, "the tampered link's notice", `document.querySelector('.notice-error')?.textContent.includes('The #ws= link could not be opened')`, 10*time.Second)
	if n := eval[int](t, fresh, `document.querySelectorAll('.notice-error, [role=alert]').length`); n != 1 {
		t.Errorf("%d error notices, want 1", n)
	}
	screenshot(t, fresh, "share-tampered")
	if got := objects(t, fresh); !sameObjects(got, want) || tick(t, fresh) != wantTick {
		t.Errorf("the tampered link changed the page: tick %d, objects\n%s", tick(t, fresh), listObjects(got))
	}
	if n := len(openMenu(t, fresh)); n != 1 {
		t.Errorf("%d workspaces after the tampered link, want 1", n)
	}
}

// TestEmbed: ?embed=1 inside an iframe of a page of another origin shows the compact
// page, and "Open in gcplay" leads to the full page with the same state.
func TestEmbed(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "deployment"))
	deleteWith(t, ctx, "Deployment", "web", "Background")
	step(t, ctx)
	wantTick := tick(t, ctx)
	click(t, ctx, "Share")
	waitJS(t, ctx, "the share link", `document.querySelector('[data-share-url]') !== null`, 10*time.Second)
	link := eval[string](t, ctx, `document.querySelector('[data-share-url]').dataset.shareUrl`)
	src := strings.Replace(link, "/#ws=", "/?embed=1#ws=", 1)

	// The embed page alone: compact, and its link is the full page's share link.
	emb := newTab(t)
	openURL(t, emb, src)
	waitTick(t, emb, wantTick)
	for what, js := range map[string]string{
		"no Workspaces button": `![...document.querySelectorAll('button')].some(b => b.textContent.trim() === 'Workspaces')`,
		"no guide or tour":     `document.querySelector('.guide, .tour') === null`,
		"no Share button":      `![...document.querySelectorAll('button')].some(b => b.textContent.trim() === 'Share')`,
		"the graph":            `document.querySelector('[data-kind="Pod"]') !== null`,
		"the trace":            `document.querySelector('.pg-bottom') !== null`,
	} {
		if !eval[bool](t, emb, js) {
			t.Errorf("embed page: want %s", what)
		}
	}
	open := eval[string](t, emb, `document.querySelector('[data-open-full]')?.href ?? ''`)
	if !strings.HasPrefix(open, baseURL+"/#ws=") || strings.Contains(open, "embed") {
		t.Errorf("Open in gcplay points to %.80q…, want the full page %s/#ws=…", open, baseURL)
	}
	full := newTab(t)
	openURL(t, full, open)
	waitTick(t, full, wantTick)

	// Inside an iframe of another origin: the headers let it be framed.
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>Course</title><body style="font-family:sans-serif;margin:16px">
<h1>Lesson 2: background deletion</h1><p>Try it below.</p>
<iframe src="%s" width="960" height="600" style="border:1px solid #999" title="gcplay"></iframe></body>`, html.EscapeString(src))
	}))
	defer host.Close()
	page := newTab(t)
	do(t, page, "open the host page", chromedp.Navigate(host.URL))
	if open := frameReady(t, page); !strings.HasPrefix(open, baseURL+"/#ws=") {
		t.Errorf("in the iframe, Open in gcplay points to %.80q…", open)
	}
	screenshot(t, page, "embed-iframe")
}

// frameReady waits until the iframe's page has opened its workspace, looking into the
// frame's document through the browser (the host's script may not: another origin), and
// returns where its "Open in gcplay" link points.
func frameReady(t *testing.T, ctx context.Context) (open string) {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	frames, err := chromedp.Run(sctx, chromedp.Nodes(chromedp.CSS("iframe")))
	if err == nil {
		_, err = chromedp.Run(sctx, chromedp.WaitReady(chromedp.CSS("#status[data-status]"), chromedp.FromNode(frames[0])))
	}
	var res chromedp.AttributeResult
	if err == nil {
		res, err = chromedp.Run(sctx, chromedp.AttributeValue(chromedp.CSS("[data-open-full]"), "href", chromedp.FromNode(frames[0])))
	}
	if err != nil {
		failShot(t, ctx)
		t.Fatalf("the embedded page did not load: %v", err)
	}
	return res.Value
}
