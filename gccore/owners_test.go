package gccore_test

import (
	"fmt"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// manyAbsentOwners is one ConfigMap whose n ownerReferences all name owners that do not
// exist, so that each owner is found absent in turn (GB-11, GB-12, DEL-8).
func manyAbsentOwners(tb testing.TB, n int) *gccore.Sim {
	tb.Helper()
	s, err := gccore.New(gccore.Config{Quiet: true})
	if err != nil {
		tb.Fatal(err)
	}
	o := &gccore.Object{}
	o.APIVersion, o.Kind, o.Namespace, o.Name = "v1", "ConfigMap", "default", "child"
	for i := 0; i < n; i++ {
		o.OwnerReferences = append(o.OwnerReferences, metav1.OwnerReference{
			APIVersion: "v1", Kind: "ConfigMap", Name: fmt.Sprintf("gone-%d", i), UID: types.UID(fmt.Sprintf("gone-%d", i))})
	}
	if _, err := s.Create(o); err != nil {
		tb.Fatal(err)
	}
	return s
}

// TestManyAbsentOwners: an object with 20,000 ownerReferences to absent owners is deleted
// once the GC has found every owner absent. Each owner's check looks up only the
// references to that owner (GB-12, N-6): before, it scanned all 20,000, and the run took
// 75 s; it is not timed here, but it would stand out.
func TestManyAbsentOwners(t *testing.T) {
	s := manyAbsentOwners(t, 20_000)
	if err := s.RunUntilIdle(1_000_000); err != nil {
		t.Fatal(err)
	}
	if n := s.ObjectCount(); n != 0 {
		t.Fatalf("%d objects left, want the dependent of absent owners deleted", n)
	}
	if err := s.Inspect().CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// TestDuplicateOwnerReferencesAmongMany: API-3 drops entries entirely identical to an
// earlier one, and only those, however long the list (a nil flag is not false).
func TestDuplicateOwnerReferencesAmongMany(t *testing.T) {
	s, err := gccore.New(gccore.Config{})
	if err != nil {
		t.Fatal(err)
	}
	f, tr := false, true
	o := &gccore.Object{}
	o.APIVersion, o.Kind, o.Namespace, o.Name = "v1", "ConfigMap", "default", "child"
	ref := func(i int, block *bool) metav1.OwnerReference {
		return metav1.OwnerReference{APIVersion: "v1", Kind: "ConfigMap", Name: fmt.Sprint("o", i), UID: types.UID(fmt.Sprint("u", i)), BlockOwnerDeletion: block}
	}
	for i := 0; i < 100; i++ {
		o.OwnerReferences = append(o.OwnerReferences, ref(i, nil))
	}
	o.OwnerReferences = append(o.OwnerReferences, ref(5, nil), ref(5, &f), ref(5, &tr), ref(5, &f), ref(99, nil))
	got, err := s.Create(o)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(got.OwnerReferences); n != 102 {
		t.Fatalf("%d ownerReferences kept, want 102 (100 + blockOwnerDeletion false + true)", n)
	}
}

// BenchmarkAbsentOwners: one object whose n owners are all absent, from create to idle.
// The time per owner should stay flat as n grows.
func BenchmarkAbsentOwners(b *testing.B) {
	for _, n := range []int{2_000, 20_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s := manyAbsentOwners(b, n)
				if err := s.RunUntilIdle(1_000_000); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/owner")
		})
	}
}
