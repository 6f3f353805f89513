package gccore

import (
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
)

// maxLaneEvents bounds the events an InformerLane lists, and the lost events an informer
// keeps for it: a page shows the head of a lane, and a cascade can put thousands in flight.
const maxLaneEvents = 25

// LaneEvent is one watch event between the API server and an informer's cache.
type LaneEvent struct {
	Type            watch.EventType `json:"type"`
	Object          ObjectRef       `json:"object"`
	UID             types.UID       `json:"uid"`
	ResourceVersion string          `json:"resourceVersion"`
	// Written is the tick of the write (or of the relist that repairs a lost event);
	// Due the tick the informer delivers it (FAULT-1), 0 for a lost event (FAULT-2).
	Written int64 `json:"written"`
	Due     int64 `json:"due,omitempty"`
}

func laneEvent(ev WatchEvent, due int64) LaneEvent {
	return LaneEvent{Type: ev.Type, Object: ev.Object.Ref(), UID: ev.Object.UID,
		ResourceVersion: ev.Object.ResourceVersion, Written: ev.Tick, Due: due}
}

// Relist is a relist that found events to repair (FAULT-3): its tick, the events lost
// before it and the objects it delivered again.
type Relist struct {
	Tick     int64 `json:"tick"`
	Lost     int   `json:"lost"`
	Repaired int   `json:"repaired"`
}

// InformerLane is what one set of informers has between the API server and its cache: the
// events in flight (FAULT-1's delays), those lost since the last relist (FAULT-2), the last
// relist that repaired some and the next relist (FAULT-3). It is a copy, for views.
type InformerLane struct {
	// InFlight are the first maxLaneEvents undelivered events, oldest write first;
	// InFlightLen counts them all.
	InFlight    []LaneEvent `json:"inFlight,omitempty"`
	InFlightLen int         `json:"inFlightLen"`
	// Lost are the first maxLaneEvents events lost since the last relist; LostLen counts
	// them all.
	Lost    []LaneEvent `json:"lost,omitempty"`
	LostLen int         `json:"lostLen"`
	// LastRelist is the last relist that repaired something (Tick 0: none yet).
	LastRelist Relist `json:"lastRelist"`
	// NextRelist is the tick of the next relist, 0 without relists.
	NextRelist int64 `json:"nextRelist,omitempty"`
}

// lane fills the fault lab's part of an InformerLane at tick.
func (f *watchFaults) lane(l *InformerLane, tick int64) {
	if f == nil {
		return
	}
	l.Lost, l.LostLen, l.LastRelist = append([]LaneEvent(nil), f.dropped...), f.lost, f.relisted
	if f.cfg.RelistEvery > 0 {
		l.NextRelist = f.nextRelist(tick)
	}
}

// GCInformerLane is the lane of the GC's informers (GB-1): their events in flight merged
// across kinds in write order, as they are delivered when due together.
func (v Inspector) GCInformerLane() InformerLane {
	in := v.s.informers
	l := InformerLane{InFlightLen: in.count}
	next := make([]int, len(in.queues)) // each kind's next event; each kind is in write order
	for len(l.InFlight) < maxLaneEvents {
		best := -1
		for i, q := range in.queues {
			p := q.events.pending()
			if next[i] < len(p) && (best < 0 || p[next[i]].seq < in.queues[best].events.pending()[next[best]].seq) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		ev := in.queues[best].events.pending()[next[best]]
		next[best]++
		l.InFlight = append(l.InFlight, laneEvent(ev.WatchEvent, ev.due))
	}
	in.faults.lane(&l, v.s.clock.tick)
	return l
}

// ControllerInformerLane is the lane of the controller-manager's shared informers (CM-1);
// empty while their caches are current (no delay, no fault lab).
func (v Inspector) ControllerInformerLane() InformerLane {
	ci := v.s.cm
	p := ci.pending.pending()
	l := InformerLane{InFlightLen: len(p)}
	for _, ev := range p[:min(len(p), maxLaneEvents)] {
		l.InFlight = append(l.InFlight, laneEvent(ev.WatchEvent, ev.due))
	}
	if !ci.current() {
		ci.faults.lane(&l, v.s.clock.tick)
	}
	return l
}
