package scene

import (
	"math"
	"reflect"
	"testing"

	"github.com/gcplay/gcplay/internal/fixtures"
)

// legible is the zoom the page draws labels from (app/ui farZoom).
const legible = 0.3

// The graph panel of a 1440 × 900 window, in SVG pixels.
const panelW, panelH = 1000.0, 560.0

// TestFoldLargeTrees: 500 and 5,000 Pods do not fit at a legible zoom; Fold folds the
// deepest layer that makes them fit, and the folded nodes count what they hide by kind.
func TestFoldLargeTrees(t *testing.T) {
	for _, c := range []struct {
		pods    int
		folded  string // a node Fold folds
		summary string
	}{
		{500, "rs0", "+50 Pods"},
		{5000, "d", "+5000 Pods, +100 ReplicaSets"},
	} {
		v := view(t, fixtures.Tree(c.pods))
		full := Build(v, API, nil)
		if z := Fit(full.Width, full.Height, panelW, panelH, 0).Zoom; z >= legible {
			t.Fatalf("%d pods: the whole tree fits at %.2f; the test needs one that does not", c.pods, z)
		}
		m := Fold(v, API, nil, panelW, panelH, legible)
		if !m[c.folded] {
			t.Fatalf("%d pods: %s not folded: %v", c.pods, c.folded, len(m))
		}
		s := Build(v, API, m)
		if z := Fit(s.Width, s.Height, panelW, panelH, 0).Zoom; z < legible {
			t.Errorf("%d pods: folded scene %.0f × %.0f fits at %.3f only", c.pods, s.Width, s.Height, z)
		}
		if n := byName(s)[c.folded]; n.HiddenKinds != c.summary {
			t.Errorf("%d pods: %s hides %q, want %q", c.pods, c.folded, n.HiddenKinds, c.summary)
		}
	}
}

// TestBuildPreparedMatchesBuild: the scene drawn from what FoldPrepared made ready is the
// one Build draws, folded or not; one made for another mode is not used.
func TestBuildPreparedMatchesBuild(t *testing.T) {
	same := func(a, b *Scene) bool {
		a.Version, b.Version = 0, 0
		return reflect.DeepEqual(a, b)
	}
	for _, pods := range []int{500, 5000} {
		v := view(t, fixtures.Tree(pods))
		for _, fold := range []bool{true, false} {
			m, p := FoldPrepared(v, API, nil, panelW, panelH, legible)
			if p == nil {
				t.Fatalf("%d pods: FoldPrepared made nothing ready", pods)
			}
			if !fold {
				m = nil
			}
			if !same(BuildPrepared(nil, p, v, API, m), Build(v, API, m)) {
				t.Errorf("%d pods, %d folded: BuildPrepared draws another scene than Build", pods, len(m))
			}
		}
		// The GC's graph is empty before the GC observes the objects: its own scene.
		m, p := FoldPrepared(v, API, nil, panelW, panelH, legible)
		if !same(BuildPrepared(nil, p, v, GC, m), Build(v, GC, m)) {
			t.Errorf("%d pods: the API graph's Prepared was used for the GC graph", pods)
		}
	}
}

// TestFoldKeepsSmallAndChosen: a graph of at most MinFold nodes is never folded, even in
// a tiny panel; a node the learner unfolded (false) stays unfolded.
func TestFoldKeepsSmallAndChosen(t *testing.T) {
	small := view(t, fixtures.Tree(200)) // 205 objects, like the largest scenario
	if m := Fold(small, API, nil, 200, 200, legible); len(m) != 0 {
		t.Fatalf("a %d-node graph was folded: %v", len(Build(small, API, nil).Nodes), m)
	}
	v := view(t, fixtures.Tree(500))
	m := Fold(v, API, map[string]bool{"rs3": false}, panelW, panelH, legible)
	if v, ok := m["rs3"]; !ok || v {
		t.Fatalf("rs3, unfolded by the learner, is now %v (present %v)", v, ok)
	}
	if !m["rs4"] {
		t.Fatal("rs4 not folded")
	}
}

// TestReveal: revealing a Pod under a folded Deployment and ReplicaSet unfolds both,
// marked as the learner's choice, and leaves the input map alone.
func TestReveal(t *testing.T) {
	v := view(t, fixtures.Tree(500))
	in := map[string]bool{"d": true, "rs0": true, "rs1": true}
	var pod string
	for _, o := range v.Objects {
		if o.Name == "p7" { // owned by rs7
			pod = string(o.UID)
		}
	}
	in["rs7"] = true
	out := Reveal(v, API, pod, in)
	if out["d"] || out["rs7"] || !out["rs0"] {
		t.Fatalf("revealed: %v", out)
	}
	if _, ok := out["rs7"]; !ok {
		t.Fatal("rs7 not marked as unfolded by the learner")
	}
	if !in["d"] || !in["rs7"] {
		t.Fatal("Reveal changed its input")
	}
	if byName(Build(v, API, out))["p7"].Name != "p7" {
		t.Fatal("p7 not drawn after Reveal")
	}
	if got := Reveal(v, API, "d", in); len(got) != len(in) {
		t.Fatal("revealing a root changed the map")
	}
}

// TestFind: words match kind, namespace or name substrings, ignoring case; the exact
// name comes first; the total counts past the limit.
func TestFind(t *testing.T) {
	v := view(t, fixtures.Tree(500))
	m, total := Find(v, API, "pod P43", 5)
	if total != 1+10 || len(m) != 5 { // p43, p430..p439
		t.Fatalf("pod p43: %d matches, %v", total, m)
	}
	if m[0].Name != "p43" {
		t.Fatalf("exact name not first: %v", m)
	}
	if m, _ := Find(v, API, "replicaset RS1", 50); len(m) != 1 || m[0].Kind != "ReplicaSet" { // rs0..rs9
		t.Fatalf("replicaset rs1: %v", m)
	}
	if m, total := Find(v, API, "  ", 5); m != nil || total != 0 {
		t.Fatal("an empty query matched")
	}
}

// TestViewport: zooming keeps the anchor point; Fit centres the scene, enlarges a small
// one up to FitMaxZoom and never goes below its floor; CentreOn puts a point in the middle.
func TestViewport(t *testing.T) {
	v := Viewport{X: 40, Y: -30, Zoom: 0.8}
	wx, wy := (300-v.X)/v.Zoom, (200-v.Y)/v.Zoom
	z := v.ZoomAt(300, 200, 1.25)
	if x, y := wx*z.Zoom+z.X, wy*z.Zoom+z.Y; math.Abs(x-300) > 1e-9 || math.Abs(y-200) > 1e-9 {
		t.Fatalf("anchor moved to %v, %v", x, y)
	}
	f := Fit(232, 110, 1000, 560, legible)
	if f.Zoom != FitMaxZoom || f.X != (1000-232*FitMaxZoom)/2 || f.Y != (560-110*FitMaxZoom)/2 {
		t.Fatalf("fit of a single node: %+v, want it enlarged to %v and centred", f, FitMaxZoom)
	}
	if f := Fit(400, 360, 400, 300, legible); f.Zoom != 300.0/360 {
		t.Fatalf("fit of a scene a little too tall: %+v, want the height's ratio", f)
	}
	if f := Fit(20000, 400, 1000, 560, legible); f.Zoom != legible || f.Y != (560-400*legible)/2 {
		t.Fatalf("fit of a wide scene: %+v", f)
	}
	if c := CentreOn(100, 50, 1000, 560, 2); c.X+100*2 != 500 || c.Y+50*2 != 280 {
		t.Fatalf("centre: %+v", c)
	}
	// Shows: the graph refits a scene grown past the panel (a node's worth wider).
	if f := Fit(232, 110, 1000, 560, legible); !f.Shows(232, 110, 1000, 560) || f.Shows(232+300, 110, 1000, 560) {
		t.Fatalf("a fitted node is shown, one grown wider is not: %+v", f)
	}
}

// TestUnfoldOneLayer: in a large graph unfolding a node folds its dependents that have
// dependents of their own; in a small one it unfolds the whole subtree as before.
func TestUnfoldOneLayer(t *testing.T) {
	v := view(t, fixtures.Tree(5000))
	m := Unfold(v, API, "d", map[string]bool{"d": true, "rs5": false})
	if v, ok := m["d"]; !ok || v {
		t.Fatalf("d: %v %v", v, ok)
	}
	if !m["rs0"] || m["rs5"] {
		t.Fatalf("rs0 folded %v, rs5 (the learner's) folded %v", m["rs0"], m["rs5"])
	}
	if s := Build(v, API, m); len(s.Nodes) != 1+100+50 {
		t.Fatalf("%d nodes drawn after unfolding d, want the ReplicaSets and rs5's Pods", len(s.Nodes))
	}
	small := view(t, fixtures.Tree(100))
	if m := Unfold(small, API, "d", map[string]bool{"d": true}); len(m) != 1 || m["d"] {
		t.Fatalf("small graph: %v", m)
	}
}

// TestRevealKeepsTheRestFolded: revealing a Pod under a folded Deployment unfolds the
// path to it and folds the Deployment's other ReplicaSets.
func TestRevealKeepsTheRestFolded(t *testing.T) {
	v := view(t, fixtures.Tree(5000))
	var pod string
	for _, o := range v.Objects {
		if o.Name == "p4321" { // owned by rs21
			pod = string(o.UID)
		}
	}
	m := Reveal(v, API, pod, map[string]bool{"d": true})
	if m["d"] || m["rs21"] || !m["rs0"] {
		t.Fatalf("revealed: d %v rs21 %v rs0 %v", m["d"], m["rs21"], m["rs0"])
	}
	s := Build(v, API, m)
	if len(s.Nodes) != 1+100+50 || byName(s)["p4321"].Name == "" {
		t.Fatalf("%d nodes drawn, p4321 among them: %v", len(s.Nodes), byName(s)["p4321"].Name != "")
	}
}
