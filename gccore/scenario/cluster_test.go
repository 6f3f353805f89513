package scenario_test

import (
	"testing"

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
