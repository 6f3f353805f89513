package gccore

import (
	"fmt"

	"github.com/gcplay/gcplay/gccore/rules"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

type eventType int

const (
	addEvent eventType = iota
	updateEvent
	deleteEvent
)

func (t eventType) String() string { return [...]string{"add", "update", "delete"}[t] }

// event is one graphChanges entry (GB-1, GB-15).
type event struct {
	// virtual marks a delete produced by the GC itself after a live lookup (GB-15).
	virtual   bool
	eventType eventType
	obj       *Object
	oldObj    *Object // the previous state, for updates
	// apiVersion and kind of the monitor that saw the object (N-2), or of the virtual identity.
	apiVersion, kind string
}

// identity is identityFromEvent: the monitor's apiVersion and kind plus the object's name,
// uid and namespace (N-2).
func (e *event) identity() objectReference {
	return objectReference{APIVersion: e.apiVersion, Kind: e.kind, Name: e.obj.Name, UID: e.obj.UID, Namespace: e.obj.Namespace}
}

// GCEvent is a Kubernetes Event the GC reports (GB-14). It is recorded, not stored.
type GCEvent struct {
	Tick    int64  `json:"tick"`
	Type    string `json:"type"`
	Reason  string `json:"reason"`
	Object  string `json:"object"` // the involved (dependent) object, rendered
	Message string `json:"message"`
	// Ref and UID are the involved object as values, for consumers that select by them
	// (kubectl describe's events of one object).
	Ref ObjectRef `json:"-"`
	UID types.UID `json:"-"`
}

// graphBuilder is the single consumer of graphChanges and the only writer of the graph (GB-2).
type graphBuilder struct {
	graph            graph
	graphChanges     fifo[event] // processed one at a time (Q-7: never retried)
	attemptToDelete  *workQueue
	attemptToOrphan  *workQueue
	absentOwnerCache *absentOwnerCache
	trace            *tracer
	events           []GCEvent
	// release decides the coordinate and namespace checks (V-3) and the cache's key (V-2a).
	release Release
	// owners is removeNodeAndNotify's buffer, reused by its next call: the removed node's
	// owners, looked up once where upstream's removeNode and processGraphChanges look each
	// up twice. Nothing removeNodeAndNotify calls removes a node, so it is never re-entered.
	owners []*node
}

// record traces a step of the graph builder on id; the key is rendered only when records
// are kept (tracer.addLazy).
func (gb *graphBuilder) record(rule rules.ID, id objectReference, text string) {
	gb.recordText(rule, id, func() string { return text })
}

// recordText is record for a text that costs something to build: text runs only when kept.
func (gb *graphBuilder) recordText(rule rules.ID, id objectReference, text func() string) {
	gb.trace.addLazy(func() Record {
		return Record{Component: CompGraphBuilder, Queue: QueueGraphChanges, Rule: rule, Object: id.ref(), UID: id.UID, Text: text()}
	})
}

func (gb *graphBuilder) enqueueDelete(n *node, rule rules.ID) {
	if gb.attemptToDelete.Add(n, rule) {
		gb.trace.addLazy(func() Record {
			return Record{Component: CompGraphBuilder, Queue: QueueAttemptToDelete, Rule: rule, Object: n.identity.ref(), UID: n.identity.UID, Text: "enqueued"}
		})
	}
}

// enqueueVirtualDeleteEvent appends a virtual delete for identity (GB-15).
func (gb *graphBuilder) enqueueVirtualDeleteEvent(id objectReference, by Component) {
	obj := &Object{TypeMeta: metav1.TypeMeta{APIVersion: id.APIVersion, Kind: id.Kind},
		ObjectMeta: metav1.ObjectMeta{Name: id.Name, Namespace: id.Namespace, UID: id.UID}}
	gb.graphChanges.push(event{virtual: true, eventType: deleteEvent, obj: obj, apiVersion: id.APIVersion, kind: id.Kind})
	gb.trace.addLazy(func() Record {
		return Record{Component: by, Queue: QueueGraphChanges, Rule: rules.GB15, Object: id.ref(), UID: id.UID, Text: "virtual delete event queued"}
	})
}

// processGraphChanges handles the head of graphChanges; it reports false if there was none.
func (gb *graphBuilder) processGraphChanges() bool {
	if gb.graphChanges.len() == 0 {
		return false
	}
	ev := gb.graphChanges.pop()
	gb.process(&ev)
	return true
}

func (gb *graphBuilder) process(ev *event) {
	uid := ev.obj.UID
	existing, found := gb.graph.read(uid)
	switch {
	case found && existing.virtual && !gb.release.checksCoordinates(): // V-3a: any event, identity kept
		existing.virtual = false
		if !ev.virtual {
			gb.record(rules.V3a, existing.identity, "virtual node observed; its identity is kept")
		}
	case found && !ev.virtual && existing.virtual:
		existing = gb.markObserved(existing, ev.identity()) // GB-3
	}
	switch {
	case ev.eventType != deleteEvent && !found:
		gb.addNode(ev) // GB-4
	case ev.eventType != deleteEvent:
		gb.updateNode(existing, ev) // GB-5
	case !found:
		gb.record(rules.GB10, ev.identity(), "delete of a uid not in the graph: ignored")
	case !ev.virtual:
		gb.removeNodeAndNotify(existing, ev.identity(), rules.GB10)
	case !gb.release.checksCoordinates(): // V-3b: removed by uid, whatever its identity
		gb.removeNodeAndNotify(existing, ev.identity(), rules.V3b)
	case !gb.keepOnVirtualDelete(existing, ev.identity()): // GB-11
		gb.removeNodeAndNotify(existing, ev.identity(), rules.GB11)
	}
}

// markObserved is GB-3: the first informer event for a virtual node.
func (gb *graphBuilder) markObserved(n *node, observed objectReference) *node {
	if observed != n.identity {
		_, nonMatching := partitionDependents(n.sortedDependents(), observed)
		for _, dep := range nonMatching {
			if observed.Namespace != "" && dep.identity.Namespace != observed.Namespace {
				gb.reportInvalidNamespaceOwnerRef(dep, observed, rules.GB3)
			}
			gb.enqueueDelete(dep, rules.GB3)
		}
		n = n.clone()
		n.identity = observed
		gb.graph.write(n)
		gb.record(rules.GB3, observed, "virtual node observed with another identity: replaced")
	} else {
		gb.record(rules.GB3, observed, "virtual node observed")
	}
	n.virtual = false
	return n
}

// addNode is GB-4.
func (gb *graphBuilder) addNode(ev *event) {
	obj := ev.obj
	n := &node{
		identity:           ev.identity(),
		owners:             ownerList{refs: obj.OwnerReferences},
		beingDeleted:       obj.Terminating(),
		deletingDependents: obj.Terminating() && obj.HasFinalizer(metav1.FinalizerDeleteDependents),
	}
	gb.graph.write(n)
	gb.recordText(rules.GB4, n.identity, func() string { return fmt.Sprintf("%s: node added with %d owner(s)", ev.eventType, len(n.owners.refs)) })
	gb.addDependentToOwners(n, n.owners.refs)
	gb.processTransitions(ev.oldObj, obj, n)
}

// updateNode is GB-5.
func (gb *graphBuilder) updateNode(n *node, ev *event) {
	obj := ev.obj
	if !ev.virtual && gb.release.checksCoordinates() && // V-3a: no clone before v1.20
		(n.identity.APIVersion != ev.apiVersion || n.identity.Kind != ev.kind) {
		old := n
		n = n.clone()
		n.identity.APIVersion, n.identity.Kind = ev.apiVersion, ev.kind
		gb.graph.write(n)
		for _, ref := range n.owners.refs {
			if o, ok := gb.graph.read(ref.UID); ok {
				o.deleteDependent(old)
				o.addDependent(n)
			}
		}
		gb.record(rules.GB5, n.identity, "apiVersion or kind changed: node replaced")
	}
	added, removed, changed := referencesDiffs(n.owners.refs, obj.OwnerReferences)
	if len(added)+len(removed)+len(changed) > 0 {
		gb.recordText(rules.GB6, n.identity, func() string {
			return fmt.Sprintf("ownerReferences changed: %d added, %d removed, %d changed", len(added), len(removed), len(changed))
		})
		gb.addUnblockedOwnersToDeleteQueue(removed, changed) // GB-7
		n.owners.set(obj.OwnerReferences)
		gb.addDependentToOwners(n, added)
		gb.removeDependentFromOwners(n, removed)
	}
	if obj.Terminating() && !n.beingDeleted {
		n.beingDeleted = true
		gb.record(rules.GB5, n.identity, "marked beingDeleted")
	}
	gb.processTransitions(ev.oldObj, obj, n)
}

type ownerRefPair struct{ oldRef, newRef metav1.OwnerReference }

// referencesDiffs is GB-6: diff keyed by uid; the last duplicate wins on the old side. As
// upstream, a uid repeated in the new list is compared once and then counted as added.
func referencesDiffs(old, nu []metav1.OwnerReference) (added, removed []metav1.OwnerReference, changed []ownerRefPair) {
	oldByUID := map[types.UID]metav1.OwnerReference{}
	for _, r := range old {
		oldByUID[r.UID] = r
	}
	matched := map[types.UID]bool{} // old uids already paired with a new entry
	for _, r := range nu {
		o, ok := oldByUID[r.UID]
		switch {
		case !ok || matched[r.UID]:
			added = append(added, r)
		case !ownerRefEqual(o, r):
			changed = append(changed, ownerRefPair{o, r})
		}
		if ok {
			matched[r.UID] = true
		}
	}
	for _, r := range old {
		if !matched[r.UID] {
			removed = append(removed, oldByUID[r.UID]) // the last duplicate, reported once
			matched[r.UID] = true
		}
	}
	return added, removed, changed
}

func ownerRefEqual(a, b metav1.OwnerReference) bool {
	return a.APIVersion == b.APIVersion && a.Kind == b.Kind && a.Name == b.Name && a.UID == b.UID &&
		boolPtrEqual(a.Controller, b.Controller) && boolPtrEqual(a.BlockOwnerDeletion, b.BlockOwnerDeletion)
}

func boolPtrEqual(a, b *bool) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func isTrue(b *bool) bool { return b != nil && *b }

// addUnblockedOwnersToDeleteQueue is GB-7.
func (gb *graphBuilder) addUnblockedOwnersToDeleteQueue(removed []metav1.OwnerReference, changed []ownerRefPair) {
	for _, r := range removed {
		if isTrue(r.BlockOwnerDeletion) {
			if o, ok := gb.graph.read(r.UID); ok {
				gb.enqueueDelete(o, rules.GB7)
			}
		}
	}
	for _, c := range changed {
		if isTrue(c.oldRef.BlockOwnerDeletion) && !isTrue(c.newRef.BlockOwnerDeletion) {
			if o, ok := gb.graph.read(c.newRef.UID); ok {
				gb.enqueueDelete(o, rules.GB7)
			}
		}
	}
}

// addDependentToOwners is GB-9.
func (gb *graphBuilder) addDependentToOwners(n *node, refs []metav1.OwnerReference) {
	suspicious := false
	for _, ref := range refs {
		owner, ok := gb.graph.read(ref.UID)
		if !ok {
			owner = &node{identity: identityOf(ref, n.identity.Namespace), virtual: true}
			owner.addDependent(n)
			gb.graph.write(owner)
			gb.record(rules.GB9, owner.identity, "virtual owner node created for "+n.identity.String())
			gb.enqueueDelete(owner, rules.GB9)
			continue
		}
		owner.addDependent(n)
		if suspicious || !gb.release.checksCoordinates() { // V-3a: no flags before v1.20
			continue
		}
		ownerNamespaced := owner.identity.Namespace != ""
		switch {
		case ownerNamespaced && owner.identity.Namespace != n.identity.Namespace: // GB-9a
			if !owner.virtual {
				gb.reportInvalidNamespaceOwnerRef(n, owner.identity, rules.GB9a)
			}
			suspicious = true
		case !owner.identity.coordinatesMatch(ref): // GB-9b
			suspicious = true
		case !ownerNamespaced && owner.virtual && n.identity.Namespace != "" &&
			gb.release.flagsVirtualClusterScopedOwner(): // GB-9c, #98040 (v1.21; V-3d)
			suspicious = true
		}
	}
	if suspicious {
		gb.enqueueDelete(n, rules.GB9)
	}
}

func (gb *graphBuilder) removeDependentFromOwners(n *node, refs []metav1.OwnerReference) {
	for _, ref := range refs {
		if o, ok := gb.graph.read(ref.UID); ok {
			o.deleteDependent(n)
		}
	}
}

// processTransitions is GB-8.
func (gb *graphBuilder) processTransitions(oldObj, newObj *Object, n *node) {
	if startsWaitingFor(oldObj, newObj, metav1.FinalizerOrphanDependents) {
		if gb.attemptToOrphan.Add(n, rules.GB8) {
			gb.trace.add(Record{Component: CompGraphBuilder, Queue: QueueAttemptToOrphan, Rule: rules.GB8, Object: n.identity.ref(), UID: n.identity.UID, Text: "starts waiting for orphaning: enqueued"})
		}
		return
	}
	if startsWaitingFor(oldObj, newObj, metav1.FinalizerDeleteDependents) {
		n.deletingDependents = true
		gb.record(rules.GB8, n.identity, "starts waiting for dependents: marked deletingDependents")
		for _, dep := range n.sortedDependents() {
			gb.enqueueDelete(dep, rules.GB8)
		}
		gb.enqueueDelete(n, rules.GB8)
	}
}

func startsWaitingFor(oldObj, newObj *Object, finalizer string) bool {
	if !newObj.Terminating() || !newObj.HasFinalizer(finalizer) {
		return false
	}
	return oldObj == nil || !oldObj.Terminating() || !oldObj.HasFinalizer(finalizer)
}

// keepOnVirtualDelete is GB-11's first part: it reports whether the node survives a
// virtual delete of identity deleted, handling the dependents that do match.
func (gb *graphBuilder) keepOnVirtualDelete(n *node, deleted objectReference) bool {
	if n.virtual {
		matching, nonMatching := partitionDependents(n.sortedDependents(), deleted)
		if len(nonMatching) == 0 {
			return false
		}
		if len(matching) > 0 {
			gb.cacheAbsent(deleted)
			for _, dep := range matching {
				gb.enqueueDelete(dep, rules.GB11)
			}
		}
		if n.identity == deleted {
			if alt, ok := alternateOwnerIdentity(nonMatching, deleted); ok {
				c := n.clone()
				c.identity = alt
				gb.graph.write(c)
				gb.record(rules.GB13, alt, "virtual node takes an alternate identity")
				gb.attemptToDelete.AddRateLimited(c, gb.trace.clock.nowMS(), rules.GB11, "")
				gb.trace.add(Record{Component: CompGraphBuilder, Queue: QueueAttemptToDelete, Rule: rules.GB11, Object: c.identity.ref(), UID: c.identity.UID, Text: "requeued (rate limited)"})
			}
		}
		gb.record(rules.GB11, deleted, "virtual delete: some dependents disagree on the owner's coordinates; node kept")
		return true
	}
	if n.identity != deleted {
		matching, _ := partitionDependents(n.sortedDependents(), deleted)
		if len(matching) > 0 {
			gb.cacheAbsent(deleted)
			for _, dep := range matching {
				gb.enqueueDelete(dep, rules.GB11)
			}
		}
		gb.record(rules.GB11, deleted, "virtual delete disagrees with the observed node "+n.identity.String()+": node kept")
		return true
	}
	return false
}

// removeNodeAndNotify is GB-10 steps 2-5.
func (gb *graphBuilder) removeNodeAndNotify(n *node, id objectReference, rule rules.ID) {
	gb.graph.remove(n)
	// The owners are looked up once, for both steps (removing n from their dependents, then
	// GB-10's enqueue below): each lookup hashes a uid in a map of every node.
	owners := gb.owners[:0]
	for _, ref := range n.owners.refs {
		if o, ok := gb.graph.read(ref.UID); ok {
			o.deleteDependent(n)
			owners = append(owners, o)
		}
	}
	gb.owners = owners
	deps := n.sortedDependents()
	gb.recordText(rule, id, func() string { return fmt.Sprintf("node removed (%d dependents)", len(deps)) })
	if len(deps) > 0 {
		gb.cacheAbsent(id)
	}
	for _, dep := range deps {
		gb.enqueueDelete(dep, rules.GB10)
	}
	for _, o := range owners {
		if o.deletingDependents {
			gb.enqueueDelete(o, rules.GB10)
		}
	}
}

// cacheAbsent is the graph builder's AOC-2: id joins absentOwnerCache, by its uid alone
// in a release before v1.20 (V-2a).
func (gb *graphBuilder) cacheAbsent(id objectReference) {
	gb.absentOwnerCache.Add(id)
	gb.trace.addLazy(func() Record {
		return Record{Component: CompGraphBuilder, Queue: QueueGraphChanges, Rule: rules.AOC2, Also: gb.absentOwnerCache.keyRule(),
			Object: id.ref(), UID: id.UID, Text: "added to absentOwnerCache"}
	})
}

// partitionDependents is GB-12. A dependent may be in both lists.
func partitionDependents(deps []*node, id objectReference) (matching, nonMatching []*node) {
	for _, dep := range deps {
		match, mismatch := false, false
		if id.Namespace != "" && dep.identity.Namespace != id.Namespace {
			mismatch = true
		} else {
			for ref := range dep.owners.citing(id.UID) {
				if id.coordinatesMatch(ref) {
					match = true
				} else {
					mismatch = true
				}
			}
		}
		if match {
			matching = append(matching, dep)
		}
		if mismatch {
			nonMatching = append(nonMatching, dep)
		}
	}
	return matching, nonMatching
}

// alternateOwnerIdentity is GB-13: the next candidate identity after absent in
// (kind, apiVersion, namespace, name, uid) order, wrapping around.
func alternateOwnerIdentity(deps []*node, absent objectReference) (objectReference, bool) {
	absentClusterScoped := absent.Namespace == ""
	seen := map[objectReference]bool{}
	var candidates []objectReference
	for _, dep := range deps {
		for ref := range dep.owners.citing(absent.UID) {
			c := identityOf(ref, dep.identity.Namespace)
			if absentClusterScoped && ref.APIVersion == absent.APIVersion && ref.Kind == absent.Kind {
				c.Namespace = "" // same scope as the verified-absent identity
			}
			if absent.coordinatesMatch(ref) && (absentClusterScoped || absent.Namespace == dep.identity.Namespace) {
				continue
			}
			if c == absent || seen[c] {
				continue
			}
			seen[c] = true
			candidates = append(candidates, c)
		}
	}
	if len(candidates) == 0 {
		return objectReference{}, false
	}
	best, smallest := -1, 0
	for i, c := range candidates {
		if lessIdentity(c, candidates[smallest]) {
			smallest = i
		}
		if lessIdentity(absent, c) && (best < 0 || lessIdentity(c, candidates[best])) {
			best = i
		}
	}
	if best < 0 {
		best = smallest
	}
	return candidates[best], true
}

// reportInvalidNamespaceOwnerRef records GB-14's Warning Event on the dependent.
func (gb *graphBuilder) reportInvalidNamespaceOwnerRef(dep *node, owner objectReference, rule rules.ID) {
	ns := dep.identity.Namespace
	msg := fmt.Sprintf("ownerRef [%s/%s, namespace: %s, name: %s, uid: %s] does not exist in namespace %q",
		owner.APIVersion, owner.Kind, ns, owner.Name, owner.UID, ns)
	gb.events = append(gb.events, GCEvent{Tick: gb.trace.clock.tick, Type: "Warning", Reason: "OwnerRefInvalidNamespace", Object: dep.identity.String(), Message: msg,
		Ref: dep.identity.ref(), UID: dep.identity.UID})
	gb.trace.addLazy(func() Record {
		return Record{Component: CompGraphBuilder, Queue: QueueGraphChanges, Rule: rule, Also: rules.GB14, Object: dep.identity.ref(), UID: dep.identity.UID, Text: "Warning OwnerRefInvalidNamespace: " + msg}
	})
}
