package cluster_test

// FuzzClusterScenario (issue 21): version 2 scenarios built from the fuzzer's bytes
// (controllers, nodes, workloads with odd counts, Pods with finalizers, and the steps
// scale, setNodeReady, setLabels, delete, removeFinalizer and restart), under any release
// of the version lens, with a broken custom kind and with the fault lab's extreme values
// (issue 26's surfaces, probed for issue 21), must parse and run without
// a panic, end (every loop respects the run's tick and create bounds), keep the graph's
// invariants, and fail, if they fail, with one line. make fuzz runs it.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
)

// counts are the spec.replicas and spec.parallelism values the generator picks from:
// valid ones and every kind the API server refuses.
var counts = []string{"0", "1", "2", "3", "-1", `"3"`, "1.5", "true", "1e300", "2147483648", "1000000000", "null"}

// byteSource hands out the fuzzer's bytes one decision at a time; zeros when they run out.
type byteSource []byte

func (b *byteSource) pick(n int) int {
	if len(*b) == 0 {
		return 0
	}
	v := int((*b)[0])
	*b = (*b)[1:]
	return v % n
}

// clusterScenario builds a version 2 scenario from data.
func clusterScenario(data []byte) string {
	src := byteSource(data)
	var b strings.Builder
	b.WriteString("version: 2\n")
	if v := src.pick(6); v > 0 {
		fmt.Fprintf(&b, "kubernetes: %q\n", []string{"1.13", "1.16", "1.20", "1.33", "current"}[v-1])
	}
	widget := src.pick(2) == 0
	if widget {
		fmt.Fprintf(&b, "resources:\n- {apiVersion: example.com/v1, kind: Widget, broken: %v}\n", src.pick(2) == 0)
	}
	if src.pick(2) == 0 {
		fmt.Fprintf(&b, "faults: {seed: %d, informerDelay: %s, dropWatch: %s, relistEvery: %s, apiErrors: %s}\n", src.pick(256),
			[]string{"0", "[0, 3]", "[0, 1000]", "1000"}[src.pick(4)], []string{"0", "0.5", "0.999"}[src.pick(3)],
			[]string{"1", "7", "100000"}[src.pick(3)], []string{"0", "0.3", "0.9"}[src.pick(3)])
	}
	b.WriteString("controllers: [")
	all := []string{"deployment", "replicaset", "job", "namespace", "kubelet"}
	var on []string
	for _, c := range all {
		if src.pick(4) != 0 {
			on = append(on, c)
		}
	}
	b.WriteString(strings.Join(on, ", ") + "]\nnodes:\n")
	for i := 0; i < 1+src.pick(2); i++ {
		fmt.Fprintf(&b, "- {name: node-%d, ready: %v}\n", i, src.pick(3) != 0)
	}
	b.WriteString("objects:\n")
	if widget {
		b.WriteString("- {apiVersion: example.com/v1, kind: Widget, metadata: {name: wid}}\n")
	}
	kinds := []struct{ apiVersion, kind, count string }{
		{"apps/v1", "Deployment", "replicas"}, {"apps/v1", "ReplicaSet", "replicas"}, {"batch/v1", "Job", "parallelism"},
	}
	var names []string
	for i := 0; i < 1+src.pick(3); i++ {
		k := kinds[src.pick(len(kinds))]
		name := fmt.Sprintf("w%d", i)
		names = append(names, k.apiVersion+" "+k.kind+" "+name)
		fin := ""
		if src.pick(3) == 0 {
			fin = ", finalizers: [example.com/hold]"
		}
		fmt.Fprintf(&b, `- apiVersion: %s
  kind: %s
  metadata: {name: %s%s}
  spec:
    %s: %s
    selector: {matchLabels: {app: %s}}
    template:
      metadata: {labels: {app: %s}%s}
      spec: {nodeName: node-%d, terminationGracePeriodSeconds: %d}
`, k.apiVersion, k.kind, name, fin, k.count, counts[src.pick(len(counts))], name, name,
			map[bool]string{true: ", finalizers: [example.com/hold]"}[src.pick(4) == 0], src.pick(3), src.pick(4))
	}
	b.WriteString("steps:\n")
	for i := 0; i < src.pick(8); i++ {
		w := strings.Fields(names[src.pick(len(names))])
		switch src.pick(8) {
		case 0:
			fmt.Fprintf(&b, "- scale: {apiVersion: %s, kind: %s, name: %s, replicas: %s}\n", w[0], w[1], w[2], counts[src.pick(len(counts))])
		case 1:
			fmt.Fprintf(&b, "- setNodeReady: {node: node-%d, ready: %v}\n", src.pick(3), src.pick(2) == 0)
		case 2:
			fmt.Fprintf(&b, "- setLabels: {apiVersion: %s, kind: %s, name: %s, labels: {app: %s}}\n", w[0], w[1], w[2], []string{"x", "null", "1", "w0"}[src.pick(4)])
		case 3:
			fmt.Fprintf(&b, "- delete: {apiVersion: %s, kind: %s, name: %s, propagationPolicy: %s}\n", w[0], w[1], w[2], []string{"Background", "Foreground", "Orphan"}[src.pick(3)])
		case 4:
			fmt.Fprintf(&b, "- removeFinalizer: {apiVersion: %s, kind: %s, name: %s, finalizer: example.com/hold}\n", w[0], w[1], w[2])
		case 5:
			fmt.Fprintf(&b, "- run: %d\n", src.pick(20))
		case 6:
			b.WriteString("- restart: controller-manager\n")
		default:
			b.WriteString("- run: idle\n")
		}
	}
	return b.String()
}

func FuzzClusterScenario(f *testing.F) {
	for _, s := range []string{"", "\x01\x01\x01\x01\x01\x00\x01\x00\x04\x03", "\xff\xff\xff\xff\xff\x01\x02\x01\x0a\x00\x00\x00\x07\x00\x00\x00\x03\x01"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		src := clusterScenario(data)
		stop := time.AfterFunc(30*time.Second, func() { panic("no result after 30s for:\n" + src) }).Stop
		defer stop()
		var r *scenario.Runner
		sc, err := scenario.Parse("fuzz.yaml", []byte(src))
		if err == nil {
			r, err = scenario.NewRunner(sc, gccore.Config{MaxCreates: 300})
		}
		if err == nil {
			r.MaxTicks = 300
			err = r.Run()
		}
		if err != nil && strings.ContainsAny(err.Error(), "\n\r") {
			t.Fatalf("error spans lines: %q", err)
		}
		if r != nil {
			if ierr := r.Sim.Inspect().CheckInvariants(); ierr != nil {
				t.Fatalf("invariant broken: %v\n%s", ierr, src)
			}
		}
	})
}
