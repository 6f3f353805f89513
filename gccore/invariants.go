package gccore

import (
	"fmt"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
)

// CheckInvariants verifies the graph's structural invariants, which hold after every step:
// owner/dependent symmetry (N-5), virtual nodes without owners (N-3), one record per uid
// (N-1), and queues without duplicates.
func (v Inspector) CheckInvariants() error {
	g := v.s.gb.graph
	for uid, n := range g.uidToNode {
		if n.identity.UID != uid {
			return fmt.Errorf("N-1: node %s stored under uid %s", n.identity, uid)
		}
		if n.virtual && len(n.owners.refs) > 0 {
			return fmt.Errorf("N-3: virtual node %s has owners", n.identity)
		}
		for _, ref := range n.owners.refs {
			// A virtual owner may miss a dependent: when a node with dependents leaves the
			// graph (GB-10, GB-11) they keep citing its uid, and a later dependent's GB-9
			// creates a new virtual node for that uid listing only itself. Upstream's graph
			// does the same; the stale dependents were enqueued and settle on their own.
			// An observed owner may miss a dependent that is still settling, when the
			// owner's add came after a virtual delete of its uid removed the virtual node the
			// dependent was listed in (GB-4 links a new node to its owners only): an add
			// delivered late, such as a relist after a restart (SYNC-7). The dependent was
			// enqueued (GB-10, GB-11), so it is queued, being deleted, or has a pending
			// event. V-3b: before v1.20 a virtual delete also removes the node of an object
			// that exists; its next event adds a node without the dependents that cite it.
			if o, ok := g.read(ref.UID); ok && !o.virtual && !o.dependents.has(n) &&
				v.s.cfg.Kubernetes.checksCoordinates() && !v.settling(n) {
				return fmt.Errorf("N-5: %s cites owner %s but is not among its dependents", n.identity, o.identity)
			}
		}
		for _, d := range n.dependents.nodes {
			if cur, ok := g.read(d.identity.UID); !ok || cur != d {
				return fmt.Errorf("N-5: %s lists dependent %s, which is not the graph's node for that uid", n.identity, d.identity)
			}
			cites := false
			for _, ref := range d.owners.refs {
				cites = cites || ref.UID == uid
			}
			if !cites {
				return fmt.Errorf("N-5: %s lists dependent %s, which does not cite it", n.identity, d.identity)
			}
		}
	}
	for _, q := range []*workQueue{v.s.gb.attemptToDelete, v.s.gb.attemptToOrphan} {
		seen := map[*node]bool{}
		for _, n := range q.fifo.pending() {
			if seen[n] {
				return fmt.Errorf("Q-2: %s is queued twice in %s", n.identity, q.name)
			}
			seen[n] = true
		}
	}
	return nil
}

// settling reports whether n may still change on its own: queued, held or waiting in
// attemptToDelete, no longer stored, or with a watch event on the way.
func (v Inspector) settling(n *node) bool {
	q := v.s.gb.attemptToDelete
	if q.state(n).dirty || q.heldIndex(n) >= 0 || q.waitFor[n] != nil {
		return true
	}
	_, stored := v.s.api.uids[n.identity.UID]
	return !stored || v.s.informers.pendingFor(n.identity.UID)
}

// CheckGraphMatchesServer verifies, once idle, that the GC's graph agrees with the API
// server: every stored object of a monitored kind (a broken monitor aside, and under V-3b
// only when it has a node) has an observed node with the same owners,
// and every observed node stands for a stored object with that uid.
func (v Inspector) CheckGraphMatchesServer() error {
	for _, o := range v.s.api.objects {
		r, _ := v.s.api.Resources.Lookup(o.APIVersion, o.Kind)
		if r == nil || !r.Monitored || r.preferred.Broken { // a broken monitor never reports it (V-5a)
			continue
		}
		n, ok := v.s.gb.graph.read(o.UID)
		if (!ok || n.virtual) && !v.s.cfg.Kubernetes.checksCoordinates() {
			continue // V-3b: before v1.20 a virtual delete may remove the node of a stored object
		}
		if !ok || n.virtual {
			return fmt.Errorf("%s (uid %s) is stored but not observed in the GC's graph", o.Ref(), o.UID)
		}
		if !apiequality.Semantic.DeepEqual(n.owners.refs, o.OwnerReferences) && (len(n.owners.refs) > 0 || len(o.OwnerReferences) > 0) {
			return fmt.Errorf("%s: graph owners %v differ from stored %v", o.Ref(), n.owners.refs, o.OwnerReferences)
		}
		if o.Terminating() != n.beingDeleted {
			return fmt.Errorf("%s: terminating=%v but beingDeleted=%v", o.Ref(), o.Terminating(), n.beingDeleted)
		}
	}
	for uid, n := range v.s.gb.graph.uidToNode {
		if n.virtual {
			continue
		}
		if _, ok := v.s.api.uids[uid]; !ok {
			return fmt.Errorf("node %s is observed but no stored object has its uid", n.identity)
		}
	}
	return nil
}
