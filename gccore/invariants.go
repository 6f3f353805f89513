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
			if o, ok := g.read(ref.UID); ok && !o.virtual {
				if !o.dependents.has(n) {
					return fmt.Errorf("N-5: %s cites owner %s but is not among its dependents", n.identity, o.identity)
				}
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

// CheckGraphMatchesServer verifies, once idle, that the GC's graph agrees with the API
// server: every stored object of a monitored kind has an observed node with the same owners,
// and every observed node stands for a stored object with that uid.
func (v Inspector) CheckGraphMatchesServer() error {
	for _, o := range v.s.api.objects {
		r, _ := v.s.api.Resources.Lookup(o.APIVersion, o.Kind)
		if r == nil || !r.Monitored {
			continue
		}
		n, ok := v.s.gb.graph.read(o.UID)
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
