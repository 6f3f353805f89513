package cluster_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
)

// TestFaultsKeepTheControllersCascade is issue 26 §2's property around the controllers,
// on seeded loops: a Deployment (or a ReplicaSet, or a Job) scaled up by its controllers
// and then deleted in Background or Foreground leaves nothing, with random fault labs as
// without faults: late and lost events for the GC's and the controllers' informers,
// relists (FAULT-1 … FAULT-3), and 500s on every write (FAULT-4), retried by the GC's and
// the controllers' queues. What a controller does while its cache is stale may differ (a
// Pod created for a ReplicaSet already being deleted); where the cascade ends may not.
func TestFaultsKeepTheControllersCascade(t *testing.T) {
	kinds := []struct{ controllers, apiVersion, kind, spec string }{
		{"[deployment, replicaset]", "apps/v1", "Deployment", "replicas: %d"},
		{"[replicaset]", "apps/v1", "ReplicaSet", "replicas: %d"},
		{"[job]", "batch/v1", "Job", "parallelism: %d"},
	}
	seen := map[string]int{} // runs with each fault, so that a generator change cannot lose one
	for seed := uint64(1); seed <= 60; seed++ {
		r := rand.New(rand.NewPCG(seed, 26))
		k := kinds[r.IntN(len(kinds))]
		policy := []string{"Background", "Foreground"}[r.IntN(2)]
		relist := 1 + r.IntN(15)
		src := fmt.Sprintf(`version: 2
controllers: %s
faults: {seed: %d, informerDelay: [%d, %d], dropWatch: %v, relistEvery: %d, apiErrors: %v}
objects:
- apiVersion: %s
  kind: %s
  metadata: {name: web}
  spec:
    `+k.spec+`
    selector: {matchLabels: {app: web}}
    template:
      metadata: {labels: {app: web}}
      spec: {containers: [{name: c, image: nginx}]}
steps:
- run: idle
- delete: {apiVersion: %s, kind: %s, name: web, propagationPolicy: %s}
- run: idle
`, k.controllers, seed, r.IntN(2), 2+r.IntN(3), []float64{0, 0.1, 0.3}[r.IntN(3)], relist, []float64{0, 0.1, 0.3}[r.IntN(3)],
			k.apiVersion, k.kind, 1+r.IntN(4), k.apiVersion, k.kind, policy)
		run, err := scenario.Run(fmt.Sprintf("seed-%d.yaml", seed), []byte(src), gccore.Config{}, scenario.DefaultMaxTicks)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, src)
		}
		trace := gccore.RenderTrace(run.Sim.Take().Records)
		for _, id := range []string{"FAULT-2", "FAULT-3", "FAULT-4"} {
			if strings.Contains(trace, " "+id+" ") || strings.Contains(trace, " "+id+":") {
				seen[id]++
			}
		}
		if objs := run.Sim.Objects(); len(objs) != 0 {
			var left []string
			for _, o := range objs {
				left = append(left, gccore.ObjectLine(o))
			}
			t.Errorf("seed %d: %d object(s) left: %v\n%s", seed, len(objs), left, src)
		}
	}
	for _, id := range []string{"FAULT-2", "FAULT-3", "FAULT-4"} {
		if seen[id] == 0 {
			t.Errorf("no run had a %s record: the loop no longer tests that fault", id)
		}
	}
}
