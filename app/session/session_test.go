package session

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
)

// example is a session open on a built-in example.
func example(t *testing.T, id string) *Session {
	t.Helper()
	ws, _, err := workspace.OpenExample(id)
	if err != nil {
		t.Fatal(err)
	}
	s := New("en", &Library{})
	s.Open(ws)
	return s
}

// selectByName selects the object named name.
func selectByName(t *testing.T, s *Session, name string) *gccore.Object {
	t.Helper()
	for _, o := range s.View().Objects {
		if o.Name == name {
			s.Selected = o.UID
			return o
		}
	}
	t.Fatalf("no object %s", name)
	return nil
}

// TestCommands drives the toolbar's commands on a session: time moves forward and back,
// Delete needs a selection and uses the chosen policy, the policy and the graph mode
// cycle, and Run until idle or Until change say what they did.
func TestCommands(t *testing.T) {
	s := example(t, "deployment")
	if err := s.Do(CmdDelete); err == nil || s.Notice.Level != NoticeError || !strings.Contains(s.Notice.Text, "select an object") {
		t.Errorf("Delete with nothing selected: %v, notice %+v", err, s.Notice)
	}
	for _, want := range []string{"Background", "Foreground", "Orphan", "", "Background"} {
		s.Do(CmdPolicy)
		if s.Policy != want {
			t.Fatalf("policy %q, want %q", s.Policy, want)
		}
	}
	s.Do(CmdMode)
	s.Do(CmdMode)
	if s.Mode != 0 {
		t.Errorf("mode %v after two toggles", s.Mode)
	}
	for range 3 {
		if err := s.Do(CmdStep); err != nil {
			t.Fatal(err)
		}
	}
	if tick := s.View().Tick; tick != 3 {
		t.Fatalf("tick %d after three steps", tick)
	}
	s.Do(CmdBack)
	if tick := s.View().Tick; tick != 2 {
		t.Errorf("tick %d after Back", tick)
	}
	s.Do(CmdForward)
	if tick := s.View().Tick; tick != 3 {
		t.Errorf("tick %d after Forward", tick)
	}
	if err := s.Do(CmdRunIdle); err != nil || !s.View().Settled {
		t.Fatalf("Run until idle: %v, settled %v", err, s.View().Settled)
	}
	if err := s.Do(CmdRunIdle); err != nil || !strings.HasPrefix(s.Notice.Text, "Already idle") {
		t.Errorf("Run until idle when idle: %v, notice %q", err, s.Notice.Text)
	}
	s.Do(CmdUntilChange)
	if !strings.HasPrefix(s.Notice.Text, "Nothing ran") {
		t.Errorf("Until change when idle: %q", s.Notice.Text)
	}
	o := selectByName(t, s, "web")
	s.Policy = "Orphan"
	if err := s.Do(CmdDelete); err != nil {
		t.Fatal(err)
	}
	if err := s.Do(CmdRunIdle); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.View().ObjectByUID(o.UID); ok {
		t.Error("the deleted Deployment is still stored")
	}
	if _, ok := s.SelectedObject(); ok || s.Why() != nil || s.SelectedYAML() != "" {
		t.Error("a deleted object is still selected")
	}
	if s.Do(CmdReset); s.View().Tick != 0 || s.Notice.Level != NoticeNone {
		t.Errorf("Reset: tick %d, notice %+v", s.View().Tick, s.Notice)
	}
}

// TestRunTick: while Running, each RunTick steps one tick, and the run pauses by itself
// once the simulation settles, saying so.
func TestRunTick(t *testing.T) {
	s := example(t, "deployment")
	selectByName(t, s, "web")
	s.Do(CmdDelete)
	if more, _ := s.RunTick(); more {
		t.Fatal("RunTick ran while paused")
	}
	s.Do(CmdRun)
	if s.Run != Running || s.RunStatus() != "running" {
		t.Fatalf("Run: %v %s", s.Run, s.RunStatus())
	}
	ticks := 0
	for more := true; more; ticks++ {
		var err error
		if more, err = s.RunTick(); err != nil {
			t.Fatal(err)
		}
	}
	if s.Run != Paused || s.RunStatus() != "idle" || !strings.HasPrefix(s.Notice.Text, "Idle: nothing left to do") {
		t.Errorf("after the run: %v %s %q", s.Run, s.RunStatus(), s.Notice.Text)
	}
	if int64(ticks) != s.View().Tick {
		t.Errorf("%d RunTicks reached tick %d", ticks, s.View().Tick)
	}
}

// TestTwoSessions: two sessions on the same scenario, differing in one setting (the
// policy of one delete), are independent values: stepped together they share the start
// and part where the policy decides (compare mode, issue 26).
func TestTwoSessions(t *testing.T) {
	a, b := example(t, "deployment"), example(t, "deployment")
	for _, c := range []struct {
		s      *Session
		policy string
	}{{a, "Orphan"}, {b, "Background"}} {
		selectByName(t, c.s, "web")
		c.s.Policy = c.policy
		if err := c.s.Do(CmdDelete); err != nil {
			t.Fatal(err)
		}
	}
	for range 20 {
		a.Do(CmdStep)
		b.Do(CmdStep)
	}
	if a.View().Tick != b.View().Tick {
		t.Fatalf("ticks %d and %d", a.View().Tick, b.View().Tick)
	}
	if len(a.View().Objects) == len(b.View().Objects) {
		t.Errorf("Orphan and Background left the same %d objects", len(a.View().Objects))
	}
	if a.ShareCode() == b.ShareCode() {
		t.Error("two different sessions share one link")
	}
}

// TestShareCode: the share code is computed once per change and reopens the session at
// its tick.
func TestShareCode(t *testing.T) {
	s := example(t, "deployment")
	s.Do(CmdStep)
	code := s.ShareCode()
	if again := s.ShareCode(); again != code {
		t.Error("the code changed without a change")
	}
	back, err := workspace.DecodeShare("", code)
	if err != nil {
		t.Fatal(err)
	}
	if back.View().Tick != 1 {
		t.Errorf("the link reopens at tick %d, want 1", back.View().Tick)
	}
	s.Do(CmdStep)
	if s.ShareCode() == code {
		t.Error("the code did not follow a step")
	}
}

// TestExport: every export format names its file and has text; an unknown one is an error.
func TestExport(t *testing.T) {
	s := example(t, "deployment")
	for _, f := range []string{ExportScenario, ExportYAML, ExportDOT, ExportSVG} {
		name, mime, text, err := s.Export(f)
		if err != nil || !strings.HasPrefix(name, "deployment-") || mime == "" || text == "" {
			t.Errorf("%s: %q %q %d bytes, %v", f, name, mime, len(text), err)
		}
	}
	if _, _, _, err := s.Export("pdf"); err == nil {
		t.Error("an unknown format exported")
	}
}

// TestSessionActions: the side panels' actions through the session: creating from YAML,
// a finalizer, the console, and a node set NotReady, each recorded in the history.
func TestSessionActions(t *testing.T) {
	s := example(t, "deployment")
	if err := s.CreateObjects("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra\n  namespace: default\n"); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s.Notice.Text, "Created 1 object(s)") {
		t.Errorf("notice %q", s.Notice.Text)
	}
	if err := s.CreateObjects("not: [yaml"); err == nil || s.Notice.Level == NoticeError {
		t.Errorf("bad YAML: %v, notice %+v (its error is the editor's)", err, s.Notice)
	}
	o := selectByName(t, s, "extra")
	if err := s.EditFinalizer(o.Ref(), "example.com/hold", true); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.SelectedYAML(), "example.com/hold") {
		t.Errorf("the finalizer is not in the YAML:\n%s", s.SelectedYAML())
	}
	out, err := s.RunConsole("get configmaps", "")
	if err != nil || !strings.Contains(out, "extra") {
		t.Errorf("console: %q, %v", out, err)
	}
	if err := s.SetNodeReady("node-a", false); err != nil || !strings.Contains(s.Notice.Text, "NotReady") {
		t.Errorf("node: %v, notice %q", err, s.Notice.Text)
	}
}
