package cluster_test

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/cluster"
	"github.com/gcplay/gcplay/gccore/scenario"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// KUBELET-3: a Pod bound to a node that does not exist has no kubelet; deleted, it stays
// Terminating (the run is idle) until a force delete.
func TestPodOnUnknownNodeWaitsForForceDelete(t *testing.T) {
	src := `
version: 2
controllers: [kubelet]
objects:
- {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {nodeName: gone}}
steps:
- delete: {apiVersion: v1, kind: Pod, name: p}
- run: idle
`
	r, err := scenario.Run("unknown-node.yaml", []byte(src), gccore.Config{}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	ref := gccore.ObjectRef{APIVersion: "v1", Kind: "Pod", Namespace: "default", Name: "p"}
	if p, err := r.Sim.Get(ref); err != nil || !p.Terminating() {
		t.Fatalf("want the Pod Terminating, got %v, %v", p, err)
	}
	trace := gccore.RenderTrace(r.Sim.TakeTrace())
	if !strings.Contains(trace, "KUBELET-3") || !strings.Contains(trace, "node gone does not exist") {
		t.Fatalf("no KUBELET-3 record in:\n%s", trace)
	}
	zero := int64(0)
	if _, err := r.Sim.Delete(ref, metav1.DeleteOptions{GracePeriodSeconds: &zero}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Sim.Get(ref); err == nil {
		t.Fatal("the force-deleted Pod is still stored")
	}
}

// Bad controller lists are one clear error each (common rules: never a panic).
func TestInstallRefusesBadNames(t *testing.T) {
	for names, want := range map[string]string{
		"scheduler":   `unknown controller "scheduler"`,
		"job,job":     `controller "job" named twice`,
		"replicaset,": `unknown controller ""`,
	} {
		sim, _ := gccore.New(gccore.Config{})
		if err := cluster.Install(sim, strings.Split(names, ",")); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Install(%s) = %v, want %q", names, err, want)
		}
	}
	_, err := scenario.Parse("v1.yaml", []byte("controllers: [replicaset]\n"))
	if err == nil || !strings.Contains(err.Error(), "need version: 2") {
		t.Errorf("controllers: without version 2: got %v", err)
	}
	_, err = scenario.Parse("v1.yaml", []byte("steps:\n- scale: {apiVersion: apps/v1, kind: ReplicaSet, name: x, replicas: 1}\n"))
	if err == nil || !strings.Contains(err.Error(), "steps[0] (scale): needs version: 2") {
		t.Errorf("scale without version 2: got %v", err)
	}
}

// With its controller running, a Deployment, ReplicaSet or Job needs the spec fields the
// controller reads (DEP-1, RS-2, JOB-1): a selector its template's labels match.
func TestControlledKindsNeedSelector(t *testing.T) {
	for body, want := range map[string]string{
		"{}": "spec.selector (matchLabels) is required",
		"{selector: {matchLabels: {app: a}}, template: {metadata: {labels: {app: b}}}}": "spec.template.metadata.labels do not match spec.selector",
	} {
		src := "version: 2\ncontrollers: [deployment]\nobjects:\n- {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}, spec: " + body + "}\n"
		_, err := scenario.Parse("d.yaml", []byte(src))
		if err == nil || !strings.Contains(err.Error(), "objects[0]") || !strings.Contains(err.Error(), want) {
			t.Errorf("spec %s: got %v, want %q", body, err, want)
		}
	}
	// Without the controller, the same object is accepted (version 1 meaning).
	if _, err := scenario.Parse("d.yaml", []byte("objects:\n- {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}, spec: {}}\n")); err != nil {
		t.Error(err)
	}
}

// A run that is not idle by its tick bound names what was still at work (issue 21: it
// blamed the garbage collector when the kubelet waited out a long grace period).
func TestMaxTicksNamesWhatIsAtWork(t *testing.T) {
	src := `
version: 2
controllers: [kubelet]
nodes:
- {name: node-a, ready: true}
objects:
- {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {nodeName: node-a, terminationGracePeriodSeconds: 1000}}
steps:
- delete: {apiVersion: v1, kind: Pod, name: p}
- run: idle
`
	_, err := scenario.Run("long-grace.yaml", []byte(src), gccore.Config{}, 50)
	if err == nil || !strings.Contains(err.Error(), "not idle by tick 50 (--max-ticks 50): the kubelet is still at work") {
		t.Fatalf("got %v", err)
	}
}
