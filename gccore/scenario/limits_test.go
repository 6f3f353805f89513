package scenario_test

// Tests of the input limits and the one-line error contract (issue 10 §4): nesting is
// judged on the parsed structure, a second document or a repeated key is an error, and
// every error is one line of printable text whatever the input holds.

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

// deep returns YAML nested n levels in the given style.
func deep(style string, n int) string {
	switch style {
	case "flow": // the pasted `spec: {x: [[[…]]]}` of the issue
		return "spec: {x: " + strings.Repeat("[", n) + strings.Repeat("]", n) + "}\n"
	case "flow-map":
		return strings.Repeat("{a: ", n) + "1" + strings.Repeat("}", n) + "\n"
	case "block-seq":
		return strings.Repeat("- ", n) + "x\n"
	case "block-map": // one more space per level: n²/2 bytes
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString(strings.Repeat(" ", i) + "a:\n")
		}
		return b.String()
	}
	panic(style)
}

// checkOneLine fails unless msg is one line of printable text.
func checkOneLine(t *testing.T, msg string) {
	t.Helper()
	for _, r := range msg {
		if r == unicode.ReplacementChar || !unicode.IsPrint(r) && r != ' ' {
			t.Fatalf("error holds %U: %q", r, msg)
		}
	}
}

func TestNestingIsJudgedOnTheParsedStructure(t *testing.T) {
	for _, tc := range []struct{ name, yaml string }{
		// A quote inside a block scalar once hid everything after it from the text heuristic.
		{"quote in a block scalar", "objects:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: x}\n  data:\n    note: |\n      it's 'open\n" +
			"  spec: " + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + "\n"},
		{"alias adds its depth", "a: &a " + strings.Repeat("[", 60) + strings.Repeat("]", 60) + "\nb: " + strings.Repeat("[", 50) + "*a" + strings.Repeat("]", 50) + "\n"},
		{"flow 101", deep("flow", 101)},
		{"flow 5000", deep("flow", 5000)},
		{"flow 100000", deep("flow", 100000)},
		{"flow map 5000", deep("flow-map", 5000)},
		{"flow map 100000", deep("flow-map", 100000)},
		{"block seq 5000", deep("block-seq", 5000)},
		{"block seq 100000", deep("block-seq", 100000)},
		{"block map 5000", deep("block-map", 5000)},
		{"block then flow", deep("block-seq", 9999)[:2*9999] + strings.Repeat("[", 9999) + strings.Repeat("]", 9999) + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := scenario.Parse("deep.yaml", []byte(tc.yaml))
			if err == nil || !strings.Contains(err.Error(), "nested too deeply (more than 100 levels)") {
				t.Fatalf("got %v", err)
			}
			checkOneLine(t, err.Error())
		})
	}
	// 100 levels of maps and lists are fine, however they are written.
	for _, y := range []string{
		"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: x}, data: " + strings.Repeat("[", 96) + strings.Repeat("]", 96) + "}]\n",
		"x: |\n  " + strings.Repeat("[", 500) + "\n",
		"x: '" + strings.Repeat("{", 500) + "'\n",
		"x: " + strings.Repeat("[", 99) + strings.Repeat("]", 99) + "\n",
	} {
		if err := scenario.CheckYAML([]byte(y)); err != nil {
			t.Errorf("%.60q: %v", y, err)
		}
	}
}

// TestUnclosedDeepNesting: text that opens thousands of lists and never closes them is
// a syntax error, found without exhausting the stack (this test also runs in wasm).
func TestUnclosedDeepNesting(t *testing.T) {
	for _, n := range []int{5000, 9999, 100000} {
		for _, open := range []string{"[", "{a: ", "- "} {
			_, err := scenario.Parse("open.yaml", []byte("x: "+strings.Repeat(open, n)))
			if err == nil {
				t.Fatalf("%d × %q: accepted", n, open)
			}
			checkOneLine(t, err.Error())
		}
	}
}

func TestAliasThatContainsItself(t *testing.T) {
	_, err := scenario.Parse("loop.yaml", []byte("a: &a [x, *a]\n"))
	if err == nil {
		t.Fatal("accepted")
	}
	checkOneLine(t, err.Error())
}

func TestSecondDocumentIsAnError(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"objects: []\n---\nsteps: [{run: 1}]\n", "loop.yaml: line 3: a second YAML document"},
		{"---\nobjects: []\n---\nsteps: [{run: 1}]\n", "line 4: a second YAML document"},
		{"---\n---\nobjects: []\n", "a second YAML document"},
	} {
		_, err := scenario.Parse("loop.yaml", []byte(tc.yaml))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.yaml, err, tc.want)
		}
	}
	// One document, with or without its markers, is fine.
	for _, y := range []string{"---\nobjects: []\n", "objects: []\n...\n", "---\nobjects: []\n...\n", ""} {
		if _, err := scenario.Parse("one.yaml", []byte(y)); err != nil {
			t.Errorf("%q: %v", y, err)
		}
	}
}

func TestRepeatedKeyIsAnError(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"objects: []\nsteps: []\nobjects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: x}}]\n",
			`line 3: key objects is repeated (first at line 1)`},
		{"objects:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n    name: b\n",
			`line 6: key name is repeated (first at line 5)`},
		{"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: a, labels: {x: '1', \"x\": '2'}}}]\n",
			`line 1: key x is repeated (first at line 1)`},
	} {
		_, err := scenario.Parse("dup.yaml", []byte(tc.yaml))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.yaml, err, tc.want)
		}
	}
}

func TestCustomKindIsValidatedLikeThePageForm(t *testing.T) {
	for _, kind := range []string{`"a b"`, `"1Widget"`, `"Wid_get"`, `"-x"`} {
		y := "resources: [{apiVersion: example.com/v1, kind: " + kind + "}]\n"
		_, err := scenario.Parse("kinds.yaml", []byte(y))
		if err == nil || !strings.Contains(err.Error(), "kind must be letters, digits and '-', starting with a letter") {
			t.Errorf("%s: got %v", kind, err)
		}
	}
	if _, err := scenario.Parse("kinds.yaml", []byte("resources: [{apiVersion: example.com/v1, kind: Widget-2}]\n")); err != nil {
		t.Error(err)
	}
}

// TestErrorsAreOneLineWhateverTheNames: a newline, a carriage return, a terminal escape
// or a bidi override in any user string is quoted, not written raw.
func TestErrorsAreOneLineWhateverTheNames(t *testing.T) {
	for _, bad := range []string{"a\nb", "a\rb", "\x1b[31mred\x1b[0m", "a\u202eb", "\xff"} {
		q := yamlQuote(bad)
		for _, y := range []string{
			"objects: [{apiVersion: v1, kind: " + q + ", metadata: {name: x}}]",
			"objects: [{apiVersion: " + q + ", kind: ConfigMap, metadata: {name: x}}]",
			"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: " + q + "}}]",
			"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: x, namespace: " + q + "}}]",
			"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: x, finalizers: [" + q + "]}}]",
			"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: x, ownerReferences: [{apiVersion: v1, kind: " + q + ", name: " + q + "}]}}]",
			"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: x, labels: {" + q + ": " + q + "}}}]",
			"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: x, uid: u}}, {apiVersion: v1, kind: Secret, metadata: {name: y, uid: u}}]",
			"resources: [{apiVersion: example.com/v1, kind: " + q + "}]",
			"resources: [{apiVersion: " + q + ", kind: Widget}]",
			"steps: [{" + q + ": {}}]",
			"steps: [{run: " + q + "}]",
			"steps: [{delete: {apiVersion: v1, kind: ConfigMap, name: x, propagationPolicy: " + q + "}}]",
			"steps: [{delete: {apiVersion: v1, kind: " + q + ", name: x}}]",
			"steps: [{delete: {apiVersion: v1, kind: ConfigMap, name: x, " + q + ": 1}}]",
			"steps: [{create: {apiVersion: v1, kind: ConfigMap, metadata: {name: " + q + "}}}]",
			q + ": 1",
			"x: 1\n" + q + ": 1\n" + q + ": 2",
			"x: [" + q + ", \"\\t\\u0000\"]\nsteps: " + q,
		} {
			_, err := scenario.Parse("names.yaml", []byte(y))
			if err == nil {
				t.Errorf("%q: accepted", y)
				continue
			}
			checkOneLine(t, err.Error())
		}
		// Errors of a run: the API server names the object it refuses.
		for _, y := range []string{
			"steps: [{delete: {apiVersion: v1, kind: ConfigMap, name: " + q + "}}]",
			"steps: [{addFinalizer: {apiVersion: v1, kind: ConfigMap, name: " + q + ", finalizer: " + q + "}}]",
			"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: x}}]\nsteps: [{addFinalizer: {apiVersion: v1, kind: ConfigMap, name: x, finalizer: " + q + "}}]",
			"steps: [{update: {apiVersion: v1, kind: ConfigMap, metadata: {name: " + q + "}}}]",
		} {
			_, err := scenario.Run("names.yaml", []byte(y), gccore.Config{}, 100)
			if err == nil {
				t.Errorf("%q: accepted", y)
				continue
			}
			checkOneLine(t, err.Error())
		}
		_, err := scenario.Parse(bad+".yaml", []byte("x: 1"))
		if err == nil {
			t.Fatal("accepted")
		}
		checkOneLine(t, err.Error())
	}
}

// yamlQuote writes s as a double-quoted YAML scalar (JSON's escapes are YAML's).
func yamlQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range []byte(s) {
		switch {
		case r == '"' || r == '\\':
			b.WriteString(`\` + string(r))
		case r < 0x20 || r >= 0x7f:
			b.WriteString(`\x` + strings.ToUpper(string("0123456789abcdef"[r>>4])+string("0123456789abcdef"[r&15])))
		default:
			b.WriteByte(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// TestStepErrorUnwraps: a failed step's error names the step on one line and still lets
// errors.As find the API server's status (issue 12 §3).
func TestStepErrorUnwraps(t *testing.T) {
	_, err := scenario.Run("s.yaml", []byte("steps:\n- delete: {apiVersion: v1, kind: ConfigMap, name: nope}\n"), gccore.Config{}, 100)
	var st apierrors.APIStatus
	if !errors.As(err, &st) || st.Status().Code != 404 {
		t.Fatalf("got %v, want a 404 status inside", err)
	}
	if want := `s.yaml: steps[0] (delete v1/ConfigMap default/nope): 404 NotFound`; !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("got %q, want it to start with %q", err, want)
	}
}

// TestStepParseErrorFields: a step the parser refuses is a *StepParseError whose fields
// say which step and why, so that a lesson names it its own way without parsing the text
// (issue 24); its text is unchanged, and a step with two keys is labelled by the first in
// sorted order, the same on every run (it was map order).
func TestStepParseErrorFields(t *testing.T) {
	for _, c := range []struct {
		yaml, label, want string
		index             int
	}{
		{"steps:\n- run: idle\n- delete: {apiVersion: v1, kind: ConfigMap}\n", "delete", `s.yaml: steps[1] (delete): apiVersion, kind and name are required`, 1},
		{"steps:\n- {run: 1, delete: {}}\n", "delete", `s.yaml: steps[0] (delete): a step has exactly one key, got [delete run]`, 0},
		{"steps:\n- delete: {apiVersion: v1, kind: ConfigMap, name: a, propagationPolicy: Sideways}\n", "delete v1/ConfigMap default/a",
			`s.yaml: steps[0] (delete v1/ConfigMap default/a): propagationPolicy "Sideways" is not Orphan, Background or Foreground`, 0},
		{"steps:\n- setNodeReady: {node: node-a, ready: true}\n", "setNodeReady", `s.yaml: steps[0] (setNodeReady): needs version: 2 at the top of the file`, 0},
	} {
		for range 5 {
			_, err := scenario.Parse("s.yaml", []byte(c.yaml))
			var bad *scenario.StepParseError
			if !errors.As(err, &bad) {
				t.Fatalf("%q: got %v, want a *StepParseError", c.yaml, err)
			}
			if bad.File != "s.yaml" || bad.Index != c.index || bad.Label != c.label || err.Error() != c.want {
				t.Errorf("%q: got %+v\n%s\nwant index %d, label %q\n%s", c.yaml, *bad, err, c.index, c.label, c.want)
			}
		}
	}
}

// TestLabelValueMustBeAString: a label or annotation value that YAML reads as a number, a
// boolean, a list or a map is an error naming the field and the key (issue 21 §10: the
// converter said "metadata: unrecognized type: string"), in an object and in an update.
func TestLabelValueMustBeAString(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: a, labels: {app: 3}}}]", "objects[0] (ConfigMap a): metadata.labels.app: want a string, got float64 3 (quote it in YAML)"},
		{"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: a, labels: {app: x, tier: yes}}}]", "metadata.labels.tier: want a string, got bool true"},
		{"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: a, annotations: {\"a b\": [x]}}}]", `metadata.annotations."a b": want a string, got a list`},
		{"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: a, labels: [x]}}]", "metadata.labels: want a map of strings, got [x]"},
		{"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: a}}]\nsteps: [{update: {apiVersion: v1, kind: ConfigMap, metadata: {name: a, labels: {app: {x: y}}}}}]", "steps[0] (update): metadata.labels.app: want a string, got a map"},
	} {
		_, err := scenario.Parse("l.yaml", []byte(c.yaml))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.yaml, err, c.want)
		}
	}
	// null removes a label in an update (a JSON merge patch).
	if _, err := scenario.Parse("l.yaml", []byte("objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: a, labels: {app: x}}}]\nsteps: [{update: {apiVersion: v1, kind: ConfigMap, metadata: {name: a, labels: {app: null}}}}]")); err != nil {
		t.Error(err)
	}
}

// TestRestartsAreBounded: the restarts of one run list at most gccore.MaxRestartLists
// objects again; the restart past it is one error naming the step, and does nothing
// (issue 21: each restart lists every stored object, so 2,000 restarts of a 5,000-Pod
// ReplicaSet, an 80 KB file, took 142 s, and a share link of restarts could hold the
// page for hours).
func TestRestartsAreBounded(t *testing.T) {
	const objects = 1000
	var b strings.Builder
	b.WriteString("version: 2\nobjects:\n")
	for i := range objects {
		fmt.Fprintf(&b, "- {apiVersion: v1, kind: ConfigMap, metadata: {name: c%d}}\n", i)
	}
	b.WriteString("steps:\n")
	restarts := gccore.MaxRestartLists / objects
	b.WriteString(strings.Repeat("- restart: controller-manager\n", restarts))
	// The error names the step after the last one the bound allows: those before it ran.
	_, err := scenario.Run("restarts.yaml", []byte(b.String()+"- restart: controller-manager\n- run: idle\n"), gccore.Config{NoTrace: true}, 100)
	want := fmt.Sprintf("restarts.yaml: steps[%d] (restart controller-manager): restart controller-manager: it would list 1000 objects again, and this run's restarts have listed 500000: past the 500000 gcplay plays in one run", restarts)
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("restart %d: got %v, want %s", restarts+1, err, want)
	}
	checkOneLine(t, err.Error())
}
