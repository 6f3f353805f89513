package gccore

import (
	"fmt"
	"slices"

	"github.com/gcplay/gcplay/gccore/rules"
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
	// pending holds the events not yet delivered, in write order (the delay is the same
	// for every event, so they fall due in that order); cache is the state they have
	// delivered, by where the API server stores each object. Both stay empty with no delay.
	pending fifo[WatchEvent]
	cache   map[storeKey]*Object
}

func newControllerInformers(api *APIServer, trace *tracer, delay int) *controllerInformers {
	return &controllerInformers{api: api, trace: trace, delay: int64(max(delay, 0)), cache: map[storeKey]*Object{}}
}

// current reports that the caches are always current (no delay): reads go to the API server.
func (ci *controllerInformers) current() bool { return ci.delay == 0 }

// observe takes each API server event as it is emitted.
func (ci *controllerInformers) observe(ev WatchEvent) {
	if ci.current() {
		ci.handle(ev)
		return
	}
	ci.pending.push(ev)
}

// deliver hands the controllers every event due at tick, oldest first, each after the
// cache has taken it in.
func (ci *controllerInformers) deliver(tick int64) {
	for ci.pending.len() > 0 && ci.pending.peek().Tick+ci.delay <= tick {
		ev := ci.pending.pop()
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
	ci.pending = fifo[WatchEvent]{}
	clear(ci.cache)
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

// idle reports that no event waits for delivery.
func (ci *controllerInformers) idle() bool { return ci.pending.len() == 0 }

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
