//go:build !js

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/lessons"
)

// openFromPicker opens lesson id from the picker (#lessons-open, then its entry).
func openFromPicker(t *testing.T, ctx context.Context, opener, id string) {
	t.Helper()
	do(t, ctx, "open the lesson picker", chromedp.Click(chromedp.CSS(opener)))
	do(t, ctx, "pick "+id, chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-lesson=%q] button.lesson-open`, id))))
	waitLesson(t, ctx, id)
}

// TestLessonSwitchHintLeave: a hint works in a lesson opened from another lesson's
// "Other lessons" (the Hint button once kept the first lesson), and Leave then picking the
// same lesson again re-enters lesson mode.
func TestLessonSwitchHintLeave(t *testing.T) {
	ctx := newTab(t)
	for _, lang := range []string{"en", "zh-CN"} {
		openURL(t, ctx, baseURL+"/?lang="+lang+"#lesson=owners-and-dependents")
		waitLesson(t, ctx, "owners-and-dependents")
		openFromPicker(t, ctx, `#lesson-next`, "finalizers")
		do(t, ctx, "click Hint", chromedp.Click(chromedp.CSS(`#lesson-hint`)))
		waitJS(t, ctx, "a hint after switching lessons ("+lang+")", `document.querySelectorAll('#lesson-hints li').length === 1`, 5*time.Second)

		do(t, ctx, "Leave", chromedp.Click(chromedp.CSS(`#lesson-exit`)))
		waitJS(t, ctx, "no lesson", `document.querySelector('#lesson') === null`, 5*time.Second)
		openFromPicker(t, ctx, `#lessons-open`, "finalizers")
		if n := eval[int](t, ctx, `document.querySelectorAll('#lesson-goals [data-goal]').length`); n == 0 {
			t.Errorf("%s: no goals after picking the lesson left", lang)
		}
	}
}

// TestLessonNextAndNumbers: the picker numbers the lessons in the order they are taught,
// and the recap's "Next lesson" (下一课) opens the next one.
func TestLessonNextAndNumbers(t *testing.T) {
	ls, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var ctx context.Context
	for _, c := range []struct{ lang, solve, next string }{{"en", "Show solution", "Next lesson"}, {"zh-CN", "演示答案", "下一课"}} {
		// A tab of its own per language: in a tab where the lesson was solved, its
		// attempt reopens solved, and Show solution replays it with the recap hidden
		// meanwhile (a flake: the recap gone when the test scrolled to it).
		ctx = newTab(t)
		openURL(t, ctx, baseURL+"/?lang="+c.lang+"#lesson=background-deletion")
		waitLesson(t, ctx, "background-deletion")
		click(t, ctx, c.solve)
		waitAllMet(t, ctx, "the solution")
		do(t, ctx, "scroll to the recap", chromedp.ScrollIntoView(chromedp.CSS(`#lesson-recap`)))
		screenshot(t, ctx, "lesson-recap-next-"+c.lang)
		click(t, ctx, c.next)
		waitLesson(t, ctx, ls[2].ID)
	}
	do(t, ctx, "open the lesson picker", chromedp.Click(chromedp.CSS(`#lessons-open`)))
	waitJS(t, ctx, "the picker", `document.querySelectorAll('.lesson-item').length > 0`, 10*time.Second)
	got := eval[[]string](t, ctx, `[...document.querySelectorAll('.lesson-item')].map(li => li.querySelector('.lesson-num').textContent + li.dataset.lesson)`)
	var want []string
	for i, l := range ls {
		want = append(want, fmt.Sprintf("%d.%s", i+1, l.ID))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("picker:\n got %v\nwant %v", got, want)
	}
	screenshot(t, ctx, "lessons-picker-order")
}

// TestLessonDeadEnds: an empty graph in a lesson without a Create tab does not send the
// learner there, and notready-node's force delete, typed as kubectl users type it, works
// in its console and finishes the lesson.
func TestLessonDeadEnds(t *testing.T) {
	ctx := newTab(t)
	openURL(t, ctx, baseURL+"/#lesson=background-deletion")
	waitLesson(t, ctx, "background-deletion")
	click(t, ctx, "Show solution")
	waitAllMet(t, ctx, "the solution")
	waitJS(t, ctx, "the empty graph", `document.querySelector('.graph-empty') !== null`, 10*time.Second)
	if got := eval[string](t, ctx, `document.querySelector('.graph-empty').textContent`); got != "No objects." {
		t.Errorf("the empty graph says %q in a lesson without Create", got)
	}

	openURL(t, ctx, baseURL+"/#lesson=notready-node")
	waitLesson(t, ctx, "notready-node")
	do(t, ctx, "open the Console tab", chromedp.Click(tab("Console")))
	out, errText := typeCommand(t, ctx, "kubectl delete pod web-hjslb5h-rrvh5 -n default --grace-period=0 --force --wait=false")
	if errText != "" || !strings.Contains(out, "force deleted") {
		t.Fatalf("force delete: %q %q", out, errText)
	}
	click(t, ctx, "Run until idle")
	waitAllMet(t, ctx, "notready-node after a force delete")
	screenshot(t, ctx, "lesson-notready-force-delete")
}
