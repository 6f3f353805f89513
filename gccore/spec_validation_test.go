package gccore_test

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
)

// The workload counts are int32s the API server checks (API-2, issue 21 §3): every value
// that is not a whole number from 0 to 2^31-1 is refused, naming the field.
func TestWorkloadCountsAreValidated(t *testing.T) {
	for _, tc := range []struct {
		kind, field string
		value       any
		want        string // "" for valid
	}{
		{"ReplicaSet", "replicas", int64(0), ""},
		{"ReplicaSet", "replicas", float64(3), ""},
		{"ReplicaSet", "replicas", float64(2147483647), ""},
		{"ReplicaSet", "replicas", nil, ""},
		{"ReplicaSet", "replicas", float64(-1), "spec.replicas: Invalid value: -1: must be greater than or equal to 0"},
		{"ReplicaSet", "replicas", int64(-1), "spec.replicas: Invalid value: -1: must be greater than or equal to 0"},
		{"ReplicaSet", "replicas", "3", `spec.replicas: Invalid value: "3": must be a whole number from 0 to 2147483647 (int32)`},
		{"Deployment", "replicas", 1.5, "spec.replicas: Invalid value: 1.5: must be a whole number"},
		{"Deployment", "replicas", true, "spec.replicas: Invalid value: true: must be a whole number"},
		{"Deployment", "replicas", 1e300, "spec.replicas: Invalid value: 1e+300: must be a whole number"},
		{"StatefulSet", "replicas", float64(2147483648), "spec.replicas: Invalid value: 2.147483648e+09: must be a whole number"},
		{"Job", "parallelism", float64(-2), "spec.parallelism: Invalid value: -2: must be greater than or equal to 0"},
		{"Job", "completions", "x", `spec.completions: Invalid value: "x": must be a whole number`},
		{"ConfigMap", "replicas", "not a count", ""}, // no such field for a ConfigMap: not checked
	} {
		apiVersion := map[string]string{"ReplicaSet": "apps/v1", "Deployment": "apps/v1", "StatefulSet": "apps/v1", "Job": "batch/v1", "ConfigMap": "v1"}[tc.kind]
		sim, _ := gccore.New(gccore.Config{})
		o := &gccore.Object{Content: map[string]any{"spec": map[string]any{tc.field: tc.value}}}
		o.APIVersion, o.Kind, o.Namespace, o.Name = apiVersion, tc.kind, "default", "x"
		_, err := sim.Create(o)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s %s=%v: refused: %v", tc.kind, tc.field, tc.value, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s %s=%v: got %v, want %q", tc.kind, tc.field, tc.value, err, tc.want)
		}
	}
}

// A patch cannot make a count invalid either (kubectl scale --replicas=-1).
func TestPatchedCountIsValidated(t *testing.T) {
	sim, _ := gccore.New(gccore.Config{})
	o := &gccore.Object{Content: map[string]any{"spec": map[string]any{"replicas": float64(1)}}}
	o.APIVersion, o.Kind, o.Namespace, o.Name = "apps/v1", "ReplicaSet", "default", "web"
	if _, err := sim.Create(o); err != nil {
		t.Fatal(err)
	}
	_, err := sim.Patch(o.Ref(), gccore.MergePatch, []byte(`{"spec":{"replicas":-1}}`))
	if err == nil || !strings.Contains(err.Error(), "spec.replicas: Invalid value: -1") {
		t.Fatalf("got %v", err)
	}
}
