package gccore

import (
	"fmt"
	"strings"
)

// Component names used in trace records.
const (
	CompUser         = "user"
	CompAPIServer    = "apiserver"
	CompInformer     = "informer"
	CompGraphBuilder = "graph-builder"
	CompQueue        = "queue"
)

// Record is one state change or decision (issue: "every state change is a record").
// Records are immutable once emitted.
type Record struct {
	Seq  int64 `json:"seq"` // position in the trace, from 1
	Tick int64 `json:"tick"`
	// Component is "user", "apiserver", "informer", "graph-builder", "queue",
	// or a worker: "delete-worker-N" / "orphan-worker-N".
	Component string `json:"component"`
	Queue     string `json:"queue,omitempty"` // graphChanges, attemptToDelete, attemptToOrphan
	Key       string `json:"key,omitempty"`   // the object or node concerned
	Rule      string `json:"rule,omitempty"`  // gc-behavior.md rule id
	Text      string `json:"text"`            // the decision or change, in words
	Call      string `json:"call,omitempty"`  // an API call, rendered
	Result    string `json:"result,omitempty"`
}

// String is the canonical one-line rendering shared by tests, the CLI and the UI log.
func (r Record) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "t=%d %s", r.Tick, r.Component)
	if r.Queue != "" {
		b.WriteString(" [" + r.Queue + "]")
	}
	if r.Rule != "" {
		b.WriteString(" " + r.Rule)
	}
	if r.Key != "" {
		b.WriteString(" " + r.Key)
	}
	if r.Text != "" {
		b.WriteString(": " + r.Text)
	}
	if r.Call != "" {
		b.WriteString(" | " + r.Call)
		if r.Result != "" {
			b.WriteString(" -> " + r.Result)
		}
	}
	return b.String()
}

// tracer collects records; keep is false to only count them (benchmarks).
type tracer struct {
	clock   *clock
	seq     int64
	keep    bool
	records []Record
	// deferred holds API server records made inside a call; they follow the call's record.
	deferred []Record
}

func (t *tracer) add(r Record) {
	if !t.keep {
		t.seq++
		return
	}
	t.append(r)
	for _, d := range t.deferred {
		t.append(d)
	}
	t.deferred = t.deferred[:0]
}

// addLazy is add for hot paths: build runs only when records are kept, so a Quiet
// simulation formats no strings for records nobody reads. The record is counted either way.
func (t *tracer) addLazy(build func() Record) {
	if !t.keep {
		t.seq++
		return
	}
	t.add(build())
}

// addAfterCall records build() after the record of the API call in progress; like
// addLazy, it calls build only when records are kept.
func (t *tracer) addAfterCall(build func() Record) {
	if !t.keep {
		t.seq++
		return
	}
	t.deferred = append(t.deferred, build())
}

func (t *tracer) append(r Record) {
	t.seq++
	r.Seq, r.Tick = t.seq, t.clock.tick
	t.records = append(t.records, r)
}

// RenderTrace renders records one per line.
func RenderTrace(rs []Record) string {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString(r.String())
		b.WriteByte('\n')
	}
	return b.String()
}
