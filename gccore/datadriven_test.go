package gccore_test

// Text tests: every file under testdata/script is a datadriven script (cockroachdb/datadriven)
// in the command vocabulary of package gctest. Regenerate expectations with:
// go test ./gccore -run TestScripts -rewrite

import (
	"testing"

	"github.com/cockroachdb/datadriven"
	"github.com/gcplay/gcplay/gccore/gctest"
)

func TestScripts(t *testing.T) {
	datadriven.Walk(t, "testdata/script", func(t *testing.T, path string) {
		h := &gctest.Harness{}
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			out := h.Run(t, d)
			if h.Sim != nil {
				if err := h.Sim.Inspect().CheckInvariants(); err != nil {
					t.Fatalf("%s: after %q: invariant broken: %v", d.Pos, d.Cmd, err)
				}
			}
			return out
		})
	})
}
