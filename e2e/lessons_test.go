//go:build !js

package e2e

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/app/lessonmode"
	"github.com/gcplay/gcplay/lessons"
)

// goalsJS is every goal's data-goal-state, in order.
const goalsJS = `[...document.querySelectorAll('#lesson-goals [data-goal]')].map(g => g.dataset.goalState)`

func waitLesson(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	waitJS(t, ctx, "lesson "+id, fmt.Sprintf(`document.querySelector('#lesson')?.dataset.lesson === %q`, id), 20*time.Second)
}

func waitAllMet(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	waitJS(t, ctx, what, `(g => g.length > 0 && g.every(s => s.dataset.goalState === 'met'))([...document.querySelectorAll('#lesson-goals [data-goal]')])`, 30*time.Second)
}

// TestLessonByLink opens lesson 2 by its link, meets its goals with the learner's clicks
// (select, policy, Delete, Run until idle: API-10 then DEL-9c down the tree), sees the
// recap with the action count against par, and finds its progress after a reload.
func TestLessonByLink(t *testing.T) {
	ctx := newTab(t)
	openURL(t, ctx, baseURL+"/#lesson=background-deletion")
	waitLesson(t, ctx, "background-deletion")
	if got := eval[[]string](t, ctx, goalsJS); len(got) != 4 || got[0] != "unmet" || got[3] != "unmet" {
		t.Fatalf("goals at the start: %v", got)
	}
	// The lesson uses delete and step only: no Create or Console tab.
	if tabs := eval[string](t, ctx, `[...document.querySelectorAll('[role=tab]')].map(b => b.textContent).join(',')`); tabs != "Inspector,Export" {
		t.Errorf("tabs in the lesson: %s, want Inspector,Export", tabs)
	}
	click(t, ctx, "Hint")
	waitJS(t, ctx, "a hint", `document.querySelectorAll('#lesson-hints li').length === 1`, 5*time.Second)
	screenshot(t, ctx, "lesson-en-progress")
	deleteWith(t, ctx, "Deployment", "web", "Background")
	waitJS(t, ctx, "the policy goal", `document.querySelector('[data-goal="0"]').dataset.goalState === 'met'`, 10*time.Second)
	click(t, ctx, "Run until idle")
	waitAllMet(t, ctx, "every goal met")
	waitJS(t, ctx, "the recap", `document.querySelector('#lesson-recap .recap-par')?.dataset.actions === '1'`, 10*time.Second)
	if par := eval[string](t, ctx, `document.querySelector('#lesson-recap .recap-par').dataset.par`); par != "1" {
		t.Errorf("par %s, want 1", par)
	}
	screenshot(t, ctx, "lesson-en-recap")

	// Progress and the attempt survive a reload: the page reopens the attempt in lesson
	// mode, its goals still met, and the picker marks the lesson done.
	waitSaved(t, ctx)
	openURL(t, ctx, baseURL+"/")
	waitLesson(t, ctx, "background-deletion")
	waitAllMet(t, ctx, "the goals after a reload")
	do(t, ctx, "open the lesson picker", chromedp.Click(chromedp.CSS(`#lessons-open`)))
	waitJS(t, ctx, "progress", `document.querySelector('.lesson-item[data-lesson="background-deletion"]')?.dataset.progress === 'done'`, 10*time.Second)
	if next := eval[string](t, ctx, `document.querySelector('#lessons-next').dataset.lesson`); next != "owners-and-dependents" {
		t.Errorf("next lesson %q, want owners-and-dependents (lesson 1 is not done)", next)
	}
	screenshot(t, ctx, "lessons-picker-en")

	// An unknown lesson says so and changes nothing.
	do(t, ctx, "close the picker", chromedp.Click(button("Close")))
	openURL(t, ctx, baseURL+"/#lesson=no-such-lesson")
	waitJS(t, ctx, "the notice", `document.querySelector('.notice-error')?.textContent.includes('no-such-lesson')`, 10*time.Second)
}

// TestLessonSolutions plays Show solution of every builtin lesson: each meets every goal,
// as `gcplay lessons check` says headless. Each lesson is screenshot in both languages.
func TestLessonSolutions(t *testing.T) {
	ls, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	ctx := newTab(t)
	// Chinese first, so that its screenshots show each lesson before it is solved.
	for _, lang := range []string{"zh-CN", "en"} {
		for i, l := range ls {
			openURL(t, ctx, baseURL+"/?lang="+lang+"#lesson="+l.ID)
			waitLesson(t, ctx, l.ID)
			if lang == "en" {
				click(t, ctx, "Show solution")
				waitAllMet(t, ctx, "the solution of "+l.ID)
			}
			screenshot(t, ctx, fmt.Sprintf("lesson-%s-%02d-%s", lang, i+1, l.ID))
		}
	}
	// The attempt saved above may hold the solution half played (the page saves a moment
	// after each change, and the next lesson opened at once): play it again here, in a
	// tab of its own (in the tab where it was solved, the replay hides the recap
	// meanwhile), and wait for the recap before scrolling to it.
	ctx = newTab(t)
	openURL(t, ctx, baseURL+"/?lang=zh-CN#lesson=background-deletion")
	waitLesson(t, ctx, "background-deletion")
	click(t, ctx, "演示答案")
	waitAllMet(t, ctx, "the solved lesson in Chinese")
	waitJS(t, ctx, "the recap shown", `(r => r !== null && r.getClientRects().length > 0)(document.querySelector('#lesson-recap'))`, 20*time.Second)
	do(t, ctx, "scroll to the recap", chromedp.ScrollIntoView(chromedp.CSS(`#lesson-recap`)))
	screenshot(t, ctx, "lesson-zh-CN-recap")
	do(t, ctx, "open the lesson picker", chromedp.Click(chromedp.CSS(`#lessons-open`)))
	waitJS(t, ctx, "the picker", `document.querySelectorAll('.lesson-item').length === `+fmt.Sprint(len(ls)), 10*time.Second)
	screenshot(t, ctx, "lessons-picker-zh-CN")
}

// TestLessonLegacyLink: a #ws= link of an attempt shared before workspace.Attempt (no
// "lesson" field, the lesson only in the session's name "lesson:ID") still opens in
// lesson mode, its goals met, and Restart lesson goes back to its start at rest.
func TestLessonLegacyLink(t *testing.T) {
	ls, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	l, _ := lessons.ByID(ls, "background-deletion")
	ws, err := lessonmode.Open(l, "lesson:"+l.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range l.Solution {
		if err := lessonmode.Apply(ws, st); err != nil {
			t.Fatal(err)
		}
	}
	if err := ws.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	var saved map[string]any
	if err := json.Unmarshal(ws.Marshal(), &saved); err != nil {
		t.Fatal(err)
	}
	delete(saved, "lesson")
	old, _ := json.Marshal(saved)
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(old)
	zw.Close()

	ctx := newTab(t)
	openURL(t, ctx, baseURL+"/#ws="+base64.RawURLEncoding.EncodeToString(z.Bytes()))
	waitLesson(t, ctx, l.ID)
	waitAllMet(t, ctx, "the legacy attempt's goals")
	do(t, ctx, "restart the lesson", chromedp.Click(chromedp.CSS(`#lesson-reset`)))
	waitJS(t, ctx, "the goals at rest", `[...document.querySelectorAll('#lesson-goals [data-goal]')].every(g => g.dataset.goalState === 'unmet')`, 10*time.Second)
}
