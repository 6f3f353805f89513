package scenario_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
)

// laneRunner is a runner of the golden scenario file, its steps up to the last run
// played (the start at rest and the action), so that a test ticks the rest itself.
func laneRunner(t *testing.T, file string) *scenario.Runner {
	t.Helper()
	path := filepath.Join("..", "testdata", "scenarios", file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.Parse(path, data)
	if err != nil {
		t.Fatal(err)
	}
	r, err := scenario.NewRunner(sc, gccore.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(sc.Steps)-1; i++ {
		if err := r.Step(); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

// laneLine renders an informer lane in one line for the tests: in flight (type, object,
// due tick), lost, the last relist and the next.
func laneLine(l gccore.InformerLane) string {
	var b strings.Builder
	fmt.Fprintf(&b, "inflight %d [", l.InFlightLen)
	for _, e := range l.InFlight {
		fmt.Fprintf(&b, " %s %s@%d", e.Type, e.Object.Name, e.Due)
	}
	fmt.Fprintf(&b, " ] lost %d [", l.LostLen)
	for _, e := range l.Lost {
		fmt.Fprintf(&b, " %s %s rv=%s", e.Type, e.Object.Name, e.ResourceVersion)
	}
	fmt.Fprintf(&b, " ] relisted %d (%d lost, %d repaired) next %d", l.LastRelist.Tick, l.LastRelist.Lost, l.LastRelist.Repaired, l.NextRelist)
	return b.String()
}

// TestGCInformerLane: the GC informers' lane of the dropped-event golden (FAULT-2,
// FAULT-3): the owner's DELETED is lost at tick 1 and stays marked lost until the relist at
// tick 10, which repairs it and is then the lane's last relist. In that tick the GC deletes
// the children: child-b's DELETED is in flight, due at tick 11, child-a's is lost.
func TestGCInformerLane(t *testing.T) {
	r := laneRunner(t, "faults-dropped-event-relist.yaml")
	lines := map[int64]string{}
	for r.Sim.CurrentTick() < 12 {
		r.Sim.Tick()
		lines[r.Sim.CurrentTick()] = laneLine(r.Sim.Inspect().GCInformerLane())
	}
	for tick, want := range map[int64]string{
		5:  "inflight 0 [ ] lost 1 [ DELETED owner rv=4 ] relisted 0 (0 lost, 0 repaired) next 10",
		10: "inflight 1 [ DELETED child-b@11 ] lost 1 [ DELETED child-a rv=5 ] relisted 10 (1 lost, 1 repaired) next 20",
	} {
		if lines[tick] != want {
			t.Errorf("tick %d: %s\nwant    %s", tick, lines[tick], want)
		}
	}
}

// TestControllerInformerLane: the controller-manager's shared informers have a lane of
// their own (CM-1, FAULT-1): in the controller-retry golden their events are drawn 0-2
// ticks late, so after the Deployment's delete some are in flight, each due no earlier
// than it was written, and nothing is lost (no dropWatch); without faults or a delay
// their caches are current and the lane is empty.
func TestControllerInformerLane(t *testing.T) {
	r := laneRunner(t, "faults-controller-retry.yaml")
	inFlight := 0
	for i := 0; i < 30 && !r.Sim.Idle(); i++ {
		l := r.Sim.Inspect().ControllerInformerLane()
		inFlight = max(inFlight, l.InFlightLen)
		for _, e := range l.InFlight {
			if e.Due < e.Written || e.Object.Name == "" {
				t.Fatalf("tick %d: %+v", r.Sim.CurrentTick(), e)
			}
		}
		if l.LostLen != 0 || l.NextRelist != 0 {
			t.Fatalf("tick %d: %s, want nothing lost and no relist", r.Sim.CurrentTick(), laneLine(l))
		}
		r.Sim.Tick()
	}
	if inFlight == 0 {
		t.Error("no event in flight to the controllers")
	}
	plain := laneRunner(t, "cluster-job-default.yaml")
	if l := plain.Sim.Inspect().ControllerInformerLane(); l.InFlightLen != 0 || len(l.InFlight) != 0 {
		t.Errorf("current caches: %s", laneLine(l))
	}
}
