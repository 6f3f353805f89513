package gccore

import (
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/gccore/rules"
)

// Component is who made a trace record: one of the constants below, or a GC worker,
// named for its role and number ("delete-worker-3", Worker).
type Component string

// The components of the simulation. The two worker roles are never a record's component
// themselves: their numbered workers are (Component.Role gives the role back).
const (
	CompUser         Component = "user"
	CompAPIServer    Component = "apiserver"
	CompInformer     Component = "informer"
	CompGraphBuilder Component = "graph-builder"
	CompQueue        Component = "queue"
	CompDeleteWorker Component = "delete-worker" // attemptToDelete's workers
	CompOrphanWorker Component = "orphan-worker" // attemptToOrphan's workers
)

// Worker names worker i of a role.
func Worker(role Component, i int) Component { return Component(fmt.Sprintf("%s-%d", role, i)) }

// Role is the role of a worker ("delete-worker" for "delete-worker-3"); any other
// component is its own role.
func (c Component) Role() Component {
	for _, role := range []Component{CompDeleteWorker, CompOrphanWorker} {
		if rest, ok := strings.CutPrefix(string(c), string(role)+"-"); ok && rest != "" {
			return role
		}
	}
	return c
}

// Record is one state change or decision (issue: "every state change is a record").
// Records are immutable once emitted.
type Record struct {
	Seq       int64     `json:"seq"` // position in the trace, from 1
	Tick      int64     `json:"tick"`
	Component Component `json:"component"`
	Queue     string    `json:"queue,omitempty"` // graphChanges, attemptToDelete, attemptToOrphan
	Key       string    `json:"key,omitempty"`   // the object or node concerned
	Rule      rules.ID  `json:"rule,omitempty"`  // the gc-behavior.md rule that decided
	// Also is a second rule the same record applies (GB-14's Event beside the rule that
	// found the bad reference), shown after Rule. A field, not a slice, so that records
	// stay comparable.
	Also   rules.ID `json:"also,omitempty"`
	Text   string   `json:"text"`           // the decision or change, in words
	Call   string   `json:"call,omitempty"` // an API call, rendered
	Result string   `json:"result,omitempty"`
}

// Rules is Rule and Also as the trace line shows them: "GB-3 GB-14".
func (r Record) Rules() string {
	if r.Also == "" {
		return string(r.Rule)
	}
	return string(r.Rule) + " " + string(r.Also)
}

// String is the canonical one-line rendering shared by tests, the CLI and the UI log.
func (r Record) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "t=%d %s", r.Tick, r.Component)
	if r.Queue != "" {
		b.WriteString(" [" + r.Queue + "]")
	}
	if r.Rule != "" {
		b.WriteString(" " + r.Rules())
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
