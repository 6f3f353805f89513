package gccore

import (
	"fmt"
	"slices"

	"github.com/gcplay/gcplay/gccore/faults"
	"github.com/gcplay/gcplay/gccore/rules"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
)

// watchFaults is one informer's share of the fault lab (cluster-rules.md FAULT-1 …
// FAULT-3): it draws each watch event's fate from the Sim's one faults.Source, counts the
// events lost since the last relist, and finds what a relist repairs. The GC's informers
// and the controller-manager's shared informers each hold one; a nil *watchFaults (no
// `faults:`) injects nothing and keeps the fixed delays.
type watchFaults struct {
	src   *faults.Source
	cfg   faults.Config
	trace *tracer
	comp  Component // the informer whose records these are
	// lost counts the events lost since the last relist: while it is not 0 the informer
	// is not idle (FAULT-3). dropped holds the first maxLaneEvents of them, oldest first,
	// for the page's informer lane (Inspector.GCInformerLane); nothing reads it to decide.
	lost    int
	dropped []LaneEvent
	// relisted is the last relist that found something to repair, for the lane: its tick
	// and counts (Relist.Tick is 0 before the first).
	relisted Relist
}

// forget empties what was lost: a relist or a restart's new list repairs it (FAULT-3).
func (f *watchFaults) forget() {
	if f != nil {
		f.lost, f.dropped = 0, nil
	}
}

// newWatchFaults is comp's share of src, nil when cfg injects nothing into watches.
func newWatchFaults(src *faults.Source, cfg faults.Config, trace *tracer, comp Component) *watchFaults {
	if src == nil || (cfg.InformerDelay.IsZero() && cfg.DropWatch == 0 && cfg.RelistEvery == 0) {
		return nil
	}
	return &watchFaults{src: src, cfg: cfg, trace: trace, comp: comp}
}

// arrival draws ev's fate: lost (FAULT-2), or due at the later of its drawn time (FAULT-1;
// the fixed delay when informerDelay is unset) and prevDue, its resource's previous event's.
func (f *watchFaults) arrival(ev WatchEvent, fixed, prevDue int64) (due int64, lost bool) {
	if f == nil {
		return max(ev.Tick+fixed, prevDue), false
	}
	if f.src.DropWatch() {
		f.lost++
		if len(f.dropped) < maxLaneEvents {
			f.dropped = append(f.dropped, laneEvent(ev, 0))
		}
		f.trace.addAfterCall(func() Record { // after the write's record and its event's
			return Record{Component: f.comp, Rule: rules.FAULT2, Object: ev.Object.Ref(),
				Text: fmt.Sprintf("%s rv=%s lost (the next relist repairs it)", ev.Type, ev.Object.ResourceVersion)}
		})
		return 0, true
	}
	delay := fixed
	if !f.cfg.InformerDelay.IsZero() {
		delay = f.src.Delay(ev.Resource.GVK)
	}
	return max(ev.Tick+delay, prevDue), false
}

// idle reports that no lost event waits for a relist.
func (f *watchFaults) idle() bool { return f == nil || f.lost == 0 }

// nextRelist is the first relist tick after tick.
func (f *watchFaults) nextRelist(tick int64) int64 {
	return (tick/f.cfg.RelistEvery + 1) * f.cfg.RelistEvery
}

// relists reports whether tick is a relist tick at which a relist can repair something:
// an event was lost since the last one. With none lost, the cache and the events in
// flight are the API server's state, so the list would repair nothing and write no
// record; skipping it keeps `relistEvery: 1` from listing every object every tick
// (issue 21: 5,000 objects kept busy to the tick bound took 529 s).
func (f *watchFaults) relists(tick int64) bool {
	return f != nil && f.lost > 0 && f.src.Relists(tick)
}

// repairs is a relist (FAULT-3): it lists every resource watched sees, in Resources.All's
// order, each by namespace then name, and returns what known (the informer's cache
// updated by its events in flight, by uid) lacks or has at another resourceVersion as
// ADDED or MODIFIED, then what known has that is gone as DELETED with its last known state
// (DeletedFinalStateUnknown), in list order. Each repair is a record.
func (f *watchFaults) repairs(api *APIServer, tick int64, watched func(*Resource) bool, known map[types.UID]*Object) []WatchEvent {
	lost := f.lost
	f.forget()
	var out []WatchEvent
	for _, r := range api.Resources.All() {
		if r.preferred != r || !watched(r) {
			continue
		}
		for _, o := range api.listKind(r) {
			k, ok := known[o.UID]
			delete(known, o.UID)
			switch {
			case !ok:
				out = append(out, WatchEvent{Tick: tick, Type: watch.Added, Object: o, Resource: r})
			case k.ResourceVersion != o.ResourceVersion:
				out = append(out, WatchEvent{Tick: tick, Type: watch.Modified, Object: o, Resource: r})
			}
		}
	}
	gone := make([]*Object, 0, len(known))
	for _, o := range known {
		gone = append(gone, o)
	}
	slices.SortFunc(gone, compareObjects)
	for _, o := range gone {
		r, ok := api.Resources.Lookup(o.APIVersion, o.Kind)
		if ok && watched(r.preferred) {
			out = append(out, WatchEvent{Tick: tick, Type: watch.Deleted, Object: o, Resource: r.preferred})
		}
	}
	if lost > 0 || len(out) > 0 {
		f.relisted = Relist{Tick: tick, Lost: lost, Repaired: len(out)}
		f.trace.addLazy(func() Record {
			return Record{Component: f.comp, Rule: rules.FAULT3,
				Text: fmt.Sprintf("relist after %d lost event(s): %d object(s) to repair", lost, len(out))}
		})
	}
	for _, ev := range out {
		f.trace.addLazy(func() Record {
			text := fmt.Sprintf("relist: %s rv=%s repairs a lost event", ev.Type, ev.Object.ResourceVersion)
			if ev.Type == watch.Deleted {
				text = "relist: gone, DELETED (DeletedFinalStateUnknown) repairs a lost event"
			}
			return Record{Component: f.comp, Rule: rules.FAULT3, Object: ev.Object.Ref(), Text: text}
		})
	}
	return out
}

// writeFault draws whether a write fails with a 500 (FAULT-4): nil when it goes through,
// or the error the API server would have returned. A nil source never fails.
func writeFault(src *faults.Source) error {
	if src == nil || !src.APIError() {
		return nil
	}
	return apierrors.NewInternalError(fmt.Errorf("injected by the fault lab (FAULT-4)"))
}

// faultRule is the rule a write's record cites besides its own: FAULT-4 when the fault
// lab failed it (injected), else also.
func faultRule(injected bool, also rules.ID) rules.ID {
	if injected {
		return rules.FAULT4
	}
	return also
}
