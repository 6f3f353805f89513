package scenario

// The chunked parse of large files must mean exactly what the whole-file parse means:
// whenever parseChunked accepts a text, parseWhole gives the same scenario. These tests
// run it on small texts by cutting them into chunks of one or two entries.

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/internal/fixtures"
)

// sameAsWhole checks that parseChunked, when it accepts data, agrees with parseWhole,
// and reports whether it accepted it.
func sameAsWhole(t *testing.T, data []byte, per int) bool {
	t.Helper()
	chunked, ok := parseChunked(`"f"`, data, per)
	if !ok {
		return false
	}
	whole, err := parseWhole(`"f"`, data)
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
		_, wholeErr := parseWhole(`"f"`, []byte(text))
		if accepted := sameAsWhole(t, []byte(text), 1); accepted != (wholeErr == nil) {
			t.Fatalf("depth %d: chunked accepted = %v, whole-file error = %v", depth, accepted, wholeErr)
		}
	}
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
	f.Fuzz(func(t *testing.T, data []byte, per int) {
		if per < 1 || per > 4 {
			per = 1
		}
		sameAsWhole(t, data, per)
	})
}
