package session

import (
	"fmt"
	"maps"
	"strings"

	"github.com/gcplay/gcplay/app/i18n"
	"github.com/gcplay/gcplay/app/lessonmode"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/lessons"
)

// Lesson is the open lesson: what the lesson panel shows beside the attempt's workspace.
// The Session writes it; the page reads it.
type Lesson struct {
	L *lessons.Lesson
	// Met says which goals hold now; Actions counts the learner's actions; Done is set
	// while every goal holds.
	Met     []bool
	Actions int
	Done    bool
	Hints   int // hints revealed
	// Solving is the next solution step Show solution plays; -1 when it is not playing.
	Solving int
	// shown is set by Show solution until Restart lesson: goals the solution meets are not
	// the learner's, so they neither count as progress nor tell an embedding page.
	shown bool
	// rest is the history position of the start at rest; restTrace the trace's length there.
	rest, restTrace int
	// reference is the reference solution's trace after the start, for the recap; nil
	// until the recap first shows (ReferenceTrace).
	reference []gccore.Record
	// judge reads the attempt's new history entries for each judgement.
	judge lessonmode.Judge
}

// EventKind is what an Event tells.
type EventKind int

const (
	GoalMet        EventKind = iota // the learner met goal Goal of Lesson
	LessonComplete                  // every goal of Lesson holds, after Actions actions (Par the reference's)
)

// Event is progress the page passes on: to an embedding course page, and a lesson
// completed to the store. Only lesson ids and counts, never the learner's data.
type Event struct {
	Kind    EventKind
	Lesson  string
	Goal    int
	Actions int
	Par     int
	// First is set on a LessonComplete of a lesson not done before: the page stores it.
	First bool
}

// TakeEvents hands out the events since the last call.
func (s *Session) TakeEvents() []Event {
	ev := s.events
	s.events = nil
	return ev
}

// Lesson is the open lesson, nil outside lesson mode.
func (s *Session) Lesson() *Lesson { return s.lesson }

// ExitLesson leaves lesson mode; the workspace stays.
func (s *Session) ExitLesson() { s.lesson = nil }

// OpenLesson puts the open workspace back into lesson mode (the learner left the lesson).
func (s *Session) OpenLesson() { s.startLesson(s.ws) }

// startLesson puts the session in lesson mode when ws is a lesson's attempt (Open calls
// it). It runs nothing: the attempt knows where its start at rest is (workspace.Attempt;
// one saved before that field is measured once), and the reference solution is played
// when the recap first shows it.
func (s *Session) startLesson(ws *workspace.Workspace) {
	s.lesson = nil
	l, ok := s.Lessons.LessonOf(ws)
	if !ok {
		return
	}
	a, err := lessonmode.Attempt(l, ws)
	if err != nil {
		s.Fail(err)
		return
	}
	r := &Lesson{L: l, rest: a.Rest, restTrace: ws.History().TraceLenAt(a.Rest), Solving: -1}
	s.lesson = r
	// The attempt as it was left: already judged when it was played, so nothing is told again.
	st := r.judge.State(ws)
	r.Met, r.Actions, r.Done = lessonmode.Met(l.Goals, &st), len(st.Actions), lessons.AllMet(l.Goals, &st)
}

// judge evaluates the goals on the workspace as it is now; every change ends with it. A
// goal newly met and the lesson completed are events for an embedding page.
func (s *Session) judge() {
	r := s.lesson
	if r == nil || s.ws == nil {
		return
	}
	st := r.judge.State(s.ws)
	met := lessonmode.Met(r.L.Goals, &st)
	for i, m := range met {
		if m && (i >= len(r.Met) || !r.Met[i]) && !r.shown {
			s.events = append(s.events, Event{Kind: GoalMet, Lesson: r.L.ID, Goal: i})
		}
	}
	r.Met, r.Actions = met, len(st.Actions)
	done := lessons.AllMet(r.L.Goals, &st)
	if done && !r.Done && !r.shown {
		first := !s.Progress[r.L.ID]
		s.events = append(s.events, Event{Kind: LessonComplete, Lesson: r.L.ID, Actions: r.Actions, Par: r.L.Par(), First: first})
		if first {
			s.Progress = maps.Clone(s.Progress)
			if s.Progress == nil {
				s.Progress = map[string]bool{}
			}
			s.Progress[r.L.ID] = true
		}
	}
	r.Done = done
}

// RestartLesson puts the attempt back at the start at rest; the steps after stay as the
// future, as a rewind keeps it.
func (s *Session) RestartLesson() error {
	r := s.lesson
	if r == nil {
		return nil
	}
	s.Run, r.Solving, r.shown = Paused, -1, false
	return s.settle(s.ws.Seek(r.rest))
}

// ShowSolution puts the attempt at the start at rest to replay the reference solution:
// the page then calls SolutionStep at its pace.
func (s *Session) ShowSolution() error {
	r := s.lesson
	if r == nil {
		return nil
	}
	s.Run, r.Solving, r.shown = Paused, 0, true
	return s.settle(s.ws.Seek(r.rest))
}

// SolutionStep plays the solution's next step, then one tick at a time until idle; more
// is false once it is over (or a step failed).
func (s *Session) SolutionStep() (more bool, err error) {
	r := s.lesson
	if r == nil || r.Solving < 0 {
		return false, nil
	}
	switch {
	case r.Solving < len(r.L.Solution):
		st := r.L.Solution[r.Solving]
		r.Solving++
		err = lessonmode.Apply(s.ws, st)
	case !s.ws.View().Settled:
		err = s.ws.Step()
	default:
		r.Solving = -1
		return false, s.settle(nil)
	}
	if err != nil {
		r.Solving = -1
		return false, s.settle(err)
	}
	return true, s.settle(nil)
}

// RevealHint shows the lesson's next hint.
func (r *Lesson) RevealHint() { r.Hints++ }

// ReferenceTrace is the reference solution's trace after the start at rest, for the
// recap: played once, the first time the recap shows.
func (r *Lesson) ReferenceTrace() []gccore.Record {
	if r.reference == nil {
		r.reference = []gccore.Record{}
		if run, err := lessons.Play(r.L, "solution", r.L.Solution); err == nil {
			r.reference = after(run.Trace, run.RestTrace) // its own rest: a re-rolled attempt's may differ
		}
	}
	return r.reference
}

// Trace is the attempt's trace after the start at rest.
func (r *Lesson) Trace(v *workspace.View) []gccore.Record { return after(v.Trace, r.restTrace) }

func after(trace []gccore.Record, n int) []gccore.Record {
	if n > len(trace) {
		return nil
	}
	return trace[n:]
}

// Refuse says why the open lesson does not let the learner use control (lessons.Control*),
// or nil when it does or no lesson is open. The page disables what a lesson leaves out;
// this also stops the keyboard shortcuts and the console.
func (s *Session) Refuse(control string) error {
	if s.lesson == nil || s.lesson.L.Allows(control) {
		return nil
	}
	return fmt.Errorf(i18n.T(s.Lang, "refuseFmt"), control, strings.Join(s.lesson.L.Controls, ", "))
}

// EmptyGraph is what an empty graph says: where to make objects, naming only the tabs
// the open lesson offers (no dead end).
func (s *Session) EmptyGraph() string {
	switch {
	case s.lesson == nil:
		return i18n.Tr(s.Lang, "No objects. Create some in the Create tab or the Console, or open an example.")
	case s.Refuse(lessons.ControlCreate) != nil:
		return i18n.Tr(s.Lang, "No objects.")
	case s.Refuse(lessons.ControlConsole) != nil:
		return i18n.Tr(s.Lang, "No objects. Create some in the Create tab.")
	}
	return i18n.Tr(s.Lang, "No objects. Create some in the Create tab or the Console.")
}
