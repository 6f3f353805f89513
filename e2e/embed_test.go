//go:build !js

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/internal/site"
	"github.com/gcplay/gcplay/lessons"
)

// coursePage is a course page embedding gcplay with the snippet the Share dialog gives,
// listening for its messages as README "Embedding" tells a parent to: checking the origin.
const coursePage = `<!doctype html><html><head><title>Course</title></head><body>
<h1>Deletion propagation, part 2</h1>
<iframe id="gcplay" src="%s" width="1100" height="700" style="border:0" title="gcplay"></iframe>
<script>
window.messages = [];
addEventListener("message", (e) => {
  if (e.origin !== location.origin) return; // only gcplay's own messages
  if (typeof e.data?.type === "string" && e.data.type.startsWith("gcplay:")) window.messages.push(e.data);
});
</script></body></html>`

// courseServer serves gcplay and, at /course.html, a course page (page writes it for each
// request); it returns the course page's URL and stops when the test ends.
func courseServer(t *testing.T, page func(*http.Request) string) string {
	mux := http.NewServeMux()
	mux.Handle("/", siteHandler)
	mux.HandleFunc("/course.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page(r))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL + "/course.html"
}

// inFrame evaluates js in the embedded page's document (same origin here).
func inFrame(js string) string {
	return `(() => { const document = window.frames[0]?.document; if (!document) return false; return ` + js + ` })()`
}

// TestEmbeddedLessonPostsMessages: a course page embeds lesson 2 (?embed=1#lesson=…): the
// compact page shows the lesson's goals; the learner's clicks inside the iframe meet
// them, and the page posts gcplay:goal-met for each goal and gcplay:lesson-complete with
// the action count to its parent. Show solution posts nothing (the goals are not the
// learner's). "Open in gcplay" carries the attempt to the full page in lesson mode.
func TestEmbeddedLessonPostsMessages(t *testing.T) {
	ctx := newTab(t)
	course := courseServer(t, func(*http.Request) string { return fmt.Sprintf(coursePage, "/?embed=1#lesson=background-deletion") })
	do(t, ctx, "open the course page", chromedp.Navigate("about:blank"), chromedp.Navigate(course))
	waitJS(t, ctx, "the embedded lesson", inFrame(`document.querySelector('#lesson')?.dataset.lesson === 'background-deletion'`), 60*time.Second)
	if n := eval[int](t, ctx, inFrame(`document.querySelectorAll('#lesson-goals [data-goal-state="unmet"]').length`)); n != 4 {
		t.Fatalf("%d unmet goals in the embedded lesson, want 4", n)
	}
	if open := eval[string](t, ctx, inFrame(`document.querySelector('[data-open-full]').href`)); !strings.Contains(open, "#ws=") {
		t.Errorf("Open in gcplay links to %q, want a #ws= link", open)
	}
	screenshot(t, ctx, "embed-lesson-start")

	// The learner: select Deployment web, pick Background, Delete, Run until idle.
	clickJS := func(what, js string) {
		t.Helper()
		waitJS(t, ctx, what, inFrame(`(el => { if (!el) return false; el.dispatchEvent(new MouseEvent('click', {bubbles: true})); return true })(`+js+`)`), 10*time.Second)
	}
	byText := func(text string) string {
		return fmt.Sprintf(`[...document.querySelectorAll('button')].find(b => b.textContent.trim() === %q && !b.disabled)`, text)
	}
	clickJS("Deployment web", `document.querySelector('[data-kind="Deployment"][data-name="web"]')`)
	waitJS(t, ctx, "the selection", inFrame(`document.querySelector('.sel-name')?.textContent.includes('web')`), 10*time.Second)
	clickJS("Background", `document.querySelector('input[type=radio][value="Background"]')`)
	clickJS("Delete", byText("Delete"))
	waitJS(t, ctx, "the first goal met", inFrame(`document.querySelector('[data-goal="0"]').dataset.goalState === 'met'`), 10*time.Second)
	clickJS("Run until idle", byText("Run until idle"))
	waitJS(t, ctx, "every goal met", inFrame(`[...document.querySelectorAll('#lesson-goals [data-goal]')].every(g => g.dataset.goalState === 'met')`), 30*time.Second)
	waitJS(t, ctx, "gcplay:lesson-complete", `window.messages.some(m => m.type === 'gcplay:lesson-complete')`, 10*time.Second)
	screenshot(t, ctx, "embed-lesson-done")

	var msgs []map[string]any
	msgs = eval[[]map[string]any](t, ctx, `window.messages`)
	goals := map[float64]bool{}
	var complete map[string]any
	for _, m := range msgs {
		if m["lesson"] != "background-deletion" {
			t.Errorf("message for lesson %v", m["lesson"])
		}
		switch m["type"] {
		case "gcplay:goal-met":
			g, _ := m["goal"].(float64)
			if goals[g] {
				t.Errorf("goal %v told twice", g)
			}
			goals[g] = true
		case "gcplay:lesson-complete":
			complete = m
		default:
			t.Errorf("unexpected message %v", m)
		}
	}
	if len(goals) != 4 || complete == nil || complete["actions"] != float64(1) || complete["par"] != float64(1) {
		t.Errorf("messages %v: want goal-met for goals 0-3 and lesson-complete with 1 action, par 1", msgs)
	}

	// Show solution in the iframe tells the parent nothing.
	eval[bool](t, ctx, `(window.messages = [], true)`)
	clickJS("Show solution", byText("Show solution"))
	// The button is disabled while the solution plays (one step per 400 ms): first see it
	// start, then end with every goal met again.
	waitJS(t, ctx, "the solution playing", inFrame(`document.querySelector('#lesson-solution').disabled`), 10*time.Second)
	waitJS(t, ctx, "the solution played", inFrame(`document.querySelector('#lesson')?.dataset.done === 'true' && !document.querySelector('#lesson-solution').disabled`), 30*time.Second)
	if n := eval[int](t, ctx, `window.messages.length`); n != 0 {
		t.Errorf("Show solution posted %d message(s)", n)
	}

	// Open in gcplay: the attempt, as a #ws= link, reopens in lesson mode on the full page.
	full := eval[string](t, ctx, inFrame(`document.querySelector('[data-open-full]').href`))
	openURL(t, ctx, full)
	waitLesson(t, ctx, "background-deletion")
	waitAllMet(t, ctx, "the goals on the full page")
}

// TestWorkshopLessons: a site served with a workshop folder (gcplay serve --lessons DIR)
// teaches that folder's lessons, in its order, with the teacher's text: the picker lists
// them, a #lesson= link opens one, and Show solution meets its goals.
func TestWorkshopLessons(t *testing.T) {
	dir := t.TempDir()
	for _, id := range []string{"orphan-deletion", "background-deletion"} {
		b, err := os.ReadFile(filepath.Join(repoRoot, "lessons", "builtin", id+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		if id == "background-deletion" {
			b = []byte(strings.Replace(string(b), "  en: Background deletion\n", "  en: \"Workshop: background deletion\"\n", 1))
		}
		if err := os.WriteFile(filepath.Join(dir, id+".yaml"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "order.yaml"), []byte("lessons:\n- background-deletion\n- orphan-deletion\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bundle, err := lessons.Bundle(context.Background(), dir) // what gcplay serve --lessons DIR checks and ships
	if err != nil {
		t.Fatal(err)
	}
	s, err := site.Load(filepath.Join(siteRoot, "web"), "/", site.Served)
	if err != nil {
		t.Fatal(err)
	}
	s.AddLessons(bundle)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	ctx := newTab(t)
	openURL(t, ctx, srv.URL+"/#lesson=background-deletion")
	waitLesson(t, ctx, "background-deletion")
	if title := eval[string](t, ctx, `document.querySelector('#lesson h2').textContent`); title != "Workshop: background deletion" {
		t.Errorf("lesson title %q: not the workshop's", title)
	}
	click(t, ctx, "Show solution")
	waitAllMet(t, ctx, "the workshop lesson's goals")
	do(t, ctx, "open the lesson picker", chromedp.Click(chromedp.CSS(`#lessons-open`)))
	waitJS(t, ctx, "the workshop's two lessons", `document.querySelectorAll('.lesson-item').length === 2`, 10*time.Second)
	if order := eval[string](t, ctx, `[...document.querySelectorAll('.lesson-item')].map(e => e.dataset.lesson).join(',')`); order != "background-deletion,orphan-deletion" {
		t.Errorf("picker order %s", order)
	}
	screenshot(t, ctx, "workshop-picker")
}

// TestChinesePanels opens every panel and dialog of the page in Chinese (?lang=zh-CN) and
// finds none of our English labels, nor the inspector's "why" in English, in what it shows;
// the screenshots are looked at for tofu and clipped text. Kubernetes terms, the trace and
// kubectl's own output stay English.
func TestChinesePanels(t *testing.T) {
	ctx := newTab(t)
	openURL(t, ctx, baseURL+"/?lang=zh-CN#scenario="+workspace.EncodeLink(example(t, "deployment")))
	english := []string{"Create an object", "Or paste YAML", "Run command", "Session as scenario", "Link to this session",
		"Why is it not deleted yet?", "Add finalizer", "Share link", "Copy embed snippet", "New workspace from", "Zoom in",
		"The garbage collector has not seen it yet", "Nothing deletes it"}
	noEnglish := func(where string) {
		t.Helper()
		text := eval[string](t, ctx, `document.body.innerText + [...document.querySelectorAll('[title],[aria-label]')].map(e => (e.title || '') + (e.getAttribute('aria-label') || '')).join(' ')`)
		for _, s := range english {
			if strings.Contains(text, s) {
				t.Errorf("%s: English label %q in the Chinese page", where, s)
			}
		}
	}
	for _, tab := range []string{"创建", "控制台", "导出"} {
		do(t, ctx, "open the "+tab+" tab", chromedp.Click(chromedp.Search(fmt.Sprintf(`//button[@role="tab" and normalize-space(.)=%q]`, tab))))
		noEnglish(tab)
		screenshot(t, ctx, "zh-CN-tab-"+map[string]string{"创建": "create", "控制台": "console", "导出": "export"}[tab])
	}
	selectObject(t, ctx, "Deployment", "web")
	do(t, ctx, "open the inspector", chromedp.Click(chromedp.Search(`//button[@role="tab" and normalize-space(.)="检查器"]`)))
	noEnglish("检查器")
	screenshot(t, ctx, "zh-CN-inspector")
	do(t, ctx, "open Share", chromedp.Click(button("分享")))
	waitJS(t, ctx, "the share dialog", `document.querySelector('[data-share-url]') !== null`, 10*time.Second)
	noEnglish("分享")
	screenshot(t, ctx, "zh-CN-share")
	do(t, ctx, "close Share", chromedp.Click(button("关闭")))
	waitJS(t, ctx, "the dialog closed", `document.querySelector('.overlay') === null`, 10*time.Second)
	do(t, ctx, "open the workspaces menu", chromedp.Click(button("工作区")))
	waitJS(t, ctx, "the workspaces menu", `document.querySelector('.ws-panel') !== null`, 10*time.Second)
	noEnglish("工作区")
	screenshot(t, ctx, "zh-CN-workspaces")
}
