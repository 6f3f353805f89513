package gccore

import (
	"iter"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// objectReference is a node's identity: the coordinates of an ownerReference (apiVersion,
// kind, name, uid) plus a namespace; an empty namespace means cluster-scoped (N-1).
type objectReference struct {
	APIVersion, Kind, Name string
	UID                    types.UID
	Namespace              string
}

// ref is the object the identity names, without its uid.
func (r objectReference) ref() ObjectRef {
	return ObjectRef{APIVersion: r.APIVersion, Kind: r.Kind, Namespace: r.Namespace, Name: r.Name}
}

func (r objectReference) String() string {
	s := r.APIVersion + "/" + r.Kind + " "
	if r.Namespace != "" {
		s += r.Namespace + "/"
	}
	return s + r.Name + " (" + string(r.UID) + ")"
}

// coordinatesMatch reports whether an ownerReference cites exactly this identity's
// apiVersion, kind, name and uid (GB-9b, GB-12).
func (r objectReference) coordinatesMatch(ref metav1.OwnerReference) bool {
	return r.APIVersion == ref.APIVersion && r.Kind == ref.Kind && r.Name == ref.Name && r.UID == ref.UID
}

func identityOf(ref metav1.OwnerReference, namespace string) objectReference {
	return objectReference{APIVersion: ref.APIVersion, Kind: ref.Kind, Name: ref.Name, UID: ref.UID, Namespace: namespace}
}

// node is one vertex of the GC's graph (N-1). The graph builder is its only writer; workers
// read it. A node record is replaced, never re-keyed, when its identity changes (N-7), so
// queues may hold an older record of the same uid.
type node struct {
	identity objectReference
	// owners are the ownerReferences as last observed by the graph builder.
	owners ownerList
	// dependents holds the nodes whose owners cite this uid (N-5). Iterate with sortedDependents.
	dependents dependentSet
	// beingDeleted and deletingDependents are one-way (N-4).
	beingDeleted       bool
	deletingDependents bool
	// virtual is true for a node made from an ownerReference and not yet seen by an informer (N-3).
	virtual bool
	// stale is set when the record is no longer the graph's for its uid: replaced by
	// another record (N-7) or removed. A queue may still hold it.
	stale bool
	// queues is the record's membership in attemptToDelete and attemptToOrphan, indexed by
	// workQueue.slot: upstream's dirty and processing sets, kept here (queueState).
	queues [2]queueState
}

func (n *node) addDependent(d *node) { n.dependents.add(d) }

func (n *node) deleteDependent(d *node) { n.dependents.remove(d) }

// sortedDependents returns the dependents in the fixed order gcplay uses wherever upstream
// iterates a map: (kind, apiVersion, namespace, name, uid), see gc-behavior.md section 0.
// It stands beside upstream's getDependents, which copies the map. The listing is the
// set's own slice (dependentSet.inOrder): valid until the graph next changes; do not keep it.
func (n *node) sortedDependents() []*node { return n.dependents.inOrder() }

func lessIdentity(a, b objectReference) bool { return compareIdentity(a, b) < 0 }

// compareIdentity orders identities by kind, apiVersion, namespace, name, uid.
// Each field is tested with != first: equal fields usually share their bytes, which !=
// sees at once, where strings.Compare compares every byte (in wasm, one at a time).
func compareIdentity(a, b objectReference) int {
	switch {
	case a.Kind != b.Kind:
		return strings.Compare(a.Kind, b.Kind)
	case a.APIVersion != b.APIVersion:
		return strings.Compare(a.APIVersion, b.APIVersion)
	case a.Namespace != b.Namespace:
		return strings.Compare(a.Namespace, b.Namespace)
	case a.Name != b.Name:
		return strings.Compare(a.Name, b.Name)
	}
	return strings.Compare(string(a.UID), string(b.UID))
}

// clone copies the record for a replacement (N-7); the dependents set is copied.
func (n *node) clone() *node {
	c := &node{identity: n.identity, owners: n.owners, beingDeleted: n.beingDeleted,
		deletingDependents: n.deletingDependents, virtual: n.virtual, dependents: n.dependents.clone()}
	return c
}

// blockingDependents yields, in the fixed order, the dependents whose recorded reference
// to n blocks its deletion (N-6), judged by the dependents' owners as the graph recorded
// them: FG-1's count, which the worker and Inspector.Why both take from here. An iterator, not
// a list: FG-1 runs each time a dependent of the owner goes (GB-10).
func (n *node) blockingDependents() iter.Seq[*node] {
	return func(yield func(*node) bool) {
		for _, d := range n.sortedDependents() {
			if d.blocks(n) && !yield(d) {
				return
			}
		}
	}
}

// blocks reports whether n's recorded references to owner include one that blocks it (N-6).
func (n *node) blocks(owner *node) bool {
	for ref := range n.owners.citing(owner.identity.UID) {
		if ref.BlockOwnerDeletion != nil && *ref.BlockOwnerDeletion {
			return true
		}
	}
	return false
}

// graph is uidToNode: at most one node per uid (N-1), upstream's concurrentUIDToNode.
type graph struct {
	uidToNode map[types.UID]*node
	// order is sortedNodes' order (views and dumps list the graph every tick, where
	// upstream's debug dump ranges over the map): write invalidates it for a new uid or a
	// changed identity; remove needs not, as sortedCache skips keys no longer in the map.
	order sortedCache[types.UID, *node]
}

func (g *graph) read(uid types.UID) (*node, bool) { n, ok := g.uidToNode[uid]; return n, ok }

// remove deletes n, which must be the graph's record for its uid.
func (g *graph) remove(n *node) {
	n.stale = true
	delete(g.uidToNode, n.identity.UID)
}

func (g *graph) write(n *node) {
	old, ok := g.uidToNode[n.identity.UID]
	if !ok || old.identity != n.identity {
		g.order.valid = false
	}
	if ok && old != n {
		old.stale = true
	}
	g.uidToNode[n.identity.UID] = n
}

// sortedNodes returns every node in identity order.
func (g *graph) sortedNodes() []*node {
	return g.order.list(g.uidToNode, func(a, b *node) int { return compareIdentity(a.identity, b.identity) })
}
