package gccore

import (
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/gccore/rules"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Reason is one sentence of Why: its English format and arguments, so that a page can
// say it in another language, keyed by Format (the playground's Chinese inspector).
type Reason struct {
	Format string
	Args   []any
}

// Because is the Reason fmt.Sprintf(format, args...) says.
func Because(format string, args ...any) Reason { return Reason{format, args} }

// Rules are the rule ids the sentence cites: those its Format names, then its arguments
// that are rule ids (the rule that queued an item). A lesson's whyCites goal reads them
// instead of searching the text. Never read from the arguments' text: they hold the
// learner's names, and a finalizer example.com/DEL-4 cites nothing. Derived when asked,
// not when made: the kubelet's queue view makes a Reason per Terminating Pod on every
// tick the page draws.
func (r Reason) Rules() []rules.ID {
	ids := rules.CitedIDs(r.Format)
	for _, a := range r.Args {
		if id, ok := a.(rules.ID); ok {
			ids = append(ids, id)
		}
	}
	return ids
}

func (r Reason) String() string { return fmt.Sprintf(r.Format, r.Args...) }

// Why answers "why is this object still here?" in plain sentences, from the object's
// finalizers and owners, the GC's graph and its queues. Each sentence cites its rule.
func (v Inspector) Why(ref ObjectRef) []string {
	rs := v.Reasons(ref)
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.String()
	}
	return out
}

// Reasons is Why's sentences as Reasons.
func (v Inspector) Reasons(ref ObjectRef) []Reason {
	o, err := v.s.api.Get(ref)
	if err != nil {
		return []Reason{Because("%s is not stored: it was deleted or never created.", ref.String())}
	}
	// A running controller's reason comes first: it is the specific one (a namespace
	// waiting for a finalizer, NS-3; a Pod held by a NotReady node, KUBELET-2); the GC's
	// generic lines follow.
	out := v.whyControllers(o)
	say := func(format string, args ...any) { out = append(out, Because(format, args...)) }
	n, inGraph := v.s.gb.graph.read(o.UID)
	switch {
	case !inGraph && v.s.api.Resources.brokenKind(o.APIVersion, o.Kind):
		say("The garbage collector never sees it: the monitor of its kind never syncs (a broken resource type), so it is unknown to the graph (FG-5).")
	case !inGraph && !v.s.informers.faults.idle() && !v.s.informers.pendingFor(o.UID):
		say("The garbage collector has not seen it: its informer lost a watch event (FAULT-2), which the relist at tick %d repairs (FAULT-3).", v.s.informers.faults.nextRelist(v.s.clock.tick))
	case !inGraph && !v.s.cfg.Kubernetes.checksCoordinates() && !v.s.informers.pendingFor(o.UID):
		say("The garbage collector's graph has lost it: Kubernetes %s removes a node by uid on any virtual delete of that uid, even one for another identity (V-3b); its next watch event brings it back.", v.s.cfg.Kubernetes)
	case !inGraph:
		say("The garbage collector has not seen it yet: its watch event is still on the way (informer delay, GB-1).")
	case n.virtual:
		say("The garbage collector only knows it as a virtual node, from a dependent's ownerReference (N-3).")
	}
	if o.Terminating() {
		say("It is terminating (deletionTimestamp %s) and stays until its finalizers are gone (API-15).", o.DeletionTimestamp.UTC().Format("2006-01-02T15:04:05Z"))
		for _, f := range o.Finalizers {
			switch f {
			case metav1.FinalizerDeleteDependents:
				v.whyForeground(n, say)
			case metav1.FinalizerOrphanDependents:
				say("Finalizer orphan: the GC first removes this owner from its dependents' ownerReferences, then removes the finalizer (ORPH-2, ORPH-3).")
			default:
				if v.controllerOwnsFinalizer(o, f) {
					continue // the controller's own line says when it removes it
				}
				say("Finalizer %s: no part of the GC removes it; the controller that owns it (you, here) must remove it.", f)
			}
		}
		if len(o.Finalizers) == 0 && o.DeletionGracePeriodSeconds != nil && *o.DeletionGracePeriodSeconds > 0 {
			say("It is in a %ds grace period; a delete with gracePeriodSeconds=0 (the kubelet's job) removes it (API-13).", *o.DeletionGracePeriodSeconds)
		}
	} else if len(o.OwnerReferences) == 0 {
		say("Nothing deletes it: it has no ownerReferences, so the GC never collects it, and nobody has deleted it (API-21, DEL-7).")
	} else {
		v.whyOwners(o, n, say)
	}
	if inGraph {
		for _, q := range []*workQueue{v.s.gb.attemptToDelete, v.s.gb.attemptToOrphan} {
			v.whyQueued(q, n, say)
		}
		if kinds, at, ok := v.s.gc.startup.waiting(v.s.clock.tick); ok && at == 0 {
			say("No garbage-collector worker runs: the monitor of %s never syncs, and in Kubernetes %s the workers wait for every monitor to sync with no time limit (V-5a).", kinds, v.s.cfg.Kubernetes)
		} else if ok {
			say("The garbage-collector workers wait for the monitor of %s to sync; they start without it at tick %d (SYNC-4).", kinds, at)
		}
	}
	return out
}

func (v Inspector) whyForeground(n *node, say func(string, ...any)) {
	if n == nil {
		say("Finalizer foregroundDeletion: the GC removes it once no dependent blocks (FG-1).")
		return
	}
	// FG-1 counts the blocking dependents in the GC's graph, as here. A dependent the API
	// server no longer stores still counts until its delete event arrives.
	var waiting, unobserved []string
	for d := range n.blockingDependents() {
		name := d.identity.Kind + " " + d.identity.Name
		if _, stored := v.s.api.GetByUID(d.identity.UID); !stored {
			unobserved = append(unobserved, name)
			continue
		}
		if d.beingDeleted {
			name += " (terminating)"
		}
		waiting = append(waiting, name)
	}
	if len(waiting) == 0 && len(unobserved) == 0 {
		say("Finalizer foregroundDeletion: no dependent blocks any more; the GC removes it when it next processes this owner (FG-1).")
		return
	}
	if len(waiting) > 0 {
		say("Finalizer foregroundDeletion: it waits for %d dependent(s) with blockOwnerDeletion: %s (FG-1, FG-4).", len(waiting), strings.Join(waiting, ", "))
	}
	if len(unobserved) > 0 {
		say("Finalizer foregroundDeletion: %s is already deleted, but the GC has not observed the deletion yet (informer delay): its graph counts it as blocking until the delete event arrives (GB-1, GB-10); then the GC removes the finalizer (FG-1).", strings.Join(unobserved, ", "))
	}
}

// whyOwners asks the worker's own decision code what it would decide for o now: DEL-8's
// classify, reading through peekReads (no API call recorded, no absentOwnerCache entry
// refreshed or added), then DEL-9 (decideOwnerReferences). So explaining never changes
// the simulation, and it cannot disagree with the worker.
func (v Inspector) whyOwners(o *Object, n *node, say func(string, ...any)) {
	item := objectReference{APIVersion: o.APIVersion, Kind: o.Kind, Namespace: o.Namespace, Name: o.Name, UID: o.UID}
	var solid, absent, waiting []string
	refs, err := v.s.gc.classify(peekReads{v.s}, item, o.OwnerReferences, classifiedRefs{}, func(r refResult) {
		desc := r.ref.Kind + " " + r.ref.Name
		switch {
		case r.cached && v.s.gb.absentOwnerCache.uidOnly:
			absent = append(absent, fmt.Sprintf("%s (its uid is in absentOwnerCache, which Kubernetes %s keys by uid alone: V-2a)", desc, v.s.cfg.Kubernetes))
		case r.cached:
			absent = append(absent, desc+" (in absentOwnerCache)")
		case r.verdict == refDangling && o.Namespace == "" && r.id.Namespace == "" && !v.s.cfg.Kubernetes.refusesNamespacedOwnerOfClusterScoped() &&
			v.s.api.Resources.namespaced(r.ref.APIVersion, r.ref.Kind):
			absent = append(absent, fmt.Sprintf("%s (a namespaced owner, looked up without a namespace as Kubernetes %s does for a cluster-scoped dependent: V-3c)", desc, v.s.cfg.Kubernetes))
		case r.verdict == refDangling:
			absent = append(absent, desc)
		case r.verdict == refWaiting:
			waiting = append(waiting, desc+" (deleting in the foreground)")
		default:
			solid = append(solid, desc)
		}
	})
	if err != nil {
		ref := o.OwnerReferences[len(refs.solid)+len(refs.dangling)+len(refs.waiting)]
		desc := ref.Kind + " " + ref.Name
		if mapErr, ok := asRESTMappingError(err); ok {
			say("It is stuck: its owner reference to %s cites %s, which the API server does not serve (%s). The GC cannot look the owner up, so attemptToDelete retries it forever with backoff and never deletes it (DEL-8, DEL-3, XNS-4).",
				desc, ref.APIVersion+" "+ref.Kind, mapErr.err)
		} else if err == errClusterScopedNamespacedOwner {
			say("It is cluster-scoped, and its owner %s is of a namespaced kind: the GC cannot resolve the reference and never deletes it (DEL-8, XNS-3).", desc)
		} else {
			say("Looking up its owner %s fails: %v; the GC retries it with backoff (DEL-8, DEL-3).", desc, err)
		}
		return
	}
	d := decideOwnerReferences(refs, n != nil && n.dependents.len() > 0)
	switch {
	case d.rule == rules.DEL9a && d.act == actNone:
		say("Its owner(s) exist: %s. A dependent with at least one live owner is kept (DEL-9a).", strings.Join(solid, ", "))
	case d.rule == rules.DEL9a:
		say("Its owner(s) exist: %s. The GC keeps it and removes its references to %s when it next processes it (DEL-9a).",
			strings.Join(solid, ", "), strings.Join(append(absent, waiting...), ", "))
	case d.rule == rules.DEL9b:
		say("Its owner %s is deleting in the foreground and it has dependents: the GC deletes it in the foreground when it processes it (DEL-9b).", strings.Join(waiting, ", "))
	default:
		say("No owner is live (%s): the GC deletes it once it processes it (DEL-8, DEL-9c).", strings.Join(append(absent, waiting...), ", "))
		if v.neverProcessed(n) {
			say("Nothing has enqueued it, and in Kubernetes %s nothing will: a dependent whose virtual owner is cluster-scoped by its identity is not flagged (no GB-9c before v1.21: V-3d).", v.s.cfg.Kubernetes)
		}
	}
}

// neverProcessed reports, for a release without GB-9c (V-3d), that the GC is idle and n
// in no queue: nothing will bring it to a worker.
func (v Inspector) neverProcessed(n *node) bool {
	if n == nil || v.s.cfg.Kubernetes.flagsVirtualClusterScopedOwner() || !v.s.cfg.Kubernetes.checksCoordinates() || !v.s.gc.idle() {
		return false
	}
	q := v.s.gb.attemptToDelete
	return !q.state(n).dirty && q.waitFor[n] == nil
}

// peekReads are Inspector.Why's DEL-8 reads: the stored objects as they are and absentOwnerCache
// peeked, nothing recorded, nothing refreshed or added.
type peekReads struct{ s *Sim }

func (p peekReads) cached(ref *metav1.OwnerReference, item objectReference) (objectReference, bool) {
	for _, id := range []objectReference{identityOf(*ref, ""), identityOf(*ref, item.Namespace)} { // AOC-3
		if p.s.gb.absentOwnerCache.peek(id) {
			return id, true
		}
	}
	return objectReference{}, false
}

func (p peekReads) get(id objectReference) (*Object, error) {
	if r, ok := p.s.api.Resources.Lookup(id.APIVersion, id.Kind); ok && r.Namespaced && id.Namespace == "" {
		return nil, notFoundWithoutNamespace(r, id.Name) // V-3c, as the worker's GET (ownerLookup lets it through)
	}
	return p.s.api.getShared(ObjectRef{APIVersion: id.APIVersion, Kind: id.Kind, Namespace: id.Namespace, Name: id.Name})
}

func (peekReads) absent(objectReference) {}

func (v Inspector) whyQueued(q *workQueue, n *node, say func(string, ...any)) {
	if i := q.heldIndex(n); i >= 0 {
		say("%s holds it in %s right now.", q.worker(q.held[i]), q.name)
	}
	if st := q.state(n); st.dirty {
		say("It is queued in %s (enqueued by %s).", q.name, st.why)
	}
	if e, ok := q.waitFor[n]; ok {
		if e.stuck != "" {
			say("It is stuck in %s: %s; upstream retries it forever with backoff (XNS-4).", q.name, e.stuck)
		} else {
			say("It waits in %s for a retry at %dms after %d failure(s) (Q-4).", q.name, e.atMS, q.failures[n])
		}
	}
}
