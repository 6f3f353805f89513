package workspace

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

var widget = gccore.ResourceDecl{APIVersion: "example.com/v1", Kind: "Widget"}

func widgetRef(name string) gccore.ObjectRef {
	return gccore.ObjectRef{APIVersion: "example.com/v1", Kind: "Widget", Namespace: "default", Name: name}
}

// TestWithKindKeepsSession: declaring a kind part-way through a session gives a
// workspace that serves it, with the same history, position, tick and objects; the old
// workspace is unchanged.
func TestWithKindKeepsSession(t *testing.T) {
	w, err := New("owner-child", []byte("# owner and child\n"+ownerChild))
	if err != nil {
		t.Fatal(err)
	}
	cm := &gccore.Object{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "ConfigMap"},
		ObjectMeta: metav1.ObjectMeta{Name: "late", Namespace: "default"}}
	for _, f := range []func() error{w.Step, func() error { return w.Do(gccore.CreateInput(cm)) }, w.Step, w.Step, func() error { return w.Rewind(2) }} {
		if err := f(); err != nil {
			t.Fatal(err)
		}
	}
	before := w.View()
	nw, err := w.WithKind(widget)
	if err != nil {
		t.Fatal(err)
	}
	v := nw.View()
	if v.Tick != before.Tick || v.Position != before.Position || v.HistoryLen != before.HistoryLen || v.Version <= before.Version {
		t.Fatalf("tick %d position %d/%d version %d, want tick %d position %d/%d and a version above %d",
			v.Tick, v.Position, v.HistoryLen, v.Version, before.Tick, before.Position, before.HistoryLen, before.Version)
	}
	if got, want := string(gccore.ListYAML(v.Objects)), string(gccore.ListYAML(before.Objects)); got != want {
		t.Fatalf("objects changed:\n%s", diffLines(got, want))
	}
	if !servesKind(v, widget, true) {
		t.Fatalf("the new workspace does not serve %v: %+v", widget, v.Kinds)
	}
	if servesKind(w.View(), widget, true) {
		t.Fatal("the old workspace serves the new kind")
	}
	if !strings.HasPrefix(string(nw.Source()), "# owner and child\n") || !strings.Contains(string(nw.Source()), "kind: Widget") {
		t.Fatalf("new base scenario:\n%s", nw.Source())
	}
	// The session's future after the rewind is kept.
	if err := nw.Seek(v.HistoryLen); err != nil {
		t.Fatal(err)
	}
	if err := w.Seek(before.HistoryLen); err != nil {
		t.Fatal(err)
	}
	if nw.View().Tick != w.View().Tick {
		t.Fatalf("forward to tick %d, the old session reaches %d", nw.View().Tick, w.View().Tick)
	}
	// A saved session restores with the kind.
	rw, err := Unmarshal(nw.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if !servesKind(rw.View(), widget, true) {
		t.Fatal("the restored workspace does not serve the kind")
	}
	// Cluster-scoped declarations are kept as such.
	cw, err := nw.WithKind(gccore.ResourceDecl{APIVersion: "example.com/v1", Kind: "Gadget", Namespaced: new(false)})
	if err != nil {
		t.Fatal(err)
	}
	if !servesKind(cw.View(), gccore.ResourceDecl{APIVersion: "example.com/v1", Kind: "Gadget"}, false) {
		t.Fatalf("Gadget is not served cluster-scoped: %+v", cw.View().Kinds)
	}
}

func servesKind(v *View, d gccore.ResourceDecl, namespaced bool) bool {
	for _, k := range v.Kinds {
		if k.APIVersion == d.APIVersion && k.Kind == d.Kind {
			return k.Custom && k.Namespaced == namespaced
		}
	}
	return false
}

// TestWithKindObjectsAndGC: objects of a declared kind are created (form/YAML path:
// ParseObjects), own a built-in dependent, and a Foreground delete of the custom owner
// waits for its blocking dependent (FG-1; the GC patches custom kinds with a JSON merge
// patch, OPS-3). The session's export declares the kind, and `gcplay sim` replays it to
// the same objects at every stage.
func TestWithKindObjectsAndGC(t *testing.T) {
	blank, err := New("blank", []byte("{}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := blank.ParseObjects("apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n"); err == nil {
		t.Fatal("an undeclared kind was accepted")
	}
	w, err := blank.WithKind(widget)
	if err != nil {
		t.Fatal(err)
	}
	create := func(text string) {
		t.Helper()
		objs, err := w.ParseObjects(text)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range objs {
			if err := w.Do(gccore.CreateInput(o)); err != nil {
				t.Fatal(err)
			}
		}
	}
	create("apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: owner}\n")
	owner, err := w.Sim().Get(widgetRef("owner"))
	if err != nil {
		t.Fatal(err)
	}
	create("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: child\n  ownerReferences:\n" +
		"  - {apiVersion: example.com/v1, kind: Widget, name: owner, uid: " + string(owner.UID) + ", blockOwnerDeletion: true}\n")
	if err := w.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	checkExport(t, w)
	if deps := w.View().InGraph[owner.UID].Dependents; len(deps) != 1 {
		t.Fatalf("the GC's graph gives the Widget %d dependents, want 1: %+v", len(deps), w.View().InGraph[owner.UID])
	}

	fg := metav1.DeletePropagationForeground
	if err := w.Do(gccore.DeleteInput(widgetRef("owner"), metav1.DeleteOptions{PropagationPolicy: &fg})); err != nil {
		t.Fatal(err)
	}
	childGone, ownerGone := int64(-1), int64(-1)
	for i := 0; i < 30 && ownerGone < 0; i++ {
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
		_, cerr := w.Sim().Get(ref("ConfigMap", "child"))
		o, oerr := w.Sim().Get(widgetRef("owner"))
		if cerr != nil && childGone < 0 {
			childGone = w.View().Tick
		}
		if oerr != nil {
			ownerGone = w.View().Tick
		} else if cerr == nil && !o.Terminating() {
			t.Fatalf("tick %d: the Widget is not Terminating while its blocking dependent exists", w.View().Tick)
		}
		if i == 1 {
			checkExport(t, w) // mid-cascade
		}
	}
	if childGone < 0 || ownerGone < 0 || childGone >= ownerGone {
		t.Fatalf("child gone at tick %d, owner at %d: want the child first, then the owner", childGone, ownerGone)
	}
	checkExport(t, w)
}

// checkExport: the exported session declares the Widget kind, and `gcplay sim`
// (scenario.Runner) replays it to the objects of the session once both are idle.
func checkExport(t *testing.T, w *Workspace) {
	t.Helper()
	out := w.ExportScenario()
	if !strings.Contains(string(out), "kind: Widget") || !strings.Contains(string(out), "resources:") {
		t.Fatalf("the export does not declare the kind:\n%s", out)
	}
	sim, err := headless(t, "export.yaml", out)
	if err != nil {
		t.Fatalf("gcplay sim refused the export: %v\n%s", err, out)
	}
	settled, err := Unmarshal(w.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if err := settled.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	if got, want := string(gccore.ListYAML(sim.Objects())), string(gccore.ListYAML(settled.View().Objects)); got != want {
		t.Fatalf("replayed export differs:\n%s\nexport:\n%s", diffLines(got, want), out)
	}
}

// TestWithKindErrors: bad declarations are refused with a message naming the kind, and
// the workspace is unchanged.
func TestWithKindErrors(t *testing.T) {
	w, err := New("blank", []byte("resources:\n- {apiVersion: example.com/v1, kind: Widget}\n"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		d    gccore.ResourceDecl
		want string
	}{
		{gccore.ResourceDecl{APIVersion: "", Kind: "Thing"}, "apiVersion"},
		{gccore.ResourceDecl{APIVersion: "example.com/", Kind: "Thing"}, `apiVersion "example.com/"`},
		{gccore.ResourceDecl{APIVersion: "a/b/c", Kind: "Thing"}, `apiVersion "a/b/c"`},
		{gccore.ResourceDecl{APIVersion: "example.com/v1", Kind: " "}, "kind is required"},
		{gccore.ResourceDecl{APIVersion: "example.com/v1", Kind: "My Thing"}, "kind must be letters"},
		{widget, "example.com/v1 Widget is already served (declared in this session)"},
		{gccore.ResourceDecl{APIVersion: "v1", Kind: "ConfigMap"}, "v1 ConfigMap is already served (built in)"},
		{gccore.ResourceDecl{APIVersion: "example.com/v2", Kind: "Widget", Namespaced: new(false)}, "scope that differs"},
		{gccore.ResourceDecl{APIVersion: "apps/v2", Kind: "Deployment", Namespaced: new(false)}, "scope that differs"},
	}
	for _, c := range cases {
		_, err := w.WithKind(c.d)
		if err == nil {
			t.Errorf("%+v: accepted", c.d)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "resources[") {
			t.Errorf("%+v: error %q, want it to contain %q and no resources[i]", c.d, err, c.want)
		}
	}
	if len(w.Scenario().Resources) != 1 {
		t.Fatalf("the workspace changed: %+v", w.Scenario().Resources)
	}
	// Another version of a custom kind with the same scope is a new served version.
	if _, err := w.WithKind(gccore.ResourceDecl{APIVersion: "example.com/v2", Kind: "Widget"}); err != nil {
		t.Fatal(err)
	}
}
