// Package lessonmode connects a lesson (package lessons) to a page workspace (package
// workspace): it opens the lesson's start as a workspace at rest, judges the goals on the
// workspace as lessons.Play judges them headless, and replays the reference solution one
// step at a time. It is plain Go so that it is tested natively against lessons.Play.
package lessonmode

import (
	"fmt"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/faults"
	"github.com/gcplay/gcplay/gccore/scenario"
	"github.com/gcplay/gcplay/lessons"
)

// Open starts the lesson's start scenario as a workspace named name, run until idle: the
// cluster at rest and the GC caught up, as lessons.Play starts. The workspace shares the
// start the lesson parsed (one parse) and is marked as an attempt at the lesson, its
// learner's part beginning at rest (workspace.Attempt).
func Open(l *lessons.Lesson, name string) (*workspace.Workspace, error) {
	ws, err := openAtRest(l, name)
	if err != nil {
		return nil, err
	}
	ws.SetAttempt(workspace.Attempt{Lesson: l.ID, Rest: ws.History().Position()})
	return ws, nil
}

func openAtRest(l *lessons.Lesson, name string) (*workspace.Workspace, error) {
	ws, err := openStart(l, name)
	if err != nil {
		return nil, err
	}
	return ws, runToRest(l, ws)
}

// openStart is the lesson's start scenario as a workspace at tick 0, with the lesson's
// settings.
func openStart(l *lessons.Lesson, name string) (*workspace.Workspace, error) {
	var set workspace.Settings
	if d := l.Config.InformerDelay.Or(-1); d >= 0 { // -1: unset (Ticks is never negative)
		set.InformerDelay = &d
	}
	set.InformerDelays = l.Config.InformerDelays
	sc, err := l.StartScenario()
	if err != nil {
		return nil, err
	}
	return workspace.NewScenario(name, l.Start, sc, set)
}

func runToRest(l *lessons.Lesson, ws *workspace.Workspace) error {
	if err := ws.RunUntilIdle(); err != nil {
		return fmt.Errorf("lesson %s: start: %v", l.ID, err)
	}
	return nil
}

// OpenWithFaults is Open with the fault lab f in place of the start's faults (the Faults
// tab of a lesson that grants lessons.ControlFaults): a new attempt, at its start at rest
// under f. The workspace's scenario carries f, so that it reopens as it was left.
func OpenWithFaults(l *lessons.Lesson, name string, f faults.Config) (*workspace.Workspace, error) {
	start, err := openStart(l, name)
	if err != nil {
		return nil, err
	}
	ws, err := start.Variant(func(sc *scenario.Scenario, cfg *gccore.Config) error {
		sc.Faults, cfg.Faults = f, f
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := runToRest(l, ws); err != nil {
		return nil, err
	}
	ws.SetAttempt(workspace.Attempt{Lesson: l.ID, Rest: ws.History().Position()})
	return ws, nil
}

// Attempt is the attempt ws is at l, with its start at rest known: an attempt saved
// before workspace.Attempt carried it (Rest -1) is measured once, by opening the start
// at rest beside it, and marked, so that it is saved with the field from then on.
func Attempt(l *lessons.Lesson, ws *workspace.Workspace) (workspace.Attempt, error) {
	a, ok := ws.Attempt()
	if ok && a.Lesson == l.ID && a.Rest >= 0 {
		return a, nil
	}
	fresh, err := openAtRest(l, ws.Name())
	if err != nil {
		return workspace.Attempt{}, err
	}
	a = workspace.Attempt{Lesson: l.ID, Rest: fresh.History().Position()}
	ws.SetAttempt(a)
	return a, nil
}

// Judge builds the State a lesson's goals are judged on from a workspace, reading only
// what the workspace recorded since the last call: the typed history entries
// (workspace.Change) and their DELETED watch events, never the trace's text. A rewind
// drops what it read past the new position; a history that changed under it (a new
// action after a rewind, Reset, another workspace) is read again from where it differs.
// The zero Judge is ready to use.
type Judge struct {
	ws *workspace.Workspace // the workspace read; another one starts over
	// serials[i] is the serial of history entry i as read; dels and acts hold the
	// deletions and actions of the base and of entries [0, len(serials)), delsAt[i] and
	// actsAt[i] their lengths before entry i (delsAt[0]: after the base).
	serials        []uint64
	dels           []lessons.Deletion
	acts           []lessons.Action
	delsAt, actsAt []int
	// read counts the entries and watch events read, for the test that bounds a
	// judgement's work to what is new (TestJudgeReadsOnlyNewEvents).
	read int
}

// State is what the goals are judged on at the workspace's current position (a rewind
// judges the past): the stored objects, the deletions (the API server's DELETED watch
// events, API-16), the learner's successful actions (not the start scenario's own steps)
// and the GC's "why". Its slices are the Judge's: valid until the next call.
func (j *Judge) State(ws *workspace.Workspace) lessons.State {
	pos := ws.History().Position()
	k := 0
	if j.ws == ws {
		k = min(len(j.serials), pos)
	}
	// The last entry read that is still the workspace's: the history is only ever cut
	// and appended to, so the entries before it are the workspace's too.
	for k > 0 && ws.History().Change(k-1).Serial != j.serials[k-1] {
		k--
	}
	if k == 0 {
		// From the base: another workspace, or this one reset or replaced (Replace
		// keeps the pointer and changes the base).
		j.ws, j.serials, j.dels, j.acts = ws, j.serials[:0], j.dels[:0], j.acts[:0]
		for _, ev := range ws.History().BaseDeleted() {
			j.read++
			j.dels = append(j.dels, lessons.Deletion{Ref: ev.Object.Ref(), Tick: ev.Tick})
		}
		j.delsAt, j.actsAt = append(j.delsAt[:0], len(j.dels)), append(j.actsAt[:0], 0)
	}
	j.serials, j.dels, j.acts = j.serials[:k], j.dels[:j.delsAt[k]], j.acts[:j.actsAt[k]]
	j.delsAt, j.actsAt = j.delsAt[:k+1], j.actsAt[:k+1]
	for i := k; i < pos; i++ {
		c := ws.History().Change(i)
		j.read++
		if a, ok := lessons.ActionOf(c.In); ok && !c.Scripted && c.Err == "" {
			j.acts = append(j.acts, a)
		}
		for _, ev := range c.Deleted {
			j.read++
			j.dels = append(j.dels, lessons.Deletion{Ref: ev.Object.Ref(), Tick: ev.Tick})
		}
		j.serials = append(j.serials, c.Serial)
		j.delsAt, j.actsAt = append(j.delsAt, len(j.dels)), append(j.actsAt, len(j.acts))
	}
	v := ws.View()
	return lessons.State{Tick: v.Tick, Objects: v.Objects, Deletions: j.dels[:len(j.dels):len(j.dels)],
		Actions: j.acts[:len(j.acts):len(j.acts)], Why: func(ref gccore.ObjectRef) []gccore.Reason { return ws.Sim().Inspect().Reasons(ref) },
		Cited: lessons.CitedIn(learnerTrace(ws, v))}
}

// learnerTrace is the trace of v since the attempt's start at rest (workspace.Attempt),
// as lessons.Play's State.Cited reads it: nothing before rest, nothing when ws is no
// attempt at a lesson.
func learnerTrace(ws *workspace.Workspace, v *workspace.View) []gccore.Record {
	a, ok := ws.Attempt()
	if !ok || a.Rest < 0 {
		return nil
	}
	from := min(ws.History().TraceLenAt(a.Rest), len(v.Trace))
	return v.Trace[from:len(v.Trace):len(v.Trace)]
}

// Apply plays one solution step on the workspace: an action at the current tick, a
// fine step (lesson 15), or ticks.
func Apply(ws *workspace.Workspace, st scenario.Step) error {
	switch st.Op {
	case scenario.OpRun:
		if st.Idle {
			return ws.RunUntilIdle()
		}
		for i := int64(0); i < st.Ticks; i++ {
			if err := ws.Step(); err != nil {
				return err
			}
		}
		return nil
	}
	in := st.Input()
	if in.Fine() {
		return ws.FineInput(in)
	}
	return ws.Do(in)
}

// Met says which goals hold in s, by index.
func Met(goals []lessons.Goal, s *lessons.State) []bool {
	out := make([]bool, len(goals))
	for i, g := range goals {
		out[i] = g.Met(s)
	}
	return out
}
