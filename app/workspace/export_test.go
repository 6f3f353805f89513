package workspace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func ref(kind, name string) gccore.ObjectRef {
	return gccore.ObjectRef{APIVersion: "v1", Kind: kind, Namespace: "default", Name: name}
}

// TestExportReplaysToSameEnd: a session with every kind of action, exported as a
// scenario, replays under `gcplay sim` (scenario.Runner, the code behind it) to the same
// objects, byte for byte, and the same tick.
func TestExportReplaysToSameEnd(t *testing.T) {
	w, err := New("owner-child", []byte(ownerChild))
	if err != nil {
		t.Fatal(err)
	}
	fg := metav1.DeletePropagationForeground
	cm := func(name string, owners ...metav1.OwnerReference) *gccore.Object {
		return &gccore.Object{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "ConfigMap"},
			ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "default", OwnerReferences: owners}}
	}
	steps := []func() error{
		w.Step,
		func() error { return w.Do(gccore.CreateInput(cm("late"))) },
		w.Step,
		func() error {
			late, err := w.Sim().Get(ref("ConfigMap", "late"))
			if err != nil {
				return err
			}
			return w.Do(gccore.CreateInput(cm("later", metav1.OwnerReference{APIVersion: "v1", Kind: "ConfigMap", Name: "late", UID: late.UID})))
		},
		func() error { return w.Do(gccore.FinalizerInput(ref("ConfigMap", "child"), "example.com/hold", true)) },
		func() error {
			return w.Do(gccore.DeleteInput(ref("ConfigMap", "owner"), metav1.DeleteOptions{PropagationPolicy: &fg}))
		},
		w.Step, w.Step, w.Step,
		func() error {
			return w.Do(gccore.PatchInput(ref("ConfigMap", "late"), []byte(`{"metadata":{"labels":{"app":"x"}}}`)))
		},
		func() error { return w.Do(gccore.DeleteInput(ref("ConfigMap", "late"), metav1.DeleteOptions{})) },
		w.Step,
		func() error { return w.Do(gccore.FinalizerInput(ref("ConfigMap", "child"), "example.com/hold", false)) },
		w.RunUntilIdle,
	}
	for i, s := range steps {
		if err := s(); err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
	}
	// A failed action is left out of the export.
	if err := w.Do(gccore.DeleteInput(ref("ConfigMap", "nothing"), metav1.DeleteOptions{})); err == nil {
		t.Fatal("deleting a missing object succeeded")
	}
	out := w.ExportScenario()
	sim, err := headless(t, "export.yaml", out)
	if err != nil {
		t.Fatalf("gcplay sim refused the export: %v\n%s", err, out)
	}
	if got, want := string(gccore.ListYAML(sim.Objects())), string(gccore.ListYAML(w.View().Objects)); got != want {
		t.Fatalf("replayed export differs:\n%s\nexport:\n%s", diffLines(got, want), out)
	}
	if sim.CurrentTick() != w.View().Tick {
		t.Fatalf("replay ended at tick %d, session at %d", sim.CurrentTick(), w.View().Tick)
	}
}

// TestExportUnstartedScenario: a scenario opened and exported at once (or part-way)
// replays to the same end as the original.
func TestExportUnstartedScenario(t *testing.T) {
	for _, f := range scenarioFiles(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, wantErr := headless(t, f, src)
			if wantErr != nil {
				t.Skip("scenario fails headless")
			}
			w, err := New(f, src)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 3; i++ { // part-way: inside a run step, after some actions
				if err := w.Step(); err != nil {
					t.Fatal(err)
				}
			}
			got, err := headless(t, "export.yaml", w.ExportScenario())
			if err != nil {
				t.Fatalf("export refused: %v\n%s", err, w.ExportScenario())
			}
			if a, b := string(gccore.ListYAML(got.Objects())), string(gccore.ListYAML(want.Objects())); a != b {
				t.Fatalf("export replays differently:\n%s", diffLines(a, b))
			}
		})
	}
}

// TestExportKeepsClusterSteps: in a version 2 session, a scale, a setNodeReady and a
// setLabels done by the learner are exported as those steps, not as the `update` each
// plays (issue 15), and the export replays to the same end.
func TestExportKeepsClusterSteps(t *testing.T) {
	src := []byte(`version: 2
controllers: [deployment, replicaset, kubelet]
nodes:
- {name: node-a, ready: true}
objects:
- apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web}
  spec:
    replicas: 1
    selector: {matchLabels: {app: web}}
    template:
      metadata: {labels: {app: web}}
      spec: {nodeName: node-a}
`)
	w, err := New("cluster", src)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	// The learner's actions, as a lesson's steps give them to the workspace.
	acts, err := scenario.Parse("acts", []byte(`version: 2
steps:
- scale: {apiVersion: apps/v1, kind: Deployment, name: web, replicas: 2}
- setNodeReady: {node: node-a, ready: false}
- setLabels: {apiVersion: apps/v1, kind: Deployment, name: web, labels: {team: blue}}
- setNodeReady: {node: node-a, ready: true}
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range acts.Steps {
		if err := w.Do(st.Input()); err != nil {
			t.Fatalf("%s: %v", st.Op, err)
		}
		if err := w.RunUntilIdle(); err != nil {
			t.Fatal(err)
		}
	}
	out := w.ExportScenario()
	for _, want := range []string{"- scale:", "- setNodeReady:", "- setLabels:", "replicas: 2", "ready: false", "team: blue"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("export lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "- update:") {
		t.Errorf("export writes a cluster step as update:\n%s", out)
	}
	sim, err := headless(t, "export.yaml", out)
	if err != nil {
		t.Fatalf("gcplay sim refused the export: %v\n%s", err, out)
	}
	if got, want := string(gccore.ListYAML(sim.Objects())), string(gccore.ListYAML(w.View().Objects)); got != want {
		t.Fatalf("replayed export differs:\n%s\nexport:\n%s", diffLines(got, want), out)
	}
}

// TestExportKeepsFaults: a session of a scenario with `faults:` exports them with their
// seed (FAULT-1 … FAULT-4 draw from it), so the export replays to the same end.
func TestExportKeepsFaults(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "gccore", "testdata", "scenarios", "faults-dropped-event-relist.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	w, err := New("faults", src)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Step(); err != nil {
		t.Fatal(err)
	}
	out := w.ExportScenario()
	for _, want := range []string{"faults:", "seed: 30", "dropWatch: 0.5", "relistEvery: 10"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("export lacks %q:\n%s", want, out)
		}
	}
	if err := w.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	sim, err := headless(t, "export.yaml", out)
	if err != nil {
		t.Fatalf("gcplay sim refused the export: %v\n%s", err, out)
	}
	if got, want := string(gccore.ListYAML(sim.Objects())), string(gccore.ListYAML(w.View().Objects)); got != want || sim.CurrentTick() != w.View().Tick {
		t.Fatalf("replayed export ends at tick %d with\n%s\nthe session at tick %d with\n%s", sim.CurrentTick(), got, w.View().Tick, want)
	}
}
