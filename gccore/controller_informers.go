package gccore

import (
	"fmt"
	"slices"

	"github.com/gcplay/gcplay/gccore/rules"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
)

// CompControllerInformer is the trace component of the controller-manager's shared
// informers: with a delay, each delivery is a record (CM-1).
var CompControllerInformer = Component{Role: "controller-informer"}

// controllerInformers model kube-controller-manager's shared informer factory (CM-1): one
// cache per resource, shared by every controller, fed by the API server's watch events,
// each delivered Config.ControllerInformerDelay ticks after its write, at the start of the
// controllers' part of a tick. A controller is handed an event (Controller.Observe) when
// the cache has taken it in, so what it reads agrees with what it was told.
//
// With no delay (the default) the cache is current whenever a controller reads it: reads
// go to the API server itself and the events reach the controllers as they are emitted.
//
// Everything here is controller-manager state: a restart of the controller-manager
// empties it and lists again (cache from the API server, nothing pending).
type controllerInformers struct {
	api   *APIServer
	trace *tracer
	delay int64
	// handlers are the Observe methods of the controllers in the controller-manager,
	// in the order they were added.
	handlers []func(WatchEvent)
	// pending holds the events not yet delivered, in write order; with the fixed delay they
	// fall due in that order, with the fault lab's a resource's events do (FAULT-1); cache
	// is the state they have delivered, by where the API server stores each object. Both
	// stay empty while the caches are current.
	pending fifo[pendingEvent]
	cache   map[storeKey]*Object
	// lastDue is each resource's latest due tick (FAULT-1); seq numbers the events.
	lastDue map[*Resource]int64
	seq     int64
	// faults is the fault lab's share (FAULT-1 … FAULT-3), nil without `faults:`.
	faults *watchFaults
}

func newControllerInformers(api *APIServer, trace *tracer, delay int, faults *watchFaults) *controllerInformers {
	return &controllerInformers{api: api, trace: trace, delay: int64(max(delay, 0)), cache: map[storeKey]*Object{},
		lastDue: map[*Resource]int64{}, faults: faults}
}

// current reports that the caches are always current (no delay, and no fault lab or no
// controller to feed): reads go to the API server.
func (ci *controllerInformers) current() bool {
	return ci.delay == 0 && (ci.faults == nil || len(ci.handlers) == 0)
}

// observe takes each API server event as it is emitted, unless the fault lab loses it
// (FAULT-2).
func (ci *controllerInformers) observe(ev WatchEvent) {
	if ci.current() {
		ci.handle(ev)
		return
	}
	due, lost := ci.faults.arrival(ev, ci.delay, ci.lastDue[ev.Resource])
	if !lost {
		ci.push(ev, due)
	}
}

func (ci *controllerInformers) push(ev WatchEvent, due int64) {
	ci.seq++
	ci.lastDue[ev.Resource] = due
	ci.pending.push(pendingEvent{WatchEvent: ev, seq: ci.seq, due: due})
}

// nextDue is the index in pending of the oldest event due at tick, or -1. With the fixed
// delay only the oldest can be; the fault lab's draws may make a later one of another
// resource due first.
func (ci *controllerInformers) nextDue(tick int64) int {
	for i, ev := range ci.pending.pending() {
		if ev.due <= tick {
			return i
		}
		if ci.faults == nil {
			break
		}
	}
	return -1
}

// deliver hands the controllers every event due at tick, oldest first, each after the
// cache has taken it in; at a relist tick it first queues what a relist repairs (FAULT-3).
func (ci *controllerInformers) deliver(tick int64) {
	ci.relistFaults(tick)
	for i := ci.nextDue(tick); i >= 0; i = ci.nextDue(tick) {
		ev := ci.pending.removeAt(i).WatchEvent
		key := storeKey{kind: ev.Resource, namespace: ev.Object.Namespace, name: ev.Object.Name}
		if ev.Type == watch.Deleted {
			delete(ci.cache, key)
		} else {
			ci.cache[key] = ev.Object
		}
		ci.trace.addLazy(func() Record {
			return Record{Component: CompControllerInformer, Rule: rules.CM1, Object: ev.Object.Ref(),
				Text: fmt.Sprintf("%s rv=%s delivered to the controllers (written at tick %d)", ev.Type, ev.Object.ResourceVersion, ev.Tick)}
		})
		ci.handle(ev)
	}
}

func (ci *controllerInformers) handle(ev WatchEvent) {
	for _, h := range ci.handlers {
		h(ev)
	}
}

// relist is a restart's new initial list (SYNC-7): nothing pending, the cache as the API
// server stores it now. The controllers themselves are handed the list by the restart.
func (ci *controllerInformers) relist() {
	ci.pending = fifo[pendingEvent]{}
	clear(ci.cache)
	clear(ci.lastDue)
	ci.faults.forget() // the new list repairs what was lost (FAULT-3)
	if ci.current() {
		return
	}
	for _, r := range ci.api.Resources.All() {
		if r.preferred != r {
			continue
		}
		for _, o := range ci.api.listKind(r) {
			ci.cache[storeKey{kind: r, namespace: o.Namespace, name: o.Name}] = o
		}
	}
}

// relistFaults is FAULT-3 at a relist tick: what the caches missed, queued as events due
// at once, behind each resource's events in flight.
func (ci *controllerInformers) relistFaults(tick int64) {
	if ci.current() || !ci.faults.relists(tick) {
		return
	}
	known := make(map[types.UID]*Object, len(ci.cache))
	for _, o := range ci.cache {
		known[o.UID] = o
	}
	for _, ev := range ci.pending.pending() {
		if ev.Type == watch.Deleted {
			delete(known, ev.Object.UID)
		} else {
			known[ev.Object.UID] = ev.Object
		}
	}
	every := func(*Resource) bool { return true }
	for _, ev := range ci.faults.repairs(ci.api, tick, every, known) {
		ci.push(ev, max(tick, ci.lastDue[ev.Resource]))
	}
}

// idle reports that no event waits for delivery and none lost waits for a relist.
func (ci *controllerInformers) idle() bool { return ci.pending.len() == 0 && ci.faults.idle() }

// get reads ref from the cache (a lister's Get), served at ref's version as the API server
// would serve it, or the API server's 404.
func (ci *controllerInformers) get(ref ObjectRef) (*Object, error) {
	if ci.current() {
		return ci.api.Get(ref)
	}
	r, key, err := ci.api.resource(ref)
	if err != nil {
		return nil, err
	}
	o, ok := ci.cache[key]
	if !ok {
		return nil, (&notFoundError{gr: r.GVR().GroupResource(), name: ref.Name}).status()
	}
	c := o.Copy()
	c.APIVersion = r.apiVersion()
	return c, nil
}

// list is the cache's objects of one kind (a lister's List), at the preferred version as
// the watch delivered them: in one namespace unless namespace is "", sorted as
// APIServer.List sorts.
func (ci *controllerInformers) list(apiVersion, kind, namespace string) []*Object {
	if ci.current() {
		return ci.api.List(apiVersion, kind, namespace)
	}
	r, ok := ci.api.Resources.Lookup(apiVersion, kind)
	if !ok {
		return nil
	}
	var out []*Object
	for key, o := range ci.cache {
		if key.kind == r.preferred && (namespace == "" || key.namespace == namespace) {
			out = append(out, o)
		}
	}
	slices.SortFunc(out, compareObjects)
	return out
}
