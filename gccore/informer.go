package gccore

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

// informers model the GC's monitors: one watch per monitored kind (GB-1, SYNC-1), each
// delivering the API server's events after a delay in ticks, in write order per kind.
// Across kinds, due events are delivered in resourceVersion order.
type informers struct {
	delay  int64
	delays map[schema.GroupKind]int64
	// pending[gk] is that kind's undelivered events, oldest first.
	pending map[schema.GroupKind][]pendingEvent
	kinds   []schema.GroupKind // kinds with pending events ever, in first-seen order
	count   int
	seq     int64
	// cache is the informers' store: the last delivered state of each object, by uid.
	// The GC reads it for OPS-3's JSON merge patch fallback.
	cache map[types.UID]*Object
}

type pendingEvent struct {
	WatchEvent
	seq int64
}

func newInformers(delay int64, delays map[schema.GroupKind]int64) *informers {
	return &informers{delay: delay, delays: delays, pending: map[schema.GroupKind][]pendingEvent{}, cache: map[types.UID]*Object{}}
}

func (in *informers) delayOf(gk schema.GroupKind) int64 {
	if d, ok := in.delays[gk]; ok {
		return d
	}
	return in.delay
}

// observe queues an API server event for delivery, unless its kind is not monitored (GB-16).
func (in *informers) observe(ev WatchEvent) {
	if !ev.Resource.Monitored {
		return
	}
	gk := ev.Resource.GVK.GroupKind()
	if _, ok := in.pending[gk]; !ok {
		in.kinds = append(in.kinds, gk)
		in.pending[gk] = nil
	}
	in.seq++
	in.pending[gk] = append(in.pending[gk], pendingEvent{WatchEvent: ev, seq: in.seq})
	in.count++
}

// next returns the oldest pending event (by write order) among those due at tick,
// or, with due false, among all pending events. match may restrict the kind.
// old is the informer's previous state of the object (for update events), if any.
func (in *informers) next(tick int64, due bool, match func(schema.GroupKind) bool) (ev WatchEvent, old *Object, ok bool) {
	var best schema.GroupKind
	var bestSeq int64 = -1
	for _, gk := range in.kinds {
		q := in.pending[gk]
		if len(q) == 0 || (match != nil && !match(gk)) {
			continue
		}
		if due && q[0].Tick+in.delayOf(gk) > tick {
			continue
		}
		if bestSeq < 0 || q[0].seq < bestSeq {
			best, bestSeq = gk, q[0].seq
		}
	}
	if bestSeq < 0 {
		return WatchEvent{}, nil, false
	}
	ev = in.pending[best][0].WatchEvent
	old = in.cache[ev.Object.UID]
	in.pending[best][0] = pendingEvent{}
	in.pending[best] = in.pending[best][1:]
	in.count--
	if ev.Type == "DELETED" {
		delete(in.cache, ev.Object.UID)
	} else {
		in.cache[ev.Object.UID] = ev.Object
	}
	return ev, old, true
}
