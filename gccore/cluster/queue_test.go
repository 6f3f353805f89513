package cluster_test

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
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

// The node lifecycle controller's queue shows the Nodes to sync and each Pod of a tainted
// node with the tick of its eviction (NODE-3): the default 300 s after the taint, or its own toleration's 60 s;
// a Pod tolerating the taint for ever is not listed (NODE-2).
func TestNodeLifecycleQueueShowsEvictions(t *testing.T) {
	data, err := os.ReadFile("../testdata/scenarios/cluster-notready-eviction.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.Parse("cluster-notready-eviction.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	r, err := scenario.NewRunner(sc, gccore.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 { // run: 1, setNodeReady false
		if err := r.Step(); err != nil {
			t.Fatal(err)
		}
	}
	r.Sim.Tick() // NODE-1: the taint, at tick 2
	var got []string
	for _, q := range r.Sim.Inspect().ControllerQueues() {
		if q.Name != (gccore.Component{Role: "node-lifecycle-controller"}) {
			continue
		}
		for _, it := range q.Items {
			got = append(got, it.Key+": "+it.Note.String())
		}
	}
	want := []string{
		"default/plain: evicted at tick 302, when its toleration of node.kubernetes.io/not-ready runs out (NODE-3)",
		"default/quick: evicted at tick 62, when its toleration of node.kubernetes.io/not-ready runs out (NODE-3)",
		"node-a: ", // queued again by the event of its own taint patch
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("node lifecycle queue:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
