package gccore

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
)

// informers model the GC's monitors: one watch per monitored kind (GB-1, SYNC-1), each
// delivering the API server's events after a delay in ticks, in write order per kind.
// Across kinds, due events are delivered in resourceVersion order.
type informers struct {
	delay  int64
	delays map[schema.GroupKind]int64
	// queues holds each kind's undelivered events, in the order the kinds were first seen
	// (upstream: one monitor, an informer feeding graphChanges, per resource in
	// GraphBuilder.monitors);
	// byResource finds a kind's queue from an event's (preferred) resource, a pointer
	// that is cheap to hash, where a GroupKind key hashes two strings per event.
	queues     []*kindQueue
	byResource map[*Resource]*kindQueue
	// last is the most recent byResource hit, a one-entry cache in front of it: a
	// cascade's events are of one kind or a few. A miss overwrites it; nothing else needs
	// to: byResource entries are added, never removed or changed.
	last struct {
		r *Resource
		q *kindQueue
	}
	count int
	seq   int64
	// cache is the informers' store: the last delivered state of each object, by uid.
	// The GC reads it for OPS-3's JSON merge patch fallback.
	cache map[types.UID]*Object
	// faults is the fault lab's share (FAULT-1 … FAULT-3), nil without `faults:`.
	faults *watchFaults
}

// kindQueue is one monitored kind's undelivered events, oldest first.
type kindQueue struct {
	gk     schema.GroupKind
	delay  int64
	events fifo[pendingEvent]
	// lastDue is the due tick of the kind's latest event: a later one is never due
	// before it (FAULT-1).
	lastDue int64
}

// pendingEvent is an undelivered event, due at tick due.
type pendingEvent struct {
	WatchEvent
	seq, due int64
}

func newInformers(delay int64, delays map[schema.GroupKind]int64, faults *watchFaults) *informers {
	return &informers{delay: delay, delays: delays, byResource: map[*Resource]*kindQueue{}, cache: map[types.UID]*Object{}, faults: faults}
}

func (in *informers) delayOf(gk schema.GroupKind) int64 {
	if d, ok := in.delays[gk]; ok {
		return d
	}
	return in.delay
}

// observe queues an API server event for delivery, unless its kind is not monitored (GB-16),
// its monitor is broken, or the fault lab loses it (FAULT-2).
func (in *informers) observe(ev WatchEvent) {
	if !in.watches(ev.Resource) {
		return
	}
	q := in.queueOf(ev.Resource)
	due, lost := in.faults.arrival(ev, q.delay, q.lastDue)
	if !lost {
		q.push(ev, due, &in.seq)
		in.count++
	}
}

// listed queues an event of a restart's list (SYNC-7), due after the kind's fixed delay: a
// list loses nothing.
func (in *informers) listed(ev WatchEvent) {
	if in.watches(ev.Resource) {
		q := in.queueOf(ev.Resource)
		q.push(ev, max(ev.Tick+q.delay, q.lastDue), &in.seq)
		in.count++
	}
}

// watches reports whether a monitor sees r's events: a monitored kind whose monitor is not
// broken (a broken kind's monitor never syncs, V-5a).
func (in *informers) watches(r *Resource) bool { return r.Monitored && !r.Broken }

func (q *kindQueue) push(ev WatchEvent, due int64, seq *int64) {
	*seq++
	q.lastDue = due
	q.events.push(pendingEvent{WatchEvent: ev, seq: *seq, due: due})
}

// queueOf is the queue of r's kind, made when first seen.
func (in *informers) queueOf(r *Resource) *kindQueue {
	q, ok := in.last.q, in.last.r == r
	if !ok {
		q, ok = in.byResource[r]
	}
	if !ok {
		gk := r.GVK.GroupKind()
		for _, k := range in.queues { // one queue per kind, whichever resource found it first
			if k.gk == gk {
				q = k
			}
		}
		if q == nil {
			q = &kindQueue{gk: gk, delay: in.delayOf(gk)}
			in.queues = append(in.queues, q)
		}
		in.byResource[r] = q
	}
	in.last.r, in.last.q = r, q
	return q
}

// relist is FAULT-3 at a relist tick: what the informer missed, queued as events.
func (in *informers) relist(api *APIServer, tick int64) {
	if !in.faults.relists(tick) {
		return
	}
	known := make(map[types.UID]*Object, len(in.cache))
	for uid, o := range in.cache {
		known[uid] = o
	}
	for _, q := range in.queues {
		for _, ev := range q.events.pending() {
			if ev.Type == watch.Deleted {
				delete(known, ev.Object.UID)
			} else {
				known[ev.Object.UID] = ev.Object
			}
		}
	}
	for _, ev := range in.faults.repairs(api, tick, in.watches, known) {
		q := in.queueOf(ev.Resource) // due at once, behind the kind's events in flight
		q.push(ev, max(tick, q.lastDue), &in.seq)
		in.count++
	}
}

// pendingFor reports whether an undelivered event is about uid (Sim.Why; a scan).
func (in *informers) pendingFor(uid types.UID) bool {
	for _, q := range in.queues {
		for _, ev := range q.events.pending() {
			if ev.Object.UID == uid {
				return true
			}
		}
	}
	return false
}

// next returns the oldest pending event (by write order) among those due at tick,
// or, with due false, among all pending events. match may restrict the kind.
// old is the informer's previous state of the object (for update events), if any.
func (in *informers) next(tick int64, due bool, match func(schema.GroupKind) bool) (ev WatchEvent, old *Object, ok bool) {
	var best *kindQueue
	for _, q := range in.queues {
		if q.events.len() == 0 || (match != nil && !match(q.gk)) {
			continue
		}
		first := q.events.peek()
		if due && first.due > tick {
			continue
		}
		if best == nil || first.seq < best.events.peek().seq {
			best = q
		}
	}
	if best == nil {
		return WatchEvent{}, nil, false
	}
	ev = best.events.pop().WatchEvent
	in.count--
	if ev.Type == watch.Deleted { // the graph builder has no use for the old state (GB-10)
		delete(in.cache, ev.Object.UID)
		return ev, nil, true
	}
	old = in.cache[ev.Object.UID]
	in.cache[ev.Object.UID] = ev.Object
	return ev, old, true
}
