package cluster_test

import (
	"os"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// runUntil runs a golden scenario file up to (not including) the step that starts with cut.
func runUntil(t *testing.T, file, cut string) *gccore.Sim {
	t.Helper()
	data, err := os.ReadFile("../testdata/scenarios/" + file)
	if err != nil {
		t.Fatal(err)
	}
	src, _, ok := strings.Cut(string(data), cut)
	if !ok {
		t.Fatalf("%s has no %q", file, cut)
	}
	r, err := scenario.Run(file, []byte(src), gccore.Config{}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	return r.Sim
}

// Why names the NotReady node's kubelet (KUBELET-2) and the finalizer a namespace waits
// for (NS-3) first, before the GC's generic lines, and does not ask a person to remove the
// kubernetes finalizer the namespace controller removes itself (NS-4).
func TestWhyNamesKubeletAndNamespaceFinalizer(t *testing.T) {
	sim := runUntil(t, "cluster-notready-node-ready.yaml", "- setNodeReady: {node: node-a, ready: true}")
	why := sim.Inspect().Why(gccore.ObjectRef{APIVersion: "v1", Kind: "Pod", Namespace: "default", Name: "web-hjslb5h-rrvh5"})
	if !strings.Contains(why[0], "held by the kubelet of NotReady node node-a (KUBELET-2)") {
		t.Errorf("Why of the held Pod, first line:\n%s", strings.Join(why, "\n"))
	}
	sim = runUntil(t, "cluster-namespace-stuck.yaml", "- removeFinalizer")
	why = sim.Inspect().Why(gccore.ObjectRef{APIVersion: "v1", Kind: "Namespace", Name: "team"})
	if !strings.Contains(why[0], "waits for finalizers: ConfigMap settings (finalizer example.com/hold), as its condition NamespaceFinalizersRemaining says") ||
		!strings.Contains(why[0], "NS-3") {
		t.Errorf("Why of the stuck namespace, first line:\n%s", strings.Join(why, "\n"))
	}
	for _, line := range why {
		if strings.Contains(line, "Finalizer kubernetes") {
			t.Errorf("Why of the stuck namespace asks a person to remove kubernetes: %s", line)
		}
	}
}

// Why of a Job's Pod held by the tracking finalizer names the Job controller (JOB-3) and
// does not ask a person to remove the finalizer.
func TestWhyNamesJobTrackingFinalizer(t *testing.T) {
	src := `
version: 2
controllers: [job]
objects:
- apiVersion: batch/v1
  kind: Job
  metadata: {name: batch}
  spec:
    selector: {matchLabels: {job: batch}}
    template:
      metadata: {labels: {job: batch}}
      spec: {restartPolicy: Never, containers: [{name: c, image: busybox}]}
steps:
- run: idle
`
	r, err := scenario.Run("job.yaml", []byte(src), gccore.Config{}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	var pod gccore.ObjectRef
	for _, o := range r.Sim.ObjectsShared() {
		if o.Kind == "Pod" {
			pod = o.Ref()
		}
	}
	// Deleted by a person: Terminating until the controller, at its next tick, counts it.
	if _, err := r.Sim.Delete(pod, metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	why := strings.Join(r.Sim.Inspect().Why(pod), "\n")
	if !strings.Contains(why, "The job controller removes its finalizer batch.kubernetes.io/job-tracking once it has counted the Pod (JOB-3).") ||
		strings.Contains(why, "you, here") {
		t.Errorf("Why of the Terminating Job Pod:\n%s", why)
	}
}
