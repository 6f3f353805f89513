package ui

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/lessonmode"
	"github.com/gcplay/gcplay/app/session"
	"github.com/gcplay/gcplay/app/store/catalog"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestLessonFragment: `#lesson=ID` names a lesson; a scenario link does not.
func TestLessonFragment(t *testing.T) {
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
	l, _, err := (&session.Library{}).Lesson("background-deletion")
	if err != nil {
		t.Fatal(err)
	}
	ws, err := session.NewAttempt(l)
	if err != nil {
		t.Fatal(err)
	}
	p := testPlayground(ws)
	p.s.Lang = "zh-CN"
	html := render(p.renderLesson(false))
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
	for _, st := range l.Solution {
		if err := lessonmode.Apply(ws, st); err != nil {
			t.Fatal(err)
		}
	}
	p.do(app.Context{}, session.CmdRunIdle)
	html = render(p.renderLesson(false))
	if strings.Count(html, `data-goal-state="met"`) != len(l.Goals) || !strings.Contains(html, `id="lesson-recap"`) ||
		!strings.Contains(html, `data-actions="1"`) || !strings.Contains(html, `data-par="1"`) || !strings.Contains(html, `id="recap-next"`) {
		t.Errorf("after the solution every goal is met and the recap shows:\n%s", html)
	}
	if !p.s.Progress[l.ID] {
		t.Error("the lesson is not marked done")
	}
	if embed := render(p.renderLesson(true)); !strings.Contains(embed, "embed-lesson") || strings.Contains(embed, "recap-traces") {
		t.Errorf("the embedded strip:\n%s", embed)
	}
}

// TestLessonEntry: a catalog entry stored before catalog.Entry.Lesson is found by its
// title, once; one with the field by its id alone, whatever its name.
func TestLessonEntry(t *testing.T) {
	l, _, err := (&session.Library{}).Lesson("orphan-deletion")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		e          catalog.Entry
		ok, legacy bool
	}{
		{catalog.Entry{Name: "Lesson: " + l.Title.In("en")}, true, true},
		{catalog.Entry{Name: lessonEntryName("zh-CN", l)}, true, true},
		{catalog.Entry{Name: "my try", Lesson: l.ID}, true, false},
		{catalog.Entry{Name: "Lesson: " + l.Title.In("en"), Lesson: "cycles"}, false, false},
		{catalog.Entry{Name: "Lesson: something else"}, false, false},
	} {
		if ok, legacy := isLessonEntry(c.e, l); ok != c.ok || legacy != c.legacy {
			t.Errorf("isLessonEntry(%+v) = %v, %v; want %v, %v", c.e, ok, legacy, c.ok, c.legacy)
		}
	}
}
