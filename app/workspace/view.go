package workspace

import (
	"fmt"
	"github.com/gcplay/gcplay/gccore/faults"
	"sync/atomic"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	"k8s.io/apimachinery/pkg/types"
)

// View is the workspace's state after one change. It is immutable: a change publishes a
// new View, and slices may be shared between views.
type View struct {
	// Version increases with every published view and is unique among all the views of
	// the process, whatever workspace published them (viewVersions): the page swaps
	// workspaces, and a panel that caches by Version (the graph's scene) must never take
	// another workspace's view for its own. It is the first field on purpose: go-app
	// compares a component's props with reflect.DeepEqual field by field, and a different
	// Version ends that comparison at once.
	Version int64
	Name    string
	// Release is the Kubernetes release whose GC rules the workspace plays (the scenario's
	// kubernetes:, the version lens); its zero value is today's rules.
	Release gccore.Release
	// Faults is the fault lab the simulation plays (the file's faults:, or a reseed).
	Faults faults.Config
	Tick   int64
	// Position is the history position shown, HistoryLen the number of entries; Position
	// < HistoryLen after a rewind.
	Position, HistoryLen int
	// LastTick is the tick at the end of the history (the timeline's end).
	LastTick int64
	Idle     bool // no watch event pending, no queued work (gccore.Sim.Idle)
	Settled  bool // Idle and the scenario's steps have all run
	// WorkersWait is true while the GC's workers wait for a monitor to sync and take no
	// item (gccore.Inspector.WorkersWait: V-5a, SYNC-4).
	WorkersWait bool

	// Objects are the API server's objects, sorted (gccore.Sim.ObjectsShared): the stored
	// objects themselves, never to be changed.
	Objects []*gccore.Object
	Graph   []gccore.NodeView
	// Queues are attemptToDelete and attemptToOrphan, each with its first ViewItems
	// items (QueueView.Total counts them all).
	Queues []gccore.QueueView
	// ControllerQueues are the work queues of the scenario's controllers (version 2), in
	// the order they tick; nil without controllers.
	ControllerQueues []gccore.ControllerQueue
	// GraphChanges are the first ViewItems pending entries of GraphChangesLen.
	GraphChanges    []gccore.GraphChange
	GraphChangesLen int
	PendingWatch    int
	// Informers is the GC informers' lane: PendingWatch's first events with the tick each
	// arrives (FAULT-1), those lost since the last relist (FAULT-2) and the relists
	// (FAULT-3). ControllerInformers is the controller-manager's shared informers' (CM-1),
	// empty while their caches are current.
	Informers, ControllerInformers gccore.InformerLane
	AbsentOwners                   []string
	Events                         []gccore.GCEvent
	// Trace is every record up to Position, oldest first.
	Trace []gccore.Record
	// Script describes the scenario steps still to run.
	Script ScriptView
	// Kinds lists every kind the API server serves, for authoring.
	Kinds []Kind

	// InGraph and InAPI index the two sides by uid, for highlighting where the GC's graph
	// lags behind the API server.
	InGraph map[types.UID]gccore.NodeView
	InAPI   map[types.UID]*gccore.Object
}

// ViewItems bounds the items a view lists per queue: a page shows the head of a queue,
// and a cascade can queue thousands.
const ViewItems = 25

// Kind is one served kind.
type Kind struct {
	APIVersion string
	Kind       string
	Namespaced bool
	Custom     bool
}

// ScriptView is the scenario's progress.
type ScriptView struct {
	Total int // number of steps
	Next  int // index of the next step; Total when done
	// NextText describes the next step ("delete v1/ConfigMap default/owner", "run 3 more ticks").
	NextText string
}

// ObjectByUID returns the stored object with that uid.
func (v *View) ObjectByUID(uid types.UID) (*gccore.Object, bool) {
	o, ok := v.InAPI[uid]
	return o, ok
}

// Diff counts the objects the GC's graph does not have yet and the nodes that have no
// stored object (stale or virtual): the gap while informers lag.
func (v *View) Diff() (apiOnly, graphOnly int) {
	for uid := range v.InAPI {
		if _, ok := v.InGraph[uid]; !ok {
			apiOnly++
		}
	}
	for uid := range v.InGraph {
		if _, ok := v.InAPI[uid]; !ok {
			graphOnly++
		}
	}
	return apiOnly, graphOnly
}

// viewVersions numbers the views of every workspace of the process (View.Version).
var viewVersions atomic.Int64

func (w *Workspace) publish() {
	w.version = viewVersions.Add(1)
	s := w.sim
	// Every change of an object or of the GC's graph emits a trace record, so with no
	// new record since the last view the objects and the graph are the same: share them
	// (an idle tick at 5,000 objects then costs nearly nothing).
	if prev := w.view; prev != nil && w.viewSim == s && w.viewTraceLen == s.TraceLen() {
		v := *prev
		v.Version, v.Tick, v.Position, v.HistoryLen = w.version, s.CurrentTick(), w.h.cur, len(w.h.entries)
		v.Idle, v.Queues, v.PendingWatch = s.Idle(), s.Inspect().QueuesHead(ViewItems), s.Inspect().PendingWatchEvents()
		v.WorkersWait = s.Inspect().WorkersWait()
		v.ControllerQueues = s.Inspect().ControllerQueues()
		v.Informers, v.ControllerInformers = s.Inspect().GCInformerLane(), s.Inspect().ControllerInformerLane()
		v.GraphChanges, v.GraphChangesLen = s.Inspect().GraphChangesHead(ViewItems), s.Inspect().GraphChangesLen()
		v.Trace = w.h.trace[:w.h.traceEnd(w.h.cur):w.h.traceEnd(w.h.cur)]
		v.Script = w.scriptView()
		v.Settled = v.Idle && w.ScriptDone()
		v.LastTick = 0
		if n := len(w.h.entries); n > 0 {
			v.LastTick = w.h.entries[n-1].tick
		}
		w.view = &v
		return
	}
	w.viewSim, w.viewTraceLen = s, s.TraceLen()
	v := &View{
		Version:          w.version,
		Name:             w.name,
		Release:          w.sc.Kubernetes,
		Faults:           w.faults,
		Tick:             s.CurrentTick(),
		Position:         w.h.cur,
		HistoryLen:       len(w.h.entries),
		Idle:             s.Idle(),
		Objects:          s.ObjectsShared(),
		Graph:            s.Inspect().Graph(),
		Queues:           s.Inspect().QueuesHead(ViewItems),
		ControllerQueues: s.Inspect().ControllerQueues(),
		GraphChanges:     s.Inspect().GraphChangesHead(ViewItems),
		GraphChangesLen:  s.Inspect().GraphChangesLen(),
		PendingWatch:     s.Inspect().PendingWatchEvents(),
		AbsentOwners:     s.Inspect().AbsentOwners(),
		Events:           s.Inspect().GCEvents(),
		Trace:            w.h.trace[:w.h.traceEnd(w.h.cur):w.h.traceEnd(w.h.cur)],
		Script:           w.scriptView(),
	}
	v.Informers, v.ControllerInformers = s.Inspect().GCInformerLane(), s.Inspect().ControllerInformerLane()
	v.WorkersWait = s.Inspect().WorkersWait()
	v.Settled = v.Idle && w.ScriptDone()
	if n := len(w.h.entries); n > 0 {
		v.LastTick = w.h.entries[n-1].tick
	}
	for _, r := range s.Resources().All() {
		v.Kinds = append(v.Kinds, Kind{APIVersion: r.GVK.GroupVersion().String(), Kind: r.GVK.Kind, Namespaced: r.Namespaced, Custom: r.Custom})
	}
	v.InAPI = make(map[types.UID]*gccore.Object, len(v.Objects))
	for _, o := range v.Objects {
		v.InAPI[o.UID] = o
	}
	v.InGraph = make(map[types.UID]gccore.NodeView, len(v.Graph))
	for _, n := range v.Graph {
		v.InGraph[n.UID] = n
	}
	w.view = v
}

func (w *Workspace) scriptView() ScriptView {
	sv := ScriptView{Total: len(w.sc.Steps), Next: w.player.Pos.Next}
	if w.ScriptDone() {
		return sv
	}
	st := w.sc.Steps[w.player.Pos.Next]
	switch {
	case st.Op == scenario.OpRun && st.Idle:
		sv.NextText = "run until idle"
	case st.Op == scenario.OpRun:
		sv.NextText = fmt.Sprintf("run %d more tick(s)", st.Ticks-w.player.Pos.Done)
	default:
		sv.NextText = st.Input().String()
	}
	return sv
}
