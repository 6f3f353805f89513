package session

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/lessonmode"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/lessons"
)

// lesson is built-in lesson id.
func lesson(t *testing.T, id string) *lessons.Lesson {
	t.Helper()
	l, ok, err := (&Library{}).Lesson(id)
	if err != nil || !ok {
		t.Fatalf("lesson %s: %v %v", id, ok, err)
	}
	return l
}

// attempt is a session in lang open on a new attempt at lesson id.
func attempt(t *testing.T, lang, id string) (*Session, *lessons.Lesson) {
	t.Helper()
	l := lesson(t, id)
	ws, err := NewAttempt(l)
	if err != nil {
		t.Fatal(err)
	}
	s := New(lang, &Library{})
	s.Open(ws)
	if s.Lesson() == nil || s.Lesson().L != l {
		t.Fatalf("%s: not in lesson mode", id)
	}
	return s, l
}

// TestLessonOfWorkspace: an attempt is found again from its saved workspace (kept by
// Marshal, so a reload returns to lesson mode); other workspaces are not lessons.
func TestLessonOfWorkspace(t *testing.T) {
	l := lesson(t, "orphan-deletion")
	ws, err := lessonmode.Open(l, LessonPrefix+l.ID)
	if err != nil {
		t.Fatal(err)
	}
	back, err := workspace.Unmarshal(ws.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	lib := &Library{}
	if got, ok := lib.LessonOf(back); !ok || got.ID != l.ID {
		t.Errorf("LessonOf(reloaded attempt) = %v, %v", got, ok)
	}
	ex, _, err := workspace.OpenExample(workspace.DefaultExample)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := lib.LessonOf(ex); ok {
		t.Error("an example is taken for a lesson")
	}
}

// TestLessonEvents: the learner's solution meets each goal once, told as a GoalMet event,
// then completes the lesson (LessonComplete with the actions against par) and marks it
// done; judging again tells nothing new.
func TestLessonEvents(t *testing.T) {
	s, l := attempt(t, "en", "background-deletion")
	if ev := s.TakeEvents(); len(ev) != 0 {
		t.Fatalf("opening the lesson told %+v", ev)
	}
	playSolution(t, s, l)
	ev := s.TakeEvents()
	var met []int
	var done *Event
	for i := range ev {
		switch ev[i].Kind {
		case GoalMet:
			met = append(met, ev[i].Goal)
		case LessonComplete:
			done = &ev[i]
		}
	}
	if len(met) != len(l.Goals) || done == nil || done.Lesson != l.ID || done.Actions != 1 || done.Par != l.Par() {
		t.Fatalf("events %+v, want %d goals met and the lesson complete in 1 action", ev, len(l.Goals))
	}
	if r := s.Lesson(); !r.Done || r.Actions != 1 || !s.Progress[l.ID] {
		t.Errorf("after the solution: done %v, actions %d, progress %v", r.Done, r.Actions, s.Progress)
	}
	if err := s.Do(CmdStep); err != nil {
		t.Fatal(err)
	}
	if ev := s.TakeEvents(); len(ev) != 0 {
		t.Errorf("a step after completing told %+v again", ev)
	}
}

// playSolution plays the lesson's reference solution as the learner would (the steps of
// lessonmode.Apply), then runs until idle.
func playSolution(t *testing.T, s *Session, l *lessons.Lesson) {
	t.Helper()
	for _, st := range l.Solution {
		if err := lessonmode.Apply(s.Workspace(), st); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Do(CmdRunIdle); err != nil {
		t.Fatal(err)
	}
}

// TestShownSolutionIsNotProgress: Show solution, played step by step as the page paces it,
// meets every goal, but neither marks the lesson done nor tells an embedding page;
// Restart lesson returns to the start at rest and counts the learner's goals again.
func TestShownSolutionIsNotProgress(t *testing.T) {
	s, l := attempt(t, "en", "background-deletion")
	if err := s.ShowSolution(); err != nil {
		t.Fatal(err)
	}
	steps := 0
	for more := true; more; steps++ {
		var err error
		if more, err = s.SolutionStep(); err != nil {
			t.Fatal(err)
		}
		if steps > 1000 {
			t.Fatal("the solution never ends")
		}
	}
	r := s.Lesson()
	if !r.Done || r.Solving != -1 || s.Progress[l.ID] || len(s.TakeEvents()) != 0 {
		t.Errorf("after Show solution: done %v (want true), solving %d, progress %v (want none)", r.Done, r.Solving, s.Progress)
	}
	if err := s.RestartLesson(); err != nil {
		t.Fatal(err)
	}
	if r.Done || s.View().Position != r.rest {
		t.Errorf("after Restart lesson: done %v, position %d, want the rest %d", r.Done, s.View().Position, r.rest)
	}
	playSolution(t, s, l)
	if !s.Progress[l.ID] {
		t.Error("the learner's own solution after a restart is not progress")
	}
}

// work is the scenario parses and runs the lessons and the workspaces did so far.
func work() (parses, runs int64) {
	lp, lr := lessons.Work()
	wp, wr := workspace.Work()
	return lp + wp, lr + wr
}

// TestLessonOpensOnce: opening a fresh lesson, as Lessons and `#lesson=ID` do (the lesson
// parsed from the page's shelf, its attempt created, the session put in lesson mode),
// parses its start scenario once and runs it to idle once (issue 24.4; before: three
// parses, the lesson's and two workspaces', and three runs, two to idle and the
// reference solution's). Reopening the saved attempt runs nothing more.
func TestLessonOpensOnce(t *testing.T) {
	shelf, err := lessons.BuiltinShelf()
	if err != nil {
		t.Fatal(err)
	}
	lib := &Library{}
	lib.SetShelf(shelf)
	for _, id := range []string{"background-deletion", "job-pods-left"} {
		parses, runs := work()
		l, ok, err := lib.Lesson(id)
		if err != nil || !ok {
			t.Fatalf("%s: %v %v", id, ok, err)
		}
		ws, err := NewAttempt(l)
		if err != nil {
			t.Fatal(err)
		}
		s := New("en", lib)
		s.Open(ws)
		if s.Lesson() == nil || s.Lesson().L != l {
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
		s.Open(back)
		if p4, r4 := work(); p4 != p3 || r4 != r3 {
			t.Errorf("%s: lesson mode on the reloaded attempt parsed %d and ran %d, want 0 and 0", id, p4-p3, r4-r3)
		}
		if s.Lesson() == nil || s.Lesson().rest != ws.History().Position() {
			t.Errorf("%s: reloaded attempt: lesson %v, rest (want %d)", id, s.Lesson(), ws.History().Position())
		}
	}
}

// TestLegacyAttempt: an attempt saved before workspace.Attempt (no field, the lesson in
// its name "lesson:ID") and an old #ws= link of one still open in lesson mode, with the
// same start at rest as a new attempt; once measured, it saves the field.
func TestLegacyAttempt(t *testing.T) {
	l := lesson(t, "orphan-deletion")
	ws, err := NewAttempt(l)
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
		s := New("zh-CN", &Library{})
		s.Open(back)
		if r := s.Lesson(); r == nil || r.L.ID != l.ID || r.rest != ws.History().Position() {
			t.Fatalf("legacy attempt: lesson mode %+v, want %s at rest %d", r, l.ID, ws.History().Position())
		}
		if a, ok := back.Attempt(); !ok || a != (workspace.Attempt{Lesson: l.ID, Rest: ws.History().Position()}) {
			t.Errorf("legacy attempt after lesson mode: %+v %v", a, ok)
		}
		if !strings.Contains(string(back.Marshal()), `"lesson":{"id":"orphan-deletion"`) {
			t.Error("the migrated attempt does not save its lesson field")
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

// TestLessonControls: a lesson leaves out the controls it does not list (Create and Console
// for background-deletion), and outside a lesson everything is allowed; a refused command
// changes nothing and says why.
func TestLessonControls(t *testing.T) {
	s := New("en", &Library{})
	if s.Refuse(lessons.ControlConsole) != nil {
		t.Error("outside a lesson the console is refused")
	}
	s, _ = attempt(t, "en", "background-deletion")
	if s.Refuse(lessons.ControlDelete) != nil {
		t.Error("background-deletion refuses delete")
	}
	err := s.Refuse(lessons.ControlConsole)
	if err == nil || !strings.Contains(err.Error(), "console") || !strings.Contains(err.Error(), "delete, step") {
		t.Errorf("refusing the console: %v", err)
	}
	before := s.View().Position
	if out, err := s.RunConsole("delete deployment web", ""); err == nil || out != "" || s.View().Position != before {
		t.Errorf("the refused console ran: %q, %v", out, err)
	}
	if got := s.EmptyGraph(); got != "No objects." {
		t.Errorf("EmptyGraph in a lesson without Create: %q", got)
	}
}
