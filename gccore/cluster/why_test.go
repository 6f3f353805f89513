package cluster_test

import (
	"os"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
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
// for (NS-3).
func TestWhyNamesKubeletAndNamespaceFinalizer(t *testing.T) {
	sim := runUntil(t, "cluster-notready-node-ready.yaml", "- setNodeReady: {node: node-a, ready: true}")
	why := strings.Join(sim.Why(gccore.ObjectRef{APIVersion: "v1", Kind: "Pod", Namespace: "default", Name: "web-hjslb5h-rrvh5"}), "\n")
	if !strings.Contains(why, "held by the kubelet of NotReady node node-a (KUBELET-2)") {
		t.Errorf("Why of the held Pod:\n%s", why)
	}
	sim = runUntil(t, "cluster-namespace-stuck.yaml", "- removeFinalizer")
	why = strings.Join(sim.Why(gccore.ObjectRef{APIVersion: "v1", Kind: "Namespace", Name: "team"}), "\n")
	if !strings.Contains(why, "waits for finalizers: ConfigMap settings (finalizer example.com/hold)") {
		t.Errorf("Why of the stuck namespace:\n%s", why)
	}
}
