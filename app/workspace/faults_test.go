package workspace

import (
	"testing"

	"github.com/gcplay/gcplay/internal/fixtures"
)

// TestLostWatchInView: the view says which watch events the GC's informers lost
// (FAULT-2) and the tick of the relist that repairs them (FAULT-3). In the dropped-event
// golden, seed 30 loses the owner's DELETED at tick 1; the relist at tick 10 repairs it.
func TestLostWatchInView(t *testing.T) {
	w, err := New("faults-dropped-event-relist.yaml", fixtures.Golden(t, "faults-dropped-event-relist.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	seen := false
	for i := 0; i < 40 && !w.View().Settled; i++ {
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
		v := w.View()
		in := v.Informers
		if in.LostLen > 0 {
			seen = true
			if in.NextRelist <= v.Tick || in.NextRelist%10 != 0 {
				t.Fatalf("tick %d: %d lost, relist at %d, want the next multiple of relistEvery 10", v.Tick, in.LostLen, in.NextRelist)
			}
		}
		if v.Tick == 5 && (in.LostLen != 1 || in.Lost[0].Object.Name != "owner" || in.NextRelist != 10) {
			t.Fatalf("tick 5: %+v lost, relist at %d; want the owner's DELETED lost until tick 10", in.Lost, in.NextRelist)
		}
	}
	if !seen || w.View().Informers.LostLen != 0 {
		t.Fatalf("lost seen: %v; at the end %d lost", seen, w.View().Informers.LostLen)
	}
}
