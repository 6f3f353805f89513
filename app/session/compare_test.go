package session

import (
	"os"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore/compare"
	"github.com/gcplay/gcplay/internal/fixtures"
)

// goldenWorkspace opens a golden scenario of gccore/testdata/scenarios.
func goldenWorkspace(t *testing.T, file string) *workspace.Workspace {
	t.Helper()
	ws, err := workspace.New(file, fixtures.Golden(t, file))
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// lensCompare is compare mode on the cross-namespace lens golden, B under 1.16.
func lensCompare(t *testing.T) *Compare {
	t.Helper()
	ws := goldenWorkspace(t, "lens-cross-namespace-current.yaml")
	set, err := compare.ParseSetting("kubernetes=1.16")
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewCompare("en", &Library{}, ws, set)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCompare: the cross-namespace incident side by side (issue 26 §3, V-1): both sides
// step together, the traces diverge at tick 1, and child-1 and child-2 end differently,
// marked in both graphs; Reset brings both back to one start.
func TestCompare(t *testing.T) {
	c := lensCompare(t)
	if _, diverged := c.Diverge(); diverged {
		t.Fatal("the traces diverge at the start")
	}
	if err := c.Do(CmdRunIdle); err != nil {
		t.Fatal(err)
	}
	if ta, tb := c.A.View().Tick, c.B.View().Tick; ta != tb || !c.A.View().Settled || !c.B.View().Settled {
		t.Fatalf("after Run until idle: ticks %d and %d, settled %v %v", ta, tb, c.A.View().Settled, c.B.View().Settled)
	}
	d, diverged := c.Diverge()
	if !diverged || d.Tick != 1 {
		t.Fatalf("diverge at %d (%v), want tick 1", d.Tick, diverged)
	}
	var fates []string
	for _, f := range c.Fates() {
		fates = append(fates, f.Ref.String()+" "+string(f.A)+"->"+string(f.B))
	}
	if got, want := strings.Join(fates, "; "), "v1/ConfigMap b/child-1 live->gone; v1/ConfigMap b/child-2 live->gone"; got != want {
		t.Errorf("fates %s, want %s", got, want)
	}
	a, b := c.Marked()
	if len(a) != 2 || !a["child-1-uid"] || !a["child-2-uid"] || len(b) != 0 {
		t.Errorf("marked %v in A and %v in B, want the two children in A (gone in B)", a, b)
	}
	if err := c.Do(CmdReset); err != nil {
		t.Fatal(err)
	}
	if c.A.View().Tick != 0 || c.B.View().Tick != 0 || len(c.Fates()) != 0 {
		t.Errorf("after Reset: ticks %d and %d, %d fates differ", c.A.View().Tick, c.B.View().Tick, len(c.Fates()))
	}
	if err := c.Do(CmdDelete); err == nil {
		t.Error("Delete acted in compare mode with nothing selected")
	}
	if err := c.Do(CmdPolicy); err == nil {
		t.Error("the policy command acted in compare mode")
	}
}

// orphanCompare is compare mode on example id, B deleting with Orphan.
func orphanCompare(t *testing.T, id string) *Compare {
	t.Helper()
	ws, _, err := workspace.OpenExample(id)
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewCompare("en", &Library{}, ws, compare.Setting{Key: "policy", Value: "Orphan"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// fateList is a comparison's differing fates, "Kind name A->B", joined.
func fateList(c *Compare) string {
	var fates []string
	for _, f := range c.Fates() {
		fates = append(fates, f.Ref.Kind+" "+f.Ref.Name+" "+string(f.A)+"->"+string(f.B))
	}
	return strings.Join(fates, "; ")
}

// TestCompareDelete: compare mode deletes of its own (issue 26 §3), so policy= shows
// something on a workspace with no delete: grandparent selected in A's graph is selected
// in B's too; Delete deletes it in both, A with the workspace's Background (DEL-9c: the
// family goes) and B with Orphan (ORPH-1: the parents stay); the link replays both.
// An object one run no longer stores cannot be deleted in both: one error.
func TestCompareDelete(t *testing.T) {
	c := orphanCompare(t, "configmap-family")
	c.SetPolicy("Background")
	if c.A.Policy != "Background" || c.B.Policy != "Orphan" {
		t.Fatalf("policies %q and %q, want Background and Orphan", c.A.Policy, c.B.Policy)
	}
	if err := c.Do(CmdStep); err != nil {
		t.Fatal(err)
	}
	c.Select("gp")
	if ref, ok := c.Selected(); !ok || ref.Name != "grandparent" || c.A.Selected != "gp" || c.B.Selected != "gp" {
		t.Fatalf("selected %v (%v), uids %q and %q", ref, ok, c.A.Selected, c.B.Selected)
	}
	if err := c.Do(CmdDelete); err != nil {
		t.Fatal(err)
	}
	if err := c.Do(CmdRunIdle); err != nil {
		t.Fatal(err)
	}
	want := "ConfigMap child-a gone->live; ConfigMap child-b gone->live; ConfigMap parent-a gone->live; ConfigMap parent-b gone->live; ConfigMap shared gone->live"
	if got := fateList(c); got != want {
		t.Fatalf("fates %s, want %s", got, want)
	}
	if a, b := c.Ghosts(); len(a) != 5 || len(b) != 0 || a[0].Name != "child-a" {
		t.Errorf("ghosts: %d in A (first %v), %d in B; want the five gone in A", len(a), a[0].Ref(), len(b))
	}
	back, err := OpenCompareLink("en", &Library{}, c.Link())
	if err != nil {
		t.Fatal(err)
	}
	if got := fateList(back); got != want || back.A.View().Tick != c.A.View().Tick {
		t.Errorf("the link reopened fates %s at tick %d, want %s at %d", got, back.A.View().Tick, want, c.A.View().Tick)
	}
	if _, diverged := back.Diverge(); !diverged {
		t.Error("the link reopened traces that do not diverge")
	}
	for i, r := range c.B.View().Trace {
		if bt := back.B.View().Trace; i >= len(bt) || bt[i].String() != r.String() {
			t.Fatalf("B's trace reopened differs at record %d: %v", i, r)
		}
	}

	c.Select(c.B.View().Objects[0].UID) // gone in A
	err = c.Do(CmdDelete)
	if err == nil || !strings.Contains(err.Error(), "is gone in A") {
		t.Errorf("deleting an object gone in A: %v", err)
	}
}

// TestCompareStep: Step and Back move both sides one tick; the divergence appears at
// the tick it happens, not before.
func TestCompareStep(t *testing.T) {
	c := lensCompare(t)
	c.Do(CmdStep)
	c.Do(CmdStep)
	if c.A.View().Tick != c.B.View().Tick {
		t.Fatalf("ticks %d and %d", c.A.View().Tick, c.B.View().Tick)
	}
	if d, ok := c.Diverge(); !ok || d.Tick != 1 {
		t.Fatalf("after two steps: diverge at %d (%v)", d.Tick, ok)
	}
	c.Do(CmdBack)
	c.Do(CmdBack)
	if _, ok := c.Diverge(); ok || c.A.View().Tick != 0 {
		t.Errorf("back at tick %d the traces still diverge", c.A.View().Tick)
	}
}

// TestCompareLink: the link reopens the same comparison at its tick; a bad one is one
// error.
func TestCompareLink(t *testing.T) {
	c := lensCompare(t)
	c.Do(CmdRunIdle)
	link := c.Link()
	if !strings.HasPrefix(link, "compare=kubernetes=1.16&ws=") {
		t.Fatalf("link %.60s", link)
	}
	back, err := OpenCompareLink("en", &Library{}, link)
	if err != nil {
		t.Fatal(err)
	}
	if !back.A.View().Settled || !back.B.View().Settled {
		t.Errorf("reopened settled %v and %v, want both settled", back.A.View().Settled, back.B.View().Settled)
	}
	if back.Setting != c.Setting || back.A.View().Tick != c.A.View().Tick || back.B.View().Tick != c.B.View().Tick {
		t.Errorf("reopened %s at ticks %d/%d, want %s at %d/%d", back.Setting, back.A.View().Tick, back.B.View().Tick, c.Setting, c.A.View().Tick, c.B.View().Tick)
	}
	if len(back.Fates()) != 2 {
		t.Errorf("reopened with %d differing fates", len(back.Fates()))
	}
	for _, bad := range []string{"compare=kubernetes=1.16", "compare=colour=red&ws=" + c.A.ShareCode(), "compare=kubernetes=1.16&ws=!!", "ws=abc"} {
		if _, err := OpenCompareLink("en", &Library{}, bad); err == nil {
			t.Errorf("%.40s opened", bad)
		}
	}
}

// TestComparePolicy: a policy setting changes the scenario's delete steps and the
// person's deletes on B only.
func TestComparePolicy(t *testing.T) {
	c := orphanCompare(t, "deployment")
	if c.A.Policy != "" || c.B.Policy != "Orphan" {
		t.Errorf("policies %q and %q", c.A.Policy, c.B.Policy)
	}
	if c.SetPolicy("Foreground"); c.A.Policy != "Foreground" || c.B.Policy != "Orphan" {
		t.Errorf("after SetPolicy: policies %q and %q", c.A.Policy, c.B.Policy)
	}
}

// TestCompareFaultSeed: the same faults: drawn with another seed (FAULT-2) loses other
// watch events, so the traces diverge at once; the relists repair the view and the
// cascade ends the same on both sides.
func TestCompareFaultSeed(t *testing.T) {
	src, err := os.ReadFile("../../gccore/testdata/scenarios/faults-dropped-event-relist.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ws, err := workspace.New("faults", src)
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewCompare("en", &Library{}, ws, compare.Setting{Key: "faults.seed", Value: "8"})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Do(CmdRunIdle); err != nil {
		t.Fatal(err)
	}
	if d, diverged := c.Diverge(); !diverged || d.Tick != 0 {
		t.Fatalf("diverge at %d (%v), want tick 0", d.Tick, diverged)
	}
	if f := c.Fates(); len(f) != 0 {
		t.Errorf("fates differ: %v", f)
	}
}

// TestComparePersonsDelete: compare mode plays what the person did (the workspace's
// export), so policy=Orphan applies to the person's own Background delete of Deployment
// web: in B its ReplicaSet is orphaned and stays (ORPH-1), in A it goes (DEL-9c).
func TestComparePersonsDelete(t *testing.T) {
	s := example(t, "deployment")
	if err := s.Do(CmdRunIdle); err != nil {
		t.Fatal(err)
	}
	selectByName(t, s, "web")
	s.Policy = "Background"
	if err := s.Do(CmdDelete); err != nil {
		t.Fatal(err)
	}
	c, err := NewCompare("en", &Library{}, s.ws, compare.Setting{Key: "policy", Value: "Orphan"})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Do(CmdRunIdle); err != nil {
		t.Fatal(err)
	}
	if got := fateList(c); !strings.Contains(got, "ReplicaSet web-7c9f gone->live") {
		t.Errorf("fates %s, want ReplicaSet web-7c9f gone in A and live in B", got)
	}
}
