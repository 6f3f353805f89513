package gccore

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/gcplay/gcplay/gccore/faults"
	"github.com/gcplay/gcplay/gccore/rules"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// garbageCollector holds the attemptToDelete and attemptToOrphan workers (DEL-*, FG-*, ORPH-*).
type garbageCollector struct {
	gb        *graphBuilder
	api       *APIServer
	informers *informers
	// faults fails writes (FAULT-4); nil never does.
	faults    *faults.Source
	resources *Resources
	trace     *tracer
	clock     *clock
	// refs holds the arrays of the last classification, reused by the next (upstream's
	// classifyReferences returns three new slices). Only classifyReferences writes it, and
	// its result is valid until its next call: attemptToDeleteItem hands it straight to
	// decideOwnerReferences, which keeps only counts and copied uids. Most items have one
	// owner reference, so this saves an allocation per item of a cascade.
	refs classifiedRefs
	// release decides the branches that changed between releases (V-3c, V-4a, V-6).
	release Release
	// startup says when the workers may run (Q-6, SYNC-4, V-5a).
	startup startup
}

// queueAction is what a worker does with its item afterwards (DEL-3, ORPH-3).
type queueAction int

const (
	forgetItem queueAction = iota
	requeueItem
)

// outcome is a worker's result: the action, the rule that decided it, and, for a requeue
// that no later tick can cure by itself, why it is stuck.
type outcome struct {
	action queueAction
	rule   rules.ID
	text   string
	stuck  string
	// waiting is FG-1's count of blocking dependents, which describe turns into the text
	// only for a kept record: a Foreground cascade waits on most of its owners.
	waiting int
}

// describe returns the outcome's text.
func (o outcome) describe() string {
	if o.waiting > 0 {
		return "waiting for " + strconv.Itoa(o.waiting) + " blocking dependent(s)"
	}
	return o.text
}

func forget(rule rules.ID, text string) outcome {
	return outcome{action: forgetItem, rule: rule, text: text}
}
func requeue(rule rules.ID, text string) outcome {
	return outcome{action: requeueItem, rule: rule, text: text}
}

// processAttemptToDelete runs the reads of one attemptToDelete item for worker (the item's
// GET, its owners' classification: Q-9) and returns the rest: its writes, then the outcome
// applied to the queue. The caller has already taken the item with Get, calls the result
// once every worker of the round has read, and calls Done afterwards.
func (gc *garbageCollector) processAttemptToDelete(worker Component, item *node) func() {
	c := ops{gc: gc, worker: worker}
	o, w, err := gc.attemptToDeleteItemReads(c, item)
	return func() {
		if w != nil {
			o, err = w()
		}
		gc.apply(gc.gb.attemptToDelete, worker, item, gc.attemptToDeleteOutcome(item, o, err))
	}
}

// writes is what a worker does after its round's reads: DEL-9a's patch, DEL-10's
// and DEL-12's calls, FG-1's finalizer removal. It returns the item's outcome.
type writes func() (outcome, error)

func (gc *garbageCollector) apply(q *workQueue, worker Component, item *node, o outcome) {
	switch o.action {
	case forgetItem:
		q.Forget(item)
	case requeueItem:
		q.AddRateLimited(item, gc.clock.nowMS(), o.rule, o.stuck)
	}
	gc.trace.addLazy(func() Record {
		rec := Record{Component: worker, Queue: q.name, Rule: o.rule, Object: item.identity.ref(), UID: item.identity.UID, Text: o.describe() + "; forget"}
		if o.action == requeueItem {
			rec.Text = o.describe() + "; requeue with backoff"
			if o.stuck != "" {
				rec.Text += " (stuck: " + o.stuck + ")"
			}
		}
		return rec
	})
}

// attemptToDeleteItemReads is DEL-1 before attemptToDeleteItem: the item's reads, and
// its writes for later.
func (gc *garbageCollector) attemptToDeleteItemReads(c ops, n *node) (outcome, writes, error) {
	if n.virtual { // DEL-1
		current, ok := gc.gb.graph.read(n.identity.UID)
		if !ok {
			return forget(rules.DEL1, "stale virtual record: uid no longer in the graph"), nil, errStaleVirtual
		}
		if !current.virtual {
			return forget(rules.DEL1, "stale virtual record: the uid has been observed"), nil, errStaleVirtual
		}
	}
	item := n
	// DEL-1: judge the graph's apiVersion and kind. Only a record that is no longer the
	// graph's can differ from it (a lookup per item is a cache miss at 100k nodes).
	if n.stale {
		if current, ok := gc.gb.graph.read(n.identity.UID); ok &&
			(current.identity.APIVersion != n.identity.APIVersion || current.identity.Kind != n.identity.Kind) {
			cp := *n
			cp.identity.APIVersion, cp.identity.Kind = current.identity.APIVersion, current.identity.Kind
			cp.queues = [2]queueState{} // a copy for judging, in no queue
			item = &cp
		}
	}
	return gc.attemptToDeleteItem(c, item)
}

// errStaleVirtual is DEL-1's forget of a stale virtual record; it never leaves
// attemptToDeleteOutcome.
var errStaleVirtual = errors.New("stale virtual record")

// attemptToDeleteOutcome is DEL-3: what the worker does with item, given
// attemptToDeleteItem's outcome and error.
func (gc *garbageCollector) attemptToDeleteOutcome(n *node, o outcome, err error) outcome {
	switch {
	case err == errStaleVirtual:
		return o
	case err == errVirtualDeleteQueued:
		return forget(o.rule, o.text)
	case err == errClusterScopedNamespacedOwner: // XNS-3
		return forget(rules.DEL3, "cluster-scoped object with a namespaced owner: permanent error")
	}
	mapErr, isMapErr := asRESTMappingError(err) // after the sentinels, which are not
	switch {
	case isMapErr: // XNS-4: upstream retries forever
		o := requeue(rules.DEL3, mapErr.Error())
		o.stuck = mapErr.Error()
		return o
	case err != nil:
		return requeue(rules.DEL3, "error: "+err.Error())
	case n.virtual: // #56121, #57503
		o := requeue(rules.DEL3, o.describe()+"; not yet observed")
		if r, ok := gc.resources.Lookup(n.identity.APIVersion, n.identity.Kind); ok && (!r.Monitored || r.Broken) {
			o.stuck = "owner kind is not monitored (SYNC-3)"
		} else if _, seen := gc.informers.cache[n.identity.UID]; seen && !gc.release.checksCoordinates() {
			o.stuck = "its object's node was lost to a virtual delete (V-3b); only its next watch event observes it again"
		}
		return o
	}
	o.action = forgetItem // the outcome as attemptToDeleteItem judged it, its text still unformatted
	return o
}

// errVirtualDeleteQueued is the upstream sentinel "enqueued virtual delete event"; here it
// never leaves attemptToDeleteOutcome.
var errVirtualDeleteQueued = errors.New("virtual delete event queued")

// attemptToDeleteItem is DEL-2: the branches DEL-4 … DEL-12, in upstream order. It makes
// the item's reads and decision; the writes the decision calls for are returned, not made
// . An error or a nil writes means the item is judged.
func (gc *garbageCollector) attemptToDeleteItem(c ops, item *node) (outcome, writes, error) {
	if item.beingDeleted && !item.deletingDependents { // DEL-4
		return outcome{rule: rules.DEL4, text: "already being deleted"}, nil, nil
	}
	latest, err := c.getObject(rules.DEL5, item.identity) // DEL-5
	switch {
	case isNotFound(err):
		return gc.absentItem(c, item, "object not found")
	case err != nil:
		return outcome{}, nil, err
	case latest.UID != item.identity.UID:
		return gc.absentItem(c, item, "uid mismatch")
	}
	if item.deletingDependents { // DEL-6
		return gc.processDeletingDependentsItem(c, item)
	}
	if len(latest.OwnerReferences) == 0 { // DEL-7
		return outcome{rule: rules.DEL7, text: "no ownerReferences"}, nil, nil
	}
	refs, err := gc.classifyReferences(c, item, latest.OwnerReferences) // DEL-8
	if err != nil {
		return outcome{}, nil, err
	}
	d := decideOwnerReferences(refs, item.dependents.len() > 0) // DEL-9
	gc.trace.addLazy(func() Record {
		return Record{Component: c.worker, Queue: c.queue(), Rule: d.rule, Object: item.identity.ref(), UID: item.identity.UID, Text: d.text()}
	})
	switch d.act {
	case actNone:
		return outcome{rule: d.rule, text: d.text()}, nil, nil
	case actPatchOwnerRefs:
		return outcome{}, func() (outcome, error) {
			if err := c.patchOwnerReferences(d.rule, item, d.uids, false); err != nil {
				return outcome{}, err
			}
			return outcome{rule: d.rule, text: "removed dangling/waiting references " + uidList(d.uids)}, nil
		}, nil
	}
	return outcome{}, func() (outcome, error) { return gc.deleteItem(c, item, latest, d) }, nil
}

// absentItem is DEL-5's verdict on an item the API server does not have (why says how):
// a virtual delete, then the sentinel; before v1.20 the item is marked observed instead
// and the attempt succeeds, so that DEL-3 does not requeue it (V-4a).
func (gc *garbageCollector) absentItem(c ops, item *node, why string) (outcome, writes, error) {
	gc.gb.enqueueVirtualDeleteEvent(item.identity, c.worker)
	if gc.release.marksObservedOnNotFound() {
		item.virtual = false
		return outcome{rule: rules.V4a, text: why + ": virtual delete, item marked observed"}, nil, nil
	}
	return outcome{rule: rules.DEL5, text: why + ": virtual delete"}, nil, errVirtualDeleteQueued
}

// deleteItem makes DEL-9b's and DEL-9c's delete: DEL-10's unblocking patch first when a
// dependent is deletingDependents, then DEL-11's policy and DEL-12's DELETE.
func (gc *garbageCollector) deleteItem(c ops, item *node, latest *Object, d deleteDecision) (outcome, error) {
	policy := metav1.DeletePropagationForeground
	if d.act == actDeleteForeground {
		for _, dep := range item.sortedDependents() { // DEL-10: break a possible cycle
			if dep.deletingDependents {
				gc.trace.addLazy(func() Record {
					return Record{Component: c.worker, Queue: c.queue(), Rule: rules.DEL10, Object: item.identity.ref(), UID: item.identity.UID, Text: "a dependent is deletingDependents: unblock own references first"}
				})
				if err := c.patchOwnerReferences(rules.DEL10, item, nil, true); err != nil {
					return outcome{}, err
				}
				break
			}
		}
	} else {
		policy = deletePolicy(latest) // DEL-11
	}
	rv := latest.ResourceVersion
	if !gc.release.resourceVersionPrecondition() {
		rv = "" // V-6a: the uid precondition only
	}
	err := c.deleteObject(d.rule, item.identity, rv, latest.OwnerReferences, policy) // DEL-12
	if isNotFound(err) && !gc.release.virtualDeleteOnDeleteNotFound() {              // V-6b
		gc.trace.addLazy(func() Record {
			return Record{Component: c.worker, Queue: c.queue(), Rule: rules.V6b, Object: item.identity.ref(), UID: item.identity.UID, Text: "delete found nothing: an error in this release"}
		})
		return outcome{}, err
	}
	if isNotFound(err) {
		gc.gb.enqueueVirtualDeleteEvent(item.identity, c.worker)
		return outcome{rule: rules.DEL12, text: "delete found nothing: virtual delete"}, errVirtualDeleteQueued
	}
	if err != nil {
		return outcome{}, err
	}
	return outcome{rule: d.rule, text: deletedWith(policy)}, nil
}

// deletedWith is the outcome text of DEL-12, a constant for the three policies: the text
// is built for every deleted item, kept or not.
func deletedWith(policy metav1.DeletionPropagation) string {
	switch policy {
	case metav1.DeletePropagationForeground:
		return "deleted with Foreground"
	case metav1.DeletePropagationBackground:
		return "deleted with Background"
	case metav1.DeletePropagationOrphan:
		return "deleted with Orphan"
	}
	return "deleted with " + string(policy)
}

// classifiedRefs is DEL-8's result.
type classifiedRefs struct {
	solid, dangling, waiting []metav1.OwnerReference
}

// classifyReferences is DEL-8 for the worker: classify, reading through the worker's ops
// (each GET recorded, a hit in absentOwnerCache refreshing it, an absent owner added to it:
// AOC-2, AOC-3), with the trace records of each verdict.
func (gc *garbageCollector) classifyReferences(c ops, item *node, refs []metav1.OwnerReference) (classifiedRefs, error) {
	into := classifiedRefs{solid: gc.refs.solid[:0], dangling: gc.refs.dangling[:0], waiting: gc.refs.waiting[:0]}
	out, err := gc.classify(workerReads{c}, item.identity, refs, into, func(r refResult) {
		switch {
		case r.cached:
			gc.trace.addLazy(func() Record {
				return Record{Component: c.worker, Queue: c.queue(), Rule: rules.AOC3, Also: gc.gb.absentOwnerCache.keyRule(), Object: item.identity.ref(), UID: item.identity.UID, Text: "owner " + r.id.String() + " is in absentOwnerCache: dangling"}
			})
		case r.verdict == refDangling:
			gc.trace.addLazy(func() Record {
				return Record{Component: c.worker, Queue: c.queue(), Rule: rules.AOC2, Also: gc.gb.absentOwnerCache.keyRule(), Object: item.identity.ref(), UID: item.identity.UID, Text: "owner " + r.id.String() + " is absent: dangling, added to absentOwnerCache"}
			})
		}
	})
	gc.refs = out
	if mapErr, ok := asRESTMappingError(err); ok {
		gc.trace.add(Record{Component: c.worker, Queue: c.queue(), Rule: rules.DEL8, Object: item.identity.ref(), UID: item.identity.UID, Text: "REST mapping of owner failed: " + mapErr.err.Error()})
	} else if err == errClusterScopedNamespacedOwner { // XNS-3
		gc.trace.add(Record{Component: c.worker, Queue: c.queue(), Rule: rules.DEL8, Object: item.identity.ref(), UID: item.identity.UID, Text: "cluster-scoped object with a namespaced owner kind " + refs[len(out.solid)+len(out.dangling)+len(out.waiting)].Kind})
	}
	return out, err
}

// ownerReads is how DEL-8 reads: the worker's reads (workerReads) count and change the
// simulation; Sim.Why's (peekReads) do neither, so explaining never changes it.
type ownerReads interface {
	// cached reports whether absentOwnerCache holds the owner (AOC-3), and under which key.
	cached(ref *metav1.OwnerReference, item objectReference) (objectReference, bool)
	// get is OPS-1's GET of the owner's coordinates.
	get(id objectReference) (*Object, error)
	// absent remembers an owner found absent (AOC-2).
	absent(id objectReference)
}

// refResult is DEL-8's verdict on one reference: cached is an absentOwnerCache hit (id is
// the key that hit), else id is where the owner was looked up.
type refResult struct {
	ref     *metav1.OwnerReference
	id      objectReference
	cached  bool
	verdict refVerdict
}

// classify is DEL-8, the one loop the worker and Sim.Why share: each reference, in order,
// is dangling (a hit in absentOwnerCache, a 404 or another uid), waiting (its owner is
// terminating with foregroundDeletion) or solid; seen is called after each verdict. The
// references are appended to into's slices. A REST mapping error (XNS-4), a namespaced
// owner of a cluster-scoped item (XNS-3) or another error of a GET stops it.
func (gc *garbageCollector) classify(rd ownerReads, item objectReference, refs []metav1.OwnerReference, into classifiedRefs, seen func(refResult)) (classifiedRefs, error) {
	out := into
	for i := range refs {
		ref := &refs[i]
		r := refResult{ref: ref}
		if id, hit := rd.cached(ref, item); hit {
			r.id, r.cached, r.verdict = id, true, refDangling
		} else {
			id, err := gc.ownerLookup(ref, item)
			if err != nil {
				return out, err
			}
			owner, err := rd.get(id)
			v, err := ownerVerdict(ref, owner, err)
			if err != nil {
				return out, err
			}
			if v == refDangling {
				rd.absent(id)
			}
			r.id, r.verdict = id, v
		}
		switch r.verdict {
		case refDangling:
			out.dangling = append(out.dangling, *ref)
		case refWaiting:
			out.waiting = append(out.waiting, *ref)
		default:
			out.solid = append(out.solid, *ref)
		}
		seen(r)
	}
	return out, nil
}

// workerReads are the worker's DEL-8 reads: recorded GETs (OPS-1) and absentOwnerCache
// lookups that refresh the entry they hit.
type workerReads struct{ c ops }

func (w workerReads) cached(ref *metav1.OwnerReference, item objectReference) (objectReference, bool) {
	aoc := w.c.gc.gb.absentOwnerCache
	if !aoc.hasUID(ref.UID) { // AOC-3: cluster-scoped key first
		return objectReference{}, false
	}
	if id := identityOf(*ref, ""); aoc.Has(id) {
		return id, true
	}
	id := identityOf(*ref, item.Namespace)
	return id, aoc.Has(id)
}

func (w workerReads) get(id objectReference) (*Object, error) { return w.c.getObject(rules.DEL8, id) }

func (w workerReads) absent(id objectReference) { w.c.gc.gb.absentOwnerCache.Add(id) }

// ownerLookup is DEL-8's REST mapping of one owner reference of item: the coordinates
// the owner is looked up at (a namespaced kind in item's namespace). A kind the API
// server does not serve is a restMappingError, retried forever (XNS-4); a namespaced
// owner of a cluster-scoped item is errClusterScopedNamespacedOwner (XNS-3). Sim.Why
// asks it too, so the explainer cannot disagree with the worker.
func (gc *garbageCollector) ownerLookup(ref *metav1.OwnerReference, item objectReference) (objectReference, error) {
	r, err := gc.resources.RESTMapping(ref.APIVersion, ref.Kind)
	if err != nil {
		return objectReference{}, &restMappingError{err}
	}
	id := identityOf(*ref, "")
	if r.Namespaced {
		if item.Namespace == "" && gc.release.refusesNamespacedOwnerOfClusterScoped() {
			return id, errClusterScopedNamespacedOwner
		}
		id.Namespace = item.Namespace // V-3c: empty for a cluster-scoped item, found absent
	}
	return id, nil
}

// refVerdict is DEL-8's class of one owner reference.
type refVerdict int

const (
	refSolid    refVerdict = iota
	refDangling            // the owner is absent: 404, or another uid at its coordinates
	refWaiting             // the owner is terminating with foregroundDeletion
)

// ownerVerdict is DEL-8's verdict on a reference, given the GET of its owner's
// coordinates; an error other than not found is returned as is. Sim.Why asks it too.
func ownerVerdict(ref *metav1.OwnerReference, owner *Object, err error) (refVerdict, error) {
	switch {
	case isNotFound(err) || (err == nil && owner.UID != ref.UID):
		return refDangling, nil
	case err != nil:
		return refSolid, err
	case owner.Terminating() && owner.HasFinalizer(metav1.FinalizerDeleteDependents):
		return refWaiting, nil
	}
	return refSolid, nil
}

type deleteAct int

const (
	actNone deleteAct = iota
	actPatchOwnerRefs
	actDeleteForeground
	actDeleteWithPolicy
)

// deleteDecision is DEL-9's pure decision.
type deleteDecision struct {
	act  deleteAct
	rule rules.ID
	uids []types.UID // references to remove, for actPatchOwnerRefs
	// the classified references, counted, for text
	solid, dangling, waiting int
}

// text says why, for the trace. It is built only when asked: with no trace kept (gcplay
// sim without --trace) the decision costs no formatting.
func (d deleteDecision) text() string {
	switch d.rule {
	case rules.DEL9a:
		if d.act == actNone {
			return fmt.Sprintf("%d solid owner(s), nothing dangling or waiting", d.solid)
		}
		return fmt.Sprintf("%d solid owner(s): remove %d dangling and %d waiting reference(s)", d.solid, d.dangling, d.waiting)
	case rules.DEL9b:
		return "an owner is waiting and the item has dependents: delete in Foreground"
	}
	return fmt.Sprintf("no solid owner (%d dangling, %d waiting): delete", d.dangling, d.waiting)
}

// decideOwnerReferences is DEL-9, given the classified references and whether the item has
// dependents in the graph.
func decideOwnerReferences(refs classifiedRefs, hasDependents bool) deleteDecision {
	d := deleteDecision{solid: len(refs.solid), dangling: len(refs.dangling), waiting: len(refs.waiting)}
	switch {
	case len(refs.solid) > 0: // DEL-9a
		d.rule = rules.DEL9a
		if len(refs.dangling) == 0 && len(refs.waiting) == 0 {
			d.act = actNone
			return d
		}
		d.act = actPatchOwnerRefs
		for _, r := range refs.dangling {
			d.uids = append(d.uids, r.UID)
		}
		for _, r := range refs.waiting {
			d.uids = append(d.uids, r.UID)
		}
	case len(refs.waiting) > 0 && hasDependents: // DEL-9b
		d.act, d.rule = actDeleteForeground, rules.DEL9b
	default: // DEL-9c
		d.act, d.rule = actDeleteWithPolicy, rules.DEL9c
	}
	return d
}

// deletePolicy is DEL-11: the item's own GC finalizer decides how it cascades.
func deletePolicy(latest *Object) metav1.DeletionPropagation {
	switch {
	case latest.HasFinalizer(metav1.FinalizerOrphanDependents):
		return metav1.DeletePropagationOrphan
	case latest.HasFinalizer(metav1.FinalizerDeleteDependents):
		return metav1.DeletePropagationForeground
	}
	return metav1.DeletePropagationBackground
}

// processDeletingDependentsItem is FG-1: its finalizer removal is a write.
func (gc *garbageCollector) processDeletingDependentsItem(c ops, item *node) (outcome, writes, error) {
	blocking := 0
	for dep := range item.blockingDependents() {
		blocking++
		if !dep.deletingDependents {
			if gc.gb.attemptToDelete.Add(dep, rules.FG1) {
				gc.trace.addLazy(func() Record {
					return Record{Component: c.worker, Queue: QueueAttemptToDelete, Rule: rules.FG1, Object: dep.identity.ref(), UID: dep.identity.UID, Text: "blocking dependent enqueued"}
				})
			}
		}
	}
	if blocking == 0 {
		gc.trace.addLazy(func() Record {
			return Record{Component: c.worker, Queue: c.queue(), Rule: rules.FG1, Object: item.identity.ref(), UID: item.identity.UID, Text: "no blocking dependents left: remove foregroundDeletion"}
		})
		return outcome{}, func() (outcome, error) {
			if err := c.removeFinalizer(rules.FG1, item.identity, metav1.FinalizerDeleteDependents); err != nil {
				return outcome{}, err
			}
			return outcome{rule: rules.FG1, text: "foregroundDeletion removed"}, nil
		}, nil
	}
	return outcome{rule: rules.FG1, waiting: blocking}, nil, nil
}

// processAttemptToOrphan runs one attemptToOrphan item (ORPH-2, ORPH-3). Orphaning reads
// nothing before it writes: all of it is returned, for after the round's reads.
func (gc *garbageCollector) processAttemptToOrphan(worker Component, owner *node) func() {
	return func() {
		c := ops{gc: gc, worker: worker}
		gc.apply(gc.gb.attemptToOrphan, worker, owner, gc.attemptToOrphanWorker(c, owner))
	}
}

func (gc *garbageCollector) attemptToOrphanWorker(c ops, owner *node) outcome {
	var failed []string
	for _, dep := range owner.sortedDependents() { // ORPH-2, in the fixed order
		err := c.patchOwnerReferences(rules.ORPH2, dep, []types.UID{owner.identity.UID}, false)
		if err != nil && !isNotFound(err) {
			failed = append(failed, fmt.Sprintf("orphaning %s: %v", dep.identity, err))
		}
	}
	if len(failed) > 0 {
		return requeue(rules.ORPH3, fmt.Sprintf("%d dependent patch(es) failed: %s", len(failed), failed[0]))
	}
	if err := c.removeFinalizer(rules.ORPH3, owner.identity, metav1.FinalizerOrphanDependents); err != nil {
		return requeue(rules.ORPH3, "removing orphan finalizer failed: "+err.Error())
	}
	return forget(rules.ORPH3, "dependents orphaned, orphan finalizer removed")
}
