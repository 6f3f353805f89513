package gccore

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/gcplay/gcplay/gccore/rules"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// Controller is a control loop beside the garbage collector (package gccore/cluster):
// it sees every watch event through the controller-manager's shared informers (CM-1) and
// works once per tick, after the GC's workers, through a Client, so that the GC sees its
// writes through its informers like any other client's. It must not use goroutines, the
// wall clock or its own randomness.
type Controller interface {
	// Observe is handed each watch event when the controller-manager's informers deliver
	// it: as the API server emits it, or Config.ControllerInformerDelay ticks later.
	Observe(ev WatchEvent)
	// Tick does the controller's work for the current tick.
	Tick()
	// Idle reports that the controller has nothing left to do by itself (a Pod held by a
	// NotReady node's kubelet waits on a person, not on time: it does not count).
	Idle() bool
}

// AddController runs c, a controller of kube-controller-manager, from the next tick on: it
// observes through the shared informers and its Client reads their caches. Controllers
// tick in the order added.
func (s *Sim) AddController(c Controller) {
	s.controllers = append(s.controllers, c)
	s.cm.handlers = append(s.cm.handlers, c.Observe)
}

// AddAgent runs c, a component outside kube-controller-manager (the kubelet), from the
// next tick on: it observes every watch event as the API server emits it, whatever
// Config.ControllerInformerDelay, and reads through a DirectClient. It ticks with the
// controllers, in the order added.
func (s *Sim) AddAgent(c Controller) {
	s.controllers = append(s.controllers, c)
	s.api.watch = append(s.api.watch, c.Observe)
}

// tickControllers is the last part of a tick: the controller-manager's informers deliver
// the events due (CM-1), then each controller works.
func (s *Sim) tickControllers() {
	s.cm.deliver(s.clock.tick)
	for _, c := range s.controllers {
		c.Tick()
	}
}

// controllersIdle reports that no event waits for the controllers' informers (CM-1) and
// every controller is idle.
func controllersIdle(cm *controllerInformers, controllers []Controller) bool {
	if !cm.idle() {
		return false
	}
	for _, c := range controllers {
		if !c.Idle() {
			return false
		}
	}
	return true
}

// Now is the virtual time of the current tick (scenario-format.md: Epoch + one second per tick).
func (s *Sim) Now() time.Time { return s.clock.now().Time }

// RandSuffix draws n characters from a seeded source, from the alphabet of
// apimachinery's rand.String (no vowels, no look-alikes), for names controllers generate
// (generateName). Its source has a fixed seed, not Config.Seed: a scenario names the
// Pods a controller made, and must run the same whatever the seed of the uids.
func (s *Sim) RandSuffix(n int) string {
	const alphabet = "bcdfghjklmnpqrstvwxz2456789"
	if s.names == nil {
		s.names = rand.New(rand.NewPCG(0x6e616d6573, 0x6763706c6179))
	}
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[s.names.IntN(len(alphabet))]
	}
	return string(b)
}

// Record adds a controller's decision to the trace.
func (s *Sim) Record(r Record) { s.trace.add(r) }

// Client is the API access of one controller: every call is a trace record under the
// controller's component, citing the rule that made the call. Its reads (Get, List) are
// a lister's, from the controller-manager's informer caches (CM-1), unless it is direct.
type Client struct {
	sim    *Sim
	comp   Component
	direct bool // reads go to the API server (DirectClient)
	// serverErrors counts the writes that failed with a server error (5xx: the fault
	// lab's 500s, FAULT-4), so that a controller can requeue the key it was syncing.
	serverErrors int
}

// ServerErrors is how many of the client's writes have failed with a server error (5xx),
// the fault lab's 500s (FAULT-4): a controller whose sync saw the count grow requeues its
// key with backoff, as a sync that returns an error does upstream.
func (c *Client) ServerErrors() int { return c.serverErrors }

// Client returns the API client of a controller of kube-controller-manager named comp.
func (s *Sim) Client(comp Component) *Client { return &Client{sim: s, comp: comp} }

// DirectClient returns the API client of a component outside kube-controller-manager
// (AddAgent): its reads are the API server's current state.
func (s *Sim) DirectClient(comp Component) *Client {
	return &Client{sim: s, comp: comp, direct: true}
}

func (c *Client) record(rule rules.ID, key ObjectRef, call, text string, err error) {
	c.sim.trace.add(Record{Component: c.comp, Rule: rule, Object: key, Call: call, Text: text, Result: outcomeOf(err)})
}

// write makes one write, unless the fault lab fails it with a 500 first (FAULT-4); the
// record then cites FAULT-4 too.
func (c *Client) write(rule rules.ID, key ObjectRef, call func() string, text string, do func() (*Object, error)) (*Object, error) {
	if err := writeFault(c.sim.faults); err != nil {
		c.serverErrors++
		c.sim.trace.add(Record{Component: c.comp, Rule: rule, Also: rules.FAULT4, Object: key, Call: call(), Text: text, Result: outcomeOf(err)})
		return nil, err
	}
	o, err := do()
	c.record(rule, key, call(), text, err)
	return o, err
}

// Get reads one object from the informer cache (a lister's Get; CM-1), or the API server
// for a DirectClient.
func (c *Client) Get(ref ObjectRef) (*Object, error) {
	if c.direct {
		return c.sim.api.Get(ref)
	}
	return c.sim.cm.get(ref)
}

// GetFresh reads one object from the API server, not a cache (ControllerRefManager's
// fresh uid check, CREF-2).
func (c *Client) GetFresh(ref ObjectRef) (*Object, error) { return c.sim.api.Get(ref) }

// List returns the objects of one kind in the informer cache (a lister's List; CM-1), or
// stored in the API server for a DirectClient, in one namespace unless namespace is "",
// in the order of Sim.Objects. They are shared: callers must not change them.
func (c *Client) List(apiVersion, kind, namespace string) []*Object {
	if c.direct {
		return c.sim.api.List(apiVersion, kind, namespace)
	}
	return c.sim.cm.list(apiVersion, kind, namespace)
}

// MaxControllerCreates bounds the objects the controllers create in one run (issue 21:
// `replicas: 1000000000` created Pods until the machine ran out of memory). Objects from
// a scenario file are bounded by its size instead (--max-input-bytes).
const MaxControllerCreates = 20_000

// ErrTooManyCreates is Sim.Err once a controller would create more than
// MaxControllerCreates objects.
type ErrTooManyCreates struct {
	Tick int64
	By   Component
	Ref  ObjectRef
	Max  int
}

func (e *ErrTooManyCreates) Error() string {
	return fmt.Sprintf("tick %d: the %s would create %s, past the %d objects the controllers may create in one run (is a replicas or parallelism too large?)",
		e.Tick, e.By, e.Ref, e.Max)
}

// Create creates obj; past MaxControllerCreates it creates nothing and fails the run.
func (c *Client) Create(rule rules.ID, text string, obj *Object) (*Object, error) {
	if c.sim.created >= c.sim.cfg.MaxCreates {
		err := &ErrTooManyCreates{Tick: c.sim.clock.tick, By: c.comp, Ref: obj.Ref(), Max: c.sim.cfg.MaxCreates}
		if c.sim.err == nil {
			c.sim.err = err
		}
		return nil, err
	}
	c.sim.created++
	return c.write(rule, obj.Ref(), func() string { return apiCall{style: byController}.create() }, text,
		func() (*Object, error) { return c.sim.api.Create(obj) })
}

// Patch patches ref.
func (c *Client) Patch(rule rules.ID, text string, ref ObjectRef, pt PatchType, body []byte) (*Object, error) {
	return c.write(rule, ref, func() string { return apiCall{style: byController}.patch(pt, body) }, text,
		func() (*Object, error) { return c.sim.api.Patch(ref, pt, body) })
}

// Delete deletes ref with opts.
func (c *Client) Delete(rule rules.ID, text string, ref ObjectRef, opts metav1.DeleteOptions) (*Object, error) {
	return c.write(rule, ref, func() string { return apiCall{style: byController}.delete(&opts) }, text,
		func() (*Object, error) { o, _, err := c.sim.api.Delete(ref, opts); return o, err })
}

// hasUID reports whether a stored object has the uid (uidSource.next).
func (s *APIServer) hasUID(uid types.UID) bool {
	_, ok := s.uids[uid]
	return ok
}

// Explainer is a Controller that can say why it holds an object (Inspector.Why): the kubelet
// of a NotReady node, a namespace waiting for a finalizer.
type Explainer interface {
	Why(o *Object) []Reason
}

// FinalizerOwner is a Controller that removes a finalizer itself (the namespace
// controller's kubernetes, NS-4): Why does not tell a person to remove it.
type FinalizerOwner interface {
	OwnsFinalizer(o *Object, finalizer string) bool
}

func (v Inspector) controllerOwnsFinalizer(o *Object, f string) bool {
	for _, c := range v.s.controllers {
		if fo, ok := c.(FinalizerOwner); ok && fo.OwnsFinalizer(o, f) {
			return true
		}
	}
	return false
}

func (v Inspector) whyControllers(o *Object) []Reason {
	var out []Reason
	for _, c := range v.s.controllers {
		if e, ok := c.(Explainer); ok {
			out = append(out, e.Why(o)...)
		}
	}
	return out
}

// ControllerQueue is a read-only copy of one controller's work queue, for views (the
// page shows it beside the GC's queues).
type ControllerQueue struct {
	Name  Component             `json:"name"` // the controller's trace component
	Items []ControllerQueueItem `json:"items,omitempty"`
}

// ControllerQueueItem is one key a controller will handle at its next tick.
type ControllerQueueItem struct {
	Key string `json:"key"` // namespace/name, as the controller queues it
	// UID is the stored object's uid ("" when it is gone), so a view can select it.
	UID types.UID `json:"uid,omitempty"`
	// Note says what the controller waits for, when it does (a NotReady node); a Reason,
	// so that a page can say it in its language.
	Note Reason `json:"-"`
	// NextAttemptTick is the tick of the key's next sync when it backs off after a sync
	// whose write failed (FAULT-4); 0 when it is queued for the next tick.
	NextAttemptTick int64 `json:"nextAttemptTick,omitempty"`
}

// Queuer is a Controller whose work queue can be shown. Queue must not change the
// controller or the simulation, and must list the items in a fixed order (sorted keys).
type Queuer interface {
	Queue() ControllerQueue
}

// ControllerQueues returns the queue of every controller that shows one, in the order
// they tick (AddController).
func (v Inspector) ControllerQueues() []ControllerQueue {
	var out []ControllerQueue
	for _, c := range v.s.controllers {
		if q, ok := c.(Queuer); ok {
			out = append(out, q.Queue())
		}
	}
	return out
}
