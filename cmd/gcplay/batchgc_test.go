package main

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestBatchGC: sim and dot run with batchGCPercent unless GOGC is in the environment;
// other commands keep the default.
func TestBatchGC(t *testing.T) {
	for _, tc := range []struct {
		gogc string // "-": not set
		args []string
		want int
	}{
		{"-", []string{"sim", "-f", "x"}, batchGCPercent},
		{"-", []string{"dot"}, batchGCPercent},
		{"-", []string{"serve"}, 100},
		{"-", nil, 100},
		{"100", []string{"sim"}, 100},
		{"off", []string{"sim"}, 100},
	} {
		t.Setenv("GOGC", tc.gogc) // restores the variable after the test
		if tc.gogc == "-" {
			os.Unsetenv("GOGC")
		}
		old := debug.SetGCPercent(100)
		batchGC(tc.args)
		if got := debug.SetGCPercent(old); got != tc.want {
			t.Errorf("GOGC %s, %v: GC percent %d, want %d", tc.gogc, tc.args, got, tc.want)
		}
	}
}
