package session

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/lessonmode"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore/faults"
)

// TestSetFaults: the Faults panel replays the scenario from tick 0 with the faults it
// sets (FAULT-1 … FAULT-4); Re-roll takes the next seed; an invalid value leaves the
// workspace as it was and names the field; the share export and the saved workspace carry
// the new faults.
func TestSetFaults(t *testing.T) {
	s := New("en", &Library{})
	s.Open(goldenWorkspace(t, "faults-dropped-event-relist.yaml"))
	if got := s.Workspace().View().Faults; got.Seed != 30 || got.DropWatch != 0.5 || got.RelistEvery != 10 {
		t.Fatalf("the file's faults: %+v", got)
	}
	if err := s.Do(CmdStep); err != nil {
		t.Fatal(err)
	}
	if err := s.Reroll(); err != nil {
		t.Fatal(err)
	}
	if got := s.Workspace().View().Faults; got.Seed != 31 || got.DropWatch != 0.5 {
		t.Fatalf("after Re-roll: %+v, want seed 31 and the same faults", got)
	}
	if tick := s.View().Tick; tick != 0 {
		t.Fatalf("after Re-roll at tick %d, want 0", tick)
	}
	// Saved and opened again (a reload), it plays seed 31, not the file's 30.
	if back, err := workspace.Unmarshal(s.Workspace().Marshal()); err != nil || back.View().Faults.Seed != 31 {
		t.Fatalf("after Re-roll, saved and reopened: %v, %+v", err, back.View().Faults)
	}
	if err := s.Do(CmdRunIdle); err != nil {
		t.Fatal(err)
	}
	if n := len(s.View().Objects); n != 0 {
		t.Fatalf("seed 31: %d objects left, want the cascade to end as without faults", n)
	}
	before := s.Workspace()
	bad := s.Workspace().View().Faults
	bad.DropWatch = 1
	if err := s.SetFaults(bad); err == nil || !strings.Contains(err.Error(), "faults.dropWatch") {
		t.Fatalf("dropWatch 1: %v, want an error naming faults.dropWatch", err)
	}
	if s.Workspace() != before {
		t.Fatal("an invalid value replaced the workspace")
	}
	if err := s.SetFaults(faults.Config{}); err != nil {
		t.Fatal(err)
	}
	if s.Workspace().View().Faults.Active() {
		t.Fatalf("no faults: %+v", s.Workspace().View().Faults)
	}
	if err := s.SetFaults(faults.Config{Seed: 8, APIErrors: 0.25}); err != nil {
		t.Fatal(err)
	}
	if out := string(s.Workspace().ExportScenario()); !strings.Contains(out, "apiErrors: 0.25") || !strings.Contains(out, "seed: 8") {
		t.Fatalf("the export does not carry the new faults:\n%s", out)
	}
}

// TestSetFaultsInLesson: a lesson that grants the Faults tab (dropped-event-relist) keeps
// its lesson mode through a Re-roll: the attempt starts again at its start at rest under
// seed 31, with no action counted and the hints kept, and the solution meets every goal
// there too (FAULT-2, FAULT-3). A lesson without the control refuses it.
func TestSetFaultsInLesson(t *testing.T) {
	s, l := attempt(t, "en", "dropped-event-relist")
	if err := s.Do(CmdStep); err != nil {
		t.Fatal(err)
	}
	s.Lesson().RevealHint()
	if err := s.Reroll(); err != nil {
		t.Fatal(err)
	}
	r := s.Lesson()
	if r == nil || r.L != l || r.Actions != 0 || r.Hints != 1 {
		t.Fatalf("after Re-roll: lesson %+v, want the attempt at rest with its hint", r)
	}
	if got := s.View().Faults.Seed; got != 31 || !s.View().Settled {
		t.Fatalf("after Re-roll: seed %d, settled %v; want seed 31 at rest", got, s.View().Settled)
	}
	reopened, err := workspace.Unmarshal(s.Workspace().Marshal())
	if err != nil || reopened.View().Faults.Seed != 31 {
		t.Fatalf("saved and reopened: %v, seed %d", err, reopened.View().Faults.Seed)
	}
	for _, st := range l.Solution {
		if err := lessonmode.Apply(s.Workspace(), st); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Do(CmdRunIdle); err != nil {
		t.Fatal(err)
	}
	if r := s.Lesson(); !r.Done || r.Actions != 1 {
		t.Fatalf("seed 31: done %v after %d action(s), want the goals met after one", r.Done, r.Actions)
	}
	plain, _ := attempt(t, "en", "background-deletion")
	if err := plain.SetFaults(faults.Config{Seed: 1, APIErrors: 0.1}); err == nil || !strings.Contains(err.Error(), "faults") {
		t.Fatalf("a lesson without the faults control: %v, want a refusal", err)
	}
}
