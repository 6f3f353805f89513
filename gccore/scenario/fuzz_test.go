package scenario_test

// Fuzz tests for the two parsers that take text from people: scenario files (Parse) and
// single objects (sigs.k8s.io/yaml → gccore.ObjectFromUnstructured → the API server's
// create). Neither may panic or hang on any input; a scenario that parses must also run
// (with a small tick bound) without panicking, and every error must stay one line, as
// `gcplay sim` prints it (scenario-format.md: "one clear line on stderr").
//
// make fuzz runs each for a few seconds: go test -run '^$' -fuzz '^FuzzParse$' ./gccore/scenario

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	"github.com/gcplay/gcplay/internal/fixtures"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"
)

// fuzzMaxTicks keeps each fuzzed run short.
const fuzzMaxTicks = 200

// scenarioSeeds returns the scenario files under testdata/scenarios plus hand-written
// inputs that once were, or easily could be, trouble.
func scenarioSeeds(t testing.TB) [][]byte {
	var seeds [][]byte
	for _, f := range fixtures.ReadScenarios(t, scenarioDir) {
		seeds = append(seeds, f.Data)
	}
	for _, s := range []string{
		"",
		"null",
		"---\n---\n",
		"garbage: [",
		"objects: {a: b}",
		"steps: [run]",
		"steps: [{run: -1}]",
		"steps: [{run: 1e400}]",
		"steps: [{run: 99999999999999999999999}]",
		"steps: [{run: \"  7 \"}]",
		"steps: [{run: idle}, {delete: {apiVersion: v1, kind: ConfigMap, name: x}}]",
		"steps: [{delete: {apiVersion: v1, kind: ConfigMap, name: x, propagationPolicy: Sideways}}]",
		"steps: [{delete: {apiVersion: v1, kind: ConfigMap, name: x, preconditions: {uid: nope}}}]",
		"steps: [{create: {apiVersion: v1, kind: ConfigMap, metadata: {name: x}}, run: 1}]",
		"steps: [{update: {apiVersion: v1, kind: ConfigMap, metadata: {name: x, finalizers: [a/b]}}}]",
		"resources: [{apiVersion: '', kind: ''}]",
		"version: 2\nkubernetes: 1.2\n",
		"version: 2\nkubernetes: [\"1.16\"]\nsteps: [{restart: controller-manager}]",
		"version: 2\nkubernetes: \"1.16\"\nsteps: [{restart: {}}, {restart: controller-manager}, {run: idle}]",
		"version: 2\nresources: [{apiVersion: example.com/v1, kind: W, broken: true}]\nsteps: [{restart: controller-manager}]",
		// Fine steps: a version 2 file's, with nothing to do, with arguments of another
		// step, and in a version 1 file, which refuses them.
		"version: 2\nsteps: [{runDeleteItem: {reads: true}}, {runDeleteItem: {}}, {deliverEvent: {kind: Pod}}, {processGraphChange: {}}, {runOrphanItem: {}}]",
		"version: 2\nsteps: [{deliverEvent: {reads: true}}]",
		"version: 2\nsteps: [{runDeleteItem: {reads: 1}}]",
		"version: 2\nsteps: [{runOrphanItem: null}]",
		"steps: [{runDeleteItem: {reads: true}}]",
		"resources: [{apiVersion: a/b/c, kind: X}]",
		"resources: [{apiVersion: example.com/v1, kind: Widget, namespaced: false}, {apiVersion: example.com/v2, kind: Widget}]",
		"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: x, uid: 1e309, generation: 1e400}}]",
		"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: x, ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: x, uid: x}]}}]",
		"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: x, ownerReferences: [{uid: u}, {uid: u}]}}]",
		"objects: [{apiVersion: v1, kind: Pod, metadata: {name: p, deletionTimestamp: '2000-01-01T00:00:00Z'}, spec: {nodeName: n, terminationGracePeriodSeconds: -5}}]",
		"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: x, finalizers: [orphan, foregroundDeletion]}}]",
		"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: x, creationTimestamp: 'not a time'}}]",
		"a: &a [x, x, x]\nb: &b [*a, *a, *a, *a]\nc: &c [*b, *b, *b, *b]\nd: [*c, *c, *c, *c]\n",
		"\xff\xfe\x00\x01binary\x00",
		"\t\tobjects:\n\t- x",
		"objects:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: \"\\u0000\"\n",
		strings.Repeat("[", 300),
		strings.Repeat("{a: ", 150) + strings.Repeat("}", 150),
		nestedMap(120),
		"objects: [" + strings.Repeat("{apiVersion: v1, kind: ConfigMap, metadata: {generateName: x}},", 50) + "]",
		fixtures.LinkTree(30), // anchors, aliases and merge keys, read from yaml.v3's tree
	} {
		seeds = append(seeds, []byte(s))
	}
	return seeds
}

// nestedMap is YAML nested n levels deep by indentation.
func nestedMap(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(strings.Repeat("  ", i) + "a:\n")
	}
	return b.String()
}

func FuzzParse(f *testing.F) {
	for _, s := range scenarioSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer watchdog(data)()
		sc, err := scenario.Parse("fuzz.yaml", data)
		if err != nil {
			oneLineError(t, err)
			return
		}
		r, err := scenario.NewRunner(sc, gccore.Config{})
		if err != nil {
			oneLineError(t, err)
			return
		}
		r.MaxTicks = fuzzMaxTicks
		if err := r.Run(); err != nil {
			oneLineError(t, err)
		}
		if err := r.Sim.Inspect().CheckInvariants(); err != nil {
			t.Fatalf("invariant broken after the run: %v", err)
		}
		gccore.ListYAML(r.Sim.Objects())
		for _, ev := range r.Sim.Take().Watch {
			gccore.WatchLine(ev)
		}
	})
}

func FuzzObject(f *testing.F) {
	for _, s := range scenarioSeeds(f) {
		var sc struct {
			Objects []map[string]any `json:"objects"`
		}
		if yaml.Unmarshal(s, &sc) != nil {
			continue
		}
		for _, o := range sc.Objects {
			if b, err := yaml.Marshal(o); err == nil {
				f.Add(b)
			}
		}
	}
	for _, s := range []string{
		"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n",
		"apiVersion: 5\nkind: [x]\n",
		"metadata: []\n",
		"metadata: {name: 5}\n",
		"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x, ownerReferences: x}\n",
		"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x, ownerReferences: [{}]}\n",
		"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x, finalizers: [1, 2]}\n",
		"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x, uid: {a: b}}\n",
		"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x, deletionTimestamp: yesterday}\n",
		"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x, deletionGracePeriodSeconds: 1e400}\n",
		"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x, labels: {a: [b]}}\n",
		"apiVersion: v1\nkind: Namespace\nmetadata: {name: Not_A_Name}\n",
		"apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {nodeName: n, terminationGracePeriodSeconds: x}\nstatus: {phase: 7}\n",
		"apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, namespace: default, finalizers: [example.com/x]}\n",
		"apiVersion: v1\nkind: Node\nmetadata: {name: n, namespace: ignored}\n",
		"apiVersion: v1\nkind: Event\nmetadata: {name: e, namespace: default}\n",
		"\xff\x00",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer watchdog(data)()
		var m map[string]any
		if err := yaml.Unmarshal(data, &m); err != nil || m == nil {
			return
		}
		o, err := gccore.ObjectFromUnstructured(m)
		if err != nil {
			return
		}
		sim, err := gccore.New(gccore.Config{Workers: 2, Resources: []gccore.ResourceDecl{{APIVersion: "example.com/v1", Kind: "Widget"}}})
		if err != nil {
			t.Fatal(err)
		}
		if r, ok := sim.Resources().Lookup(o.APIVersion, o.Kind); ok && r.Namespaced && o.Namespace == "" {
			o.Namespace = "default"
		}
		created, err := sim.Create(o)
		if err != nil {
			return
		}
		gccore.ObjectLine(created)
		gccore.ListJSON(sim.Objects())
		// The same text as a merge patch of what was stored, then a Foreground delete.
		if body, err := json.Marshal(m); err == nil {
			sim.Patch(created.Ref(), gccore.MergePatch, body)
		}
		fg := metav1.DeletePropagationForeground
		sim.Delete(created.Ref(), metav1.DeleteOptions{PropagationPolicy: &fg})
		if err := sim.RunUntilIdle(fuzzMaxTicks); err != nil {
			t.Fatalf("one object does not settle: %v", err)
		}
		if err := sim.Inspect().CheckInvariants(); err != nil {
			t.Fatalf("invariant broken: %v", err)
		}
		for _, ev := range sim.Take().Watch {
			gccore.WatchLine(ev)
		}
	})
}

// watchdog turns a hang into a crash that names the input: the fuzzing engine has no time
// limit per input, and a crashed worker's input is saved under testdata/fuzz. Call the
// result when the input is done.
func watchdog(data []byte) func() bool {
	return time.AfterFunc(hangAfter, func() { panic(fmt.Sprintf("no result after %v for input %q", hangAfter, data)) }).Stop
}

// hangAfter is generous: the machine is shared, and one input takes milliseconds.
const hangAfter = 30 * time.Second

func oneLineError(t *testing.T, err error) {
	t.Helper()
	if msg := err.Error(); strings.ContainsAny(msg, "\n\r") {
		t.Fatalf("error spans lines: %q", msg)
	}
}
