package gccore

import (
	"fmt"
	"slices"
	"testing"

	"k8s.io/apimachinery/pkg/types"
)

// TestDependentSet checks the set (N-5) on both sides of indexDependentsAt: membership,
// duplicates, removals of missing nodes, the identity order, and that a removal keeps it.
func TestDependentSet(t *testing.T) {
	for _, n := range []int{1, 3, indexDependentsAt, indexDependentsAt + 1, 3 * indexDependentsAt} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			nodes := make([]*node, n)
			for i := range nodes {
				name := fmt.Sprintf("cm-%d", i)
				nodes[i] = &node{identity: objectReference{APIVersion: "v1", Kind: "ConfigMap", Namespace: "default", Name: name, UID: types.UID(name)}}
			}
			var s dependentSet
			for i := len(nodes) - 1; i >= 0; i-- { // reverse: the listing must sort
				s.add(nodes[i])
				s.add(nodes[i]) // a duplicate is ignored
			}
			if s.len() != n || (s.index != nil) != (n > indexDependentsAt) {
				t.Fatalf("len %d, indexed %v", s.len(), s.index != nil)
			}
			want := slices.Clone(nodes)
			slices.SortFunc(want, func(a, b *node) int { return compareIdentity(a.identity, b.identity) })
			if got := s.inOrder(); !slices.Equal(got, want) {
				t.Fatalf("inOrder not in identity order")
			}
			c := s.clone()
			s.remove(&node{}) // not a member
			for i := 0; i < n; i += 2 {
				s.remove(nodes[i])
				if s.has(nodes[i]) {
					t.Fatalf("%s still a member after remove", nodes[i].identity.Name)
				}
			}
			want = slices.DeleteFunc(want, func(d *node) bool { return !s.has(d) })
			if !s.sorted || !slices.Equal(s.inOrder(), want) || s.len() != n/2 {
				t.Fatalf("after removals: sorted=%v len=%d, want %d in order", s.sorted, s.len(), n/2)
			}
			if c.len() != n || !c.has(nodes[0]) {
				t.Fatalf("clone changed with the original")
			}
		})
	}
}
