package gccore

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// NodeView is a read-only copy of one node of the GC's graph (uidToNode).
type NodeView struct {
	APIVersion         string                  `json:"apiVersion"`
	Kind               string                  `json:"kind"`
	Namespace          string                  `json:"namespace,omitempty"`
	Name               string                  `json:"name"`
	UID                types.UID               `json:"uid"`
	Owners             []metav1.OwnerReference `json:"owners,omitempty"`
	Dependents         []types.UID             `json:"dependents,omitempty"` // in the fixed dependents order
	BeingDeleted       bool                    `json:"beingDeleted,omitempty"`
	DeletingDependents bool                    `json:"deletingDependents,omitempty"`
	Virtual            bool                    `json:"virtual,omitempty"`
}

// Ref names the object the node stands for.
func (v NodeView) Ref() ObjectRef {
	return ObjectRef{APIVersion: v.APIVersion, Kind: v.Kind, Namespace: v.Namespace, Name: v.Name}
}

func viewOf(n *node) NodeView {
	v := NodeView{APIVersion: n.identity.APIVersion, Kind: n.identity.Kind, Namespace: n.identity.Namespace,
		Name: n.identity.Name, UID: n.identity.UID, Owners: n.owners.refs, BeingDeleted: n.beingDeleted,
		DeletingDependents: n.deletingDependents, Virtual: n.virtual}
	for _, d := range n.sortedDependents() {
		v.Dependents = append(v.Dependents, d.identity.UID)
	}
	return v
}

// Graph returns the GC's graph in identity order.
func (v Inspector) Graph() []NodeView {
	nodes := v.s.gb.graph.sortedNodes()
	out := make([]NodeView, len(nodes))
	for i, n := range nodes {
		out[i] = viewOf(n)
	}
	return out
}

// Node returns the graph's node for uid.
func (v Inspector) Node(uid types.UID) (NodeView, bool) {
	n, ok := v.s.gb.graph.read(uid)
	if !ok {
		return NodeView{}, false
	}
	return viewOf(n), true
}

// Queues returns attemptToDelete and attemptToOrphan, in that order.
func (v Inspector) Queues() []QueueView { return v.QueuesHead(0) }

// QueuesHead is Queues with at most n items per queue (all when n is 0); Total still
// counts them all.
func (v Inspector) QueuesHead(n int) []QueueView {
	return []QueueView{v.s.gb.attemptToDelete.view(n), v.s.gb.attemptToOrphan.view(n)}
}

// GraphChange is one pending graphChanges entry, for views.
type GraphChange struct {
	Type    string `json:"type"` // add, update, delete
	Virtual bool   `json:"virtual,omitempty"`
	Key     string `json:"key"`
}

// GraphChanges lists the graph builder's pending entries, oldest first.
func (v Inspector) GraphChanges() []GraphChange { return v.GraphChangesHead(0) }

// GraphChangesHead is GraphChanges with at most n entries (all when n is 0).
func (v Inspector) GraphChangesHead(n int) []GraphChange {
	pending := v.s.gb.graphChanges.pending()
	if n > 0 && len(pending) > n {
		pending = pending[:n]
	}
	out := make([]GraphChange, len(pending))
	for i, e := range pending {
		out[i] = GraphChange{Type: e.eventType.String(), Virtual: e.virtual, Key: e.identity().String()}
	}
	return out
}

// GraphChangesLen is the number of pending graphChanges entries.
func (v Inspector) GraphChangesLen() int { return v.s.gb.graphChanges.len() }

// WorkersWait reports whether the GC's workers wait for a monitor to sync now, so
// that no worker takes an item: forever under V-5a, until 30 s after the start under
// SYNC-4.
func (v Inspector) WorkersWait() bool {
	_, _, ok := v.s.gc.startup.waiting(v.s.clock.tick)
	return ok
}

// PendingWatchEvents is the number of events the informers have not delivered yet.
func (v Inspector) PendingWatchEvents() int { return v.s.informers.count }

// AbsentOwners lists the absentOwnerCache, most recently used first.
func (v Inspector) AbsentOwners() []string {
	var out []string
	for _, id := range v.s.gb.absentOwnerCache.Entries() {
		out = append(out, id.String())
	}
	return out
}

// Inspector is a read-only view of a simulation's internals, for the views, Why and the
// checks: the GC's graph, its queues and absentOwnerCache, the controllers' queues (like
// upstream's dump.go and raft's Status). It changes nothing and reads the state at each
// call; inputs and steps are Sim's.
type Inspector struct{ s *Sim }

// Inspect returns the simulation's Inspector.
func (s *Sim) Inspect() Inspector { return Inspector{s} }
