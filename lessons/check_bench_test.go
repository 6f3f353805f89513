package lessons

import (
	"context"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/internal/fixtures"
)

// TestCheckWorkIsLinear bounds Check's work by counting: one replay for the solution and
// one per attempt, each on the start parsed once by Parse (a check parsed it again for
// every replay: a 486 KB lesson took over 120 s), and a lesson whose replays would create
// more than MaxReplayObjects objects is refused when it is read.
func TestCheckWorkIsLinear(t *testing.T) {
	l, err := Parse("big.yaml", []byte(fixtures.BigLesson(200, 300, 40)))
	if err != nil {
		t.Fatal(err)
	}
	before := replays.Load()
	if err := Check(l); err != nil {
		t.Fatal(err)
	}
	if n := replays.Load() - before; n != 1+40 {
		t.Errorf("%d replays, want 41: the solution and 40 wrong attempts", n)
	}
	sc, err := l.scenario("wrong[0].steps", l.Wrong[0].Steps)
	if err != nil || &sc.Objects[0] != &l.start.Objects[0] {
		t.Errorf("a replay parsed the start again (%v)", err)
	}
	_, err = Parse("big.yaml", []byte(fixtures.BigLesson(2000, 1, 500)))
	if err == nil || !strings.Contains(err.Error(), "start: 2001 objects, replayed for the solution and 500 attempts, are 1002501 objects to check, more than 1000000") {
		t.Errorf("too much to replay: %v", err)
	}
}

// TestCheckContextStops: a check ends promptly, naming the lesson, once its context ends
// (gcplay serve --lessons ignored Ctrl-C while it checked, issue 21 §4). The context ends
// after a count of checks, not a time: the same on every machine, and in wasm, where a
// timer cannot fire while the check runs.
func TestCheckContextStops(t *testing.T) {
	l, err := Parse("big.yaml", []byte(fixtures.BigLesson(2000, 1, 400)))
	if err != nil {
		t.Fatal(err)
	}
	before := replays.Load()
	err = CheckContext(&endsAfter{Context: context.Background(), checks: 100}, l)
	if err == nil || !strings.HasPrefix(err.Error(), "big.yaml: ") || !strings.Contains(err.Error(), "interrupted (context canceled)") {
		t.Fatalf("CheckContext = %v, want big.yaml: ... interrupted", err)
	}
	if n := replays.Load() - before; n > 10 {
		t.Errorf("%d replays: the check went on after its context ended", n)
	}
}

// endsAfter is a context that ends once Err has been asked checks times.
type endsAfter struct {
	context.Context
	checks int
}

func (c *endsAfter) Err() error {
	if c.checks--; c.checks < 0 {
		return context.Canceled
	}
	return nil
}

// BenchmarkCheck is lessons check on a large lesson: 1,000 objects, a solution of 1,000
// steps, 300 wrong attempts (make bench-lessons).
func BenchmarkCheck(b *testing.B) {
	l, err := Parse("big.yaml", []byte(fixtures.BigLesson(1000, 1000, 300)))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := Check(l); err != nil {
			b.Fatal(err)
		}
	}
}
