package gccore

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/gcplay/gcplay/gccore/rules"
	"k8s.io/apimachinery/pkg/types"
)

// Role is what a component does: one of the Role constants below, or a controller's
// name (package cluster's "replicaset-controller").
type Role string

// The roles of the simulation.
const (
	RoleUser         Role = "user"
	RoleAPIServer    Role = "apiserver"
	RoleInformer     Role = "informer"
	RoleGraphBuilder Role = "graph-builder"
	RoleQueue        Role = "queue"
	RoleDeleteWorker Role = "delete-worker" // attemptToDelete's workers
	RoleOrphanWorker Role = "orphan-worker" // attemptToOrphan's workers
)

// numbered reports whether a role has numbered workers: a component of the role is
// always one of them ("delete-worker-3").
func (r Role) numbered() bool { return r == RoleDeleteWorker || r == RoleOrphanWorker }

// queue is the queue a worker of the role serves: attemptToOrphan for orphan workers,
// else attemptToDelete.
func (r Role) queue() Queue {
	if r == RoleOrphanWorker {
		return QueueAttemptToOrphan
	}
	return QueueAttemptToDelete
}

// Component is who made a trace record: a role, and for the two worker roles the
// worker's number (Component{Role: RoleDeleteWorker, N: 3} is "delete-worker-3"). It
// renders, and encodes in JSON, as that text.
type Component struct {
	Role Role
	N    int // the worker's number, from 0; 0 for a role without workers
}

// The components that are not workers.
var (
	CompUser         = Component{Role: RoleUser}
	CompAPIServer    = Component{Role: RoleAPIServer}
	CompInformer     = Component{Role: RoleInformer}
	CompGraphBuilder = Component{Role: RoleGraphBuilder}
	CompQueue        = Component{Role: RoleQueue}
)

// Worker names worker i of a role.
func Worker(role Role, i int) Component { return Component{Role: role, N: i} }

func (c Component) String() string {
	if !c.Role.numbered() {
		return string(c.Role)
	}
	return string(c.Role) + "-" + strconv.Itoa(c.N)
}

// MarshalText renders c as String does, so that JSON keeps the component as one string.
func (c Component) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (c *Component) UnmarshalText(b []byte) error {
	s := string(b)
	for _, role := range []Role{RoleDeleteWorker, RoleOrphanWorker} {
		if rest, ok := strings.CutPrefix(s, string(role)+"-"); ok {
			n, err := strconv.Atoi(rest)
			if err != nil || n < 0 {
				return fmt.Errorf("component %q: want %s-N with N a worker number", s, role)
			}
			*c = Component{Role: role, N: n}
			return nil
		}
	}
	*c = Component{Role: Role(s)}
	return nil
}

// Outcome is an API call's result: its HTTP status code and reason (200 OK, 404
// NotFound), or the text of an error that has no status. The zero value is no call.
type Outcome struct {
	Code   int32  // 0 for an error without a status
	Reason string // "OK", or the status's reason (metav1.StatusReason)
	Err    string // the error's text, when Code is 0
}

// String renders the outcome as the trace shows it: "200 OK", "409 Conflict", "error: …".
func (o Outcome) String() string {
	switch {
	case o == Outcome{}:
		return ""
	case o.Code == 0:
		return "error: " + o.Err
	}
	return strconv.Itoa(int(o.Code)) + " " + o.Reason
}

// MarshalText renders o as String does: JSON keeps the result as one string.
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (o *Outcome) UnmarshalText(b []byte) error {
	s := string(b)
	if msg, ok := strings.CutPrefix(s, "error: "); ok {
		*o = Outcome{Err: msg}
		return nil
	}
	code, reason, _ := strings.Cut(s, " ")
	n, err := strconv.ParseInt(code, 10, 32)
	if err != nil || n <= 0 {
		return fmt.Errorf("result %q: want a status code and reason (200 OK) or error: text", s)
	}
	*o = Outcome{Code: int32(n), Reason: reason}
	return nil
}

// Queue names the queue a record concerns.
type Queue string

// The GC's queues (upstream's names).
const (
	QueueGraphChanges    Queue = "graphChanges"
	QueueAttemptToDelete Queue = "attemptToDelete"
	QueueAttemptToOrphan Queue = "attemptToOrphan"
)

// Record is one state change or decision (issue: "every state change is a record").
// Records are immutable once emitted.
type Record struct {
	Seq       int64     `json:"seq"` // position in the trace, from 1
	Tick      int64     `json:"tick"`
	Component Component `json:"component"`
	Queue     Queue     `json:"queue,omitempty"` // the queue concerned, if any
	// Object is the object concerned, zero when none; UID is set when the record is about
	// a node of the GC's graph (its identity: the reference and the uid). Key renders both.
	Object ObjectRef `json:"-"`
	UID    types.UID `json:"-"`
	Rule   rules.ID  `json:"rule,omitempty"` // the gc-behavior.md rule that decided
	// Also is a second rule the same record applies (GB-14's Event beside the rule that
	// found the bad reference), shown after Rule. A field, not a slice, so that records
	// stay comparable.
	Also   rules.ID `json:"also,omitempty"`
	Text   string   `json:"text"`            // the decision or change, in words
	Call   string   `json:"call,omitempty"`  // an API call, rendered (calls.go)
	Result Outcome  `json:"result,omitzero"` // the call's result
}

// Key renders Object and UID as the trace line shows them: "v1/Pod default/web-1", and
// for a node "v1/Pod default/web-1 (uid)"; "" when the record concerns no object.
func (r Record) Key() string {
	if r.Object == (ObjectRef{}) {
		return ""
	}
	if r.UID == "" {
		return r.Object.String()
	}
	return r.Object.String() + " (" + string(r.UID) + ")"
}

// MarshalJSON encodes the record with its Key as "key", in the fields' order.
func (r Record) MarshalJSON() ([]byte, error) {
	type fields struct {
		Seq       int64     `json:"seq"`
		Tick      int64     `json:"tick"`
		Component Component `json:"component"`
		Queue     Queue     `json:"queue,omitempty"`
		Key       string    `json:"key,omitempty"`
		Rule      rules.ID  `json:"rule,omitempty"`
		Also      rules.ID  `json:"also,omitempty"`
		Text      string    `json:"text"`
		Call      string    `json:"call,omitempty"`
		Result    Outcome   `json:"result,omitzero"`
	}
	return json.Marshal(fields{r.Seq, r.Tick, r.Component, r.Queue, r.Key(), r.Rule, r.Also, r.Text, r.Call, r.Result})
}

// Rules is Rule and Also, the ids the record cites, in the order the line shows them.
func (r Record) Rules() []rules.ID {
	switch {
	case r.Rule == "":
		return nil
	case r.Also == "":
		return []rules.ID{r.Rule}
	}
	return []rules.ID{r.Rule, r.Also}
}

// String is the canonical one-line rendering shared by tests, the CLI and the UI log.
func (r Record) String() string {
	var b strings.Builder
	r.Write(func(s string) { b.WriteString(s) }, func(id rules.ID) { b.WriteString(string(id)) })
	return b.String()
}

// Write renders the line String renders through two callbacks: plain gets the runs of
// text between the rule ids, rule each id (Rule, then Also), so that a page links the
// ids from the record's fields instead of finding them in the text again.
func (r Record) Write(plain func(string), rule func(rules.ID)) {
	plain("t=" + strconv.FormatInt(r.Tick, 10) + " " + r.Component.String())
	if r.Queue != "" {
		plain(" [" + string(r.Queue) + "]")
	}
	if r.Rule != "" {
		plain(" ")
		rule(r.Rule)
		if r.Also != "" {
			plain(" ")
			rule(r.Also)
		}
	}
	if r.Object != (ObjectRef{}) {
		plain(" " + r.Key())
	}
	if r.Text != "" {
		plain(": " + r.Text)
	}
	if r.Call != "" {
		plain(" | " + r.Call)
		if r.Result != (Outcome{}) {
			plain(" -> " + r.Result.String())
		}
	}
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

// user records a person's API call (Sim.Create, Patch, Delete, ...) and its result.
func (t *tracer) user(call string, key ObjectRef, err error) {
	t.add(Record{Component: CompUser, Object: key, Call: call, Result: outcomeOf(err)})
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
