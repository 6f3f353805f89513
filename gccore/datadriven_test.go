package gccore_test

// Text tests: every file under testdata/script is a datadriven script (cockroachdb/datadriven).
// Regenerate expectations with: go test ./gccore -run TestScripts -rewrite
//
// Commands (refs are Kind/namespace/name or Kind/name; api=group/version overrides the
// preferred version):
//   new [workers=N] [delay=N] [delay-KIND=N] [cache=N] [requeue=immediate] [gc=off]
//       input: optional YAML with resources: (custom kinds)
//   create                      input: YAML objects (--- separated)
//   patch REF [type=merge|strategic]          input: the patch body (YAML or JSON)
//   delete REF [policy=P] [orphan=B] [grace=N] [uid=U] [rv=R]
//   add-finalizer REF f=NAME / remove-finalizer REF f=NAME
//   tick [n=N]   idle [max=N]   deliver [kind=K]   process   run-delete   run-orphan
//       each prints the trace records it produced
//   objects  graph  queues  cache  events  dot  why REF  watch
//   scenario                    input: a scenario file; prints the final objects and the order of DELETED events
// After every command the graph invariants (N-5 …) are checked.

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/yaml"
)

func TestScripts(t *testing.T) {
	datadriven.Walk(t, "testdata/script", func(t *testing.T, path string) {
		h := &harness{}
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			out := h.run(t, d)
			if h.sim != nil {
				if err := h.sim.CheckInvariants(); err != nil {
					t.Fatalf("%s: after %q: invariant broken: %v", d.Pos, d.Cmd, err)
				}
			}
			return out
		})
	})
}

type harness struct {
	sim *gccore.Sim
}

func (h *harness) run(t *testing.T, d *datadriven.TestData) string {
	if d.Cmd != "new" && d.Cmd != "scenario" && h.sim == nil {
		h.newSim(t, d)
	}
	s := h.sim
	switch d.Cmd {
	case "new":
		h.newSim(t, d)
		return "ok"
	case "scenario":
		return runScenario(t, d)
	case "create":
		var b strings.Builder
		for _, doc := range splitDocs(d.Input) {
			var m map[string]any
			if err := yaml.Unmarshal([]byte(doc), &m); err != nil {
				t.Fatalf("%s: bad YAML: %v", d.Pos, err)
			}
			o, err := gccore.ObjectFromUnstructured(m)
			if err != nil {
				t.Fatalf("%s: %v", d.Pos, err)
			}
			if r, ok := s.Resources().Lookup(o.APIVersion, o.Kind); ok && r.Namespaced && o.Namespace == "" {
				o.Namespace = "default"
			}
			if _, err := s.Create(o); err != nil {
				fmt.Fprintf(&b, "error: %v\n", err)
			}
		}
		return b.String() + render(s.TakeTrace())
	case "patch":
		pt := gccore.MergePatch
		if d.HasArg("type") {
			var v string
			d.ScanArgs(t, "type", &v)
			pt = gccore.PatchType(v)
		}
		body, err := yaml.YAMLToJSON([]byte(d.Input))
		if err != nil {
			t.Fatalf("%s: %v", d.Pos, err)
		}
		_, err = s.Patch(h.ref(t, d), pt, body)
		return errLine(err) + render(s.TakeTrace())
	case "delete":
		_, err := s.Delete(h.ref(t, d), deleteOptions(t, d))
		return errLine(err) + render(s.TakeTrace())
	case "add-finalizer", "remove-finalizer":
		var f string
		d.ScanArgs(t, "f", &f)
		var err error
		if d.Cmd == "add-finalizer" {
			_, err = s.AddFinalizer(h.ref(t, d), f)
		} else {
			_, err = s.RemoveFinalizer(h.ref(t, d), f)
		}
		return errLine(err) + render(s.TakeTrace())
	case "tick":
		n := 1
		d.MaybeScanArgs(t, "n", &n)
		for i := 0; i < n; i++ {
			s.Tick()
		}
		return render(s.TakeTrace())
	case "idle":
		max := int64(10000)
		d.MaybeScanArgs(t, "max", &max)
		err := s.RunUntilIdle(max)
		return errLine(err) + render(s.TakeTrace()) + fmt.Sprintf("idle at tick %d\n", s.CurrentTick())
	case "deliver":
		var kind string
		d.MaybeScanArgs(t, "kind", &kind)
		if !s.DeliverEvent(kind) {
			return "no event\n"
		}
		return render(s.TakeTrace())
	case "process":
		if !s.ProcessGraphChange() {
			return "graphChanges is empty\n"
		}
		return render(s.TakeTrace())
	case "run-delete":
		if !s.RunDeleteItem() {
			return "attemptToDelete is empty\n"
		}
		return render(s.TakeTrace())
	case "run-orphan":
		if !s.RunOrphanItem() {
			return "attemptToOrphan is empty\n"
		}
		return render(s.TakeTrace())
	case "objects":
		var b strings.Builder
		for _, o := range s.Objects() {
			b.WriteString(gccore.ObjectLine(o) + "\n")
		}
		return nonEmpty(b.String())
	case "graph":
		var b strings.Builder
		for _, n := range s.Graph() {
			b.WriteString(gccore.NodeLine(n) + "\n")
		}
		return nonEmpty(b.String())
	case "queues":
		var b strings.Builder
		fmt.Fprintf(&b, "pending watch events: %d\n", s.PendingWatchEvents())
		if gcs := s.GraphChanges(); len(gcs) > 0 {
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
		for _, q := range s.Queues() {
			b.WriteString(gccore.QueueLines(q))
		}
		return b.String()
	case "cache":
		return nonEmpty(strings.Join(s.AbsentOwners(), "\n"))
	case "events":
		var b strings.Builder
		for _, e := range s.GCEvents() {
			fmt.Fprintf(&b, "t=%d %s %s on %s: %s\n", e.Tick, e.Type, e.Reason, e.Object, e.Message)
		}
		return nonEmpty(b.String())
	case "dot":
		return s.DOT()
	case "why":
		return strings.Join(s.Why(h.ref(t, d)), "\n") + "\n"
	case "watch":
		var b strings.Builder
		for _, ev := range s.TakeWatch() {
			fmt.Fprintf(&b, "t=%d %s %s\n", ev.Tick, ev.Type, gccore.ObjectLine(ev.Object))
		}
		return nonEmpty(b.String())
	case "trace":
		return nonEmpty(render(s.TakeTrace()))
	}
	t.Fatalf("%s: unknown command %q", d.Pos, d.Cmd)
	return ""
}

func (h *harness) newSim(t *testing.T, d *datadriven.TestData) {
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
		default:
			t.Fatalf("%s: unknown argument %s", d.Pos, a)
		}
	}
	if d.Cmd == "new" && strings.TrimSpace(d.Input) != "" {
		var in struct {
			Resources []gccore.ResourceDecl `json:"resources"`
		}
		if err := yaml.UnmarshalStrict([]byte(d.Input), &in); err != nil {
			t.Fatalf("%s: %v", d.Pos, err)
		}
		cfg.Resources = in.Resources
	}
	sim, err := gccore.New(cfg)
	if err != nil {
		t.Fatalf("%s: %v", d.Pos, err)
	}
	h.sim = sim
}

// ref reads the first bare argument: Kind/namespace/name or Kind/name.
func (h *harness) ref(t *testing.T, d *datadriven.TestData) gccore.ObjectRef {
	if len(d.CmdArgs) == 0 {
		t.Fatalf("%s: %s needs an object reference", d.Pos, d.Cmd)
	}
	parts := strings.Split(d.CmdArgs[0].Key, "/")
	ref := gccore.ObjectRef{Kind: parts[0]}
	switch len(parts) {
	case 2:
		ref.Name = parts[1]
	case 3:
		ref.Namespace, ref.Name = parts[1], parts[2]
	default:
		t.Fatalf("%s: bad reference %q: want Kind/namespace/name or Kind/name", d.Pos, d.CmdArgs[0].Key)
	}
	if d.HasArg("api") {
		d.ScanArgs(t, "api", &ref.APIVersion)
	} else {
		for _, r := range h.sim.Resources().All() {
			if p, _ := h.sim.Resources().Preferred(r.GVK.GroupKind()); r.GVK.Kind == ref.Kind && r.Monitored && p == r {
				ref.APIVersion = r.GVK.GroupVersion().String()
				break
			}
		}
	}
	return ref
}

func deleteOptions(t *testing.T, d *datadriven.TestData) metav1.DeleteOptions {
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
func runScenario(t *testing.T, d *datadriven.TestData) string {
	r, err := scenario.Run(d.Pos, []byte(d.Input), gccore.Config{}, scenario.DefaultMaxTicks)
	if r == nil {
		return "error: " + err.Error() + "\n"
	}
	var b strings.Builder
	if err != nil {
		fmt.Fprintf(&b, "error: %v\n", err)
	}
	if err := r.Sim.CheckInvariants(); err != nil {
		t.Fatalf("%s: invariant broken: %v", d.Pos, err)
	}
	b.WriteString("deleted:")
	for _, ev := range r.Sim.TakeWatch() {
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

var _ = bytes.NewReader
