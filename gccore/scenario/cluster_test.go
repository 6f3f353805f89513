package scenario_test

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
)

// The page's node lane toggles a node with NodeReadyInput: it must be the very input a
// setNodeReady step plays (KUBELET-2: the kubelet of a NotReady node holds its Pods).
func TestNodeReadyInputIsTheStep(t *testing.T) {
	sc, err := scenario.Parse("n.yaml", []byte("version: 2\nnodes: [{name: node-a, ready: true}]\nsteps:\n- setNodeReady: {node: node-a, ready: false}\n- setNodeReady: {node: node-a, ready: true}\n"))
	if err != nil {
		t.Fatal(err)
	}
	for i, ready := range []bool{false, true} {
		if got, want := scenario.NodeReadyInput("node-a", ready), sc.Steps[i].Input(); !got.Equal(want) {
			t.Errorf("NodeReadyInput(node-a, %v) = %s, the step plays %s", ready, got, want)
		}
	}
}

// TestReleaseAndRestartParse: `kubernetes:` becomes Scenario.Kubernetes, and a runner's
// Config.Kubernetes, when set, overrides it (gcplay sim --kubernetes); `restart:` plays
// gccore's restart input and writes back as itself (SYNC-7, V-2a).
func TestReleaseAndRestartParse(t *testing.T) {
	src := "version: 2\nkubernetes: \"1.16\"\nsteps:\n- restart: controller-manager\n"
	sc, err := scenario.Parse("f.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if sc.Kubernetes.String() != "1.16" {
		t.Errorf("Kubernetes = %s, want 1.16", sc.Kubernetes)
	}
	in := sc.Steps[0].Input()
	if in.Op != gccore.InputRestart || in.Restart != gccore.RestartControllerManager {
		t.Errorf("restart step plays %+v", in)
	}
	if m := sc.Steps[0].Map(); m["restart"] != "controller-manager" {
		t.Errorf("restart step written back as %v", m)
	}
	for _, tc := range []struct {
		flag string
		want string
	}{{"", "1.16"}, {"current", "current"}, {"1.20", "1.20"}} {
		var cfg gccore.Config
		cfg.Kubernetes, _ = gccore.ParseRelease(tc.flag)
		r, err := scenario.NewRunner(sc, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Kubernetes.String(); got != tc.want {
			t.Errorf("--kubernetes %q: plays %s, want %s", tc.flag, got, tc.want)
		}
	}
}

// TestFineStepReads: `runDeleteItem: {reads: true}` is a lessons' fine step holding the
// worker's writes back (gccore.Input.Reads, Q-9); no other fine step takes reads.
func TestFineStepReads(t *testing.T) {
	sc, err := scenario.ParseWith("f.yaml", []byte("steps:\n- runDeleteItem: {reads: true}\n"), scenario.Options{FineSteps: true})
	if err != nil {
		t.Fatal(err)
	}
	if in := sc.Steps[0].Input(); !in.Reads || in.Op != gccore.InputDeleteItem {
		t.Errorf("plays %+v", in)
	}
	if m, _ := scenario.StepMap(sc.Steps[0].Input()); m["runDeleteItem"].(map[string]any)["reads"] != true {
		t.Errorf("written back as %v", m)
	}
	if _, err := scenario.ParseWith("f.yaml", []byte("steps:\n- deliverEvent: {reads: true}\n"), scenario.Options{FineSteps: true}); err == nil ||
		!strings.Contains(err.Error(), "takes no reads") {
		t.Errorf("deliverEvent {reads: true}: %v", err)
	}
}
