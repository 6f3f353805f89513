//go:build !js

package e2e

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// fitsJS is true when the page needs no scrolling: the compact page fits its iframe.
const fitsJS = `document.documentElement.scrollHeight <= innerHeight + 1 && document.documentElement.scrollWidth <= innerWidth + 1`

// TestEmbeddedLessonControls: the compact page of a lesson offers what its controls allow,
// as the full page does, in a 960×600 frame: finalizers' Remove button in the Inspector,
// notready-node's node toggle, and a console for owners-and-dependents; each lesson is
// finished inside it. The contract's hooks hold there too.
func TestEmbeddedLessonControls(t *testing.T) {
	ctx := newTab(t)
	do(t, ctx, "a 960×600 frame", chromedp.EmulateViewport(960, 600))
	open := func(id string) {
		t.Helper()
		openURL(t, ctx, baseURL+"/?embed=1#lesson="+id)
		waitLesson(t, ctx, id)
		if !eval[bool](t, ctx, fitsJS) {
			t.Errorf("%s: the compact page scrolls in 960×600", id)
		}
	}

	open("finalizers")
	for _, h := range []string{`#lesson`, `#lesson-goals`, `[data-graph]`, `.notice`, `xpath://button[normalize-space(.)="Fit"]`} {
		waitJS(t, ctx, "hook "+h, hookJS(h), 5*time.Second)
	}
	if tabs := eval[string](t, ctx, `[...document.querySelectorAll('[role=tab]')].map(b => b.textContent).join(',')`); tabs != "Inspector,Queues,Trace" {
		t.Errorf("tabs of the embedded finalizers lesson: %s, want Inspector,Queues,Trace", tabs)
	}
	do(t, ctx, "Hint", chromedp.Click(chromedp.CSS(`#lesson-hint`)))
	waitJS(t, ctx, "a hint in the compact page", `document.querySelectorAll('#lesson-hints li').length === 1`, 5*time.Second)
	if !eval[bool](t, ctx, fitsJS) {
		t.Errorf("the compact page scrolls in 960×600 with a hint")
	}
	selectObject(t, ctx, "ConfigMap", "bucket")
	// handled before Run until idle, which a click finds disabled otherwise (a flake under load)
	doHandled(t, ctx, "remove its finalizer", chromedp.Click(chromedp.Search(`//button[@aria-label="Remove finalizer storage.example.com/cleanup"]`)))
	click(t, ctx, "Run until idle")
	waitAllMet(t, ctx, "finalizers in the compact page")
	waitJS(t, ctx, "hook #lesson-recap", hookJS(`#lesson-recap`), 5*time.Second)
	screenshot(t, ctx, "embed-960x600-finalizers-done")

	open("notready-node")
	doHandled(t, ctx, "set node-a Ready", chromedp.Click(chromedp.CSS(`[data-node-toggle="yes:node-a"]`)))
	click(t, ctx, "Run until idle")
	waitAllMet(t, ctx, "notready-node in the compact page")
	screenshot(t, ctx, "embed-960x600-notready-done")

	openURL(t, ctx, baseURL+"/?embed=1&lang=zh-CN#lesson=owners-and-dependents")
	waitLesson(t, ctx, "owners-and-dependents")
	if s := eval[string](t, ctx, `document.querySelector('#status').textContent`); !strings.Contains(s, "个对象") {
		t.Errorf("the compact page's status in Chinese: %q", s)
	}
	do(t, ctx, "open the Console tab", chromedp.Click(tab("控制台")))
	waitJS(t, ctx, "the console", hookJS(`#console-input`)+` && `+hookJS(`#con-log`), 5*time.Second)
	screenshot(t, ctx, "embed-960x600-zh-CN-console")
	if out, errText := typeCommand(t, ctx, `kubectl patch configmap child --type=merge -p '{"metadata":{"ownerReferences":[{"apiVersion":"v1","kind":"ConfigMap","name":"parent","uid":"parent-uid"}]}}'`); errText != "" {
		t.Fatalf("patch: %q %q", out, errText)
	}
	if out, errText := typeCommand(t, ctx, `kubectl delete configmap parent`); errText != "" {
		t.Fatalf("delete: %q %q", out, errText)
	}
	click(t, ctx, "运行至空闲")
	waitAllMet(t, ctx, "owners-and-dependents in the compact page")
	screenshot(t, ctx, "embed-960x600-zh-CN-done")
}

// TestLessonScreens: a lesson in the full page and embedded in a course page (a 960×600
// iframe), in both languages, at the laptop sizes of issue 22; the embedded page fits
// its frame. The screenshots are to be looked at.
func TestLessonScreens(t *testing.T) {
	ctx := newTab(t)
	course := courseServer(t, func(r *http.Request) string {
		return strings.Replace(fmt.Sprintf(coursePage, r.URL.Query().Get("src")), `width="1100" height="700"`, `width="960" height="600"`, 1)
	})
	for _, size := range [][2]int64{{1366, 657}, {1280, 720}} {
		do(t, ctx, "resize", chromedp.EmulateViewport(size[0], size[1]))
		for _, lang := range []string{"en", "zh-CN"} {
			name := fmt.Sprintf("%dx%d-%s", size[0], size[1], lang)
			openURL(t, ctx, baseURL+"/?lang="+lang+"#lesson=finalizers")
			waitLesson(t, ctx, "finalizers")
			do(t, ctx, "Hint", chromedp.Click(chromedp.CSS(`#lesson-hint`)))
			waitJS(t, ctx, "a hint", `document.querySelectorAll('#lesson-hints li').length === 1`, 5*time.Second)
			screenshot(t, ctx, "lesson-full-"+name)

			src := "/?embed=1&lang=" + lang + "#lesson=finalizers"
			do(t, ctx, "open the course page", chromedp.Navigate("about:blank"), chromedp.Navigate(course+"?src="+url.QueryEscape(src)))
			waitJS(t, ctx, "the embedded lesson", inFrame(`document.querySelector('#lesson')?.dataset.lesson === 'finalizers'`), 60*time.Second)
			if !eval[bool](t, ctx, inFrame(`(() => { const d = document.documentElement; return d.scrollHeight <= d.clientHeight + 1 && d.scrollWidth <= d.clientWidth + 1 })()`)) {
				t.Errorf("%s: the embedded lesson scrolls inside its 960×600 frame", name)
			}
			screenshot(t, ctx, "lesson-course-embed-"+name)
		}
	}
}

// TestOpenInGcplayTellsCoursePage: a learner opens the embedded lesson in the full page
// ("Open in gcplay", a new tab) and finishes it there; the course page hears
// gcplay:lesson-complete from its iframe, with the origin and source it checks.
func TestOpenInGcplayTellsCoursePage(t *testing.T) {
	ctx := newTab(t)
	course := courseServer(t, func(*http.Request) string {
		return fmt.Sprintf(strings.Replace(coursePage, `if (e.origin !== location.origin) return;`,
			`if (e.origin !== location.origin || e.source !== document.getElementById('gcplay').contentWindow) return;`, 1), "/?embed=1#lesson=background-deletion")
	})
	do(t, ctx, "open the course page", chromedp.Navigate("about:blank"), chromedp.Navigate(course))
	waitJS(t, ctx, "the embedded lesson", inFrame(`document.querySelector('#lesson')?.dataset.lesson === 'background-deletion'`), 60*time.Second)

	// A real click on the link (a script's click would meet the popup blocker).
	xy := eval[[]float64](t, ctx, `(() => { const f = document.getElementById('gcplay').getBoundingClientRect();
		const r = window.frames[0].document.querySelector('[data-open-full]').getBoundingClientRect();
		return [f.left + r.left + r.width / 2, f.top + r.top + r.height / 2] })()`)
	opened := chromedp.WaitNewTarget(ctx, func(info *target.Info) bool { return strings.Contains(info.URL, "#ws=") })
	do(t, ctx, "click Open in gcplay", chromedp.MouseClickXY(xy[0], xy[1]))
	var id target.ID
	select {
	case id = <-opened:
	case <-time.After(20 * time.Second):
		t.Fatal("Open in gcplay opened no tab")
	}
	full, cancel := chromedp.NewContext(ctx, chromedp.WithTargetID(id))
	defer cancel()
	if err := chromedp.Do(full); err != nil { // attach with no deadline, as newVisitorTab does
		t.Fatal(err)
	}
	waitJS(t, full, "the full page", readyJS, 60*time.Second)
	waitLesson(t, full, "background-deletion")
	deleteWith(t, full, "Deployment", "web", "Background")
	click(t, full, "Run until idle")
	waitAllMet(t, full, "the lesson in the full page")
	waitJS(t, ctx, "gcplay:lesson-complete on the course page", `window.messages.some(m => m.type === 'gcplay:lesson-complete' && m.lesson === 'background-deletion' && m.actions === 1)`, 10*time.Second)
}
