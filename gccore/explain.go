package gccore

import (
	"fmt"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Why answers "why is this object still here?" in plain sentences, from the object's
// finalizers and owners, the GC's graph and its queues. Each sentence cites its rule.
func (s *Sim) Why(ref ObjectRef) []string {
	o, err := s.api.Get(ref)
	if err != nil {
		return []string{fmt.Sprintf("%s is not stored: it was deleted or never created.", ref)}
	}
	var out []string
	say := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	n, inGraph := s.gb.graph.read(o.UID)
	switch {
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
				s.whyForeground(n, say)
			case metav1.FinalizerOrphanDependents:
				say("Finalizer orphan: the GC first removes this owner from its dependents' ownerReferences, then removes the finalizer (ORPH-2, ORPH-3).")
			default:
				say("Finalizer %s: no part of the GC removes it; the controller that owns it (you, here) must remove it.", f)
			}
		}
		if len(o.Finalizers) == 0 && o.DeletionGracePeriodSeconds != nil && *o.DeletionGracePeriodSeconds > 0 {
			say("It is in a %ds grace period; a delete with gracePeriodSeconds=0 (the kubelet's job) removes it (API-13).", *o.DeletionGracePeriodSeconds)
		}
	} else if len(o.OwnerReferences) == 0 {
		say("Nothing deletes it: it has no ownerReferences, so the GC never collects it, and nobody has deleted it (API-21, DEL-7).")
	} else {
		s.whyOwners(o, say)
	}
	if inGraph {
		for _, q := range []*workQueue{s.gb.attemptToDelete, s.gb.attemptToOrphan} {
			s.whyQueued(q, n, say)
		}
	}
	return out
}

func (s *Sim) whyForeground(n *node, say func(string, ...any)) {
	if n == nil {
		say("Finalizer foregroundDeletion: the GC removes it once no dependent blocks (FG-1).")
		return
	}
	blocking := n.blockingDependents()
	if len(blocking) == 0 {
		say("Finalizer foregroundDeletion: no dependent blocks any more; the GC removes it when it next processes this owner (FG-1).")
		return
	}
	names := make([]string, len(blocking))
	for i, d := range blocking {
		names[i] = d.identity.Kind + " " + d.identity.Name
		if d.beingDeleted {
			names[i] += " (terminating)"
		}
	}
	say("Finalizer foregroundDeletion: it waits for %d dependent(s) with blockOwnerDeletion: %s (FG-1, FG-4).", len(blocking), strings.Join(names, ", "))
}

func (s *Sim) whyOwners(o *Object, say func(string, ...any)) {
	var alive, gone []string
	for _, ref := range o.OwnerReferences {
		desc := ref.Kind + " " + ref.Name
		owner, ok := s.api.GetByUID(ref.UID)
		if ok && owner.Kind == ref.Kind && (owner.Namespace == "" || owner.Namespace == o.Namespace) {
			if owner.Terminating() && owner.HasFinalizer(metav1.FinalizerDeleteDependents) {
				desc += " (deleting in the foreground: this object will be deleted)"
			}
			alive = append(alive, desc)
		} else {
			gone = append(gone, desc)
		}
	}
	if len(alive) > 0 {
		say("Its owner(s) exist: %s. A dependent with at least one live owner is kept (DEL-9a).", strings.Join(alive, ", "))
	}
	if len(gone) > 0 {
		say("Owner(s) not found as referenced: %s. The GC deletes a dependent whose owners are all gone once it processes it (DEL-8, DEL-9c).", strings.Join(gone, ", "))
	}
}

func (s *Sim) whyQueued(q *workQueue, n *node, say func(string, ...any)) {
	if i := q.heldIndex(n); i >= 0 {
		say("%s holds it in %s right now.", q.held[i].worker, q.name)
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
