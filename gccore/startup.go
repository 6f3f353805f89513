package gccore

import (
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/gccore/rules"
)

// syncTimeout is how long the workers wait for the monitors to sync from v1.32 on, in
// ticks: 30 s (SYNC-4, #125796).
const syncTimeout = 30

// startup is when the GC's workers may run after kube-controller-manager starts:
// at once when every monitor syncs, which is every monitor but a broken one's
// (ResourceDecl.Broken). With one broken, a release before v1.32 waits forever (V-5a,
// #101078) and a later one proceeds after syncTimeout (SYNC-4).
type startup struct {
	release Release
	at      int64    // the tick the GC (re)started
	broken  []string // the kinds whose monitor never syncs
	said    int      // what the trace has said: 0 nothing, 1 the wait, 2 the start
}

func newStartup(release Release, rs *Resources, at int64) startup {
	st := startup{release: release, at: at}
	for _, r := range rs.All() {
		if r.Broken && r.preferred == r && r.Monitored {
			st.broken = append(st.broken, r.GVK.GroupKind().String())
		}
	}
	return st
}

// never reports that the workers will never run: a broken monitor under V-5a.
func (st *startup) never() bool { return len(st.broken) > 0 && st.release.waitsForEverySync() }

// workersRun reports whether the workers may take items at tick, tracing the wait once
// and the start after it once.
func (st *startup) workersRun(tick int64, trace *tracer) bool {
	if len(st.broken) == 0 {
		return true
	}
	kinds := strings.Join(st.broken, ", ")
	if st.never() {
		if st.said == 0 {
			st.said = 1
			trace.add(Record{Component: CompQueue, Rule: rules.V5a,
				Text: fmt.Sprintf("workers wait for every monitor to sync, with no time limit; %s never syncs: nothing is collected", kinds)})
		}
		return false
	}
	if tick < st.at+syncTimeout {
		if st.said == 0 {
			st.said = 1
			trace.add(Record{Component: CompQueue, Rule: rules.SYNC4,
				Text: fmt.Sprintf("workers wait up to %d s for the monitors to sync; %s has not synced", syncTimeout, kinds)})
		}
		return false
	}
	if st.said < 2 {
		st.said = 2
		trace.add(Record{Component: CompQueue, Rule: rules.SYNC4,
			Text: fmt.Sprintf("%d s passed: workers start; %s is unknown to the graph (FG-5)", syncTimeout, kinds)})
	}
	return true
}

// waiting says, for Sim.Why, whether the workers wait at tick: the kinds whose monitor has
// not synced, and the tick they start at (0 for never, V-5a); ok is false once they run.
func (st *startup) waiting(tick int64) (kinds string, at int64, ok bool) {
	switch {
	case len(st.broken) == 0:
		return "", 0, false
	case st.never():
		return strings.Join(st.broken, ", "), 0, true
	case tick < st.at+syncTimeout:
		return strings.Join(st.broken, ", "), st.at + syncTimeout, true
	}
	return "", 0, false
}
