package lessonmode

import (
	"reflect"
	"slices"
	"testing"

	"github.com/gcplay/gcplay/lessons"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestAgreesWithPlay plays every builtin lesson's reference solution on a page workspace
// and checks that the State built from the workspace agrees with lessons.Play's: the same
// deletions in the same order, the same actions and the same goals met (so the page's
// checklist ticks exactly when `gcplay lessons check` says it does).
func TestAgreesWithPlay(t *testing.T) {
	ls, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		t.Run(l.ID, func(t *testing.T) {
			run, err := lessons.Play(l, "solution", l.Solution)
			if err != nil {
				t.Fatal(err)
			}
			ws, err := Open(l, l.Title.In("en"))
			if err != nil {
				t.Fatal(err)
			}
			startPos := ws.View().Position
			var j Judge
			start := j.State(ws)
			startDeletions := len(start.Deletions)
			if got, want := Met(l.Goals, &start), Met(l.Goals, &run.Start); !reflect.DeepEqual(got, want) {
				t.Errorf("goals met at the start: page %v, Play %v", got, want)
			}
			for _, st := range l.Solution {
				if err := Apply(ws, st); err != nil {
					t.Fatal(err)
				}
			}
			if err := ws.RunUntilIdle(); err != nil {
				t.Fatal(err)
			}
			end := j.State(ws)
			// A fresh judge reads the same.
			var fresh Judge
			if again := fresh.State(ws); !slices.Equal(again.Deletions, end.Deletions) || !slices.Equal(again.Actions, end.Actions) {
				t.Errorf("a fresh judge reads %v %v, the incremental one %v %v", again.Deletions, again.Actions, end.Deletions, end.Actions)
			}
			if !reflect.DeepEqual(end.Deletions, run.End.Deletions) {
				t.Errorf("deletions:\npage %v\nPlay %v", end.Deletions, run.End.Deletions)
			}
			if !reflect.DeepEqual(end.Actions, run.End.Actions) {
				t.Errorf("actions:\npage %v\nPlay %v", end.Actions, run.End.Actions)
			}
			if end.Tick != run.End.Tick {
				t.Errorf("tick: page %d, Play %d", end.Tick, run.End.Tick)
			}
			if !lessons.AllMet(l.Goals, &end) {
				t.Errorf("the solution leaves goals unmet on the page:\n%s", lessons.Summary(l.Goals, &end, "en"))
			}
			// Going back to the start judges the start again.
			if err := ws.Seek(startPos); err != nil {
				t.Fatal(err)
			}
			back := j.State(ws)
			if got, want := Met(l.Goals, &back), Met(l.Goals, &run.Start); !reflect.DeepEqual(got, want) {
				t.Errorf("goals met after a rewind to the start: page %v, Play's start %v", got, want)
			}
			if len(back.Actions) != 0 || len(back.Deletions) != startDeletions {
				t.Errorf("after a rewind to the start: %d actions, %d deletions (want 0, %d)", len(back.Actions), len(back.Deletions), startDeletions)
			}
		})
	}
}

// TestJudgeReadsOnlyNewEvents: judging after a change reads the history entries and
// watch events that change added, not the whole trace again (issue 24.4). Before, every
// judgement scanned every trace record up to the position: the sum is logged.
func TestJudgeReadsOnlyNewEvents(t *testing.T) {
	ls, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"background-deletion", "foreground-deletion", "orphan-deletion"} {
		l, _ := lessons.ByID(ls, id)
		ws, err := Open(l, l.Title.In("en"))
		if err != nil {
			t.Fatal(err)
		}
		var j Judge
		j.State(ws)
		scannedBefore, judged := 0, 0
		from := ws.History().Position()
		judge := func() {
			t.Helper()
			read := j.read
			j.State(ws)
			judged++
			scannedBefore += len(ws.View().Trace)
			want := 0
			for i := from; i < ws.History().Position(); i++ {
				want += 1 + len(ws.History().Change(i).Deleted)
			}
			if got := j.read - read; got != want {
				t.Errorf("%s: a judgement read %d entries and events, want the %d new ones", id, got, want)
			}
			from = ws.History().Position()
		}
		for _, st := range l.Solution {
			if err := Apply(ws, st); err != nil {
				t.Fatal(err)
			}
			judge()
		}
		for !ws.View().Settled {
			if err := ws.Step(); err != nil {
				t.Fatal(err)
			}
			judge()
		}
		s := j.State(ws)
		if !lessons.AllMet(l.Goals, &s) {
			t.Errorf("%s: the solution leaves goals unmet:\n%s", id, lessons.Summary(l.Goals, &s, "en"))
		}
		t.Logf("%s: %d judgements read %d entries and events in all; scanning the trace read %d records", id, judged, j.read, scannedBefore)
	}
}

// TestJudgeAfterRewindAndNewAction: an action taken after a rewind replaces the future;
// the judge reads from where the history changed, and agrees with a fresh judge.
func TestJudgeAfterRewindAndNewAction(t *testing.T) {
	ls, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	l, _ := lessons.ByID(ls, "background-deletion")
	ws, err := Open(l, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	rest := ws.History().Position()
	var j Judge
	for _, st := range l.Solution {
		if err := Apply(ws, st); err != nil {
			t.Fatal(err)
		}
	}
	if err := ws.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	if s := j.State(ws); len(s.Deletions) == 0 || len(s.Actions) != 1 {
		t.Fatalf("after the solution: %d deletions, %d actions", len(s.Deletions), len(s.Actions))
	}
	if err := ws.Seek(rest); err != nil {
		t.Fatal(err)
	}
	if s := j.State(ws); len(s.Deletions) != 0 || len(s.Actions) != 0 {
		t.Fatalf("back at rest: %d deletions, %d actions", len(s.Deletions), len(s.Actions))
	}
	// Another action (the same delete, orphaning), then until idle: the old future is gone.
	in := l.Solution[0].Input()
	orphan := metav1.DeletePropagationOrphan
	in.Options = &metav1.DeleteOptions{PropagationPolicy: &orphan}
	if err := ws.Do(in); err != nil {
		t.Fatal(err)
	}
	if err := ws.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	got := j.State(ws)
	if len(got.Actions) != 1 || got.Actions[0].Policy != "Orphan" || len(got.Deletions) != 1 {
		t.Errorf("after an orphaning delete: %v, %v (want the Orphan delete, the Deployment's deletion only)", got.Actions, got.Deletions)
	}
	var fresh Judge
	want := fresh.State(ws)
	if !slices.Equal(got.Deletions, want.Deletions) || !slices.Equal(got.Actions, want.Actions) {
		t.Errorf("incremental %v %v, fresh %v %v", got.Deletions, got.Actions, want.Deletions, want.Actions)
	}
}
