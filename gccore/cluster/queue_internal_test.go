package cluster

import (
	"fmt"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/faults"
	"github.com/gcplay/gcplay/gccore/rules"
)

// TestQueueBacksOffAfterAServerError: a key whose sync had a write fail with a 500
// (FAULT-4) waits upstream's per-item backoff in whole ticks (5 ms doubling: 1 tick for
// the first eight failures, then 2, 3, 6, 11), keeps the controller from being idle, and
// shows its next attempt in the queue view; a sync without a server error forgets them.
func TestQueueBacksOffAfterAServerError(t *testing.T) {
	sim, err := gccore.New(gccore.Config{Faults: faults.Config{Seed: 1, APIErrors: 0.9}})
	if err != nil {
		t.Fatal(err)
	}
	c := sim.Client(CompReplicaSet)
	n := 0
	failing := func(string) { // writes until one fails, as a sync whose write failed
		for before := c.ServerErrors(); c.ServerErrors() == before; n++ {
			cm := &gccore.Object{Content: map[string]any{}}
			cm.APIVersion, cm.Kind, cm.Namespace, cm.Name = "v1", "ConfigMap", "default", fmt.Sprintf("cm-%d", n)
			c.Create(rules.FAULT4, "a write that may fail", cm)
		}
	}
	q := newQueue()
	q.add("default/x")
	tick := int64(1)
	var waits []int64
	for i := 0; i < 12; i++ {
		q.syncEach(tick, c, failing)
		if q.empty() {
			t.Fatalf("failure %d: the key is gone", i+1)
		}
		v := q.view(CompReplicaSet, c, gccore.ObjectRef{APIVersion: "v1", Kind: "ConfigMap"})
		if len(v.Items) != 1 || v.Items[0].NextAttemptTick <= tick {
			t.Fatalf("failure %d: view %+v, want the key with a next attempt after tick %d", i+1, v.Items, tick)
		}
		if got := q.take(v.Items[0].NextAttemptTick - 1); len(got) != 0 {
			t.Fatalf("failure %d: %v taken before its next attempt", i+1, got)
		}
		waits = append(waits, v.Items[0].NextAttemptTick-tick)
		tick = v.Items[0].NextAttemptTick
	}
	want := []int64{1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 6, 11}
	for i := range want {
		if waits[i] != want[i] {
			t.Fatalf("waits %v, want %v", waits, want)
		}
	}
	q.syncEach(tick, c, func(string) {})
	if !q.empty() || len(q.failures) != 0 {
		t.Errorf("after a sync without a server error: queue %+v", q)
	}
}
