package scenario

// The chunked parse of large files must mean exactly what the whole-file parse means:
// whenever parseChunked accepts a text, parseWhole gives the same scenario. These tests
// run it on small texts by cutting them into chunks of one or two entries.

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/internal/fixtures"
	"sigs.k8s.io/yaml"
)

// sameAsWhole checks that parseChunked, when it accepts data, agrees with parseWhole,
// and reports whether it accepted it.
func sameAsWhole(t *testing.T, data []byte, per int) bool {
	t.Helper()
	chunked, ok := parseChunked(`"f"`, data, per, Options{})
	if !ok {
		return false
	}
	whole, err := parseWhole(`"f"`, data, Options{})
	if err != nil {
		t.Fatalf("chunks of %d accepted a text the whole-file parse refuses (%v):\n%s", per, err, data)
	}
	if !reflect.DeepEqual(chunked, whole) {
		t.Fatalf("chunks of %d mean something else than the whole file:\n%s", per, data)
	}
	return true
}

func TestChunkedMatchesWholeOnEveryScenario(t *testing.T) {
	files, err := fixtures.ScenarioFiles("../testdata/scenarios")
	if err != nil {
		t.Fatal(err)
	}
	accepted := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, per := range []int{1, 2, chunkEntries} {
			sameValues(t, data, per)
			if sameAsWhole(t, data, per) {
				accepted++
			}
		}
	}
	// Most files are in the plain style: the chunked path must actually run on them.
	if accepted < len(files) {
		t.Fatalf("the chunked path accepted %d of %d runs over %d files: it is not exercised", accepted, 3*len(files), len(files))
	}
}

// TestChunkedFallsBack lists texts where a cut at an entry's column would change the
// meaning or lose an error; each must be refused by the chunked path or agree with the
// whole file.
func TestChunkedFallsBack(t *testing.T) {
	const cm = "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: %s\n"
	two := fmt.Sprintf(cm, "a") + fmt.Sprintf(cm, "b")
	for _, tc := range []struct {
		name, text string
		accept     bool
	}{
		{"plain", "objects:\n" + two, true},
		{"indented entries", "objects:\n" + indent(two, "  "), true},
		{"comments and blank lines", "# top\nobjects:\n\n# one\n" + two + "\n# end\nsteps:\n- run: 1\n", true},
		{"steps before objects", "steps:\n- run: idle\nobjects:\n" + two, true},
		{"quoted scalar over an entry-like line", "objects:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: \"a\n- b\"\n", false},
		{"flow map over lines", "objects:\n- {apiVersion: v1, kind: ConfigMap,\n- metadata: {name: a}}\n", false},
		{"anchor and alias", "objects:\n- &x {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}\n- *x\n", false},
		{"objects twice", "objects:\n" + two + "objects:\n" + two, false},
		{"flow objects", "objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: a}}]\n", false},
		{"quoted key", "\"objects\":\n" + two, false},
		{"second document", "objects:\n" + two + "---\nobjects: []\n", false},
		{"less indented line inside", "objects:\n  - apiVersion: v1\n kind: ConfigMap\n", false},
		{"bad object", "objects:\n" + two + "- apiVersion: v1\n  kind: Nope\n  metadata: {name: c}\n", false},
		{"duplicate", "objects:\n" + two + fmt.Sprintf(cm, "a"), false},
		{"scalar entry", "objects:\n" + two + "- just text\n", false},
		{"unknown top key", "objects:\n" + two + "extra: 1\n", false},
		{"block scalar", "objects:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n    annotations:\n      note: |\n        - not an entry\n        text\n" + fmt.Sprintf(cm, "b"), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, per := range []int{1, 2} {
				sameValues(t, []byte(tc.text), per)
				if got := sameAsWhole(t, []byte(tc.text), per); got != tc.accept {
					t.Errorf("chunks of %d: accepted = %v, want %v", per, got, tc.accept)
				}
			}
		})
	}
}

// TestChunkedNesting: an entry nested to the limit within the file is refused by the
// chunked path exactly when the whole file is.
func TestChunkedNesting(t *testing.T) {
	for _, depth := range []int{MaxNesting - 3, MaxNesting - 2, MaxNesting - 1} {
		deep := strings.Repeat("[", depth) + strings.Repeat("]", depth)
		text := "objects:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n  data: {x: " + deep + "}\n"
		_, wholeErr := parseWhole(`"f"`, []byte(text), Options{})
		if accepted := sameAsWhole(t, []byte(text), 1); accepted != (wholeErr == nil) {
			t.Fatalf("depth %d: chunked accepted = %v, whole-file error = %v", depth, accepted, wholeErr)
		}
	}
}

// sameValues checks plainObjects and fastChunk against the converter on every chunk they
// read: the objects' values themselves, before any validation can hide a difference.
func sameValues(t *testing.T, data []byte, per int) {
	t.Helper()
	_, chunks, ok := splitObjects(data, per)
	if !ok {
		return
	}
	for _, c := range chunks {
		fastAgrees(t, c)
		doc, err := checkedNode(c, MaxNesting-1)
		if err != nil || doc == nil || len(doc.Content) != 1 {
			continue
		}
		if got, ok := plainObjects(doc.Content[0]); ok {
			sameAsConverter(t, "plainObjects", got, c)
		}
	}
}

// sameAsConverter checks values read from chunk c by who against what the whole-file
// path's converter (sigs.k8s.io/yaml, then JSON) reads from it.
func sameAsConverter(t *testing.T, who string, got []map[string]any, c []byte) {
	t.Helper()
	if want := converted[[]map[string]any](t, who, c); !reflect.DeepEqual(got, want) {
		t.Fatalf("%s = %#v, the converter gives %#v, for:\n%s", who, got, want, c)
	}
}

// converted is what the whole-file path's converter (sigs.k8s.io/yaml, then JSON) reads
// from data, as a T; who names the reader checked against it.
func converted[T any](t *testing.T, who string, data []byte) T {
	t.Helper()
	js, err := yaml.YAMLToJSON(data)
	if err != nil {
		t.Fatalf("%s read a text the converter refuses (%v):\n%s", who, err, data)
	}
	var v T
	if err := json.Unmarshal(js, &v); err != nil {
		t.Fatalf("%s read a text JSON refuses (%v):\n%s", who, err, data)
	}
	return v
}

func indent(s, prefix string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "")
}

// FuzzChunked: whatever the text, the chunked path accepts only what the whole-file
// path reads the same way.
func FuzzChunked(f *testing.F) {
	files, _ := fixtures.ScenarioFiles("../testdata/scenarios")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data, 1)
		}
	}
	f.Add([]byte("objects:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}\n"), 2)
	for _, s := range yaml11Scalars {
		f.Add([]byte("objects:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n  data: {k: "+s+", "+s+": [x, "+s+"]}\n"), 1)
	}
	f.Fuzz(func(t *testing.T, data []byte, per int) {
		if per < 1 || per > 4 {
			per = 1
		}
		sameAsWhole(t, data, per)
		sameValues(t, data, per)
	})
}

// yaml11Scalars are plain scalars whose YAML 1.1 reading differs from YAML 1.2's or
// from a naive one.
var yaml11Scalars = []string{
	"yes", "No", "on", "OFF", "y", "N", "~", "null", "", "true", "False",
	"0755", "0x1F", "0o17", "0b101", "-0b101", "1_000", "+12", "-0", "0.", "+.5", ".5", "1e3",
	"1e400", "1.0", ".inf", "-.Inf", ".nan", "9223372036854775807", "9223372036854775808",
	"18446744073709551616", "-9223372036854775809", "2001-12-14", "2001-12-14t21:59:43.10-05:00",
	"12:30", "-", "<<", "0b", "1__0", "0x_1", "+", ".", "1e", "0b2", "'q'", `"d\x41\u00e9"`, "|\n      block\n",
}

func TestPlainScalarsMatchConverter(t *testing.T) {
	for _, s := range yaml11Scalars {
		for _, text := range []string{
			"objects:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n  data:\n    k: " + s + "\n",
			"objects:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n  data:\n    " + s + ": v\n",
			"objects:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n  list: [" + s + "]\n",
		} {
			sameValues(t, []byte(text), 1)
			sameAsWhole(t, []byte(text), 1)
		}
	}
}
