package cluster

import (
	"testing"

	"k8s.io/apimachinery/pkg/types"
)

// TestExpectations pins RS-5 and JOB-4's bookkeeping, as upstream's
// TestControllerExpectations does for ControllerExpectations: a sync waits while
// creations or deletions are unobserved, observations of another owner's (same key,
// other uid) do not count, a deletion is counted once per Pod, failed writes lower
// the expectations at once, and a record older than ExpectationsTTL no longer holds.
func TestExpectations(t *testing.T) {
	const key, uid, other = "default/web", types.UID("u1"), types.UID("u2")
	type step func(e expectations)
	add := func(u types.UID) step { return func(e expectations) { e.creationObserved(key, u) } }
	del := func(u types.UID, pod string) step { return func(e expectations) { e.deletionObserved(key, u, pod) } }
	for _, tc := range []struct {
		name    string
		adds    int
		deletes []string
		steps   []step
		tick    int64 // when satisfied is asked; expect is at tick 10
		want    bool
		wantAdd int
		wantDel int
	}{
		{name: "no record is satisfied", tick: 10, want: true},
		{name: "creations unobserved", adds: 3, steps: []step{add(uid)}, tick: 11, wantAdd: 2},
		{name: "every creation observed", adds: 2, steps: []step{add(uid), add(uid)}, tick: 11, want: true},
		{name: "more observed than expected stays satisfied", adds: 1, steps: []step{add(uid), add(uid)}, tick: 11, want: true},
		{name: "a namesake's Pods do not count", adds: 1, steps: []step{add(other)}, tick: 11, wantAdd: 1},
		{name: "deletions unobserved", deletes: []string{"default/a", "default/b"}, steps: []step{del(uid, "default/a")}, tick: 11, wantDel: 1},
		{name: "a Pod seen Terminating then gone counts once", deletes: []string{"default/a", "default/b"},
			steps: []step{del(uid, "default/a"), del(uid, "default/a")}, tick: 11, wantDel: 1},
		{name: "every deletion observed", deletes: []string{"default/a"}, steps: []step{del(uid, "default/a")}, tick: 11, want: true},
		{name: "held until the TTL", adds: 3, tick: 10 + ExpectationsTTL, wantAdd: 3},
		{name: "expired past the TTL", adds: 3, tick: 10 + ExpectationsTTL + 1, want: true},
		{name: "forget drops the record", adds: 3, steps: []step{func(e expectations) { e.forget(key) }}, tick: 11, want: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newExpectations()
			if tc.adds > 0 || len(tc.deletes) > 0 {
				e.expect(key, uid, tc.adds, tc.deletes, 10)
			}
			for _, s := range tc.steps {
				s(e)
			}
			ok, adds, dels := e.satisfied(key, tc.tick)
			if ok != tc.want || adds != tc.wantAdd || dels != tc.wantDel {
				t.Errorf("satisfied = %v, %d adds, %d deletes; want %v, %d, %d", ok, adds, dels, tc.want, tc.wantAdd, tc.wantDel)
			}
		})
	}
}
