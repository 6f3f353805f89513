package gccore

import (
	"fmt"
	"strings"
)

// Release is the Kubernetes release whose garbage-collector rules a simulation plays
// (a scenario's `kubernetes:`, `gcplay sim --kubernetes`): gc-behavior.md §15 says what
// changed when (V-1 … V-7). The zero value is the default, today's rules (current).
//
// The GC's components consult it through its predicates, one per V-rule clause, so that
// every release-dependent branch reads as the rule it plays and none compares versions.
type Release int

// The releases gcplay plays, oldest first; ReleaseDefault plays as ReleaseCurrent.
const (
	ReleaseDefault Release = iota
	Release113
	Release116
	Release120
	Release133
	ReleaseCurrent
)

// releaseNames are the values `kubernetes:` and --kubernetes accept, in Release order.
var releaseNames = [...]string{ReleaseDefault: "", Release113: "1.13", Release116: "1.16",
	Release120: "1.20", Release133: "1.33", ReleaseCurrent: "current"}

// ReleaseNames lists the accepted values, oldest first: what an error offers.
func ReleaseNames() []string { return append([]string(nil), releaseNames[Release113:]...) }

// ParseRelease reads a release value; "" is the default. The error names the accepted
// values; callers prefix the field or flag it came from.
func ParseRelease(s string) (Release, error) {
	for r, name := range releaseNames {
		if name == s {
			return Release(r), nil
		}
	}
	return ReleaseDefault, fmt.Errorf("%q is not a release gcplay plays (want %s)", s, strings.Join(quoted(ReleaseNames()), ", "))
}

func quoted(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

// String is the release's value as a scenario writes it ("1.16", "current").
func (r Release) String() string {
	if r <= ReleaseDefault || r > ReleaseCurrent {
		return "current"
	}
	return releaseNames[r]
}

// Set reports whether the release was chosen (by a file or a flag), not left default.
func (r Release) Set() bool { return r != ReleaseDefault }

// from reports whether r plays the rules of release x or later; the default is current.
func (r Release) from(x Release) bool {
	if r == ReleaseDefault {
		r = ReleaseCurrent
	}
	return r >= x
}

// uidKeyedAbsentOwners is V-2a: before v1.20 the absentOwnerCache is keyed by uid only.
func (r Release) uidKeyedAbsentOwners() bool { return !r.from(Release120) }

// checksCoordinates is V-3a: from v1.20 the graph builder compares an owner's observed
// identity with its dependents' references (GB-3 partition, GB-9 flags, GB-11 … GB-14).
func (r Release) checksCoordinates() bool { return r.from(Release120) }

// flagsVirtualClusterScopedOwner is V-3d: GB-9c (#98068) is from v1.21, so of the
// releases played, 1.33 and current.
func (r Release) flagsVirtualClusterScopedOwner() bool { return r.from(Release133) }

// refusesNamespacedOwnerOfClusterScoped is V-3c's opposite: from v1.20 a cluster-scoped
// dependent of a namespaced owner kind is a permanent error (XNS-3); before, the owner is
// looked up with an empty namespace, found absent, and the dependent deleted.
func (r Release) refusesNamespacedOwnerOfClusterScoped() bool { return r.from(Release120) }

// marksObservedOnNotFound is V-4a: before v1.20 an item found absent by DEL-5 is marked
// observed and the attempt succeeds (no sentinel).
func (r Release) marksObservedOnNotFound() bool { return !r.from(Release120) }

// waitsForEverySync is V-5a: before v1.32 the workers wait for every monitor to sync,
// with no time limit (#101078); from v1.32 they proceed after 30 s (SYNC-4, #125796).
func (r Release) waitsForEverySync() bool { return !r.from(Release133) }

// resourceVersionPrecondition is V-6: from v1.34 the GC's DELETE carries the
// resourceVersion it read (OPS-2, #132632); before, the uid only (V-6a, #114603).
func (r Release) resourceVersionPrecondition() bool { return r.from(ReleaseCurrent) }

// virtualDeleteOnDeleteNotFound is DEL-12's NotFound branch (current, after v1.34):
// before, a DELETE's 404 is an error and the item is requeued (V-6b).
func (r Release) virtualDeleteOnDeleteNotFound() bool { return r.from(ReleaseCurrent) }

// dedupsOwnerReferences is API-3 (v1.20, V-7a): before, identical ownerReferences are
// all stored.
func (r Release) dedupsOwnerReferences() bool { return r.from(Release120) }
