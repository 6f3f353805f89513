package cluster_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The controllers' queues are readable, in tick order with sorted keys, and reading them
// changes nothing: the kubelet's shows the Pod a NotReady node holds (KUBELET-2), the
// ReplicaSet controller's the owner a Pod event queued (RS-1).
func TestControllerQueuesView(t *testing.T) {
	sim := runUntil(t, "cluster-notready-node-ready.yaml", "- setNodeReady: {node: node-a, ready: true}")
	sim.Take()
	qs := sim.Inspect().ControllerQueues()
	var names []string
	for _, q := range qs {
		names = append(names, q.Name.String())
	}
	if want := []string{"deployment-controller", "replicaset-controller", "kubelet"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("queues %v, want %v", names, want)
	}
	k := qs[2]
	if len(k.Items) != 1 || k.Items[0].Key != "default/web-hjslb5h-rrvh5" || k.Items[0].UID == "" ||
		!strings.Contains(k.Items[0].Note.String(), "node-a is NotReady (KUBELET-2)") {
		t.Errorf("kubelet queue: %+v", k.Items)
	}
	if again, traced := sim.Inspect().ControllerQueues(), gccore.RenderTrace(sim.Take().Records); !reflect.DeepEqual(again, qs) || traced != "" {
		t.Errorf("reading the queues changed them or traced: %+v, %q", again, traced)
	}

	// A Pod deleted by hand queues its ReplicaSet until the controller's next tick (RS-1),
	// and the kubelet waits for its grace period (KUBELET-1).
	sim = runUntil(t, "cluster-kubelet-graceful.yaml", "- delete:")
	ref := gccore.ObjectRef{APIVersion: "v1", Kind: "Pod", Namespace: "default", Name: "web-rrvh5"}
	if _, err := sim.Apply(gccore.DeleteInput(ref, metav1.DeleteOptions{})); err != nil {
		t.Fatal(err)
	}
	qs = sim.Inspect().ControllerQueues()
	if rs := qs[0]; rs.Name != (gccore.Component{Role: "replicaset-controller"}) || len(rs.Items) != 1 || rs.Items[0].Key != "default/web" || rs.Items[0].UID == "" {
		t.Errorf("replicaset queue: %+v", rs)
	}
	if k := qs[1]; len(k.Items) != 1 || !strings.Contains(k.Items[0].Note.String(), "node node-a removes it at tick") {
		t.Errorf("kubelet queue: %+v", k)
	}
}
