package gccore_test

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/faults"
)

// TestRelistWithNothingLostListsNothing: a relist tick at which no watch event was lost
// since the last relist lists nothing (FAULT-3: the cache and the events in flight are
// the API server's state, so there is nothing to repair). Issue 21: with `relistEvery: 1`
// every tick listed every object, in both the GC's and the controllers' informers, so
// 5,000 objects kept busy by `apiErrors: 0.99` to the tick bound took 529 s of
// `gcplay sim` (and the page's Run until idle as long). Measured in bytes allocated by
// 200 ticks of an idle Sim holding 5,000 objects: about 70 MB when each tick listed them.
func TestRelistWithNothingLostListsNothing(t *testing.T) {
	sim, err := gccore.New(gccore.Config{NoTrace: true, Faults: faults.Config{Seed: 1, RelistEvery: 1, DropWatch: 0.01}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5000 {
		o, err := gccore.ObjectFromUnstructured(map[string]any{"apiVersion": "v1", "kind": "ConfigMap",
			"metadata": map[string]any{"name": fmt.Sprintf("c%d", i), "namespace": "default"}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sim.Create(o); err != nil {
			t.Fatal(err)
		}
	}
	if err := sim.RunUntilIdle(1000); err != nil { // the lost events' relist repairs them
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range 200 {
		sim.Tick()
	}
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 4<<20 {
		t.Errorf("200 relist ticks with nothing lost allocated %d bytes: they listed the objects", n)
	}
	if !sim.Idle() {
		t.Errorf("not idle after the relists: %s", sim.Busy())
	}
}
