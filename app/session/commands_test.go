package session

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/workspace"
)

// TestIdleNote: Run until idle that changes nothing on screen says so, and what to do;
// one that deleted or marked something says nothing (the graph shows it).
func TestIdleNote(t *testing.T) {
	same := objectCounts{objects: 5}
	for _, c := range []struct {
		name          string
		before, after objectCounts
		from, to      int64
		want          string
	}{
		{"caught up, nothing to delete", same, same, 0, 2, "Idle at tick 2"},
		{"already idle", same, same, 4, 4, "Already idle"},
		{"objects deleted", same, objectCounts{objects: 2}, 0, 9, ""},
		{"object terminating", same, objectCounts{objects: 5, terminating: 1}, 0, 3, ""},
	} {
		got := idleNote("en", c.before, c.after, c.from, c.to)
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: idleNote = %q, want %q", c.name, got, c.want)
		}
		if got != "" && !strings.Contains(got, "press Delete") {
			t.Errorf("%s: %q does not say what to try next", c.name, got)
		}
	}
}

// TestWorkersWaitBlocksWorkerSteps: under 1.16 with a broken kind (the
// broken-resource-1.16 example) no worker ever runs (V-5a): once owner is deleted and
// dependent queued, Delete item and Read item are blocked with that reason, and Run until
// idle does not say the GC found nothing to delete.
func TestWorkersWaitBlocksWorkerSteps(t *testing.T) {
	s := example(t, "broken-resource-1.16")
	selectByName(t, s, "owner")
	s.Policy = "Background"
	if err := s.Do(CmdDelete); err != nil {
		t.Fatal(err)
	}
	if err := s.Do(CmdRunIdle); err != nil {
		t.Fatal(err)
	}
	if n := s.Notice.Text; !strings.Contains(n, "its workers wait for a monitor to sync") || strings.Contains(n, "found nothing to delete") {
		t.Errorf("idle note %q", n)
	}
	v := s.View()
	if !v.WorkersWait || v.Queues[0].Total != 1 {
		t.Fatalf("workers wait %v, attemptToDelete %d", v.WorkersWait, v.Queues[0].Total)
	}
	for _, c := range []Cmd{CmdDeleteItem, CmdReadItem} {
		if why := v.FineBlocked(FineInputs[c]); why != workspace.ReasonWorkersWait {
			t.Errorf("%s blocked by %q", c, why)
		}
	}
}
