//go:build !js

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A graph a class can read (issue 22, "A graph you can read on a laptop and a
// projector"): measured in the page with getBoundingClientRect, at the sizes a class
// has — a 1366×768 laptop and a 1280×720 projector minus the browser's bars — in both
// languages, on the full page, in a lesson and embedded.

// laptopSizes are the inner window sizes of issue 22's laptop and projector.
var laptopSizes = []struct{ w, h int64 }{{1366, 657}, {1280, 720}}

// readable is what one page measures: the graph's drawing area against the window,
// the smallest node label's size on screen (its font size times the SVG's scale), and
// the page's height.
type readable struct {
	IW, IH, GW, GH float64
	Label          float64 // px on screen of the smallest node label (kind, name, finalizers)
	ScrollH        float64 // the document's height (the page must not scroll)
	Problems       []string
}

const readableJS = `(() => {
	const g = document.querySelector('[data-graph]'), r = g ? g.getBoundingClientRect() : {width: 0, height: 0};
	const names = [...document.querySelectorAll('[data-graph] [data-kind] :is(.node-kind, .node-name, .node-fin)')];
	const label = names.length ? Math.min(...names.map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)) : 0;
	const w = document.defaultView; // the frame's window, in inFrame
	return {IW: w.innerWidth, IH: w.innerHeight, GW: r.width, GH: r.height, Label: label,
		ScrollH: document.documentElement.scrollHeight, Problems: []};
})()`

// resize sets the window's inner size and waits for a layout and the graph's fit.
func resize(t *testing.T, ctx context.Context, w, h int64) {
	t.Helper()
	do(t, ctx, fmt.Sprintf("resize to %dx%d", w, h), chromedp.EmulateViewport(w, h))
}

// openFitted opens url at the current size and waits for the graph to draw its nodes
// (the view is fitted to the panel as the page opens).
func openFitted(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	openURL(t, ctx, url)
	waitJS(t, ctx, "the graph drawn", `document.querySelectorAll('[data-graph] [data-kind] .node-name').length > 0`, 10*time.Second)
	time.Sleep(300 * time.Millisecond) // the fit after the first render (GraphPanel.afterRender)
}

// TestGraphRoomOnLaptops: at 1366×657 and 1280×720, in English and Chinese, on the
// default example and in lesson 1, the graph's drawing area is at least 40 % of the
// window's height and 45 % of its width, its node labels (kind, name, finalizers) are
// at least 11 px on screen, and the page does not scroll (issue 22: the graph was 45 px
// tall at 1366×657, 90 px at 1280×720, its names 4 px).
func TestGraphRoomOnLaptops(t *testing.T) {
	for _, sz := range laptopSizes {
		for _, lang := range []string{"en", "zh-CN"} {
			for _, page := range []struct{ name, frag string }{{"example", ""}, {"lesson", "#lesson=owners-and-dependents"}} {
				ctx := newTab(t) // a first visit: the default example with its guide
				resize(t, ctx, sz.w, sz.h)
				openFitted(t, ctx, baseURL+"/?lang="+lang+page.frag)
				m := eval[readable](t, ctx, readableJS)
				shot := fmt.Sprintf("graph-room-%s-%s-%dx%d", page.name, lang, sz.w, sz.h)
				screenshot(t, ctx, shot)
				t.Logf("%s: graph %.0f×%.0f (%.0f %% of the height, %.0f %% of the width), labels %.1f px", shot, m.GW, m.GH, 100*m.GH/m.IH, 100*m.GW/m.IW, m.Label)
				if m.GH < 0.40*m.IH || m.GW < 0.45*m.IW {
					t.Errorf("%s: the graph is %.0f×%.0f in a %.0f×%.0f window, want at least 40 %% of the height and 45 %% of the width", shot, m.GW, m.GH, m.IW, m.IH)
				}
				if m.Label < 11 {
					t.Errorf("%s: node labels are %.1f px on screen, want at least 11", shot, m.Label)
				}
				if m.ScrollH > m.IH+1 {
					t.Errorf("%s: the page is %.0f px tall in a %.0f px window", shot, m.ScrollH, m.IH)
				}
			}
		}
	}
}

// TestFitEnlargesSmallGraph: Fit enlarges a small graph up to a comfortable size: lesson
// 1's two ConfigMaps on a projector (1920×969) show labels larger than at 1:1
// (issue 22: Fit never went above 1:1, so a small graph stayed small in a large panel),
// and at 1024×768 the header's tagline takes no more than one line (it wrapped to 5).
func TestFitEnlargesSmallGraph(t *testing.T) {
	ctx := newTab(t)
	resize(t, ctx, 1920, 969)
	openFitted(t, ctx, baseURL+"/?lang=en#lesson=owners-and-dependents")
	m := eval[readable](t, ctx, readableJS)
	screenshot(t, ctx, "fit-small-graph-1920x969")
	t.Logf("1920×969: graph %.0f×%.0f, labels %.1f px", m.GW, m.GH, m.Label)
	if m.Label < 17 {
		t.Errorf("a two-node graph at 1920×969: labels %.1f px on screen (the smallest; names 14 and kinds 12 at 1:1), want Fit to enlarge them to at least 17", m.Label)
	}
	click(t, ctx, "Fit") // the button gives the same view
	time.Sleep(200 * time.Millisecond)
	if again := eval[readable](t, ctx, readableJS); again.Label < 17 {
		t.Errorf("after Fit: labels %.1f px, want at least 17", again.Label)
	}

	resize(t, ctx, 1024, 768)
	for _, page := range []string{"/?lang=en", "/?lang=zh-CN#lesson=owners-and-dependents"} {
		openFitted(t, ctx, baseURL+page)
		shot := "header-1024x768-" + strings.TrimPrefix(strings.ReplaceAll(page, "#lesson=", "-"), "/?lang=")
		screenshot(t, ctx, shot)
		h := eval[float64](t, ctx, `document.querySelector('.pg-header').getBoundingClientRect().height`)
		sub := eval[float64](t, ctx, `(e => e && e.getClientRects().length ? e.getBoundingClientRect().height : 0)(document.querySelector('.pg-sub'))`)
		if sub > 24 || h > 60 {
			t.Errorf("%s: the tagline is %.0f px tall and the header %.0f px, want one line at most (a 60 px header)", shot, sub, h)
		}
		if m := eval[readable](t, ctx, readableJS); m.GH < 0.40*m.IH || m.Label < 11 {
			t.Errorf("%s: the graph is %.0f px tall (%.0f %%), labels %.1f px", shot, m.GH, 100*m.GH/m.IH, m.Label)
		}
	}
}

// goalsVisibleJS lists the lesson goals (and the goal line) that a learner cannot see
// without scrolling: below the window, or clipped by a panel that scrolls (the element
// at the goal's centre is not the goal).
const goalsVisibleJS = `(() => {
	const out = [], els = [document.querySelector('.lesson-goal'), ...document.querySelectorAll('#lesson-goals [data-goal]')];
	if (els.length < 2) return ['no goals'];
	for (const e of els) {
		if (!e) { out.push('no goal line'); continue; }
		const r = e.getBoundingClientRect(), x = r.left + Math.min(r.width / 2, 40), y = r.top + r.height / 2;
		const at = document.elementFromPoint(x, y);
		const ih = document.defaultView.innerHeight; // the frame's, in inFrame
		if (r.bottom > ih || r.top < 0 || !at || !e.contains(at)) out.push(e.textContent.trim() + ' (bottom ' + Math.round(r.bottom) + ' of ' + ih + ')');
	}
	return out;
})()`

// TestLessonGoalsVisible: in lesson 1, the goal and every goal are on screen without
// scrolling, at 1366×657 and 1280×720 in both languages (issue 22: the goals sat below
// the fold of the lesson panel).
func TestLessonGoalsVisible(t *testing.T) {
	ctx := newTab(t)
	for _, sz := range laptopSizes {
		for _, lang := range []string{"en", "zh-CN"} {
			resize(t, ctx, sz.w, sz.h)
			openFitted(t, ctx, baseURL+"/?lang="+lang+"#lesson=owners-and-dependents")
			waitLesson(t, ctx, "owners-and-dependents")
			shot := fmt.Sprintf("lesson-goals-%s-%dx%d", lang, sz.w, sz.h)
			screenshot(t, ctx, shot)
			if hidden := eval[[]string](t, ctx, goalsVisibleJS); len(hidden) > 0 {
				t.Errorf("%s: not visible without scrolling: %s", shot, strings.Join(hidden, "; "))
			}
		}
	}
}

// longFinalizer: a Pod with one long finalizer, a ConfigMap with a long one and two
// more.
const longFinalizer = `objects:
- apiVersion: v1
  kind: Pod
  metadata:
    name: web
    finalizers: [example.com/a-very-long-finalizer-name-that-goes-on]
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: settings
    finalizers: [kubernetes.io/wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww, example.com/b, example.com/c]
`

// TestFinalizerInsideNode: a long finalizer name is shortened to fit its node: the
// finalizer line's rect lies inside the node's box (issue 22: it spilled out).
func TestFinalizerInsideNode(t *testing.T) {
	ctx := newTab(t)
	resize(t, ctx, 1366, 657)
	openScenario(t, ctx, []byte(longFinalizer))
	waitJS(t, ctx, "the finalizers drawn", `document.querySelectorAll('[data-kind] .node-fin').length === 2`, 10*time.Second)
	screenshot(t, ctx, "finalizer-inside-node")
	spill := eval[[]string](t, ctx, `[...document.querySelectorAll('[data-kind]')].flatMap(n => {
		const f = n.querySelector('.node-fin'); if (!f) return [];
		const b = n.querySelector('.node-box').getBoundingClientRect(), r = f.getBoundingClientRect();
		return r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom ? [] :
			[n.dataset.name + ': ' + f.textContent + ' [' + Math.round(r.left) + '..' + Math.round(r.right) + '] in [' + Math.round(b.left) + '..' + Math.round(b.right) + ']'];
	})`)
	if len(spill) > 0 {
		t.Errorf("finalizers spill out of their nodes: %s", strings.Join(spill, "; "))
	}
	if fin := eval[string](t, ctx, `document.querySelector('[data-kind="ConfigMap"] .node-fin').textContent`); !strings.Contains(fin, "+2 more") {
		t.Errorf("the ConfigMap's finalizer line %q does not count the other two", fin)
	}
}

// controlsUnderJS lists the controls (buttons, inputs, selects, links, graph nodes)
// that the element sel overlaps, other than its own.
func controlsUnderJS(sel string) string {
	return `(() => {
	const n = document.querySelector(` + quote(sel) + `); if (!n) return ['no ' + ` + quote(sel) + `];
	const a = n.getBoundingClientRect(), out = [];
	for (const c of document.querySelectorAll('button, input, select, textarea, a[href], [role=button], [role=tab]')) {
		if (n.contains(c) || !c.getClientRects().length) continue;
		const b = c.getBoundingClientRect();
		if (b.width === 0 || b.height === 0) continue;
		if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
			out.push((c.getAttribute('aria-label') || c.textContent || c.tagName).trim().slice(0, 40));
	}
	return out;
})()`
}

// TestIdleNoticeCoversNoControl: the note Run until idle leaves covers no button, input
// or graph node, at the laptop sizes, on the full page and embedded (issue 22: the
// notice floated over the controls at the bottom of the window).
func TestIdleNoticeCoversNoControl(t *testing.T) {
	for _, sz := range laptopSizes {
		for _, page := range []string{"/?lang=en", "/?lang=en&embed=1"} {
			ctx := newTab(t) // the default example at tick 0
			resize(t, ctx, sz.w, sz.h)
			openFitted(t, ctx, baseURL+page)
			click(t, ctx, "Run until idle")
			waitJS(t, ctx, "the idle note", `document.querySelector('.notice-info')?.textContent.includes("found nothing to delete")`, 10*time.Second)
			time.Sleep(100 * time.Millisecond)
			shot := fmt.Sprintf("idle-notice-%s-%dx%d", strings.TrimPrefix(strings.ReplaceAll(page, "&", "-"), "/?lang="), sz.w, sz.h)
			screenshot(t, ctx, shot)
			if under := eval[[]string](t, ctx, controlsUnderJS(".notice")); len(under) > 0 {
				t.Errorf("%s: the idle notice covers %s", shot, strings.Join(under, ", "))
			}
		}
	}
}

// tourNearJS measures the tour card against the element it describes (data-tour-target):
// the gap between their rects, and whether the card covers the target's centre.
const tourNearJS = `(() => {
	const c = document.querySelector('.tour'); if (!c) return {Err: 'no tour card'};
	const sel = c.dataset.tourTarget; if (!sel) return {Err: 'the card names no target'};
	const t = document.querySelector(sel); if (!t) return {Err: 'no target ' + sel};
	const a = c.getBoundingClientRect(), b = t.getBoundingClientRect();
	const dx = Math.max(0, b.left - a.right, a.left - b.right), dy = Math.max(0, b.top - a.bottom, a.top - b.bottom);
	const cx = b.left + b.width / 2, cy = b.top + b.height / 2;
	return {Target: sel, Gap: Math.hypot(dx, dy), Covers: cx > a.left && cx < a.right && cy > a.top && cy < a.bottom,
		Inside: a.left >= 0 && a.top >= 0 && a.right <= innerWidth && a.bottom <= innerHeight};
})()`

// tourNear is tourNearJS's answer.
type tourNear struct {
	Err, Target    string
	Gap            float64
	Covers, Inside bool
}

// TestTourPointsAtTargets: each card of the first-visit tour sits next to the part of
// the page it describes (within 16 px of it, on screen, not hiding its middle), at the
// laptop sizes and on a 1920×969 projector, in both languages (issue 22: every card sat
// in the bottom-right corner).
func TestTourPointsAtTargets(t *testing.T) {
	sizes := append(laptopSizes[:len(laptopSizes):len(laptopSizes)], struct{ w, h int64 }{1920, 969}) // and a projector, not compact
	for _, sz := range sizes {
		for _, lang := range []string{"en", "zh-CN"} {
			ctx := newVisitorTab(t)
			resize(t, ctx, sz.w, sz.h)
			openFitted(t, ctx, baseURL+"/?lang="+lang)
			for i := 1; i <= 5; i++ {
				if i > 1 {
					eval[bool](t, ctx, `(document.querySelector('.tour .btn-primary').click(), true)`)
				}
				waitJS(t, ctx, "tour card", fmt.Sprintf(`document.querySelector('.tour')?.dataset.tourStep === "%d"`, i), 5*time.Second)
				time.Sleep(150 * time.Millisecond)
				m := eval[tourNear](t, ctx, tourNearJS)
				shot := fmt.Sprintf("tour-%s-%dx%d-%d", lang, sz.w, sz.h, i)
				screenshot(t, ctx, shot)
				switch {
				case m.Err != "":
					t.Errorf("%s: %s", shot, m.Err)
				case m.Gap > 16 || m.Covers || !m.Inside:
					t.Errorf("%s: the card is %.0f px from %s (covers its middle: %v, on screen: %v)", shot, m.Gap, m.Target, m.Covers, m.Inside)
				}
			}
		}
	}
}

// TestEmbeddedReadable: the compact page (?embed=1) at the laptop sizes, and a lesson
// embedded in a course page's 960×600 iframe, in both languages: the graph keeps its
// share (40 % of the height, 45 % of the width), labels of at least 11 px, and the
// lesson's goals show without scrolling.
func TestEmbeddedReadable(t *testing.T) {
	ctx := newTab(t)
	for _, sz := range laptopSizes {
		for _, lang := range []string{"en", "zh-CN"} {
			resize(t, ctx, sz.w, sz.h)
			openFitted(t, ctx, baseURL+"/?embed=1&lang="+lang)
			m := eval[readable](t, ctx, readableJS)
			shot := fmt.Sprintf("embed-%s-%dx%d", lang, sz.w, sz.h)
			screenshot(t, ctx, shot)
			t.Logf("%s: graph %.0f×%.0f (%.0f %%, %.0f %%), labels %.1f px", shot, m.GW, m.GH, 100*m.GH/m.IH, 100*m.GW/m.IW, m.Label)
			if m.GH < 0.40*m.IH || m.GW < 0.45*m.IW || m.Label < 11 || m.ScrollH > m.IH+1 {
				t.Errorf("%s: graph %.0f×%.0f in %.0f×%.0f, labels %.1f px, page %.0f px tall", shot, m.GW, m.GH, m.IW, m.IH, m.Label, m.ScrollH)
			}
		}
	}

	mux := http.NewServeMux()
	mux.Handle("/", siteHandler)
	mux.HandleFunc("/course.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, strings.Replace(coursePage, `width="1100" height="700"`, `width="960" height="600"`, 1), "/?embed=1&lang="+r.URL.Query().Get("lang")+"#lesson=owners-and-dependents")
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	resize(t, ctx, 1280, 720)
	for _, lang := range []string{"en", "zh-CN"} {
		do(t, ctx, "open the course page", chromedp.Navigate("about:blank"), chromedp.Navigate(srv.URL+"/course.html?lang="+lang))
		waitJS(t, ctx, "the embedded lesson drawn", inFrame(`document.querySelectorAll('[data-graph] [data-kind] .node-name').length > 0`), 60*time.Second)
		time.Sleep(300 * time.Millisecond)
		do(t, ctx, "scroll the iframe into view", chromedp.ScrollIntoView(chromedp.CSS("#gcplay")))
		shot := "embed-lesson-iframe-960x600-" + lang
		screenshot(t, ctx, shot)
		m := eval[readable](t, ctx, inFrame(readableJS))
		t.Logf("%s: graph %.0f×%.0f (%.0f %%, %.0f %%), labels %.1f px", shot, m.GW, m.GH, 100*m.GH/m.IH, 100*m.GW/m.IW, m.Label)
		if m.GH < 0.40*m.IH || m.GW < 0.45*m.IW || m.Label < 11 || m.ScrollH > m.IH+1 {
			t.Errorf("%s: graph %.0f×%.0f in the %.0f×%.0f iframe, labels %.1f px, its page %.0f px tall", shot, m.GW, m.GH, m.IW, m.IH, m.Label, m.ScrollH)
		}
		if hidden := eval[[]string](t, ctx, inFrame(goalsVisibleJS)); len(hidden) > 0 {
			t.Errorf("%s: not visible without scrolling: %s", shot, strings.Join(hidden, "; "))
		}
	}
}
