package session

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/compare"
	"github.com/gcplay/gcplay/gccore/scenario"
)

// TestRestartControllerManager: the Restart controller-manager button plays SYNC-7. In the
// cross-namespace example under Kubernetes 1.16 nothing happens until the restart lists
// stray before the Secret, and then stray and the valid children in b go (V-2a, issue
// #65200). The
// session exports as a version 2 scenario with the restart step, which replays the same.
func TestRestartControllerManager(t *testing.T) {
	s := example(t, "cross-namespace-1.16")
	if r := s.View().Release; r.String() != "1.16" {
		t.Fatalf("the example plays %s, want 1.16", r)
	}
	names := func() string {
		var out []string
		for _, o := range s.View().Objects {
			out = append(out, o.Namespace+"/"+o.Name)
		}
		return strings.Join(out, " ")
	}
	if err := s.Do(CmdRunIdle); err != nil {
		t.Fatal(err)
	}
	if got := names(); got != "a/stray b/child-1 b/child-2 b/parent" {
		t.Fatalf("before the restart: %s", got)
	}
	for _, c := range []Cmd{CmdRestart, CmdRunIdle} {
		if err := s.Do(c); err != nil {
			t.Fatalf("%s: %v", c, err)
		}
	}
	if got := names(); got != "b/parent" {
		t.Fatalf("after the restart under 1.16: %s, want stray and the children in b gone", got)
	}
	_, _, text, err := s.Export(ExportScenario)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "version: 2\n") || !strings.Contains(text, "- restart: controller-manager\n") {
		t.Fatalf("export lacks version 2 or the restart step:\n%s", text)
	}
	r, err := scenario.Run("export.yaml", []byte(text), gccore.Config{}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(r.Sim.ObjectsShared()); n != 1 {
		t.Errorf("the export replays to %d objects, want 1", n)
	}
}

// An open lesson that does not grant "restart" refuses the button, naming the controls
// it grants.
func TestRestartRefusedInLesson(t *testing.T) {
	s, _ := attempt(t, "en", "orphan-deletion")
	if err := s.Do(CmdRestart); err == nil || !strings.Contains(err.Error(), "restart") {
		t.Fatalf("restart in a lesson without the control: %v", err)
	}
}

// The broken-resource example under 1.16 (V-5a): after the owner's Background delete,
// Run until idle settles with the dependent still stored; under 1.33 it goes (SYNC-4).
func TestBrokenResourceExample(t *testing.T) {
	for release, kept := range map[string]bool{"1.16": true, "1.33": false} {
		s := example(t, "broken-resource-1.16")
		if release != "1.16" {
			c, err := NewCompare("en", &Library{}, s.ws, compare.Setting{Key: "kubernetes", Value: release})
			if err != nil {
				t.Fatal(err)
			}
			s = c.B
		}
		selectByName(t, s, "owner")
		s.Policy = "Background"
		if err := s.Do(CmdDelete); err != nil {
			t.Fatal(err)
		}
		if err := s.Do(CmdRunIdle); err != nil {
			t.Fatal(err)
		}
		if release == "1.16" {
			workersWait(t, s)
		}
		stored := false
		for _, o := range s.View().Objects {
			stored = stored || o.Name == "dependent"
		}
		if stored != kept {
			t.Errorf("kubernetes %s: dependent stored %v, want %v", release, stored, kept)
		}
	}
}

// workersWait checks a 1.16 session whose workers never run (V-5a) with dependent queued:
// Delete item and Read item are blocked with that reason, and Run until idle did not say
// the GC found nothing to delete.
func workersWait(t *testing.T, s *Session) {
	t.Helper()
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
