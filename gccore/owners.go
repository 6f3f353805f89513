package gccore

import (
	"iter"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// ownerList is a node's ownerReferences as the graph builder last observed them. Upstream
// scans a dependent's whole list each time it asks for the references to one owner
// (partitionDependents, GB-12; the blocking check, N-6); an object citing N absent owners
// then costs N scans of N entries as the owners are found absent one by one (20k owners:
// 75 s). Past indexOwnersAt entries, an index by uid, built on first use, answers the same
// question with one lookup. The list is replaced whole, never changed in place, so the
// index is dropped only by set.
type ownerList struct {
	refs  []metav1.OwnerReference
	index map[types.UID][]int32 // positions in refs by uid; nil until a long list is asked
}

const indexOwnersAt = 32

// set replaces the list.
func (l *ownerList) set(refs []metav1.OwnerReference) { *l = ownerList{refs: refs} }

// all yields every reference, in order.
func (l *ownerList) all() []metav1.OwnerReference { return l.refs }

// citing yields the references whose uid is uid, in order.
func (l *ownerList) citing(uid types.UID) iter.Seq[metav1.OwnerReference] {
	return func(yield func(metav1.OwnerReference) bool) {
		if len(l.refs) <= indexOwnersAt {
			for _, r := range l.refs {
				if r.UID == uid && !yield(r) {
					return
				}
			}
			return
		}
		if l.index == nil {
			l.index = make(map[types.UID][]int32, len(l.refs))
			for i, r := range l.refs {
				l.index[r.UID] = append(l.index[r.UID], int32(i))
			}
		}
		for _, i := range l.index[uid] {
			if !yield(l.refs[i]) {
				return
			}
		}
	}
}
