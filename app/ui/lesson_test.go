package ui

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/lessonmode"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/lessons"
)

// TestLessonOfWorkspace: an attempt is found again from its workspace's name (kept by
// Marshal, so a reload returns to lesson mode); other workspaces are not lessons.
func TestLessonOfWorkspace(t *testing.T) {
	ls, err := builtinLessons()
	if err != nil {
		t.Fatal(err)
	}
	l, _ := lessons.ByID(ls, "orphan-deletion")
	ws, err := lessonmode.Open(l, lessonWorkspacePrefix+l.ID)
	if err != nil {
		t.Fatal(err)
	}
	back, err := workspace.Unmarshal(ws.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := lessonOf(back); !ok || got.ID != l.ID {
		t.Errorf("lessonOf(reloaded attempt) = %v, %v", got, ok)
	}
	ex, _, err := workspace.OpenExample(workspace.DefaultExample)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := lessonOf(ex); ok {
		t.Error("an example is taken for a lesson")
	}
	if id, ok := lessonFragment("lesson=cycles"); !ok || id != "cycles" {
		t.Errorf("lessonFragment = %q, %v", id, ok)
	}
	if _, ok := lessonFragment("scenario=abc"); ok {
		t.Error("a scenario link is taken for a lesson link")
	}
}

// TestLessonPanelContract: each goal is an element with data-goal and data-goal-state;
// the recap shows once every goal holds, with the actions against par.
func TestLessonPanelContract(t *testing.T) {
	ls, _ := builtinLessons()
	l, _ := lessons.ByID(ls, "background-deletion")
	p := &Playground{lang: "zh-CN"}
	ws, err := lessonmode.Open(l, lessonWorkspacePrefix+l.ID)
	if err != nil {
		t.Fatal(err)
	}
	p.ws = ws
	p.startLesson(ws)
	html := render(p.renderLesson())
	for i := range l.Goals {
		if !strings.Contains(html, `data-goal="`+string(rune('0'+i))+`"`) {
			t.Errorf("goal %d has no data-goal", i)
		}
	}
	if strings.Count(html, `data-goal-state="unmet"`) != len(l.Goals) || strings.Contains(html, "lesson-recap") {
		t.Errorf("at the start every goal is unmet and there is no recap:\n%s", html)
	}
	if !strings.Contains(html, l.Title.In("zh-CN")) || !strings.Contains(html, "演示答案") {
		t.Error("the panel is not in Chinese")
	}
	playSolution(t, ws, l)
	p.judge()
	html = render(p.renderLesson())
	if strings.Count(html, `data-goal-state="met"`) != len(l.Goals) || !strings.Contains(html, `id="lesson-recap"`) ||
		!strings.Contains(html, `data-actions="1"`) || !strings.Contains(html, `data-par="1"`) {
		t.Errorf("after the solution every goal is met and the recap shows:\n%s", html)
	}
	if !p.progress[l.ID] {
		t.Error("the lesson is not marked done")
	}
}

// TestShownSolutionIsNotProgress: goals met by Show solution do not mark the lesson done.
func TestShownSolutionIsNotProgress(t *testing.T) {
	ls, _ := builtinLessons()
	l, _ := lessons.ByID(ls, "background-deletion")
	ws, err := lessonmode.Open(l, lessonWorkspacePrefix+l.ID)
	if err != nil {
		t.Fatal(err)
	}
	p := &Playground{lang: "en", ws: ws}
	p.startLesson(ws)
	p.lesson.shown = true
	playSolution(t, ws, l)
	p.judge()
	if !p.lesson.done || p.progress[l.ID] {
		t.Errorf("after Show solution: done %v (want true), progress %v (want false)", p.lesson.done, p.progress[l.ID])
	}
}

// playSolution plays the lesson's reference solution on ws, then runs until idle.
func playSolution(t *testing.T, ws *workspace.Workspace, l *lessons.Lesson) {
	t.Helper()
	for _, st := range l.Solution {
		if err := lessonmode.Apply(ws, st); err != nil {
			t.Fatal(err)
		}
	}
	if err := ws.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
}
