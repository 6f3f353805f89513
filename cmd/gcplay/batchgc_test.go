package main

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestBatchGC: a scenario is parsed and run with batchGCPercent unless GOGC is in the
// environment, and the setting is put back for the output.
func TestBatchGC(t *testing.T) {
	gcPercent := func() int {
		p := debug.SetGCPercent(100)
		debug.SetGCPercent(p)
		return p
	}
	for _, tc := range []struct {
		gogc string // "-": not set
		want int
	}{
		{"-", batchGCPercent},
		{"100", 100},
		{"off", 100},
	} {
		t.Setenv("GOGC", tc.gogc) // restores the variable after the test
		if tc.gogc == "-" {
			os.Unsetenv("GOGC")
		}
		before := debug.SetGCPercent(100)
		restore := batchGC()
		during := gcPercent()
		restore()
		after := debug.SetGCPercent(before)
		if during != tc.want || after != 100 {
			t.Errorf("GOGC %s: GC percent %d during the run, %d after; want %d, 100", tc.gogc, during, after, tc.want)
		}
	}
}
