package session

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore/faults"
)

// TestSetFaults: the Faults panel replays the scenario from tick 0 with the faults it
// sets (FAULT-1 … FAULT-4); Re-roll takes the next seed; an invalid value leaves the
// workspace as it was and names the field; the share export carries the new faults.
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
