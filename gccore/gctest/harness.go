// Package gctest runs datadriven scripts (cockroachdb/datadriven) against a gccore
// simulation, like etcd's rafttest does for raft: one command vocabulary, in which every
// command that changes the simulation is parsed into gccore.Inputs and applied with
// Sim.Apply, the same entry point the scenario player, the workspace and the console use.
//
// Commands (refs are Kind/namespace/name or Kind/name; api=group/version overrides the
// preferred version):
//
//	new [workers=N] [delay=N] [delay-KIND=N] [cache=N] [requeue=immediate] [gc=off] [kubernetes=V]
//	    input: optional YAML with resources: (custom kinds) and faults: (the fault lab)
//	create                      input: YAML objects (--- separated)
//	patch REF [type=merge|strategic]          input: the patch body (YAML or JSON)
//	delete REF [policy=P] [orphan=B] [grace=N] [uid=U] [rv=R]
//	add-finalizer REF f=NAME / remove-finalizer REF f=NAME
//	tick [n=N]   idle [max=N]   deliver [kind=K]   process   run-delete [reads] [REF]   run-orphan
//	restart                     restarts kube-controller-manager (SYNC-7)
//	    each prints the trace records it produced; run-delete reads makes the item's
//	    reads and decision only, its writes waiting for the next run-delete or tick;
//	    run-delete REF takes that item instead of the head (one of a round's items)
//	objects  graph  queues  cache  events  dot  why REF  watch  trace  busy (Sim.Busy)
//	scenario [kubernetes=V] [faults-seed=N]   input: a scenario file; prints the final objects and the order of DELETED events
package gctest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/faults"
	"github.com/gcplay/gcplay/gccore/scenario"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/yaml"
)

// Harness holds the simulation a script drives; the first command other than new and
// scenario makes a default one.
type Harness struct {
	Sim *gccore.Sim
	// ready is what Sim emitted and no command printed yet: a command prints either the
	// records or the watch events, and the other part waits for its command.
	ready gccore.Ready
}

// records takes the simulation's output and returns its records not printed yet.
func (h *Harness) records() []gccore.Record {
	h.take()
	rs := h.ready.Records
	h.ready.Records = nil
	return rs
}

// watch takes the simulation's output and returns its watch events not printed yet.
func (h *Harness) watch() []gccore.WatchEvent {
	h.take()
	ws := h.ready.Watch
	h.ready.Watch = nil
	return ws
}

func (h *Harness) take() {
	rd := h.Sim.Take()
	h.ready.Records = append(h.ready.Records, rd.Records...)
	h.ready.Watch = append(h.ready.Watch, rd.Watch...)
}

// Run runs one command and returns its output.
func (h *Harness) Run(t testing.TB, d *datadriven.TestData) string {
	if d.Cmd != "new" && d.Cmd != "scenario" && h.Sim == nil {
		h.New(t, d)
	}
	s := h.Sim
	if ins, ok := h.Inputs(t, d); ok {
		return h.apply(ins)
	}
	switch d.Cmd {
	case "new":
		h.New(t, d)
		return "ok"
	case "scenario":
		return runScenario(t, d)
	case "idle":
		max := int64(10000)
		d.MaybeScanArgs(t, "max", &max)
		err := s.RunUntilIdle(max)
		return errLine(err) + render(h.records()) + fmt.Sprintf("idle at tick %d\n", s.CurrentTick())
	case "objects":
		var b strings.Builder
		for _, o := range s.Objects() {
			b.WriteString(gccore.ObjectLine(o) + "\n")
		}
		return nonEmpty(b.String())
	case "graph":
		var b strings.Builder
		for _, n := range s.Inspect().Graph() {
			b.WriteString(gccore.NodeLine(n) + "\n")
		}
		return nonEmpty(b.String())
	case "queues":
		return queues(s)
	case "busy":
		if b := s.Busy(); b != "" {
			return "busy: " + b + "\n"
		}
		return "idle\n"
	case "cache":
		return nonEmpty(strings.Join(s.Inspect().AbsentOwners(), "\n"))
	case "events":
		var b strings.Builder
		for _, e := range s.Inspect().GCEvents() {
			fmt.Fprintf(&b, "t=%d %s %s on %s: %s\n", e.Tick, e.Type, e.Reason, e.Object, e.Message)
		}
		return nonEmpty(b.String())
	case "dot":
		return s.Inspect().DOT()
	case "why":
		return strings.Join(s.Inspect().Why(h.ref(t, d)), "\n") + "\n"
	case "watch":
		var b strings.Builder
		for _, ev := range h.watch() {
			fmt.Fprintf(&b, "t=%d %s %s\n", ev.Tick, ev.Type, gccore.ObjectLine(ev.Object))
		}
		return nonEmpty(b.String())
	case "trace":
		return nonEmpty(render(h.records()))
	}
	t.Fatalf("%s: unknown command %q", d.Pos, d.Cmd)
	return ""
}

// apply applies a command's inputs and prints their errors and the trace records they
// produced, or what a fine step prints when it had nothing to do.
func (h *Harness) apply(ins []gccore.Input) string {
	s := h.Sim
	var b strings.Builder
	for _, in := range ins {
		got, err := s.Apply(in)
		b.WriteString(errLine(err))
		if err == nil && !got.Did {
			return nothing[in.Op]
		}
	}
	return b.String() + render(h.records())
}

// queues prints the queues command: the informer's pending events, graphChanges, and the
// GC's work queues.
func queues(s *gccore.Sim) string {
	var b strings.Builder
	fmt.Fprintf(&b, "pending watch events: %d\n", s.Inspect().PendingWatchEvents())
	if gcs := s.Inspect().GraphChanges(); len(gcs) > 0 {
		b.WriteString("graphChanges:\n")
		for _, g := range gcs {
			v := ""
			if g.Virtual {
				v = " (virtual)"
			}
			fmt.Fprintf(&b, "  %s%s %s\n", g.Type, v, g.Key)
		}
	} else {
		b.WriteString("graphChanges: empty\n")
	}
	for _, q := range s.Inspect().Queues() {
		b.WriteString(gccore.QueueLines(q))
	}
	return b.String()
}

// nothing is what a fine step prints when it had nothing to do.
var nothing = map[gccore.InputOp]string{
	gccore.InputDeliverEvent: "no event\n",
	gccore.InputGraphChange:  "graphChanges is empty\n",
	gccore.InputDeleteItem:   "attemptToDelete is empty\n",
	gccore.InputOrphanItem:   "attemptToOrphan is empty\n",
}

// Inputs parses a command that changes the simulation into the inputs it applies;
// ok is false for any other command.
func (h *Harness) Inputs(t testing.TB, d *datadriven.TestData) (ins []gccore.Input, ok bool) {
	switch d.Cmd {
	case "create":
		for _, doc := range splitDocs(d.Input) {
			var m map[string]any
			if err := yaml.Unmarshal([]byte(doc), &m); err != nil {
				t.Fatalf("%s: bad YAML: %v", d.Pos, err)
			}
			o, err := gccore.ObjectFromUnstructured(m)
			if err != nil {
				t.Fatalf("%s: %v", d.Pos, err)
			}
			if r, ok := h.Sim.Resources().Lookup(o.APIVersion, o.Kind); ok && r.Namespaced && o.Namespace == "" {
				o.Namespace = "default"
			}
			ins = append(ins, gccore.CreateInput(o))
		}
	case "patch":
		body, err := yaml.YAMLToJSON([]byte(d.Input))
		if err != nil {
			t.Fatalf("%s: %v", d.Pos, err)
		}
		in := gccore.PatchInput(h.ref(t, d), body)
		if d.HasArg("type") {
			var v string
			d.ScanArgs(t, "type", &v)
			in.PatchType = gccore.PatchType(v)
		}
		ins = append(ins, in)
	case "delete":
		ins = append(ins, gccore.DeleteInput(h.ref(t, d), deleteOptions(t, d)))
	case "add-finalizer", "remove-finalizer":
		var f string
		d.ScanArgs(t, "f", &f)
		ins = append(ins, gccore.FinalizerInput(h.ref(t, d), f, d.Cmd == "add-finalizer"))
	case "tick":
		n := 1
		d.MaybeScanArgs(t, "n", &n)
		if n > 0 {
			ins = append(ins, gccore.Input{Op: gccore.InputTick, Ticks: int64(n)})
		}
	case "deliver":
		in := gccore.Input{Op: gccore.InputDeliverEvent}
		d.MaybeScanArgs(t, "kind", &in.EventKind)
		ins = append(ins, in)
	case "process":
		ins = append(ins, gccore.Input{Op: gccore.InputGraphChange})
	case "run-delete":
		in := gccore.Input{Op: gccore.InputDeleteItem, Reads: d.HasArg("reads")}
		for _, a := range d.CmdArgs {
			if strings.Contains(a.Key, "/") { // the item to take instead of the head
				r := h.refOf(t, d, a.Key)
				in.Ref = &r
			}
		}
		ins = append(ins, in)
	case "restart":
		ins = append(ins, gccore.Input{Op: gccore.InputRestart, Restart: gccore.RestartControllerManager})
	case "run-orphan":
		ins = append(ins, gccore.Input{Op: gccore.InputOrphanItem})
	default:
		return nil, false
	}
	return ins, true
}

func (h *Harness) New(t testing.TB, d *datadriven.TestData) {
	cfg := gccore.Config{InformerDelays: map[string]int{}}
	for _, a := range d.CmdArgs {
		v := ""
		if len(a.Vals) > 0 {
			v = a.Vals[0]
		}
		num := func() int {
			n, err := strconv.Atoi(v)
			if err != nil {
				t.Fatalf("%s: %s=%q: want a number", d.Pos, a.Key, v)
			}
			return n
		}
		switch {
		case a.Key == "workers":
			cfg.Workers = num()
		case a.Key == "delay":
			cfg.InformerDelay = gccore.Ticks(num())
		case strings.HasPrefix(a.Key, "delay-"):
			cfg.InformerDelays[strings.TrimPrefix(a.Key, "delay-")] = num()
		case a.Key == "cache":
			cfg.AbsentOwnerCacheSize = num()
		case a.Key == "requeue" && v == "immediate":
			cfg.RequeueImmediately = true
		case a.Key == "gc" && v == "off":
			cfg.GarbageCollectionDisabled = true
		case a.Key == "kubernetes":
			cfg.Kubernetes = release(t, d, v)
		default:
			t.Fatalf("%s: unknown argument %s", d.Pos, a)
		}
	}
	if d.Cmd == "new" && strings.TrimSpace(d.Input) != "" {
		var in struct {
			Resources []gccore.ResourceDecl `json:"resources"`
			Faults    json.RawMessage       `json:"faults"` // the fault lab (FAULT-1 … FAULT-4)
		}
		if err := yaml.UnmarshalStrict([]byte(d.Input), &in); err != nil {
			t.Fatalf("%s: %v", d.Pos, err)
		}
		cfg.Resources = in.Resources
		if in.Faults != nil {
			fc, err := faults.Parse(in.Faults)
			if err != nil {
				t.Fatalf("%s: %v", d.Pos, err)
			}
			cfg.Faults = fc
		}
	}
	sim, err := gccore.New(cfg)
	if err != nil {
		t.Fatalf("%s: %v", d.Pos, err)
	}
	h.Sim, h.ready = sim, gccore.Ready{}
}

// ref reads the first bare argument: Kind/namespace/name or Kind/name.
func (h *Harness) ref(t testing.TB, d *datadriven.TestData) gccore.ObjectRef {
	if len(d.CmdArgs) == 0 {
		t.Fatalf("%s: %s needs an object reference", d.Pos, d.Cmd)
	}
	return h.refOf(t, d, d.CmdArgs[0].Key)
}

// refOf reads key, Kind/namespace/name or Kind/name, as ref does.
func (h *Harness) refOf(t testing.TB, d *datadriven.TestData, key string) gccore.ObjectRef {
	parts := strings.Split(key, "/")
	ref := gccore.ObjectRef{Kind: parts[0]}
	switch len(parts) {
	case 2:
		ref.Name = parts[1]
	case 3:
		ref.Namespace, ref.Name = parts[1], parts[2]
	default:
		t.Fatalf("%s: bad reference %q: want Kind/namespace/name or Kind/name", d.Pos, key)
	}
	if d.HasArg("api") {
		d.ScanArgs(t, "api", &ref.APIVersion)
	} else {
		for _, r := range h.Sim.Resources().All() {
			if p, _ := h.Sim.Resources().Preferred(r.GVK.GroupKind()); r.GVK.Kind == ref.Kind && r.Monitored && p == r {
				ref.APIVersion = r.GVK.GroupVersion().String()
				break
			}
		}
	}
	return ref
}

func deleteOptions(t testing.TB, d *datadriven.TestData) metav1.DeleteOptions {
	var o metav1.DeleteOptions
	if d.HasArg("policy") {
		var p string
		d.ScanArgs(t, "policy", &p)
		pp := metav1.DeletionPropagation(p)
		o.PropagationPolicy = &pp
	}
	if d.HasArg("orphan") {
		var b bool
		d.ScanArgs(t, "orphan", &b)
		o.OrphanDependents = &b
	}
	if d.HasArg("grace") {
		var g int64
		d.ScanArgs(t, "grace", &g)
		o.GracePeriodSeconds = &g
	}
	if d.HasArg("uid") || d.HasArg("rv") {
		o.Preconditions = &metav1.Preconditions{}
		if d.HasArg("uid") {
			var u string
			d.ScanArgs(t, "uid", &u)
			uid := types.UID(u)
			o.Preconditions.UID = &uid
		}
		if d.HasArg("rv") {
			var rv string
			d.ScanArgs(t, "rv", &rv)
			o.Preconditions.ResourceVersion = &rv
		}
	}
	return o
}

// runScenario runs a scenario file and prints the final objects and the deletion order.
func runScenario(t testing.TB, d *datadriven.TestData) string {
	var cfg gccore.Config
	if d.HasArg("kubernetes") { // as gcplay sim --kubernetes: overrides the file's
		var v string
		d.ScanArgs(t, "kubernetes", &v)
		cfg.Kubernetes = release(t, d, v)
	}
	if d.HasArg("faults-seed") { // as gcplay sim --faults-seed: reseeds the file's faults:
		d.ScanArgs(t, "faults-seed", &cfg.Faults.Seed)
	}
	r, err := scenario.Run(d.Pos, []byte(d.Input), cfg, scenario.DefaultMaxTicks)
	if r == nil {
		return "error: " + err.Error() + "\n"
	}
	var b strings.Builder
	if err != nil {
		fmt.Fprintf(&b, "error: %v\n", err)
	}
	if err := r.Sim.Inspect().CheckInvariants(); err != nil {
		t.Fatalf("%s: invariant broken: %v", d.Pos, err)
	}
	b.WriteString("deleted:")
	for _, ev := range r.Sim.Take().Watch {
		if ev.Type == "DELETED" {
			fmt.Fprintf(&b, " t=%d:%s", ev.Tick, ev.Object.Name)
		}
	}
	fmt.Fprintf(&b, "\nidle at tick %d\n", r.Sim.CurrentTick())
	for _, o := range r.Sim.Objects() {
		b.WriteString(gccore.ObjectLine(o) + "\n")
	}
	return b.String()
}

// release reads a kubernetes= argument.
func release(t testing.TB, d *datadriven.TestData, v string) gccore.Release {
	r, err := gccore.ParseRelease(v)
	if err != nil {
		t.Fatalf("%s: kubernetes: %v", d.Pos, err)
	}
	return r
}

func splitDocs(s string) []string {
	var out []string
	for _, doc := range strings.Split(s, "\n---") {
		if strings.TrimSpace(doc) != "" {
			out = append(out, doc)
		}
	}
	return out
}

func render(rs []gccore.Record) string { return gccore.RenderTrace(rs) }

func errLine(err error) string {
	if err == nil {
		return ""
	}
	return "error: " + err.Error() + "\n"
}

func nonEmpty(s string) string {
	if strings.TrimSpace(s) == "" {
		return "(none)\n"
	}
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}
