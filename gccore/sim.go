package gccore

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/gcplay/gcplay/gccore/faults"
	"github.com/gcplay/gcplay/gccore/rules"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

// Config sets up a simulation. The zero value of a field means its default.
type Config struct {
	// Workers per queue, like kube-controller-manager's --concurrent-gc-syncs (default 20, Q-1).
	Workers int
	// InformerDelay is how many ticks after an API write the GC's informer delivers its
	// event: unset (the zero value) is DefaultInformerDelay; Ticks(0) is none.
	InformerDelay Delay
	// InformerDelays overrides InformerDelay per kind ("PersistentVolume", "apps/Deployment").
	InformerDelays map[string]int
	// Seed seeds the only randomness: the uids the API server assigns.
	Seed uint64
	// AbsentOwnerCacheSize is the LRU size (default 500, AOC-1).
	AbsentOwnerCacheSize int
	// RequeueImmediately appends rate-limited requeues at once, as the queue in upstream's
	// unit tests does. Off by default: backoff runs in virtual time.
	RequeueImmediately bool
	// GarbageCollectionDisabled models an API server without GC finalizers (API-18).
	GarbageCollectionDisabled bool
	// Quiet keeps no trace records and no watch events (benchmarks).
	Quiet bool
	// NoTrace keeps the watch events but no trace records: `gcplay lessons check` reads
	// the events of each replay and never its trace.
	NoTrace bool
	// Resources declares custom kinds (scenario `resources:`).
	Resources []ResourceDecl
	// SizeHint is about how many objects the run will hold: the API server's store and
	// the GC's graph are sized for them up front, instead of growing (and rehashing) one
	// object at a time. A hint, not a limit; scenario.NewRunner sets it.
	SizeHint int
	// Kubernetes is the release whose GC rules the simulation plays (release.go,
	// gc-behavior.md §15): unset is current.
	Kubernetes Release
	// MaxCreates bounds the objects the controllers create in one run: 0 is
	// MaxControllerCreates (tests and fuzzing set less).
	MaxCreates int
	// ControllerInformerDelay is how many ticks after an API write the controller-manager's
	// shared informers hand its event to the controllers and their caches take it in
	// (CM-1). 0, the default, is none: a controller reads the API server's current state.
	ControllerInformerDelay int
	// Faults is the fault lab (scenario `faults:`, cluster-rules.md FAULT-1 … FAULT-4):
	// late and lost watch events, relists, failed writes, all drawn from one source
	// seeded by Faults.Seed. The zero value injects nothing. (scenario.NewRunner plays a
	// file's `faults:` unless this injects something; a Faults with only a Seed reseeds
	// the file's: gcplay sim --faults-seed.)
	Faults faults.Config
}

// DefaultInformerDelay is the informers' lag when Config leaves it unset: one tick, so
// that the GC acts on what it observed, never on the write it races with.
const DefaultInformerDelay = 1

// Delay is a number of ticks that may be left unset, so that "none" (Ticks(0)) and
// "the default" (Delay{}) are different values.
type Delay struct {
	ticks int
	set   bool
}

// Ticks is a delay of n ticks; a negative n is none.
func Ticks(n int) Delay { return Delay{ticks: max(n, 0), set: true} }

// Or is the delay in ticks, or def when unset.
func (d Delay) Or(def int) int {
	if !d.set {
		return def
	}
	return d.ticks
}

// Sim is the simulated control plane: API server, informers, graph builder and GC workers,
// advanced only by its methods, like raft's RawNode. It is not safe for concurrent use.
type Sim struct {
	cfg       Config
	clock     clock
	api       *APIServer
	informers *informers
	gb        *graphBuilder
	gc        *garbageCollector
	trace     tracer
	watch     []WatchEvent
	uids      uidSource
	order     objectOrder
	// held is runWorkers' buffer, reused every tick: held[i] is worker i's item (upstream:
	// each worker goroutine's item in processNextWorkItem).
	held   []*node
	writes []func() // runWorkers' buffer of each worker's writes, reused every tick
	// pending is a runDeleteItem's item whose writes wait (Input.Reads), nil otherwise;
	// the next runDeleteItem or Tick makes them first.
	pending     *pendingWrites
	controllers []Controller // controllers.go: the cluster around the GC
	// cm is the controller-manager's shared informers (controller_informers.go), which
	// feed and serve the controllers that AddController added.
	cm    *controllerInformers
	names *rand.Rand // RandSuffix's source, made at first use
	// created counts the objects the controllers created (Client.Create); err is set,
	// once, when they would pass MaxControllerCreates (Err).
	created int
	err     error
	// relisted counts the objects restarts listed again (restartControllerManager),
	// bounded by MaxRestartLists.
	relisted int
	// faults is the fault lab's one source of chance, nil without `faults:`; the
	// informers, the GC's writes and the controllers' Clients draw from it (FAULT-1 … 4).
	faults *faults.Source
}

// MaxWorkers bounds Config.Workers. Each worker is a name allocated up front, and a
// tick visits every worker that holds an item: far more workers than objects only costs
// memory, and 2,147,483,647 of them would exhaust it.
const MaxWorkers = 10000

// New builds a simulation at tick 0 with no objects.
func New(cfg Config) (*Sim, error) {
	rs, err := NewResources(cfg.Resources)
	if err != nil {
		return nil, err
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 20
	}
	if cfg.Workers > MaxWorkers {
		return nil, fmt.Errorf("%d workers per queue: at most %d", cfg.Workers, MaxWorkers)
	}
	if cfg.MaxCreates <= 0 {
		cfg.MaxCreates = MaxControllerCreates
	}
	if cfg.AbsentOwnerCacheSize <= 0 {
		cfg.AbsentOwnerCacheSize = 500
	}
	delays := map[schema.GroupKind]int64{}
	for k, d := range cfg.InformerDelays {
		gk := schema.ParseGroupKind(k)
		if _, ok := rs.Preferred(gk); !ok {
			return nil, fmt.Errorf("informer delay for %q: unknown kind (use Kind or group/Kind... e.g. \"Deployment.apps\")", k)
		}
		delays[gk] = int64(max(d, 0))
	}
	delay := int64(cfg.InformerDelay.Or(DefaultInformerDelay))
	s := &Sim{cfg: cfg, uids: uidSource{rng: rand.New(rand.NewPCG(cfg.Seed, 0x6763706c6179))}}
	s.trace = tracer{clock: &s.clock, keep: !cfg.Quiet && !cfg.NoTrace}
	s.api = newAPIServer(rs, &s.clock, s.uids.next, cfg.SizeHint)
	s.uids.api = s.api
	s.api.GarbageCollection = !cfg.GarbageCollectionDisabled
	s.api.release = cfg.Kubernetes
	if err := cfg.Faults.Validate(); err != nil {
		return nil, err
	}
	var src *faults.Source // one source for every draw, in the simulation's order
	if cfg.Faults.Active() {
		src = faults.NewSource(cfg.Faults)
	}
	s.faults = src
	s.informers = newInformers(delay, delays, newWatchFaults(src, cfg.Faults, &s.trace, CompInformer))
	s.gb = newGraphBuilder(cfg, &s.trace)
	s.gc = &garbageCollector{gb: s.gb, api: s.api, informers: s.informers, resources: rs, trace: &s.trace, clock: &s.clock,
		release: cfg.Kubernetes, startup: newStartup(cfg.Kubernetes, rs, 0), faults: src}
	s.cm = newControllerInformers(s.api, &s.trace, cfg.ControllerInformerDelay, newWatchFaults(src, cfg.Faults, &s.trace, CompControllerInformer))
	s.api.watch = append(s.api.watch, s.onWatchEvent, s.order.observe, s.cm.observe)
	s.api.warn = func(ref ObjectRef, msg string) {
		s.trace.add(Record{Component: CompAPIServer, Rule: rules.API3, Object: ref, Text: "warning: " + msg})
	}
	s.api.refused = func(ref ObjectRef, msg string) {
		s.trace.addAfterCall(func() Record {
			return Record{Component: CompAPIServer, Rule: rules.NS5, Object: ref, Text: "create refused: " + msg}
		})
	}
	return s, nil
}

// newGraphBuilder is the GC's graph builder, its queues and its absentOwnerCache as
// kube-controller-manager starts them: empty.
func newGraphBuilder(cfg Config, trace *tracer) *graphBuilder {
	gb := &graphBuilder{
		graph:            graph{uidToNode: make(map[types.UID]*node, max(cfg.SizeHint, 0))},
		attemptToDelete:  newWorkQueue(QueueAttemptToDelete),
		attemptToOrphan:  newWorkQueue(QueueAttemptToOrphan),
		absentOwnerCache: newAbsentOwnerCache(cfg.AbsentOwnerCacheSize),
		trace:            trace,
		release:          cfg.Kubernetes,
	}
	gb.absentOwnerCache.uidOnly = cfg.Kubernetes.uidKeyedAbsentOwners() // V-2a
	gb.attemptToOrphan.slot = 1                                         // each queue keeps its own state on the nodes
	gb.attemptToDelete.role, gb.attemptToOrphan.role = RoleDeleteWorker, RoleOrphanWorker
	gb.attemptToDelete.immediateRequeue = cfg.RequeueImmediately
	gb.attemptToOrphan.immediateRequeue = cfg.RequeueImmediately
	return gb
}

// uidSource draws the uids the API server assigns from the seeded source (Config.Seed).
type uidSource struct {
	rng *rand.Rand
	api *APIServer // the server whose stored uids are skipped; set once it exists
}

// next draws a version-4 style UUID, again while the draw is a stored object's uid: a
// scenario pins uids it got from an earlier run (a workspace export), and objects a
// controller creates later draw from the start of the sequence.
func (u *uidSource) next() types.UID {
	for {
		if uid := u.draw(); u.api == nil || !u.api.hasUID(uid) {
			return uid
		}
	}
}

func (u *uidSource) draw() types.UID {
	var b [16]byte
	for i := 0; i < 16; i += 8 {
		v := u.rng.Uint64()
		for j := 0; j < 8; j++ {
			b[i+j] = byte(v >> (8 * j))
		}
	}
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	// 8-4-4-4-12 hex digits, written without fmt (a uid per created object).
	var out [36]byte
	at := 0
	for i, c := range b {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			out[at] = '-'
			at++
		}
		hex.Encode(out[at:at+2], []byte{c})
		at += 2
	}
	return types.UID(out[:])
}

func (s *Sim) onWatchEvent(ev WatchEvent) {
	s.trace.addAfterCall(func() Record {
		return Record{Component: CompAPIServer, Rule: rules.API16, Object: ev.Object.Ref(),
			Text: fmt.Sprintf("%s rv=%s", ev.Type, ev.Object.ResourceVersion)}
	})
	if !s.cfg.Quiet {
		s.watch = append(s.watch, ev)
	}
	s.informers.observe(ev)
}

// Resources returns the API server's resource table.
func (s *Sim) Resources() *Resources { return s.api.Resources }

// CurrentTick returns the virtual time in ticks.
func (s *Sim) CurrentTick() int64 { return s.clock.tick }

// Create creates an object as a client would.
func (s *Sim) Create(obj *Object) (*Object, error) {
	o, err := s.api.Create(obj)
	s.trace.user(apiCall{style: byClient}.create(), obj.Ref(), err)
	return o, err
}

// Patch applies a JSON merge patch (the scenario `update` step) or a strategic merge patch.
func (s *Sim) Patch(ref ObjectRef, pt PatchType, body []byte) (*Object, error) {
	o, err := s.api.Patch(ref, pt, body)
	s.trace.user(apiCall{style: byClient}.patch(pt, body), ref, err)
	return o, err
}

// Delete sends a DELETE with options.
func (s *Sim) Delete(ref ObjectRef, opts metav1.DeleteOptions) (*Object, error) {
	o, _, err := s.api.Delete(ref, opts)
	s.trace.user(apiCall{style: byClient}.delete(&opts), ref, err)
	return o, err
}

// AddFinalizer adds a finalizer the way a controller does (get, then update with the
// resourceVersion); adding one that is present is a no-op.
func (s *Sim) AddFinalizer(ref ObjectRef, finalizer string) (*Object, error) {
	return s.editFinalizers(ref, "addFinalizer "+finalizer, func(list []string) []string {
		if hasString(list, finalizer) {
			return list
		}
		return append(list, finalizer)
	})
}

// RemoveFinalizer removes a finalizer (a no-op if absent). Removing the last finalizer of a
// terminating object removes it (API-15).
func (s *Sim) RemoveFinalizer(ref ObjectRef, finalizer string) (*Object, error) {
	return s.editFinalizers(ref, "removeFinalizer "+finalizer, func(list []string) []string { return removeString(list, finalizer) })
}

func (s *Sim) editFinalizers(ref ObjectRef, call string, edit func([]string) []string) (*Object, error) {
	cur, err := s.api.Get(ref)
	if err != nil {
		s.trace.user(call, ref, err)
		return nil, err
	}
	var fs any
	if next := edit(append([]string(nil), cur.Finalizers...)); len(next) > 0 {
		fs = next
	}
	body, _ := json.Marshal(map[string]any{"metadata": map[string]any{"resourceVersion": cur.ResourceVersion, "finalizers": fs}})
	o, err := s.api.Patch(ref, MergePatch, body)
	s.trace.user(call, ref, err)
	return o, err
}

// Get reads one object from the API server.
func (s *Sim) Get(ref ObjectRef) (*Object, error) { return s.api.Get(ref) }

// GetShared is Get without the copy, as ObjectsShared: callers must not change the object.
func (s *Sim) GetShared(ref ObjectRef) (*Object, error) { return s.api.GetShared(ref) }

// Tick advances virtual time by one tick and runs the tick's schedule (see doc.go):
// due retries return to their queues, the informers deliver due events, the graph builder
// processes every graphChanges entry present, then each delete worker and each orphan
// worker handles at most one item.
func (s *Sim) Tick() {
	s.pending.finish(&s.pending)
	s.clock.tick++
	now := s.clock.nowMS()
	s.gb.attemptToDelete.promote(now)
	s.gb.attemptToOrphan.promote(now)
	s.informers.relist(s.api, s.clock.tick) // FAULT-3, on relist ticks
	for s.deliver(true, nil) {
	}
	for n := s.gb.graphChanges.len(); n > 0; n-- {
		s.gb.processGraphChanges()
	}
	if s.gc.startup.workersRun(s.clock.tick, &s.trace) { // Q-6, SYNC-4, V-5a
		s.runWorkers(s.gb.attemptToDelete, RoleDeleteWorker, s.gc.processAttemptToDelete)
		s.runWorkers(s.gb.attemptToOrphan, RoleOrphanWorker, s.gc.processAttemptToOrphan)
	}
	s.tickControllers()
}

// runWorkers lets every worker take one item, then lets each make its reads in worker
// order, then its writes in worker order (Q-9: a round's workers act as concurrent
// goroutines nearly always do), then marks them done, so adds during processing see the
// items as held.
func (s *Sim) runWorkers(q *workQueue, role Role, process func(Component, *node) func()) {
	held := s.held[:0] // held[i] is worker i's item; the buffer is reused every tick
	for i := range s.cfg.Workers {
		item, ok := q.Get(Worker(role, i))
		if !ok {
			break
		}
		held = append(held, item)
	}
	writes := s.writes[:0]
	for i, item := range held {
		writes = append(writes, process(Worker(role, i), item))
	}
	for i, w := range writes {
		w()
		writes[i] = nil
	}
	s.writes = writes
	for i, item := range held {
		q.Done(item)
		held[i] = nil
	}
	s.held = held
}

// deliver hands one informer event to graphChanges.
func (s *Sim) deliver(due bool, match func(schema.GroupKind) bool) bool {
	ev, old, ok := s.informers.next(s.clock.tick, due, match)
	if !ok {
		return false
	}
	e := event{obj: ev.Object, oldObj: old, apiVersion: ev.Object.APIVersion, kind: ev.Object.Kind}
	switch {
	case ev.Type == "DELETED":
		e.eventType = deleteEvent
	case old == nil:
		e.eventType = addEvent
	default:
		e.eventType = updateEvent
	}
	s.gb.graphChanges.push(e)
	s.trace.addLazy(func() Record {
		return Record{Component: CompInformer, Queue: QueueGraphChanges, Rule: rules.GB1, Object: ev.Object.Ref(),
			Text: fmt.Sprintf("%s rv=%s delivered as %s", ev.Type, ev.Object.ResourceVersion, e.eventType)}
	})
	return true
}

// DeliverEvent delivers the oldest undelivered watch event now, whatever its delay; kind,
// if not empty, restricts it to that kind. It reports whether there was one.
func (s *Sim) DeliverEvent(kind string) bool {
	var match func(schema.GroupKind) bool
	if kind != "" {
		match = func(gk schema.GroupKind) bool { return gk.Kind == kind || gk.String() == kind }
	}
	return s.deliver(false, match)
}

// ProcessGraphChange lets the graph builder process one graphChanges entry.
func (s *Sim) ProcessGraphChange() bool { return s.gb.processGraphChanges() }

// RunDeleteItem lets one worker process the head of attemptToDelete.
func (s *Sim) RunDeleteItem() bool {
	did, _ := s.runOne(s.gb.attemptToDelete, Worker(RoleDeleteWorker, 0), s.gc.processAttemptToDelete, false, nil)
	return did
}

// RunOrphanItem lets one worker process the head of attemptToOrphan.
func (s *Sim) RunOrphanItem() bool {
	did, _ := s.runOne(s.gb.attemptToOrphan, Worker(RoleOrphanWorker, 0), s.gc.processAttemptToOrphan, false, nil)
	return did
}

// runOne lets worker process the head of q, or the item pick names (Input.Ref): its
// reads, then its writes, unless reads holds the writes back (Input.Reads). Writes held
// back by an earlier call are made first, and are the step.
func (s *Sim) runOne(q *workQueue, worker Component, process func(Component, *node) func(), reads bool, pick *ObjectRef) (bool, error) {
	if s.pending != nil {
		s.pending.finish(&s.pending)
		return true, nil
	}
	if !s.gc.startup.workersRun(s.clock.tick, &s.trace) {
		return false, nil
	}
	i := 0
	if pick != nil {
		// Only an item of the round, one the Workers workers would take together.
		if i = q.index(*pick, s.cfg.Workers); i < 0 {
			return false, fmt.Errorf("%s: %s is not among the first %d items of %s, the ones a round's workers take",
				InputDeleteItem, pick, s.cfg.Workers, QueueAttemptToDelete)
		}
	}
	if q.Len() == 0 {
		return false, nil
	}
	item := q.takeAt(worker, i)
	p := &pendingWrites{q: q, item: item, writes: process(worker, item)}
	if reads {
		s.pending = p
		return true, nil
	}
	p.finish(&p)
	return true, nil
}

// pendingWrites is an item a worker has read and decided, whose writes wait.
type pendingWrites struct {
	q      *workQueue
	item   *node
	writes func()
}

// finish makes the writes and releases the item, then clears the holder's pointer;
// a nil p has nothing to finish.
func (p *pendingWrites) finish(holder **pendingWrites) {
	if p == nil {
		return
	}
	*holder = nil
	p.writes()
	p.q.Done(p.item)
}

// Idle reports that no watch event is pending, graphChanges is empty, and no queue holds
// an item other than a stuck retry (scenario-format.md).
func (s *Sim) Idle() bool {
	return s.pending == nil && s.gc.idle() && controllersIdle(s.cm, s.controllers)
}

// idle reports that the GC has nothing left to do by itself: no watch event on the way
// (nor one lost and waiting for a relist, FAULT-3), graphChanges empty, and its queues
// holding only stuck retries, or workers that never start (a broken monitor, V-5a).
func (gc *garbageCollector) idle() bool {
	return gc.informers.count == 0 && gc.informers.faults.idle() && gc.gb.graphChanges.len() == 0 &&
		(gc.gb.attemptToDelete.idle() && gc.gb.attemptToOrphan.idle() || gc.startup.never())
}

// ErrMaxTicks is returned by RunUntilIdle when the tick bound is reached.
type ErrMaxTicks struct {
	MaxTicks int64
	// Busy names what was still at work (Sim.Busy): the garbage collector or a controller.
	Busy string
}

func (e *ErrMaxTicks) Error() string {
	busy := e.Busy
	if busy == "" {
		busy = "the garbage collector"
	}
	return fmt.Sprintf("not idle by tick %d (--max-ticks %d): %s is still at work", e.MaxTicks, e.MaxTicks, busy)
}

// MaxTicksError is the error of a run that reached maxTicks while not idle.
func (s *Sim) MaxTicksError(maxTicks int64) *ErrMaxTicks {
	return &ErrMaxTicks{MaxTicks: maxTicks, Busy: s.Busy()}
}

// Busy names what keeps the simulation from being idle, "" when it is idle: the garbage
// collector (its informers, graphChanges or work queues) first, else the first busy
// controller by its queue's name. Informers that lost an event wait for a relist
// (FAULT-3).
func (s *Sim) Busy() string {
	lostOnly := s.informers.count == 0 && s.gb.graphChanges.len() == 0 && s.gb.attemptToDelete.idle() && s.gb.attemptToOrphan.idle()
	switch {
	case !s.gc.idle() && lostOnly && !s.informers.faults.idle():
		return "the GC's informers (a lost watch event waits for a relist)"
	case !s.gc.idle():
		return "the garbage collector"
	case !s.cm.faults.idle():
		return "the controllers' informers (a lost watch event waits for a relist)"
	case !s.cm.idle():
		return "the controllers' informers"
	}
	for _, c := range s.controllers {
		if c.Idle() {
			continue
		}
		if q, ok := c.(Queuer); ok {
			return "the " + q.Queue().Name.String()
		}
		return "a controller"
	}
	return ""
}

// RunUntilIdle ticks until Idle, but never past tick maxTicks, and stops at a run's
// failure (Err).
func (s *Sim) RunUntilIdle(maxTicks int64) error {
	for !s.Idle() {
		if s.err != nil {
			return s.err
		}
		if s.clock.tick >= maxTicks {
			return s.MaxTicksError(maxTicks)
		}
		s.Tick()
	}
	return s.err
}

// Err is the run's failure, nil while it has none: a bound of the simulation that the
// controllers reached (MaxControllerCreates). A driver stops ticking when it is set; a
// person's inputs still work, and the run's state is what it was when it failed.
func (s *Sim) Err() error { return s.err }

// Objects returns copies of the stored objects sorted by apiVersion, kind, namespace and name.
func (s *Sim) Objects() []*Object {
	objs := s.ObjectsShared()
	for i, o := range objs {
		objs[i] = o.Copy()
	}
	return objs
}

// ObjectsShared is Objects without the copies, for views redrawn every tick: the objects
// are the stored ones, which the API server never changes in place (a write stores a new
// object), so they keep their state; callers must not change them.
func (s *Sim) ObjectsShared() []*Object {
	return s.order.list(s.api.objects)
}

// ResourceVersion is the store's last resourceVersion: every write that changes an object
// moves it, and a write that changes nothing does not (API-16).
func (s *Sim) ResourceVersion() int64 { return s.api.rv }

// ObjectCount is the number of stored objects.
func (s *Sim) ObjectCount() int { return s.api.Len() }

// TraceLen is the number of records emitted so far (kept or not).
func (s *Sim) TraceLen() int64 { return s.trace.seq }

// GCEvents returns the Events the GC reported (GB-14).
func (v Inspector) GCEvents() []GCEvent { return append([]GCEvent(nil), v.s.gb.events...) }
