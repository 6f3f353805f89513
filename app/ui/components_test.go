package ui

import (
	"github.com/gcplay/gcplay/app/session"
	"regexp"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/scene"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Component tests render panels natively with go-app's encoder (no browser): they
// check the browser-test contract and what each panel shows for fixed data. The encoder
// writes a false boolean as disabled="false", a true one as a bare attribute.

func exampleWorkspace(t *testing.T, id string) *workspace.Workspace {
	t.Helper()
	w, _, err := workspace.OpenExample(id)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func render(c app.UI) string { return app.HTMLString(c) }

func mustContain(t *testing.T, html string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(html, w) {
			t.Errorf("rendered HTML lacks %q", w)
		}
	}
}

func TestToolbarContract(t *testing.T) {
	html := render(&Toolbar{Tick: 7, LastTick: 9, Run: session.Paused, Speed: 4, Until: workspace.QueueAttemptToDelete})
	for _, name := range []string{"Step", "Run", "Pause", "Run until idle", "Reset"} {
		if !regexp.MustCompile(`<button[^>]*>\s*` + regexp.QuoteMeta(name) + `\s*</button>`).MatchString(html) {
			t.Errorf("no button named %q", name)
		}
	}
	mustContain(t, html, `data-tick="7"`)
	if !regexp.MustCompile(`<button[^>]*disabled[ >][^>]*>?\s*Pause`).MatchString(html) {
		t.Errorf("Pause is enabled while paused")
	}
}

func TestSelectionBarContract(t *testing.T) {
	w := exampleWorkspace(t, "deployment")
	html := render(&SelectionBar{Policy: "Foreground"})
	for _, name := range []string{"Orphan", "Background", "Foreground"} {
		if !regexp.MustCompile(`<label[^>]*>\s*<input[^>]*type="radio"[^>]*>\s*` + name + `\s*</label>`).MatchString(html) {
			t.Errorf("no radio labelled %q", name)
		}
	}
	if !regexp.MustCompile(`<button[^>]*disabled[ >][^>]*>?\s*Delete\s*</button>`).MatchString(html) {
		t.Errorf("Delete is enabled with nothing selected")
	}
	sel := w.View().Objects[0]
	html = render(&SelectionBar{Object: sel, Selected: sel.UID})
	if regexp.MustCompile(`<button[^>]*disabled[ >][^>]*>?\s*Delete`).MatchString(html) {
		t.Errorf("Delete is disabled with an object selected")
	}
}

func TestGraphNodeContract(t *testing.T) {
	n := scene.Node{ID: "u1", APIVersion: "v1", Kind: "ClusterRole", Name: "ops", UID: "u1", Status: scene.Terminating,
		Object: true, Finalizers: []string{"foregroundDeletion"}}
	html := nodeMarkup(n, false, false)
	mustContain(t, html, `data-kind="ClusterRole"`, `data-name="ops"`, `data-uid="u1"`, `data-state="terminating"`,
		"foregroundDeletion", "Terminating")
	absent := nodeMarkup(scene.Node{ID: "absent:x", Kind: "ConfigMap", Name: "gone", Status: scene.Absent}, false, false)
	if strings.Contains(absent, "data-kind") {
		t.Errorf("an absent owner carries the object contract: %s", absent)
	}
	mustContain(t, absent, "absent owner")
}

// TestGraphPanelDrawsEveryObject: one contract element per stored object, the edges by
// class, and the GC view marks lag.
func TestGraphPanelDrawsEveryObject(t *testing.T) {
	w := exampleWorkspace(t, "deployment")
	html := render(&GraphPanel{View: w.View(), Collapsed: map[string]bool{}})
	if got := strings.Count(nodesMarkup(w.View(), scene.API), "data-kind="); got != len(w.View().Objects) {
		t.Fatalf("%d object elements for %d objects", got, len(w.View().Objects))
	}
	mustContain(t, html, "6 not yet in the GC graph") // node-a, the Deployment, the ReplicaSet, 3 Pods
	var edges string
	for _, e := range (&GraphCanvas{Scene: scene.Build(w.View(), scene.API, nil)}).keyedEdges() {
		edges += edgeWhole(e)
	}
	mustContain(t, edges, `class="edge e-controller-block"`)
	if err := w.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	gc := nodesMarkup(w.View(), scene.GC)
	if strings.Contains(gc, "data-kind=") {
		t.Errorf("the GC view carries the API objects' contract")
	}
	if got := strings.Count(gc, "data-node="); got != len(w.View().Graph) {
		t.Errorf("%d GC nodes drawn for %d in the graph", got, len(w.View().Graph))
	}
}

func TestInspectorExplains(t *testing.T) {
	w := exampleWorkspace(t, "foreground-stuck")
	if err := w.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	o, ok := findObject(w.View(), "owner")
	if !ok {
		t.Fatal("owner not stored")
	}
	html := render(&Inspector{View: w.View(), Selected: o.UID, Why: session.WhyLines(w.Sim().Inspect().Reasons(o.Ref()), ""), YAML: session.ObjectYAML(o)})
	mustContain(t, html, "Why is it not deleted yet?", "foregroundDeletion", ">FG-1</button>", "blocker", "Remove")
}

func TestTraceLinksRules(t *testing.T) {
	v := &workspace.View{Trace: []gccore.Record{{Seq: 1, Tick: 2, Component: gccore.Worker(gccore.RoleDeleteWorker, 0), Queue: gccore.QueueAttemptToDelete,
		Rule: "DEL-9c", Object: gccore.ObjectRef{APIVersion: "v1", Kind: "ConfigMap", Namespace: "default", Name: "c"}, Text: "deleted", Call: "delete v1/configmaps default/c", Result: gccore.Outcome{Code: 200, Reason: "OK"}}}}
	mustContain(t, render(&TracePanel{View: v}), "Trace", "filter")
	html := traceRowMarkup(v.Trace[0], false) // the rows are drawn in the browser (domList)
	mustContain(t, html, `title="Show rule DEL-9"`, ">DEL-9c</button>", "t=2", "200 OK")
}

func TestQueuesShowItems(t *testing.T) {
	v := &workspace.View{Queues: []gccore.QueueView{
		{Name: "attemptToDelete", Items: []gccore.QueueItem{{Key: "v1/ConfigMap default/a", UID: "a", Why: "GB-8", Retries: 2, State: "waiting", NextAttemptMS: 3020}}},
		{Name: "attemptToOrphan"},
	}}
	mustContain(t, render(&QueuesPanel{View: v}), "attemptToDelete", "attemptToOrphan", "empty")
	var html string // the rows are drawn in the browser (domList)
	for _, r := range (&QueuesPanel{View: v}).items(v.Queues[0]) {
		html += r.markup
	}
	mustContain(t, html, "why GB-8 · retries 2", "next at 3.020s (tick 4)", "waiting")
}

func TestAuthorFormBuildsOwners(t *testing.T) {
	w := exampleWorkspace(t, "deployment")
	a := &AuthorPanel{View: w.View(), kind: "v1/Pod", name: "extra", namespace: "default", finalizers: "a/b, c/d"}
	rs, _ := findObject(w.View(), "web-7c9f")
	a.setOwner(rs.UID, func(c *ownerChoice) { c.on, c.controller, c.block = true, true, true })
	o := a.formObject()
	if o.Kind != "Pod" || o.APIVersion != "v1" || len(o.Finalizers) != 2 || len(o.OwnerReferences) != 1 {
		t.Fatalf("form object: %+v", o)
	}
	r := o.OwnerReferences[0]
	if r.UID != rs.UID || r.Controller == nil || !*r.Controller || r.BlockOwnerDeletion == nil || !*r.BlockOwnerDeletion {
		t.Fatalf("owner reference: %+v", r)
	}
	if _, err := w.ParseObjects(a.formYAML()); err != nil {
		t.Fatalf("the form's YAML does not parse: %v", err)
	}
	html := render(a)
	mustContain(t, html, `id="f-kind"`, "Create from YAML", "ReplicaSet default/web-7c9f")
}

func TestPlaygroundPrerenders(t *testing.T) {
	html := render(NewPlayground())
	mustContain(t, html, `id="status"`, "Loading the simulator")
}

// nodesMarkup is the markup the graph canvas puts in the page for a view's nodes.
func nodesMarkup(v *workspace.View, mode scene.Mode) string {
	var b strings.Builder
	for _, n := range (&GraphCanvas{Scene: scene.Build(v, mode, nil)}).keyedNodes() {
		b.WriteString(nodeWhole(n))
	}
	return b.String()
}

func findObject(v *workspace.View, name string) (*gccore.Object, bool) {
	for _, o := range v.Objects {
		if o.Name == name {
			return o, true
		}
	}
	return nil, false
}

// TestPanicShowsCrashScreen: a panic in a state change becomes the crash screen with a
// "Copy scenario" button, never a blank page.
func TestPanicShowsCrashScreen(t *testing.T) {
	p := testPlayground(exampleWorkspace(t, "deployment"))
	p.guard(app.Context{}, "test", func() error { panic("boom") })
	if p.status != statusCrashed || !strings.Contains(p.crash, "boom") {
		t.Fatalf("status %v crash %q", p.status, p.crash)
	}
	mustContain(t, render(p), "gcplay stopped: an internal error", "Copy scenario", "boom")
}

// TestRenderPanicIsContained: a panel that panics while rendering shows an error box in
// its place.
func TestRenderPanicIsContained(t *testing.T) {
	html := render(&Inspector{}) // no View: the panel panics
	mustContain(t, html, "The inspector panel failed", "Copy scenario")
}

// testPlayground is the page open on ws, as after loading.
func testPlayground(ws *workspace.Workspace) *Playground {
	p := NewPlayground()
	p.open(ws)
	return p
}
