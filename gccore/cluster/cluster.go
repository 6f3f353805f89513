// Package cluster runs the controllers around the garbage collector (issue 15,
// cluster-rules.md): ReplicaSet, Deployment and Job controllers, the namespace controller,
// the node lifecycle controller with its taint-based eviction, and a kubelet per Node. Each is a gccore.Controller: it queues keys from watch
// events and handles them in key order once per tick, writing through its own
// gccore.Client, so that everything stays deterministic (no goroutines, no clock, no
// randomness but the Sim's seeded source).
package cluster

import (
	"fmt"
	"slices"
	"sort"

	"github.com/gcplay/gcplay/gccore"
)

// The controllers a scenario may name under `controllers:`.
const (
	ReplicaSet = "replicaset"
	Deployment = "deployment"
	Job        = "job"
	Namespace  = "namespace"
	// NodeLifecycle is the node lifecycle controller with its taint-based eviction
	// (NODE-1 ... NODE-4).
	NodeLifecycle = "nodelifecycle"
	Kubelet       = "kubelet"
)

// Names lists the controllers in the order they tick.
var Names = []string{Deployment, ReplicaSet, Job, Namespace, NodeLifecycle, Kubelet}

// Install adds the named controllers to sim, in the order of Names whatever the order
// of names. An unknown or repeated name is an error.
func Install(sim *gccore.Sim, names []string) error {
	if err := Check(names); err != nil {
		return err
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	for _, n := range Names {
		if !want[n] {
			continue
		}
		switch n {
		case ReplicaSet:
			sim.AddController(newReplicaSetController(sim))
		case Deployment:
			sim.AddController(newDeploymentController(sim))
		case Job:
			sim.AddController(newJobController(sim))
		case Namespace:
			sim.AddController(newNamespaceController(sim))
		case NodeLifecycle:
			sim.AddController(newNodeLifecycle(sim))
		case Kubelet:
			sim.AddAgent(newKubelet(sim))
		}
	}
	return nil
}

// Check reports an unknown or repeated controller name.
func Check(names []string) error {
	seen := map[string]bool{}
	for _, n := range names {
		if !known(n) {
			return fmt.Errorf("unknown controller %q (want one of %v)", n, Names)
		}
		if seen[n] {
			return fmt.Errorf("controller %q named twice", n)
		}
		seen[n] = true
	}
	return nil
}

func known(n string) bool {
	for _, k := range Names {
		if k == n {
			return true
		}
	}
	return false
}

// queue is a controller's work queue: a set of keys, handed out sorted, so a tick's
// order never depends on map order or on the order events came in. A key whose sync had a
// write fail with a server error (the fault lab's 500s, FAULT-4) waits before its next
// sync, as upstream's rate-limited queue makes it wait: 5 ms doubling per failure, capped
// at 1000 s (DefaultControllerRateLimiter's per-item backoff), in whole ticks of 1 s, so
// 1 tick for the first eight failures, then 2, 3, 6, 11, ... An event on the key does not
// cut the wait short (upstream's AddRateLimited keeps it too; a plain Add would not: the
// key is then both queued and waiting, and syncs at the earlier).
type queue struct {
	keys map[string]bool
	// retries are the keys waiting after a failed sync; failures counts each key's
	// failed syncs since its last sync that wrote without a server error.
	retries  map[string]int64
	failures map[string]int
}

func newQueue() queue {
	return queue{keys: map[string]bool{}, retries: map[string]int64{}, failures: map[string]int{}}
}

func (q queue) add(key string) { q.keys[key] = true }

// empty reports that no key is queued or waiting.
func (q queue) empty() bool { return len(q.keys) == 0 && len(q.retries) == 0 }

// take empties the queue of the keys due at tick and returns them, sorted.
func (q queue) take(tick int64) []string {
	keys := make([]string, 0, len(q.keys))
	for k := range q.keys {
		keys = append(keys, k)
		delete(q.keys, k)
	}
	for k, at := range q.retries {
		if at <= tick {
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
			delete(q.retries, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// syncEach syncs every key due at tick; a sync in which a write of client failed with a
// server error puts its key back after its backoff (FAULT-4).
func (q queue) syncEach(tick int64, client *gccore.Client, sync func(key string)) {
	for _, key := range q.take(tick) {
		before := client.ServerErrors()
		sync(key)
		if client.ServerErrors() == before {
			delete(q.failures, key)
			continue
		}
		n := q.failures[key]
		q.failures[key] = n + 1
		delayMS := int64(1000 * 1000)
		if n < 18 {
			delayMS = min(5<<n, delayMS)
		}
		q.retries[key] = tick + max(1, (delayMS+999)/1000)
	}
}

// keysOf returns a map's keys, sorted.
func keysOf(m map[string]gccore.ObjectRef) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// view is the queue as gccore.Queuer shows it: sorted keys, each with the uid of the
// object of kind it names (keys are "namespace/name", or a cluster-scoped name). It
// only reads.
func (q queue) view(comp gccore.Component, c *gccore.Client, kind gccore.ObjectRef) gccore.ControllerQueue {
	keys := make([]string, 0, len(q.keys)+len(q.retries))
	for k := range q.keys {
		keys = append(keys, k)
	}
	for k := range q.retries {
		if !q.keys[k] {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	v := gccore.ControllerQueue{Name: comp}
	for _, k := range keys {
		ref := kind
		ref.Namespace, ref.Name = splitKey(k)
		it := gccore.ControllerQueueItem{Key: k}
		if at, ok := q.retries[k]; ok && !q.keys[k] {
			it.NextAttemptTick = at
		}
		if o, err := c.Get(ref); err == nil {
			it.UID = o.UID
		}
		v.Items = append(v.Items, it)
	}
	return v
}
