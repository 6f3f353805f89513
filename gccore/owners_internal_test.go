package gccore

import (
	"fmt"
	"slices"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// TestOwnerListCiting: the index of a long list yields what a scan yields, in order, and
// is rebuilt after set.
func TestOwnerListCiting(t *testing.T) {
	for _, n := range []int{0, 3, indexOwnersAt, indexOwnersAt + 1, 500} {
		var refs []metav1.OwnerReference
		for i := 0; i < n; i++ {
			refs = append(refs, metav1.OwnerReference{Name: fmt.Sprint(i), UID: types.UID(fmt.Sprint("u", i%7))})
		}
		var l ownerList
		l.set(refs)
		for _, uid := range []types.UID{"u0", "u3", "u6", "none"} {
			var want, got []string
			for _, r := range refs {
				if r.UID == uid {
					want = append(want, r.Name)
				}
			}
			for r := range l.citing(uid) {
				got = append(got, r.Name)
			}
			if !slices.Equal(got, want) {
				t.Errorf("n=%d uid=%s: got %v, want %v", n, uid, got, want)
			}
		}
		l.set(refs[:n/2])
		count := 0
		for range l.citing("u0") {
			count++
		}
		if want := (n/2 + 6) / 7; count != want {
			t.Errorf("n=%d after set: %d references to u0, want %d", n, count, want)
		}
	}
}
