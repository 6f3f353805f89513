package gccore_test

// Benchmarks for cascading deletion at scale (docs/benchmarks.md, `make bench`).
//
// Each benchmark builds a tree of ConfigMaps through the Go API, lets the GC observe it
// (untimed), then deletes the root with a propagation policy and runs until idle (timed).
// Every dependent has one owner reference with blockOwnerDeletion: true.
//
// The shapes use a FIXED fanout, so the work per object is constant and the 100k/10k ratio
// measures how the simulator scales, not how the shape changes:
//   - wide: fanout 10 per level (10k objects are 5 levels deep, 100k are 6);
//   - deep: fanout 2, a binary tree (14 and 17 levels).
//
// Object i > 0 is owned by object (i-1)/fanout, so a tree has exactly n objects and owners
// are created before their dependents. A single owner with n direct dependents is a
// different matter: Foreground deletion is quadratic in it upstream too, because FG-1
// scans every blocking dependent each time the owner is re-enqueued (GB-10). It is measured
// separately, by BenchmarkCascadeFlat, with smaller sizes.

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// benchMaxTicks bounds RunUntilIdle; far above what any benchmark here needs.
const benchMaxTicks = 10_000_000

type treeShape struct {
	name   string
	fanout int
}

var (
	benchShapes = []treeShape{{"wide", 10}, {"deep", 2}}
	benchSizes  = []struct {
		name string
		n    int
	}{{"10k", 10_000}, {"100k", 100_000}}
	benchPolicies = []metav1.DeletionPropagation{metav1.DeletePropagationForeground, metav1.DeletePropagationBackground}
)

func BenchmarkCascade(b *testing.B) {
	for _, policy := range benchPolicies {
		for _, shape := range benchShapes {
			for _, size := range benchSizes {
				b.Run(fmt.Sprintf("%s/%s/%s", policy, shape.name, size.name), func(b *testing.B) {
					benchCascade(b, policy, size.n, shape.fanout)
				})
			}
		}
	}
}

// BenchmarkCascadeFlat is one owner with n direct dependents: quadratic in Foreground
// (FG-1, see the file comment), reported apart from the fixed-fanout trees.
func BenchmarkCascadeFlat(b *testing.B) {
	for _, policy := range benchPolicies {
		for _, n := range []int{1_000, 10_000} {
			b.Run(fmt.Sprintf("%s/%d", policy, n), func(b *testing.B) {
				benchCascade(b, policy, n, n)
			})
		}
	}
}

func benchCascade(b *testing.B, policy metav1.DeletionPropagation, n, fanout int) {
	var ticks, records int64
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		sim, root := buildTree(b, n, fanout)
		start, startRecords := sim.CurrentTick(), sim.TraceLen()
		runtime.GC() // the setup's garbage is not the cascade's to collect
		b.StartTimer()

		if _, err := sim.Delete(root, metav1.DeleteOptions{PropagationPolicy: &policy}); err != nil {
			b.Fatal(err)
		}
		if err := sim.RunUntilIdle(benchMaxTicks); err != nil {
			b.Fatal(err)
		}

		b.StopTimer()
		ticks += sim.CurrentTick() - start
		records += sim.TraceLen() - startRecords
		if left := sim.ObjectCount(); left != 0 {
			b.Fatalf("%d objects left after the cascade", left)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/object")
	b.ReportMetric(float64(ticks)/float64(b.N), "ticks")
	// The GC's work per object: trace records (counted, not kept, in a Quiet simulation).
	// It grows from 10k to 100k objects in Foreground cascades, as upstream's would: with a
	// longer attemptToDelete backlog, more items are handled after their object is gone
	// (DEL-5) and owners are re-checked more often (FG-1, GB-10).
	b.ReportMetric(float64(records)/float64(b.N)/float64(n), "records/object")
}

// buildTree creates n ConfigMaps, object i > 0 owned by object (i-1)/fanout, and runs
// until the GC has observed them all. It returns the simulation and the root.
func buildTree(b *testing.B, n, fanout int) (*gccore.Sim, gccore.ObjectRef) {
	sim, err := gccore.New(gccore.Config{Quiet: true})
	if err != nil {
		b.Fatal(err)
	}
	objs := make([]*gccore.Object, n)
	for i := range objs {
		o := &gccore.Object{}
		o.APIVersion, o.Kind = "v1", "ConfigMap"
		o.Namespace, o.Name = "default", fmt.Sprintf("cm-%d", i)
		if i > 0 {
			owner := objs[(i-1)/fanout]
			o.OwnerReferences = []metav1.OwnerReference{{
				APIVersion: "v1", Kind: "ConfigMap", Name: owner.Name, UID: owner.UID,
				BlockOwnerDeletion: ptrTo(true),
			}}
		}
		if objs[i], err = sim.Create(o); err != nil {
			b.Fatal(err)
		}
	}
	if err := sim.RunUntilIdle(benchMaxTicks); err != nil {
		b.Fatal(err)
	}
	return sim, objs[0].Ref()
}

func ptrTo[T any](v T) *T { return &v }

// BenchmarkTreeBuild is the untimed setup of BenchmarkCascade on its own (creating the
// tree and letting the GC observe it), so that whole-process measurements (instruction
// counts under valgrind, docs/benchmarks.md) can subtract it from a cascade run.
func BenchmarkTreeBuild(b *testing.B) {
	for _, shape := range benchShapes {
		for _, size := range benchSizes {
			b.Run(fmt.Sprintf("%s/%s", shape.name, size.name), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					buildTree(b, size.n, shape.fanout)
				}
			})
		}
	}
}
