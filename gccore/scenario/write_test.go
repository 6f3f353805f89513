package scenario_test

import (
	"os"
	"testing"

	"github.com/gcplay/gcplay/gccore/scenario"
	"github.com/gcplay/gcplay/internal/fixtures"
	"sigs.k8s.io/yaml"
)

// TestStepMapRoundTrip: every step of every golden scenario, written back by Step.Map
// (StepMap for actions) and parsed again, is the same input.
func TestStepMapRoundTrip(t *testing.T) {
	files, err := fixtures.ScenarioFiles("../testdata/scenarios")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files (%v)", err)
	}
	n := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := scenario.Parse(f, src)
		if err != nil {
			continue // the files that test parse errors
		}
		var steps []any
		for _, st := range sc.Steps {
			steps = append(steps, st.Map())
		}
		out, err := yaml.Marshal(map[string]any{"resources": sc.Resources, "steps": steps})
		if err != nil {
			t.Fatal(err)
		}
		again, err := scenario.Parse(f, out)
		if err != nil {
			t.Fatalf("%s: written back, it does not parse: %v\n%s", f, err, out)
		}
		for i, st := range sc.Steps {
			a, b := st.Input(), again.Steps[i].Input()
			if !a.Equal(b) || st.Idle != again.Steps[i].Idle {
				t.Errorf("%s: steps[%d]: %s came back as %s", f, i, a, b)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no steps checked")
	}
}

// TestFineStepsOnlyWithTheOption: scenario files have no fine steps; lessons do.
func TestFineStepsOnlyWithTheOption(t *testing.T) {
	src := []byte("steps:\n- deliverEvent: {kind: ConfigMap}\n- runDeleteItem: {}\n")
	if _, err := scenario.Parse("f.yaml", src); err == nil {
		t.Fatal("a scenario file with a fine step parsed")
	}
	sc, err := scenario.ParseWith("f.yaml", src, scenario.Options{FineSteps: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range sc.Steps {
		m, ok := scenario.StepMap(st.Input())
		if !ok || m[string(st.Op)] == nil {
			t.Errorf("steps[%d] %s is not written back: %v", i, st.Op, m)
		}
	}
}
