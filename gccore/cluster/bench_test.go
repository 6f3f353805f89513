package cluster_test

import (
	"fmt"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
)

// BenchmarkReplicaSetScaleUp runs a ReplicaSet of n replicas to idle (issue 21 §3: 10,000
// Pods took 60 s when every Pod created listed and sorted every stored object; make bench).
// Creating a Pod costs the same at any n; what grows is upstream's shape: each sync claims
// every Pod of the namespace, and a sync creates at most 500, so n Pods cost n/500 claims
// of up to n Pods.
func BenchmarkReplicaSetScaleUp(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			sc := mustParse(b, rsScenario(fmt.Sprint(n)))
			for b.Loop() {
				r, err := scenario.NewRunner(sc, gccore.Config{Quiet: true})
				if err != nil {
					b.Fatal(err)
				}
				if err := r.Run(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/pod")
		})
	}
}
