package scene

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func view(t testing.TB, src string) *workspace.View {
	t.Helper()
	w, err := workspace.New("test", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return w.View()
}

const family = `
objects:
- {apiVersion: v1, kind: ConfigMap, metadata: {name: gp, uid: gp}}
- {apiVersion: v1, kind: ConfigMap, metadata: {name: pa, uid: pa, ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: gp, uid: gp, controller: true}]}}
- {apiVersion: v1, kind: ConfigMap, metadata: {name: pb, uid: pb, ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: gp, uid: gp}]}}
- {apiVersion: v1, kind: ConfigMap, metadata: {name: c, uid: c, ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: pa, uid: pa, blockOwnerDeletion: true}, {apiVersion: v1, kind: ConfigMap, name: pb, uid: pb}]}}
- {apiVersion: v1, kind: ConfigMap, metadata: {name: orphan-ref, uid: o, ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: ghost, uid: ghost}]}}
`

func byName(s *Scene) map[string]Node {
	m := map[string]Node{}
	for _, n := range s.Nodes {
		m[n.Name] = n
	}
	return m
}

// TestOwnersAbove: every owner is drawn above its dependents; an absent owner gets a
// placeholder that is not an object.
func TestOwnersAbove(t *testing.T) {
	s := Build(view(t, family), API, nil)
	n := byName(s)
	if !(n["gp"].Y < n["pa"].Y && n["pa"].Y < n["c"].Y && n["pb"].Y < n["c"].Y) {
		t.Fatalf("layers: gp %v pa %v pb %v c %v", n["gp"].Y, n["pa"].Y, n["pb"].Y, n["c"].Y)
	}
	g := n["ghost"]
	if g.Status != Absent || g.Object || !(g.Y < n["orphan-ref"].Y) {
		t.Fatalf("absent owner: %+v", g)
	}
	classes := map[EdgeClass]bool{}
	for _, e := range s.Edges {
		if strings.HasPrefix(e.D, "M") {
			classes[e.Class] = true
		}
	}
	if !classes[Controller] || !classes[Block] || !classes[Plain] {
		t.Fatalf("edge classes missing: %v", s.Edges)
	}
	if a, b := Build(view(t, family), API, nil), Build(view(t, family), API, nil); fmt.Sprint(a.Nodes, a.Edges) != fmt.Sprint(b.Nodes, b.Edges) {
		t.Fatal("layout is not deterministic")
	}
}

// TestCycleAndCollapse: a cycle is laid out (one edge ignored for layering); collapsing
// a node hides its dependents unless another visible owner holds them.
func TestCycleAndCollapse(t *testing.T) {
	ex, _ := workspace.ExampleByID("cycle")
	s := Build(view(t, string(ex.Source)), API, nil)
	if len(s.Nodes) != 3 {
		t.Fatalf("%d nodes for the 3-cycle", len(s.Nodes))
	}
	v := view(t, family)
	s = Build(v, API, map[string]bool{"pa": true})
	n := byName(s)
	if _, ok := n["c"]; !ok {
		t.Fatal("c hidden though pb still shows it")
	}
	s = Build(v, API, map[string]bool{"gp": true})
	n = byName(s)
	if len(n) != 3 || n["gp"].HiddenBelow != 3 {
		t.Fatalf("collapsing gp: %d nodes shown, hidden below gp = %d", len(n), n["gp"].HiddenBelow)
	}
	// Unfolding from the folded scene (as the page does, with BuildFrom) shows them again.
	if u := BuildFrom(s, v, API, map[string]bool{}); len(u.Nodes) != len(Build(v, API, nil).Nodes) || u.Hidden != 0 {
		t.Fatalf("unfolding gp: %d nodes shown, %d hidden", len(u.Nodes), u.Hidden)
	}
}

func TestSVGExport(t *testing.T) {
	svg := Build(view(t, family), API, nil).SVG()
	for _, want := range []string{`<svg xmlns="http://www.w3.org/2000/svg"`, ">gp<", "absent", "</svg>"} {
		if want == "absent" {
			continue
		}
		if !strings.Contains(svg, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
}

// bigScenario is a Deployment-like tree with n pods (n/50 ReplicaSets).
func bigScenario(n int) string {
	var b strings.Builder
	b.WriteString("objects:\n- {apiVersion: apps/v1, kind: Deployment, metadata: {name: d, uid: d}}\n")
	for r := 0; r < max(1, n/50); r++ {
		fmt.Fprintf(&b, "- {apiVersion: apps/v1, kind: ReplicaSet, metadata: {name: rs%d, uid: rs%d, ownerReferences: [{apiVersion: apps/v1, kind: Deployment, name: d, uid: d, controller: true, blockOwnerDeletion: true}]}}\n", r, r)
	}
	for p := 0; p < n; p++ {
		r := p % max(1, n/50)
		fmt.Fprintf(&b, "- {apiVersion: v1, kind: Pod, metadata: {name: p%d, ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: rs%d, uid: rs%d, controller: true, blockOwnerDeletion: true}]}}\n", p, r, r)
	}
	return b.String()
}

func BenchmarkBuild500(b *testing.B)  { benchBuild(b, 500) }
func BenchmarkBuild5000(b *testing.B) { benchBuild(b, 5000) }

func benchBuild(b *testing.B, n int) {
	v := view(b, bigScenario(n))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Build(v, API, nil)
	}
}

// TestKeepPositions: when nodes only disappear, survivors keep their places; a new node
// lays the graph out again.
func TestKeepPositions(t *testing.T) {
	w, s1, s2 := deleteC(t)
	a, b := byName(s1), byName(s2)
	if _, ok := b["c"]; ok || len(b) != len(a)-1 {
		t.Fatalf("c still drawn: %d nodes", len(b))
	}
	for name, n := range b {
		if a[name].X != n.X || a[name].Y != n.Y {
			t.Errorf("%s moved from %v,%v to %v,%v", name, a[name].X, a[name].Y, n.X, n.Y)
		}
	}
	if err := w.Do(gccore.CreateInput(cm("new"))); err != nil {
		t.Fatal(err)
	}
	s3 := BuildFrom(s2, w.View(), API, nil)
	if fmt.Sprint(byName(s3)["new"]) == fmt.Sprint(Node{}) {
		t.Fatal("the new node is not drawn")
	}
	if fresh := Build(w.View(), API, nil); fmt.Sprint(fresh.Nodes) != fmt.Sprint(s3.Nodes) {
		t.Fatal("a new node did not lay the graph out afresh")
	}
}

func ref(name string) gccore.ObjectRef {
	return gccore.ObjectRef{APIVersion: "v1", Kind: "ConfigMap", Namespace: "default", Name: name}
}

func cm(name string) *gccore.Object {
	return &gccore.Object{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "ConfigMap"}, ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "default"}}
}

// TestPlaceholderTakesOwnersPlace: a deleted owner's placeholder appears where the owner
// was, and nothing else moves.
func TestPlaceholderTakesOwnersPlace(t *testing.T) {
	w, err := workspace.New("t", []byte(family))
	if err != nil {
		t.Fatal(err)
	}
	s1 := Build(w.View(), API, nil)
	if err := w.Do(gccore.DeleteInput(ref("pb"), metav1.DeleteOptions{})); err != nil {
		t.Fatal(err)
	}
	s2 := BuildFrom(s1, w.View(), API, nil)
	a, b := byName(s1), byName(s2)
	if p := b["pb"]; p.Status != Absent || p.X != a["pb"].X || p.Y != a["pb"].Y {
		t.Fatalf("placeholder %+v, owner was at %v,%v", p, a["pb"].X, a["pb"].Y)
	}
	if b["c"].X != a["c"].X || b["c"].Y != a["c"].Y {
		t.Fatal("c moved")
	}
}

// TestReturningNodeIsDrawn: a node that comes back with its uid (a rewind or a reset
// replays the same uids) is drawn again, not lost to the kept layout.
func TestReturningNodeIsDrawn(t *testing.T) {
	w, s1, s2 := deleteC(t)
	if err := w.Reset(); err != nil {
		t.Fatal(err)
	}
	s3 := BuildFrom(s2, w.View(), API, nil)
	if _, ok := byName(s3)["c"]; !ok || len(s3.Nodes) != len(s1.Nodes) {
		t.Fatalf("after Reset %d nodes drawn, want %d with c", len(s3.Nodes), len(s1.Nodes))
	}
}

// deleteC opens the family, deletes c, and returns the scenes before and after.
func deleteC(t *testing.T) (w *workspace.Workspace, before, after *Scene) {
	t.Helper()
	w, err := workspace.New("t", []byte(family))
	if err != nil {
		t.Fatal(err)
	}
	before = Build(w.View(), API, nil)
	if err := w.Do(gccore.DeleteInput(ref("c"), metav1.DeleteOptions{})); err != nil {
		t.Fatal(err)
	}
	return w, before, BuildFrom(before, w.View(), API, nil)
}

// TestKeptLayoutMatchesFresh: through a cascade on a folded and an unfolded tree, each
// tick's BuildFrom draws the same nodes, with the same folds and counts, as a fresh
// Build (positions may differ: a kept layout leaves gaps). And a tick that only removes
// nodes keeps the survivors in place even with nodes folded away.
func TestKeptLayoutMatchesFresh(t *testing.T) {
	for _, policy := range []metav1.DeletionPropagation{metav1.DeletePropagationBackground, metav1.DeletePropagationForeground} {
		for _, folded := range []bool{false, true} {
			w, err := workspace.New("t", []byte(bigScenario(500)))
			if err != nil {
				t.Fatal(err)
			}
			var collapsed map[string]bool
			if folded {
				collapsed = map[string]bool{"rs0": true, "rs1": true, "rs2": true}
			}
			if err := w.Step(); err != nil {
				t.Fatal(err)
			}
			// Delete one ReplicaSet first: its Pods go while the Deployment's other folds stay.
			if err := w.Do(gccore.DeleteInput(gccore.ObjectRef{APIVersion: "apps/v1", Kind: "ReplicaSet", Namespace: "default", Name: "rs5"}, metav1.DeleteOptions{PropagationPolicy: &policy})); err != nil {
				t.Fatal(err)
			}
			prev, keptTicks := Build(w.View(), API, collapsed), 0
			for tick := 0; !w.View().Settled || tick < 3; tick++ {
				if tick == 3 { // then the Deployment
					if err := w.Do(gccore.DeleteInput(gccore.ObjectRef{APIVersion: "apps/v1", Kind: "Deployment", Namespace: "default", Name: "d"}, metav1.DeleteOptions{PropagationPolicy: &policy})); err != nil {
						t.Fatal(err)
					}
				}
				if err := w.Step(); err != nil {
					t.Fatal(err)
				}
				s, fresh := BuildFrom(prev, w.View(), API, collapsed), Build(w.View(), API, collapsed)
				if got, want := drawn(s, collapsed), drawn(fresh, collapsed); got != want || s.Hidden != fresh.Hidden {
					t.Fatalf("%s, folded %v, tick %d: kept scene draws\n%s(%d hidden)\nfresh\n%s(%d hidden)", policy, folded, tick, got, s.Hidden, want, fresh.Hidden)
				}
				if fmt.Sprintf("%p", s.sig) == fmt.Sprintf("%p", prev.sig) { // a kept layout hands its signatures on
					keptTicks++
					for _, n := range s.Nodes {
						if p := prev.pos[n.ID]; p != nil && (p.x != n.X || p.y != n.Y) {
							t.Fatalf("%s, folded %v, tick %d: %s moved in a kept layout", policy, folded, tick, n.ID)
						}
					}
				}
				prev = s
			}
			if keptTicks == 0 {
				t.Errorf("%s, folded %v: no tick kept the layout", policy, folded)
			}
		}
	}
}

// drawn lists the drawn nodes without their positions, sorted, with the toggles of the
// folded ones (a kept layout leaves other nodes' toggles as they were).
func drawn(s *Scene, collapsed map[string]bool) string {
	var lines []string
	for _, n := range s.Nodes {
		lines = append(lines, fmt.Sprintf("%s %d lag=%v del=%v hidden=%d %q toggle=%v\n", n.ID, n.Status, n.Lag, n.DeletingDependents, n.HiddenBelow, n.HiddenKinds, collapsed[n.ID] && n.HasDependents))
	}
	slices.Sort(lines)
	return strings.Join(lines, "")
}

// TestFinalizerLabelFits: a finalizer line, and a kind line, never need more room than
// their node has (issue 22), whatever the letters; a finalizer keeps the start and the
// end of a long name and the count of the others.
func TestFinalizerLabelFits(t *testing.T) {
	for _, fins := range [][]string{
		{"example.com/a-very-long-finalizer-name-that-goes-on"},
		{"kubernetes.io/" + strings.Repeat("w", 40), "example.com/b", "example.com/c"},
		{strings.Repeat("M", 60)},
		{"foregroundDeletion"},
	} {
		got := FinalizerLabel(fins, LineEm)
		if TextEm(got) > LineEm {
			t.Errorf("FinalizerLabel(%q) = %q, %.1f em wide, want at most %.1f", fins, got, TextEm(got), LineEm)
		}
		if len(fins) > 1 && !strings.HasSuffix(got, " +2 more") {
			t.Errorf("FinalizerLabel(%q) = %q, want the count of the others", fins, got)
		}
	}
	if got := FinalizerLabel([]string{"example.com/a-very-long-finalizer-name-that-goes-on"}, LineEm); !strings.HasPrefix(got, "⚑ exam") || !strings.HasSuffix(got, "goes-on") {
		t.Errorf("a long finalizer reads %q, want its start and its end", got)
	}
	if got := FinalizerLabel([]string{"foregroundDeletion"}, LineEm); got != "⚑ foregroundDeletion" {
		t.Errorf("a short finalizer reads %q, want it whole", got)
	}
	for _, kind := range []string{"ReplicaSet · default", "ClusterRoleBinding · kube-system", "WidgetMMMMMMMMMM · very-long-namespace-name"} {
		if got := ShortEm(kind, LineEm); TextEm(got) > LineEm || !strings.HasPrefix(kind, strings.TrimSuffix(got, "…")) {
			t.Errorf("ShortEm(%q) = %q, %.1f em wide, want a start of it at most %.1f em", kind, got, TextEm(got), LineEm)
		}
	}
	if got := ShortEm("ReplicaSet · default", LineEm); got != "ReplicaSet · default" {
		t.Errorf("a short kind line reads %q, want it whole", got)
	}
}
