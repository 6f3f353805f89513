package lessonmode

import (
	"reflect"
	"testing"

	"github.com/gcplay/gcplay/lessons"
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
			start, err := State(ws)
			if err != nil {
				t.Fatal(err)
			}
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
			end, err := State(ws)
			if err != nil {
				t.Fatal(err)
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
			back, err := State(ws)
			if err != nil {
				t.Fatal(err)
			}
			if len(back.Actions) != 0 || len(back.Deletions) != len(start.Deletions) {
				t.Errorf("after a rewind to the start: %d actions, %d deletions (want 0, %d)", len(back.Actions), len(back.Deletions), len(start.Deletions))
			}
		})
	}
}

func TestParseRef(t *testing.T) {
	for _, s := range []string{"apps/v1/Deployment default/web", "v1/Namespace team-a", "example.com/v1/Widget ns/w"} {
		r, ok := parseRef(s)
		if !ok || r.String() != s {
			t.Errorf("parseRef(%q) = %v, %v", s, r, ok)
		}
	}
}
