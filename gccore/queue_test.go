package gccore

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/types"
)

// Tests for the work queues' semantics: Q-2 (dedup, dirty, processing), Q-4 (backoff,
// overall bucket, Forget), stuck accounting for idle, and Q-8's immediate requeue.

func qItem(name string) *node {
	return &node{identity: objectReference{APIVersion: "v1", Kind: "ConfigMap", Name: name, UID: types.UID("uid-" + name)}}
}

// qNames renders a queue view as state:uid, in view order.
func qNames(q *workQueue) []string {
	var out []string
	for _, it := range q.view(0).Items {
		out = append(out, string(it.State)+":"+strings.TrimPrefix(it.UID, "uid-"))
	}
	return out
}

func TestWorkQueueDedup(t *testing.T) {
	for _, tc := range []struct {
		rule, name string
		run        func(q *workQueue, a, b *node) []string
		want       []string
	}{
		{"Q-2", "FIFO order", func(q *workQueue, a, b *node) []string {
			q.Add(b, "x")
			q.Add(a, "x")
			return qNames(q)
		}, []string{"queued:b", "queued:a"}},
		{"Q-2", "Add of a queued item is a no-op", func(q *workQueue, a, b *node) []string {
			q.Add(a, "x")
			q.Add(b, "x")
			q.Add(a, "x")
			return qNames(q)
		}, []string{"queued:a", "queued:b"}},
		{"Q-2", "Get moves the head to processing and clears dirty", func(q *workQueue, a, b *node) []string {
			q.Add(a, "x")
			q.Add(b, "x")
			q.Get(Component{Role: "w0"})
			return qNames(q)
		}, []string{"processing:a", "queued:b"}},
		{"Q-2", "Add while processing is not appended until Done", func(q *workQueue, a, b *node) []string {
			q.Add(a, "x")
			q.Get(Component{Role: "w0"})
			q.Add(a, "x")
			q.Add(b, "x")
			return qNames(q)
		}, []string{"processing:a", "queued:b"}},
		{"Q-2", "Done appends an item re-added while processing, at the tail", func(q *workQueue, a, b *node) []string {
			q.Add(a, "x")
			q.Get(Component{Role: "w0"})
			q.Add(a, "x")
			q.Add(b, "x")
			q.Done(a)
			return qNames(q)
		}, []string{"queued:b", "queued:a"}},
		{"Q-2", "Done without a re-add drops the item", func(q *workQueue, a, b *node) []string {
			q.Add(a, "x")
			q.Get(Component{Role: "w0"})
			q.Done(a)
			return qNames(q)
		}, nil},
		{"Q-3", "a held item is not handed to a second worker", func(q *workQueue, a, b *node) []string {
			q.Add(a, "x")
			q.Get(Component{Role: "w0"})
			q.Add(a, "x")
			if _, ok := q.Get(Component{Role: "w1"}); ok {
				return []string{"second Get succeeded"}
			}
			return qNames(q)
		}, []string{"processing:a"}},
	} {
		t.Run(tc.rule+" "+tc.name, func(t *testing.T) {
			if got := tc.run(newWorkQueue("attemptToDelete"), qItem("a"), qItem("b")); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s: got %v, want %v", tc.rule, got, tc.want)
			}
		})
	}

	t.Run("Q-2 N-7 records are compared by identity, not by uid", func(t *testing.T) {
		q := newWorkQueue("attemptToDelete")
		a := qItem("a")
		clone := a.clone()
		if !q.Add(a, "x") || !q.Add(clone, "x") {
			t.Fatal("a replaced record must be a different item")
		}
		if q.Len() != 2 {
			t.Errorf("Len = %d, want 2", q.Len())
		}
	})
}

func TestWorkQueueBackoff(t *testing.T) {
	t.Run("Q-4 per-item 5ms*2^k, capped at 1000s", func(t *testing.T) {
		q := newWorkQueue("attemptToDelete")
		a := qItem("a")
		var got []int64
		for k := 0; k < 22; k++ {
			got = append(got, q.backoff(a, 0))
		}
		var want []int64
		for k := 0; k < 22; k++ {
			d := int64(5) << k
			if d > 1000*1000 {
				d = 1000 * 1000
			}
			want = append(want, d)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Q-4 backoff sequence\n got %v\nwant %v", got, want)
		}
		if got[17] != 655360 || got[18] != 1000000 {
			t.Errorf("Q-4 cap: k=17 -> %d, k=18 -> %d", got[17], got[18])
		}
	})
	t.Run("Q-4 Forget resets the per-item count", func(t *testing.T) {
		q := newWorkQueue("attemptToDelete")
		a := qItem("a")
		q.backoff(a, 0)
		q.backoff(a, 0)
		q.Forget(a)
		if d := q.backoff(a, 0); d != 5 {
			t.Errorf("after Forget: %dms, want 5ms", d)
		}
	})
	t.Run("Q-4 per-item counts are separate", func(t *testing.T) {
		q := newWorkQueue("attemptToDelete")
		a, b := qItem("a"), qItem("b")
		q.backoff(a, 0)
		q.backoff(a, 0)
		if d := q.backoff(b, 0); d != 5 {
			t.Errorf("b's first backoff: %dms, want 5ms", d)
		}
	})
	t.Run("Q-4 overall bucket: 10/s with burst 100", func(t *testing.T) {
		q := newWorkQueue("attemptToDelete")
		var delays []int64
		for i := 0; i < 103; i++ {
			delays = append(delays, q.backoff(qItem(fmt.Sprintf("x%03d", i)), 0))
		}
		for i := 0; i < 100; i++ {
			if delays[i] != 5 {
				t.Fatalf("item %d within the burst: %dms, want 5ms", i, delays[i])
			}
		}
		if got := delays[100:]; !reflect.DeepEqual(got, []int64{100, 200, 300}) {
			t.Errorf("after the burst: %v, want [100 200 300] (one token per 100ms)", got)
		}
		// Ten seconds later the bucket has refilled by 100 tokens, minus the 3 it owed.
		if d := q.backoff(qItem("late"), 10_000); d != 5 {
			t.Errorf("after refill: %dms, want 5ms", d)
		}
	})
}

func TestWorkQueueRateLimitedAdd(t *testing.T) {
	t.Run("Q-4 waits, then promote adds it", func(t *testing.T) {
		q := newWorkQueue("attemptToDelete")
		a := qItem("a")
		q.AddRateLimited(a, 1000, "DEL-3", "")
		if q.Len() != 0 || q.idle() {
			t.Fatalf("a waiting item is neither queued nor idle: len=%d idle=%v", q.Len(), q.idle())
		}
		if v := q.view(0).Items; len(v) != 1 || v[0].State != "waiting" || v[0].NextAttemptMS != 1005 || v[0].Retries != 1 {
			t.Errorf("view = %+v", v)
		}
		q.promote(1004)
		if q.Len() != 0 {
			t.Error("promoted before its time")
		}
		q.promote(1005)
		if q.Len() != 1 {
			t.Errorf("not promoted at its time: len=%d", q.Len())
		}
	})
	t.Run("Q-4 a delayed add for a queued item is a no-op", func(t *testing.T) {
		q := newWorkQueue("attemptToDelete")
		a := qItem("a")
		q.Add(a, "GB-9")
		q.AddRateLimited(a, 0, "DEL-3", "")
		if q.Len() != 1 || q.waiting.Len() != 0 {
			t.Errorf("len=%d waiting=%d, want 1 and 0", q.Len(), q.waiting.Len())
		}
	})
	t.Run("Q-4 two delayed adds keep the earlier time", func(t *testing.T) {
		q := newWorkQueue("attemptToDelete")
		a := qItem("a")
		q.AddRateLimited(a, 0, "DEL-3", "") // k=0: at 5ms
		q.AddRateLimited(a, 0, "DEL-3", "") // k=1: at 10ms, later: ignored
		if e := q.waitFor[a]; e.atMS != 5 || q.waiting.Len() != 1 {
			t.Errorf("at=%d entries=%d, want 5 and 1", e.atMS, q.waiting.Len())
		}
		q.Forget(a)
		q.AddRateLimited(a, -100, "DEL-3", "") // earlier still: kept
		if e := q.waitFor[a]; e.atMS != -95 {
			t.Errorf("at=%d, want -95", e.atMS)
		}
	})
	t.Run("scenario-format idle: a stuck retry does not keep the queue busy", func(t *testing.T) {
		q := newWorkQueue("attemptToDelete")
		a, b := qItem("a"), qItem("b")
		q.AddRateLimited(a, 0, "DEL-3", "unable to map")
		if !q.idle() || q.stuckWaiting != 1 {
			t.Fatalf("idle=%v stuck=%d, want true 1", q.idle(), q.stuckWaiting)
		}
		if v := q.view(0).Items; v[0].State != "stuck" || v[0].Stuck != "unable to map" {
			t.Errorf("view = %+v", v)
		}
		q.AddRateLimited(b, 0, "DEL-3", "")
		if q.idle() {
			t.Error("a curable retry must keep the queue busy")
		}
		q.AddRateLimited(a, 0, "DEL-3", "") // the same item now fails with a curable error
		if q.stuckWaiting != 0 {
			t.Errorf("stuck count = %d after the error became curable, want 0", q.stuckWaiting)
		}
		q.AddRateLimited(a, 0, "DEL-3", "unable to map")
		q.promote(1 << 40)
		if q.stuckWaiting != 0 || q.waiting.Len() != 0 || q.Len() != 2 {
			t.Errorf("after promote: stuck=%d waiting=%d len=%d", q.stuckWaiting, q.waiting.Len(), q.Len())
		}
	})
	t.Run("Q-8 immediate mode appends at once and still counts retries", func(t *testing.T) {
		q := newWorkQueue("attemptToDelete")
		q.immediateRequeue = true
		a, b := qItem("a"), qItem("b")
		q.Add(a, "GB-9")
		q.Add(b, "GB-9")
		item, _ := q.Get(Component{Role: "w0"})
		q.AddRateLimited(item, 0, "DEL-3", "")
		q.Done(item)
		if got := qNames(q); !reflect.DeepEqual(got, []string{"queued:b", "queued:a"}) {
			t.Errorf("Q-8: %v, want a requeued behind b", got)
		}
		if q.waiting.Len() != 0 || q.failures[a] != 1 {
			t.Errorf("Q-8: waiting=%d failures=%d, want 0 and 1", q.waiting.Len(), q.failures[a])
		}
	})
}
