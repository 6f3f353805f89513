package scenario_test

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	"github.com/gcplay/gcplay/internal/fixtures"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"
)

// TestStepMapRoundTrip: every step of every golden scenario, written back by Step.Map
// (StepMap for actions, ClusterStepMap for the version 2 steps) and parsed again, is the
// same input and the same step: a scale stays a scale, not the update it plays.
func TestStepMapRoundTrip(t *testing.T) {
	n := 0
	for _, file := range fixtures.ReadScenarios(t, "../testdata/scenarios") {
		f := file.Path
		sc, err := scenario.Parse(f, file.Data)
		if err != nil {
			continue // the files that test parse errors
		}
		var steps []any
		for _, st := range sc.Steps {
			steps = append(steps, st.Map())
		}
		written := map[string]any{"resources": sc.Resources, "steps": steps}
		if sc.Version > 1 {
			written["version"], written["controllers"] = sc.Version, sc.Controllers
		}
		out, err := yaml.Marshal(written)
		if err != nil {
			t.Fatal(err)
		}
		again, err := scenario.Parse(f, out)
		if err != nil {
			t.Fatalf("%s: written back, it does not parse: %v\n%s", f, err, out)
		}
		for i, st := range sc.Steps {
			a, b := st.Input(), again.Steps[i].Input()
			if !a.Equal(b) || st.Idle != again.Steps[i].Idle || st.Op != again.Steps[i].Op {
				t.Errorf("%s: steps[%d]: %s came back as %s", f, i, a, b)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no steps checked")
	}
}

// TestFineStepsOnlyWithTheOption: a version 1 scenario file has no fine steps (the error
// says what would allow them); lessons and version 2 files do, and each is written back.
func TestFineStepsOnlyWithTheOption(t *testing.T) {
	src := []byte("steps:\n- deliverEvent: {kind: ConfigMap}\n- runDeleteItem: {reads: true}\n- runDeleteItem: {}\n")
	_, err := scenario.Parse("f.yaml", src)
	if err == nil || !strings.Contains(err.Error(), "deliverEvent is a fine step, which needs version: 2 at the top of the file") {
		t.Fatalf("a version 1 file with a fine step: got %v", err)
	}
	lesson, err := scenario.ParseWith("f.yaml", src, scenario.Options{FineSteps: true})
	if err != nil {
		t.Fatal(err)
	}
	v2, err := scenario.Parse("f.yaml", append([]byte("version: 2\n"), src...))
	if err != nil {
		t.Fatalf("a version 2 file with fine steps: %v", err)
	}
	for _, sc := range []*scenario.Scenario{lesson, v2} {
		if len(sc.Steps) != 3 || !sc.Steps[1].Reads || sc.Steps[2].Reads {
			t.Fatalf("steps: %+v", sc.Steps)
		}
		for i, st := range sc.Steps {
			m, ok := scenario.StepMap(st.Input())
			if !ok || m[string(st.Op)] == nil {
				t.Errorf("steps[%d] %s is not written back: %v", i, st.Op, m)
			}
		}
	}
}

// TestClusterStepMap: an update input that is exactly what scale, setNodeReady or
// setLabels plays is written back as that step, and parses to the same input; any other
// update (another field, a strategic patch, a Node patch that is not the Ready condition)
// is not.
func TestClusterStepMap(t *testing.T) {
	src := []byte(`version: 2
controllers: [replicaset]
steps:
- scale: {apiVersion: apps/v1, kind: ReplicaSet, name: web, replicas: 3}
- setNodeReady: {node: node-a, ready: false}
- setNodeReady: {node: node-a, ready: true}
- setLabels: {apiVersion: v1, kind: Pod, namespace: team, name: web-x, labels: {app: debug, tier: null}}
`)
	sc, err := scenario.Parse("cluster.yaml", src)
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range sc.Steps {
		m, ok := scenario.ClusterStepMap(st.Input())
		if !ok || m[string(st.Op)] == nil {
			t.Fatalf("steps[%d] (%s): written back as %v, %v", i, st.Op, m, ok)
		}
		out, _ := yaml.Marshal(map[string]any{"version": 2, "steps": []any{m}})
		again, err := scenario.Parse("again.yaml", out)
		if err != nil {
			t.Fatalf("steps[%d]: %v\n%s", i, err, out)
		}
		if a, b := st.Input(), again.Steps[0].Input(); !a.Equal(b) || again.Steps[0].Op != st.Op {
			t.Errorf("steps[%d]: %s came back as %s %s", i, a, again.Steps[0].Op, b)
		}
	}
	node := gccore.ObjectRef{APIVersion: "v1", Kind: "Node", Name: "node-a"}
	rs := gccore.ObjectRef{APIVersion: "apps/v1", Kind: "ReplicaSet", Namespace: "default", Name: "web"}
	for _, in := range []gccore.Input{
		gccore.PatchInput(rs, []byte(`{"metadata":{"name":"web","namespace":"default"},"spec":{"replicas":3,"paused":true}}`)),
		gccore.PatchInput(rs, []byte(`{"spec":{"replicas":3}}`)), // no name: not what scale plays
		gccore.PatchInput(rs, []byte(`{"metadata":{"name":"web","namespace":"default","labels":{"a":"b"},"finalizers":["x/y"]}}`)),
		gccore.PatchInput(node, []byte(`{"metadata":{"name":"node-a"},"status":{"conditions":[{"type":"DiskPressure","status":"True"}]}}`)),
		{Op: gccore.InputUpdate, Ref: &rs, PatchType: gccore.StrategicPatch, Patch: []byte(`{"metadata":{"name":"web","namespace":"default"},"spec":{"replicas":3}}`)},
		gccore.DeleteInput(rs, metav1.DeleteOptions{}),
	} {
		if m, ok := scenario.ClusterStepMap(in); ok {
			t.Errorf("%s: written as %v, want an update", in, m)
		}
	}
}
