package session

import (
	"strings"
	"testing"
)

// TestIdleNote: Run until idle that changes nothing on screen says so, and what to do;
// one that deleted or marked something says nothing (the graph shows it).
func TestIdleNote(t *testing.T) {
	same := objectCounts{objects: 5}
	for _, c := range []struct {
		name          string
		before, after objectCounts
		from, to      int64
		want          string
	}{
		{"caught up, nothing to delete", same, same, 0, 2, "Idle at tick 2"},
		{"already idle", same, same, 4, 4, "Already idle"},
		{"objects deleted", same, objectCounts{objects: 2}, 0, 9, ""},
		{"object terminating", same, objectCounts{objects: 5, terminating: 1}, 0, 3, ""},
	} {
		got := idleNote("en", c.before, c.after, c.from, c.to)
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: idleNote = %q, want %q", c.name, got, c.want)
		}
		if got != "" && !strings.Contains(got, "press Delete") {
			t.Errorf("%s: %q does not say what to try next", c.name, got)
		}
	}
}
