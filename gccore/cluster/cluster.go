// Package cluster runs the controllers around the garbage collector (issue 15,
// cluster-rules.md): ReplicaSet, Deployment and Job controllers, the namespace controller,
// the node lifecycle controller with its taint-based eviction, and a kubelet per Node. Each is a gccore.Controller: it queues keys from watch
// events and handles them in key order once per tick, writing through its own
// gccore.Client, so that everything stays deterministic (no goroutines, no clock, no
// randomness but the Sim's seeded source).
package cluster

import (
	"fmt"
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
// order never depends on map order or on the order events came in.
type queue map[string]bool

func (q queue) add(key string) { q[key] = true }

// take empties the queue and returns its keys, sorted.
func (q queue) take() []string {
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
		delete(q, k)
	}
	sort.Strings(keys)
	return keys
}

// keysOf returns a map's keys, sorted.
func (queue) keysOf(m map[string]gccore.ObjectRef) []string {
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
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	v := gccore.ControllerQueue{Name: comp}
	for _, k := range keys {
		ref := kind
		ref.Namespace, ref.Name = splitKey(k)
		it := gccore.ControllerQueueItem{Key: k}
		if o, err := c.Get(ref); err == nil {
			it.UID = o.UID
		}
		v.Items = append(v.Items, it)
	}
	return v
}
