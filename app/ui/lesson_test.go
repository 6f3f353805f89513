package ui

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/lessonmode"
	"github.com/gcplay/gcplay/app/store/catalog"
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

// work is the scenario parses and runs the lessons and the workspaces did so far.
func work() (parses, runs int64) {
	lp, lr := lessons.Work()
	wp, wr := workspace.Work()
	return lp + wp, lr + wr
}

// TestLessonOpensOnce: opening a fresh lesson, as Lessons and `#lesson=ID` do (the lesson
// parsed from the page's shelf, its attempt created, the page put in lesson mode),
// parses its start scenario once and runs it to idle once (issue 24.4; before: three
// parses, the lesson's and two workspaces', and three runs, two to idle and the
// reference solution's). Reopening the saved attempt runs nothing more.
func TestLessonOpensOnce(t *testing.T) {
	shelf, err := lessons.BuiltinShelf()
	if err != nil {
		t.Fatal(err)
	}
	setPageLessons(shelf)
	defer setPageLessons(nil)
	for _, id := range []string{"background-deletion", "job-pods-left"} {
		parses, runs := work()
		l, ok, err := pageLesson(id)
		if err != nil || !ok {
			t.Fatalf("%s: %v %v", id, ok, err)
		}
		ws, err := newAttempt(l)
		if err != nil {
			t.Fatal(err)
		}
		p := &Playground{lang: "en"}
		p.open(ws)
		if p.lesson == nil || p.lesson.l != l {
			t.Fatalf("%s: not in lesson mode", id)
		}
		p2, r2 := work()
		if p2-parses != 1 || r2-runs != 1 {
			t.Errorf("%s: opening the lesson parsed its start %d times and ran it %d times, want 1 and 1", id, p2-parses, r2-runs)
		}
		// Reloaded: the saved attempt is replayed (one parse, no run to idle) and knows
		// its start at rest.
		back, err := workspace.Unmarshal(ws.Marshal())
		if err != nil {
			t.Fatal(err)
		}
		p3, r3 := work()
		p.open(back)
		if p4, r4 := work(); p4 != p3 || r4 != r3 {
			t.Errorf("%s: lesson mode on the reloaded attempt parsed %d and ran %d, want 0 and 0", id, p4-p3, r4-r3)
		}
		if p.lesson == nil || p.lesson.rest != ws.Position() {
			t.Errorf("%s: reloaded attempt: lesson %v, rest (want %d)", id, p.lesson, ws.Position())
		}
	}
}

// TestLegacyAttempt: an attempt saved before workspace.Attempt (no field, the lesson in
// its name "lesson:ID") and an old #ws= link of one still open in lesson mode, with the
// same start at rest as a new attempt; once measured, it saves the field. A catalog
// entry stored before catalog.Entry.Lesson is found by its title, once; one with the
// field by its id alone, whatever its name.
func TestLegacyAttempt(t *testing.T) {
	ls, _ := builtinLessons()
	l, _ := lessons.ByID(ls, "orphan-deletion")
	ws, err := newAttempt(l)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(ws.Marshal(), &m); err != nil {
		t.Fatal(err)
	}
	if m["lesson"] == nil {
		t.Fatalf("a new attempt saves no lesson field: %v", m)
	}
	delete(m, "lesson")
	old, _ := json.Marshal(m)
	for _, open := range []func() (*workspace.Workspace, error){
		func() (*workspace.Workspace, error) { return workspace.Unmarshal(old) },
		func() (*workspace.Workspace, error) { return workspace.DecodeShare("", shareOf(old)) },
	} {
		back, err := open()
		if err != nil {
			t.Fatal(err)
		}
		p := &Playground{lang: "zh-CN"}
		p.open(back)
		if p.lesson == nil || p.lesson.l.ID != l.ID || p.lesson.rest != ws.Position() {
			t.Fatalf("legacy attempt: lesson mode %+v, want %s at rest %d", p.lesson, l.ID, ws.Position())
		}
		if a, ok := back.Attempt(); !ok || a != (workspace.Attempt{Lesson: l.ID, Rest: ws.Position()}) {
			t.Errorf("legacy attempt after lesson mode: %+v %v", a, ok)
		}
		if !strings.Contains(string(back.Marshal()), `"lesson":{"id":"orphan-deletion"`) {
			t.Error("the migrated attempt does not save its lesson field")
		}
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

// shareOf is a #ws= value of a saved session, as EncodeShare writes one.
func shareOf(saved []byte) string {
	var buf bytes.Buffer
	zw := zlib.NewWriter(&buf)
	zw.Write(saved)
	zw.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}
