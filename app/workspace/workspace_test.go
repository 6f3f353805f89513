package workspace

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	"github.com/gcplay/gcplay/internal/fixtures"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// scenarioFiles lists gccore's scenario files (the golden ones, as `gcplay sim` runs them).
func scenarioFiles(t testing.TB) []string {
	t.Helper()
	files, err := fixtures.ScenarioFiles("../../gccore/testdata/scenarios")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files found (%v)", err)
	}
	return files
}

// headless runs a scenario the way `gcplay sim` does.
func headless(t testing.TB, name string, src []byte) (*gccore.Sim, error) {
	t.Helper()
	r, err := scenario.Run(name, src, gccore.Config{}, scenario.DefaultMaxTicks)
	if r == nil {
		t.Fatal(err)
	}
	return r.Sim, err
}

// TestRunUntilIdleMatchesSim: stepping a scenario in the workspace ends in the same
// objects, tick and trace as `gcplay sim` (scenario.Runner).
func TestRunUntilIdleMatchesSim(t *testing.T) {
	for _, f := range scenarioFiles(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, wantErr := headless(t, f, src)
			w, err := New(f, src)
			if err != nil {
				if wantErr == nil {
					t.Fatalf("New: %v", err)
				}
				return
			}
			if w.View().Tick != 0 {
				t.Fatalf("opened at tick %d, want 0", w.View().Tick)
			}
			err = w.RunUntilIdle()
			if (err != nil) != (wantErr != nil) {
				t.Fatalf("RunUntilIdle error %v, gcplay sim error %v", err, wantErr)
			}
			if wantErr != nil {
				return
			}
			if got, want := string(gccore.ListYAML(w.View().Objects)), string(gccore.ListYAML(want.Objects())); got != want {
				t.Errorf("objects differ from gcplay sim:\n%s", diffLines(got, want))
			}
			if w.View().Tick != want.CurrentTick() {
				t.Errorf("tick %d, gcplay sim ended at %d", w.View().Tick, want.CurrentTick())
			}
			if got, want := gccore.RenderTrace(w.View().Trace), gccore.RenderTrace(want.Take().Records); got != want {
				t.Errorf("trace differs from gcplay sim:\n%s", diffLines(got, want))
			}
		})
	}
}

func diffLines(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) && i < len(w); i++ {
		if g[i] != w[i] {
			return "line " + strconv.Itoa(i+1) + ":\n got: " + g[i] + "\nwant: " + w[i]
		}
	}
	return "lengths differ: " + strconv.Itoa(len(g)) + " vs " + strconv.Itoa(len(w)) + " lines"
}

const ownerChild = `
objects:
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: owner, uid: owner-uid}
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: child
    ownerReferences:
    - {apiVersion: v1, kind: ConfigMap, name: owner, uid: owner-uid, blockOwnerDeletion: true}
`

// TestRewindReplays: a rewind to an earlier tick shows exactly the state that tick had,
// and seeking forward again restores the later state without losing the history.
func TestRewindReplays(t *testing.T) {
	w, err := New("owner-child", []byte(ownerChild))
	if err != nil {
		t.Fatal(err)
	}
	fg := metav1.DeletePropagationForeground
	if err := w.Step(); err != nil {
		t.Fatal(err)
	}
	if err := w.Do(gccore.DeleteInput(gccore.ObjectRef{APIVersion: "v1", Kind: "ConfigMap", Namespace: "default", Name: "owner"}, metav1.DeleteOptions{PropagationPolicy: &fg})); err != nil {
		t.Fatal(err)
	}
	snap := map[int64]string{}
	snap[w.View().Tick] = string(gccore.ListYAML(w.View().Objects))
	for !w.View().Settled {
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
		snap[w.View().Tick] = string(gccore.ListYAML(w.View().Objects))
	}
	end := w.View()
	if len(end.Objects) != 0 {
		t.Fatalf("foreground deletion left %d objects", len(end.Objects))
	}
	for tick := end.Tick; tick >= 1; tick-- {
		if err := w.Rewind(tick); err != nil {
			t.Fatal(err)
		}
		if got := string(gccore.ListYAML(w.View().Objects)); got != snap[tick] {
			t.Fatalf("rewind to %d:\n%s\nwant\n%s", tick, got, snap[tick])
		}
		if w.View().Tick != tick {
			t.Fatalf("rewind to %d landed on tick %d", tick, w.View().Tick)
		}
	}
	if err := w.Rewind(end.Tick); err != nil {
		t.Fatal(err)
	}
	if w.View().Position != end.Position || len(w.View().Trace) != len(end.Trace) {
		t.Fatalf("forward seek: position %d trace %d, want %d %d", w.View().Position, len(w.View().Trace), end.Position, len(end.Trace))
	}
	// A new input after a rewind drops the future.
	if err := w.Rewind(1); err != nil {
		t.Fatal(err)
	}
	if err := w.Do(gccore.FinalizerInput(gccore.ObjectRef{APIVersion: "v1", Kind: "ConfigMap", Namespace: "default", Name: "child"}, "example.com/hold", true)); err != nil {
		t.Fatal(err)
	}
	if v := w.View(); v.Position != v.HistoryLen {
		t.Fatalf("future kept after a new input: position %d of %d", v.Position, v.HistoryLen)
	}
}

// TestBatchIsAtomic: a batch whose second create fails leaves the workspace as it was.
func TestBatchIsAtomic(t *testing.T) {
	w, err := New("owner-child", []byte(ownerChild))
	if err != nil {
		t.Fatal(err)
	}
	before := gccore.ListYAML(w.View().Objects)
	ok := &gccore.Object{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "ConfigMap"}, ObjectMeta: metav1.ObjectMeta{Name: "new", Namespace: "default"}}
	dup := &gccore.Object{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "ConfigMap"}, ObjectMeta: metav1.ObjectMeta{Name: "owner", Namespace: "default"}}
	err = w.Batch([]gccore.Input{gccore.CreateInput(ok), gccore.CreateInput(dup)})
	if err == nil || !strings.Contains(err.Error(), "item 2 of 2") {
		t.Fatalf("err = %v, want item 2 of 2", err)
	}
	if after := gccore.ListYAML(w.View().Objects); !bytes.Equal(before, after) {
		t.Fatalf("batch left changes:\n%s", after)
	}
	if w.View().HistoryLen != 0 {
		t.Fatalf("history has %d entries, want 0", w.View().HistoryLen)
	}
}

// TestSaveRestore: a saved session, rewound part-way, comes back identical: same
// objects, trace, position and future.
func TestSaveRestore(t *testing.T) {
	ex, _ := ExampleByID("foreground-stuck")
	w, err := New(ex.ID, ex.Source)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	if err := w.Do(gccore.FinalizerInput(ref("ConfigMap", "blocker"), "example.com/hold", false)); err != nil {
		t.Fatal(err)
	}
	if err := w.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	if err := w.Rewind(3); err != nil {
		t.Fatal(err)
	}
	got, err := Unmarshal(w.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	a, b := w.View(), got.View()
	if string(gccore.ListYAML(a.Objects)) != string(gccore.ListYAML(b.Objects)) || a.Tick != b.Tick ||
		a.Position != b.Position || a.HistoryLen != b.HistoryLen || gccore.RenderTrace(a.Trace) != gccore.RenderTrace(b.Trace) {
		t.Fatalf("restored view differs: tick %d/%d position %d/%d history %d/%d", a.Tick, b.Tick, a.Position, b.Position, a.HistoryLen, b.HistoryLen)
	}
	if err := got.Seek(got.View().HistoryLen); err != nil {
		t.Fatal(err)
	}
	if len(got.View().Objects) != 0 {
		t.Fatalf("restored future does not end empty: %d objects", len(got.View().Objects))
	}
}

// TestFineSteps: each fine step does one thing, refuses when there is nothing to do,
// and a tick afterwards still ends where gcplay sim ends.
func TestFineSteps(t *testing.T) {
	ex, _ := ExampleByID("deployment")
	w, err := New(ex.ID, ex.Source)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Fine(gccore.InputGraphChange); err == nil || !strings.Contains(err.Error(), "graphChanges is empty") {
		t.Fatalf("graph change on an empty queue: %v", err)
	}
	if r := w.View().FineBlocked(gccore.Input{Op: gccore.InputDeliverEvent}); r != "" {
		t.Fatalf("delivering an event is blocked at the start: %s", r)
	}
	if err := w.Fine(gccore.InputDeliverEvent); err != nil {
		t.Fatal(err)
	}
	// Six objects (node-a, the Deployment, the ReplicaSet, three Pods): five events left.
	if v := w.View(); v.PendingWatch != 5 || len(v.GraphChanges) != 1 || v.Tick != 0 {
		t.Fatalf("after one delivery: %d pending, %d graph changes, tick %d", v.PendingWatch, len(v.GraphChanges), v.Tick)
	}
	if err := w.Fine(gccore.InputGraphChange); err != nil {
		t.Fatal(err)
	}
	if v := w.View(); len(v.GraphChanges) != 0 || len(v.Graph) == 0 {
		t.Fatalf("after processing: %d graph changes, %d nodes", len(v.GraphChanges), len(v.Graph))
	}
	if err := w.Fine(gccore.InputDeleteItem); err == nil {
		t.Fatal("a delete item with an empty attemptToDelete succeeded")
	}
	// One tick delivers and processes the rest: graphChanges is empty at both ends of it,
	// and the workspace is then settled.
	n, changed, err := w.StepUntilChange(QueueGraphChanges, 10)
	if err != nil || n != 1 || changed {
		t.Fatalf("until graphChanges changes: %d ticks, changed %v, %v", n, changed, err)
	}
	if _, _, err := w.StepUntilChange("nope", 1); err == nil {
		t.Fatal("an unknown queue was accepted")
	}
	if err := w.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	// Settled: nothing runs, nothing changes, and every fine step says why it is blocked.
	tick := w.View().Tick
	if n, changed, err := w.StepUntilChange(QueueAttemptToDelete, 10); n != 0 || changed || err != nil || w.View().Tick != tick {
		t.Fatalf("until change while settled: %d ticks, changed %v, %v, tick %d→%d", n, changed, err, tick, w.View().Tick)
	}
	for _, op := range []gccore.InputOp{gccore.InputDeliverEvent, gccore.InputGraphChange, gccore.InputDeleteItem, gccore.InputOrphanItem} {
		if w.View().FineBlocked(gccore.Input{Op: op}) == "" {
			t.Fatalf("%s is not blocked while settled", op)
		}
	}
	// The export keeps the fine steps (version 2) and replays to the same end.
	exportReplays(t, w, "version: 2", "- deliverEvent: {}", "- processGraphChange: {}")
}

// exportReplays checks that w's export holds each of wants and that gcplay sim replays
// it to w's objects.
func exportReplays(t *testing.T, w *Workspace, wants ...string) {
	t.Helper()
	out := w.ExportScenario()
	for _, want := range wants {
		if !strings.Contains(string(out), want) {
			t.Fatalf("the export lacks %q:\n%s", want, out)
		}
	}
	sim, err := headless(t, "export.yaml", out)
	if err != nil {
		t.Fatalf("gcplay sim refused the export: %v\n%s", err, out)
	}
	if got, want := string(gccore.ListYAML(sim.Objects())), string(gccore.ListYAML(w.View().Objects)); got != want {
		t.Fatalf("replayed export differs:\n%s", diffLines(got, want))
	}
}

// TestViewVersionsUniqueAcrossWorkspaces: two workspaces never publish views with the
// same Version; the page's graph keys its scene cache on it (issue 11, item 1: opening an
// example showed the previous example's graph until Step).
func TestViewVersionsUniqueAcrossWorkspaces(t *testing.T) {
	a, _ := ExampleByID("deployment")
	b, _ := ExampleByID("cycle")
	wa, err := New(a.ID, a.Source)
	if err != nil {
		t.Fatal(err)
	}
	wb, err := New(b.ID, b.Source)
	if err != nil {
		t.Fatal(err)
	}
	if wa.View().Version == wb.View().Version {
		t.Fatalf("two workspaces published the same view version %d", wa.View().Version)
	}
}

// TestSavedBeforeInputsLoads: a workspace saved before the history became a list of
// gccore.Input (testdata written by commit d102f48's workspace.Command) loads, replays
// and saves again byte for byte: records in people's IndexedDB and old share links keep
// working.
func TestSavedBeforeInputsLoads(t *testing.T) {
	old, err := os.ReadFile("testdata/saved-before-inputs.json")
	if err != nil {
		t.Fatal(err)
	}
	w, err := Unmarshal(old)
	if err != nil {
		t.Fatal(err)
	}
	if got := w.Marshal(); !bytes.Equal(got, old) {
		t.Fatalf("saved again differently:\n got %s\nwant %s", got, old)
	}
}

// TestSettingsSaved: a lesson's informer delays are saved with its workspace and replayed
// (a reload must not replay the attempt with the default delay).
func TestSettingsSaved(t *testing.T) {
	d := 0
	w, err := NewWith("lesson:x", []byte("objects:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}\n"), Settings{InformerDelay: &d, InformerDelays: map[string]int{"Secret": 4}})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Step(); err != nil {
		t.Fatal(err)
	}
	saved := w.Marshal()
	if !strings.Contains(string(saved), `"settings":{"informerDelay":0,"informerDelays":{"Secret":4}}`) {
		t.Fatalf("settings not saved: %s", saved)
	}
	back, err := Unmarshal(saved)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Marshal(); !bytes.Equal(got, saved) {
		t.Fatalf("saved again differently:\n got %s\nwant %s", got, saved)
	}
}

// TestChangesCarryDeletions: every scenario run in a workspace records, per history
// entry, the DELETED watch events its trace shows (API-16 "DELETED" records), in order:
// the typed deletions lesson mode judges on agree with the text the trace renders.
func TestChangesCarryDeletions(t *testing.T) {
	compared := 0
	defer func() {
		if compared == 0 {
			t.Error("no scenario deleted anything")
		}
	}()
	for _, f := range scenarioFiles(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		w, err := New(filepath.Base(f), src)
		if err != nil {
			continue // the scenarios that fail at tick 0 are the parser's tests
		}
		_ = w.RunUntilIdle()
		var typed, text []string
		for _, ev := range w.History().BaseDeleted() {
			typed = append(typed, ev.Object.Ref().String())
		}
		for i := 0; i < w.History().Position(); i++ {
			for _, ev := range w.History().Change(i).Deleted {
				typed = append(typed, ev.Object.Ref().String())
			}
		}
		for _, r := range w.View().Trace {
			if r.Component == gccore.CompAPIServer && strings.HasPrefix(r.Text, "DELETED ") {
				text = append(text, r.Key())
			}
		}
		compared += len(text)
		if strings.Join(typed, "\n") != strings.Join(text, "\n") {
			t.Errorf("%s: typed deletions\n%v\ntrace\n%v", filepath.Base(f), typed, text)
		}
	}
}

// TestVariant: a variant opens the scenario afresh with its change, and leaves the
// workspace it came from as it was (compare mode).
func TestVariant(t *testing.T) {
	w, _, err := OpenExample("deployment")
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Step(); err != nil {
		t.Fatal(err)
	}
	v, err := w.Variant(func(_ *scenario.Scenario, cfg *gccore.Config) error { cfg.Workers = 3; return nil })
	if err != nil {
		t.Fatal(err)
	}
	if v.View().Tick != 0 || w.View().Tick != 1 || v.cfg.Workers != 3 || w.cfg.Workers == 3 || v.Name() != w.Name() {
		t.Errorf("variant at tick %d with %d workers, original at %d with %d", v.View().Tick, v.cfg.Workers, w.View().Tick, w.cfg.Workers)
	}
	if _, err := w.Variant(func(*scenario.Scenario, *gccore.Config) error { return errors.New("bad") }); err == nil {
		t.Error("a failing change made a variant")
	}
}

// TestReadItemHoldsTheWrite plays the new-owner-race example as its first action says
// (V-6): Read item lets the worker read dependent and decide, holding its DELETE; while
// it is held Read item is blocked and Delete item is not; the adoption then comes between
// the read and the DELETE, and 1.33 deletes dependent anyway (V-6a).
func TestReadItemHoldsTheWrite(t *testing.T) {
	w, _, err := OpenExample("new-owner-race-1.33")
	if err != nil {
		t.Fatal(err)
	}
	if err := w.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	read := gccore.Input{Op: gccore.InputDeleteItem, Reads: true}
	if why := w.View().FineBlocked(read); why != "attemptToDelete has no item ready for a worker" {
		t.Fatalf("Read item at rest: %q", why)
	}
	pol := metav1.DeletePropagationBackground
	if err := w.Do(gccore.DeleteInput(ref("ConfigMap", "old-owner"), metav1.DeleteOptions{PropagationPolicy: &pol})); err != nil {
		t.Fatal(err)
	}
	for _, op := range []gccore.InputOp{gccore.InputDeliverEvent, gccore.InputGraphChange} {
		if err := w.Fine(op); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.FineInput(read); err != nil {
		t.Fatal(err)
	}
	if why := w.View().FineBlocked(read); why != ReasonWriteHeld {
		t.Fatalf("Read item while a write is held: %q", why)
	}
	if why := w.View().FineBlocked(gccore.Input{Op: gccore.InputDeleteItem}); why != "" {
		t.Fatalf("Delete item while a write is held: %q", why)
	}
	if q := w.View().Queues[0]; len(q.Items) != 1 || q.Items[0].State != gccore.ItemProcessing {
		t.Fatalf("attemptToDelete while the write is held: %+v", q.Items)
	}
	adopt := `{"metadata":{"ownerReferences":[{"apiVersion":"v1","kind":"ConfigMap","name":"old-owner","uid":"old-uid"},{"apiVersion":"v1","kind":"ConfigMap","name":"new-owner","uid":"new-uid"}]}}`
	if err := w.Do(gccore.PatchInput(ref("ConfigMap", "dependent"), []byte(adopt))); err != nil {
		t.Fatal(err)
	}
	if err := w.Fine(gccore.InputDeleteItem); err != nil {
		t.Fatal(err)
	}
	if err := w.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	for _, o := range w.View().Objects {
		if o.Name == "dependent" {
			t.Fatal("1.33 kept dependent: the held DELETE should have ignored the adoption (V-6a)")
		}
	}
	// The export keeps Read item as `runDeleteItem: {reads: true}` and replays to the same end.
	exportReplays(t, w, "runDeleteItem:\n    reads: true")
}
