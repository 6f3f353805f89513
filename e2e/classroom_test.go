//go:build !js

package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/gccore/scenario"
	"github.com/gcplay/gcplay/lessons"
)

// Issue 22 re-checked on the page as it grew (27 lessons, Compare, the Faults tab, the
// Restart controller-manager button, the release badge): a class's laptop and projector,
// both languages, every lesson on the full page and embedded in a course page.

// toolbar is what toolbarJS measures: how many rows the toolbar's controls take (the
// scenario's next step, a line of its own by design, left out), the controls cut off or
// past the window's right edge (a tick broken over two lines too), and each control
// group's width for the log.
type toolbar struct {
	Rows   int
	Cut    []string
	Groups []string
}

const toolbarJS = `(() => {
	const tb = document.querySelector('.toolbar'), w = document.defaultView.innerWidth;
	const lines = e => { const r = document.createRange(); r.selectNodeContents(e); return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; };
	const kids = [...tb.children].filter(e => e.getClientRects().length && !e.classList.contains('tb-next'));
	let rows = 0, bottom = -1;
	for (const e of kids) { const r = e.getBoundingClientRect(); if (r.top >= bottom - 1) { rows++; } bottom = Math.max(bottom, r.bottom); }
	const cut = [...tb.querySelectorAll('button, input, select, .tb-tick, .tb-num')].filter(e => e.getClientRects().length).filter(e => {
		const r = e.getBoundingClientRect(), g = e.closest('.tb-group').getBoundingClientRect();
		return r.right > w + 1 || r.right > g.right + 1 || r.width < 1 || (e.matches('.tb-tick, .tb-num') && lines(e) > 1);
	}).map(e => (e.textContent || e.getAttribute('aria-label') || e.className).trim());
	return {Rows: rows, Cut: cut, Groups: kids.map(e => e.className + ' ' + Math.round(e.getBoundingClientRect().width))};
})()`

// TestToolbarOneLine: at 1366×657 and 1280×720, in English and Chinese, on the default
// example, in a lesson and in a lesson that shows the release badge, the toolbar's
// controls, Share and Compare included, take one line and none is cut off (issue 22: in
// Chinese at 1366 px Share and Compare wrapped onto a second row once Compare landed, and
// at 1280 px the timeline ran past the window; English took two rows, at 1280 px and,
// with the fine steps' Read item, at 1366 px).
func TestToolbarOneLine(t *testing.T) {
	ctx := newTab(t)
	for _, sz := range laptopSizes {
		for _, lang := range []string{"en", "zh-CN"} {
			for _, page := range []struct{ name, frag string }{{"example", ""}, {"lesson", "#lesson=finalizers"}, {"release", "#lesson=cross-namespace-restart"}} {
				resize(t, ctx, sz.w, sz.h)
				openFitted(t, ctx, baseURL+"/?lang="+lang+page.frag)
				if !eval[bool](t, ctx, `document.querySelector('[data-compare-open]') !== null`) {
					t.Fatalf("%s %s: no Compare button", lang, page.name)
				}
				m := eval[toolbar](t, ctx, toolbarJS)
				shot := fmt.Sprintf("toolbar-%s-%s-%dx%d", page.name, lang, sz.w, sz.h)
				t.Logf("%s: %d rows (groups: %s)", shot, m.Rows, strings.Join(m.Groups, ", "))
				rows := 1
				if m.Rows > rows || len(m.Cut) > 0 {
					screenshot(t, ctx, shot)
					t.Errorf("%s: the toolbar takes %d rows, want %d; cut off: %q (groups: %s)", shot, m.Rows, rows, m.Cut, strings.Join(m.Groups, ", "))
				}
				if h := eval[float64](t, ctx, `document.querySelector('.pg-header').getBoundingClientRect().height`); h > 60 {
					screenshot(t, ctx, shot)
					t.Errorf("%s: the header is %.0f px tall, want one line (60 px at most)", shot, h)
				}
			}
		}
	}
}

// lessonNeeds lists the hooks the compact page must show for the lesson's controls and
// its reference solution: the selection bar's Delete, the Create and Console tabs, the
// fine steps its solution takes, the node lane's toggle, the Queues tab and its Restart
// controller-manager button, each in the page's language.
func lessonNeeds(l *lessons.Lesson, lang string) []string {
	name := func(en, zh string) string {
		if lang == "zh-CN" {
			return zh
		}
		return en
	}
	var out []string
	if l.Allows(lessons.ControlDelete) {
		out = append(out, `xpath://button[normalize-space(.)="`+name("Delete", "删除")+`"]`)
	}
	if l.Allows(lessons.ControlCreate) {
		out = append(out, `xpath://button[@role="tab" and normalize-space(.)="`+name("Create", "创建")+`"]`)
	}
	if l.Allows(lessons.ControlConsole) {
		out = append(out, `xpath://button[@role="tab" and normalize-space(.)="`+name("Console", "控制台")+`"]`)
	}
	if l.Allows(lessons.ControlRestart) {
		out = append(out, `xpath://button[@role="tab" and normalize-space(.)="`+name("Queues", "队列")+`"]`)
	}
	fine := map[scenario.Op][2]string{scenario.OpDeliverEvent: {"Event", "事件"}, scenario.OpGraphChange: {"Graph change", "图变更"},
		scenario.OpDeleteItem: {"Delete item", "删除条目"}, scenario.OpOrphanItem: {"Orphan item", "孤立条目"}}
	for _, s := range l.Solution {
		if f, ok := fine[s.Op]; ok {
			out = append(out, `xpath://button[normalize-space(.)="`+name(f[0], f[1])+`"]`)
		}
		if s.Op == scenario.OpSetNodeReady {
			out = append(out, `[data-node-toggle]`)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// visibleJS is true when the page shows an element for hook (hookJS's selectors) that
// takes room on screen: a control hidden by the stylesheet does not count.
func visibleJS(hook string) string {
	find := `document.querySelector(` + quote(hook) + `)`
	if x, ok := strings.CutPrefix(hook, "xpath:"); ok {
		find = `document.evaluate(` + quote(x) + `, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue`
	}
	return `(e => !!e && e.getClientRects().length > 0 && e.getBoundingClientRect().width > 0)(` + find + `)`
}

// TestEveryLessonInClass opens each built-in lesson as a class meets it, in English and
// Chinese: on the full page at 1366×657 (its goal and goals visible without scrolling, the
// graph at least 40 % of the height and 45 % of the width, its labels at least 11 px after
// the fit, the toolbar on one line, the page not scrolling) and embedded in a 960×600
// frame (the page fits, the goals and the Hint and Show solution buttons are visible, and
// every control the lesson grants and its solution takes is on screen: the compact page
// hid the fine steps that informer-lag and new-owner-race take, had no Queues tab, so no
// Restart controller-manager for cross-namespace-restart, scrolled the last goals of
// adoption-after-orphan and job-pods-left out of sight, and put the buttons of a lesson
// with many goals under them, a scroll inside the card).
func TestEveryLessonInClass(t *testing.T) {
	ls, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "zh-CN"} {
		// One page load per language and page; each lesson opens by its link's fragment,
		// as a learner following the course's links in one tab, or a course page moving its
		// iframe to the next lesson (the compact page ignored a new fragment).
		full, embed := newTab(t), newTab(t)
		resize(t, full, 1366, 657)
		openURL(t, full, baseURL+"/?lang="+lang)
		resize(t, embed, 960, 600)
		openURL(t, embed, baseURL+"/?embed=1&lang="+lang)
		for _, l := range ls {
			checkLessonFull(t, full, lang, l)
			checkLessonEmbedded(t, embed, lang, l)
		}
	}
}

// openByFragment opens lesson l in the page ctx by its #lesson= fragment and waits for
// its graph to be fitted.
func openByFragment(t *testing.T, ctx context.Context, l *lessons.Lesson) {
	t.Helper()
	eval[bool](t, ctx, `(location.hash = `+quote("#lesson="+l.ID)+`, true)`)
	waitLesson(t, ctx, l.ID)
	waitJS(t, ctx, "the graph drawn", `document.querySelectorAll('[data-graph] [data-kind] .node-name').length > 0`, 10*time.Second)
	time.Sleep(300 * time.Millisecond) // the fit after the render, as openFitted
}

// checkLessonFull checks lesson l on the full page at 1366×657.
func checkLessonFull(t *testing.T, ctx context.Context, lang string, l *lessons.Lesson) {
	t.Helper()
	openByFragment(t, ctx, l)
	full := fmt.Sprintf("%s %s full page", lang, l.ID)
	if hidden := eval[[]string](t, ctx, goalsVisibleJS); len(hidden) > 0 {
		t.Errorf("%s: not visible without scrolling: %s", full, strings.Join(hidden, "; "))
	}
	m := eval[readable](t, ctx, readableJS)
	t.Logf("%s: graph %.0f×%.0f (%.0f %% × %.0f %%), labels %.1f px", full, m.GW, m.GH, 100*m.GH/m.IH, 100*m.GW/m.IW, m.Label)
	if m.GH < 0.40*m.IH || m.GW < 0.45*m.IW || m.ScrollH > m.IH+1 || m.Label < 11 {
		t.Errorf("%s: the graph is %.0f×%.0f in %.0f×%.0f, labels %.1f px, the page %.0f px tall", full, m.GW, m.GH, m.IW, m.IH, m.Label, m.ScrollH)
	}
	if tb := eval[toolbar](t, ctx, toolbarJS); tb.Rows != 1 || len(tb.Cut) > 0 {
		t.Errorf("%s: the toolbar takes %d rows, cut off: %q", full, tb.Rows, tb.Cut)
	}
}

// lessonButtonsVisibleJS lists the lesson's Hint and Show solution buttons that a
// learner cannot see without scrolling the lesson card or the page (outside the window,
// or the element at the button's centre is not the button).
const lessonButtonsVisibleJS = `(() => {
	const out = [];
	for (const id of ['lesson-hint', 'lesson-solution']) {
		const e = document.getElementById(id);
		if (!e) { out.push('no #' + id); continue; }
		const r = e.getBoundingClientRect(), at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
		if (r.bottom > innerHeight || r.top < 0 || r.width < 1 || !at || !e.contains(at)) out.push(e.textContent.trim() + ' (' + Math.round(r.top) + '..' + Math.round(r.bottom) + ' of ' + innerHeight + ')');
	}
	return out;
})()`

// newestHintVisibleJS is true when the last hint revealed shows its first line (the
// embedded card lists the hints newest first, lessonpanel.go renderHints).
const newestHintVisibleJS = `(e => { if (!e) return false; const r = e.getBoundingClientRect(), at = document.elementFromPoint(r.left + 20, r.top + 6);
	return r.bottom <= innerHeight && !!at && e.contains(at); })(document.querySelector('#lesson-hints > li:first-child'))`

// checkLessonEmbedded checks lesson l on the compact page in a 960×600 frame: the
// page fits, the goals and the Hint and Show solution buttons show without scrolling,
// the buttons and the newest hint with every hint revealed too (issue 22: under the goals and the hints of a
// lesson with many goals, the buttons needed a scroll inside the card).
func checkLessonEmbedded(t *testing.T, ctx context.Context, lang string, l *lessons.Lesson) {
	t.Helper()
	openByFragment(t, ctx, l)
	embed := fmt.Sprintf("%s %s embedded", lang, l.ID)
	if !eval[bool](t, ctx, fitsJS) {
		t.Errorf("%s: the compact page scrolls in 960×600", embed)
	}
	if hidden := eval[[]string](t, ctx, goalsVisibleJS); len(hidden) > 0 {
		t.Errorf("%s: not visible without scrolling: %s", embed, strings.Join(hidden, "; "))
	}
	if hidden := eval[[]string](t, ctx, lessonButtonsVisibleJS); len(hidden) > 0 {
		t.Errorf("%s: the lesson's buttons need a scroll: %s", embed, strings.Join(hidden, "; "))
	}
	for _, h := range lessonNeeds(l, lang) {
		if !eval[bool](t, ctx, visibleJS(h)) {
			t.Errorf("%s: no %s on screen, which the lesson's controls %v or its solution need", embed, h, l.Controls)
		}
	}
	queues := tab(map[string]string{"en": "Queues", "zh-CN": "队列"}[lang])
	if l.Allows(lessons.ControlRestart) && eval[bool](t, ctx, visibleJS("xpath:"+string(queues))) {
		do(t, ctx, "open the Queues tab", chromedp.Click(queues))
		waitJS(t, ctx, embed+": Restart controller-manager", visibleJS(`#restart-cm`), 5*time.Second)
	}
	if tb := eval[toolbar](t, ctx, toolbarJS); tb.Rows != 1 || len(tb.Cut) > 0 {
		t.Errorf("%s: the toolbar takes %d rows, cut off: %q", embed, tb.Rows, tb.Cut)
	}
	if slices.Contains(versionLessons, l.ID) {
		screenshot(t, ctx, "class-embed-"+lang+"-"+l.ID)
	}
	// Every hint revealed, the buttons stay in sight: the hints opened above them pushed
	// them out of the card (issue 22).
	for i := range l.Hints {
		eval[bool](t, ctx, `(document.getElementById('lesson-hint').click(), true)`)
		waitJS(t, ctx, fmt.Sprintf("%s: hint %d", embed, i+1), fmt.Sprintf(`document.querySelectorAll('#lesson-hints li').length === %d`, i+1), 5*time.Second)
	}
	if slices.Contains(versionLessons, l.ID) {
		screenshot(t, ctx, "class-embed-hints-"+lang+"-"+l.ID)
	}
	if len(l.Hints) > 0 && !eval[bool](t, ctx, newestHintVisibleJS) {
		t.Errorf("%s: the newest hint is out of sight", embed)
	}
	if hidden := eval[[]string](t, ctx, lessonButtonsVisibleJS); len(hidden) > 0 {
		screenshot(t, ctx, "class-embed-hints-"+lang+"-"+l.ID)
		t.Errorf("%s: with its %d hints shown, the lesson's buttons need a scroll: %s", embed, len(l.Hints), strings.Join(hidden, "; "))
	}
}

// lessonIn opens lesson id on the page variant query ("" the full page at 1366×657,
// "?embed=1" the compact page in a 960×600 frame) and restarts it, as a learner coming
// back to it does: its start at rest, whatever an earlier test left.
func lessonIn(t *testing.T, query, id string) context.Context {
	t.Helper()
	ctx := newTab(t)
	w, h := int64(1366), int64(657)
	if query != "" {
		w, h = 960, 600
	}
	do(t, ctx, fmt.Sprintf("a %d×%d window", w, h), chromedp.EmulateViewport(w, h))
	openURL(t, ctx, baseURL+"/"+query+"#lesson="+id)
	waitLesson(t, ctx, id)
	click(t, ctx, "Restart lesson")
	return ctx
}

// pageVariants are the full page and the compact page of a course page's iframe.
var pageVariants = []struct{ name, query string }{{"full", ""}, {"embedded", "?embed=1"}}
