package scenario

// The fast reader (fastyaml.go) and Parse's fast path (fastparse.go) must mean exactly
// what yaml.v3's checks and sigs.k8s.io/yaml's conversion mean: whenever they take a
// text, it is one CheckYAML accepts, with the values, the sections and the Scenario the
// converter gives. FuzzFastYAML (make fuzz) checks that on mutated texts and on generated
// documents with anchors, aliases and merge keys.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/internal/fixtures"
	"sigs.k8s.io/yaml"
)

// fastAgrees checks that what the fast path takes from data agrees with yaml.v3 and
// sigs.k8s.io/yaml: the document's value, decodeRaw's sections and the parsed Scenario
// (objects streamed to the builder, and entries read by referenceEntry, included). It
// reports whether fastRead took data.
func fastAgrees(t *testing.T, data []byte) bool {
	t.Helper()
	parseAgrees(t, data)
	top, ok := fastRead(data, nil)
	if !ok {
		return false
	}
	if err := checkYAML(data, MaxNesting); err != nil {
		t.Fatalf("fastRead took a text CheckYAML refuses (%v):\n%s", err, data)
	}
	if want := converted(t, data); !reflect.DeepEqual(any(top), want) {
		t.Fatalf("fastRead = %#v, the converter gives %#v, for:\n%s", top, want, data)
	}
	raw, ok := fastSections(top)
	if !ok {
		return true
	}
	conv, err := decodeRawJSON(data)
	if err != nil {
		t.Fatalf("fastSections read a text the JSON decode refuses (%v):\n%s", err, data)
	}
	if !reflect.DeepEqual(raw, conv) {
		t.Fatalf("fastSections = %+v, the JSON decode gives %+v, for:\n%s", raw, conv, data)
	}
	return true
}

// parseAgrees checks that parseFast, when it takes data, gives parseWhole's Scenario,
// and reports whether it took it.
func parseAgrees(t *testing.T, data []byte) bool {
	t.Helper()
	sc, parsed := parseFast(`"f"`, data, Options{FineSteps: true})
	if !parsed {
		return false
	}
	whole, err := parseWhole(`"f"`, data, Options{FineSteps: true})
	if err != nil {
		t.Fatalf("parseFast took a text parseWhole refuses (%v):\n%s", err, data)
	}
	if !reflect.DeepEqual(sc, whole) {
		t.Fatalf("parseFast = %+v, parseWhole gives %+v, for:\n%s", sc, whole, data)
	}
	return true
}

// referenceCases are files with an `objects:` entry the reader cannot read: the
// reference path reads that entry alone (parsed true), unless that could change what the
// file means or lose an error (parsed false).
var referenceCases = func() []struct {
	name, text string
	parsed     bool
} {
	const cm = "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: %s\n"
	two := fmt.Sprintf(cm, "a") + fmt.Sprintf(cm, "b")
	return []struct {
		name, text string
		parsed     bool
	}{
		{"plain", "objects:\n" + two, true},
		{"a comment after a value", "objects:\n" + two + "- apiVersion: v1 # core\n  kind: ConfigMap\n  metadata: {name: c}\nsteps:\n- run: 1\n", true},
		{"indented entries, the last one referenced", "objects:\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: a}\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: \"\\u00e9\"}", false},
		{"non-ASCII", "objects:\n" + two + "- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c, annotations: {note: caf\u00e9}}\n", true},
		{"block scalar", "objects:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n    annotations:\n      note: |\n        - not an entry\n\n        text\n" + fmt.Sprintf(cm, "b"), true},
		{"quoted scalar over an entry-like line", "objects:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: \"a\n- b\"\n", false},
		{"flow map over lines", "objects:\n- {apiVersion: v1, kind: ConfigMap,\n- metadata: {name: a}}\n", false},
		{"an anchor elsewhere", "objects:\n- &x {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: b}} # c\n", false},
		{"a tab elsewhere", "objects:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: a}} # c\nsteps:\n-\t{run: 1}\n", false},
		{"second document", "objects:\n" + two + "- {apiVersion: v1, kind: ConfigMap, metadata: {name: c}} # c\n---\nobjects: []\n", false},
		{"less indented line inside", "objects:\n  - apiVersion: v1 # c\n kind: ConfigMap\n", false},
		{"bad object", "objects:\n" + two + "- apiVersion: v1 # c\n  kind: Nope\n  metadata: {name: c}\n", false},
		{"duplicate", "objects:\n" + two + "- apiVersion: v1 # c\n  kind: ConfigMap\n  metadata: {name: a}\n", false},
		{"repeated key", "objects:\n" + two + "- apiVersion: v1 # c\n  apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c}\n", false},
		{"scalar entry", "objects:\n" + two + "- just text # c\n", false},
		{"nested to the limit", "objects:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n  data: {x: " + strings.Repeat("[", MaxNesting-4) + strings.Repeat("]", MaxNesting-4) + "}\n", true},
		{"nested too deeply", "objects:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n  data: {x: " + strings.Repeat("[", MaxNesting-3) + strings.Repeat("]", MaxNesting-3) + "}\n", false},
	}
}()

func TestReferenceEntries(t *testing.T) {
	for _, tc := range referenceCases {
		t.Run(tc.name, func(t *testing.T) {
			if got := parseAgrees(t, []byte(tc.text)); got != tc.parsed {
				t.Errorf("parseFast took it = %v, want %v", got, tc.parsed)
			}
		})
	}
}

// converted is what the converter (sigs.k8s.io/yaml, then JSON) reads from data.
func converted(t *testing.T, data []byte) any {
	t.Helper()
	js, err := yaml.YAMLToJSON(data)
	if err != nil {
		t.Fatalf("fastRead took a text the converter refuses (%v):\n%s", err, data)
	}
	var v any
	if err := json.Unmarshal(js, &v); err != nil {
		t.Fatalf("fastRead took a text JSON refuses (%v):\n%s", err, data)
	}
	return v
}

// corpusFiles are the texts Parse and CheckYAML read in the repository: the scenario
// files, the workspace's examples and the lesson files.
func corpusFiles(t testing.TB) map[string][]byte {
	files := map[string][]byte{}
	for _, glob := range []string{"../testdata/scenarios/*.yaml", "../../app/workspace/examples/*.yaml", "../../lessons/builtin/*.yaml"} {
		m, err := filepath.Glob(glob)
		if err != nil || len(m) == 0 {
			t.Fatalf("%s: %v files, %v", glob, len(m), err)
		}
		for _, f := range m {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			files[f] = data
		}
	}
	return files
}

// TestFastMatchesConverterOnEveryFile: every file of the corpus, and its scenario files
// without their comments (the style of generated files), read the same fast as through
// the converter, and the fast path takes most of the latter (it is exercised).
func TestFastMatchesConverterOnEveryFile(t *testing.T) {
	taken, scenarios := 0, 0
	for name, data := range corpusFiles(t) {
		fastAgrees(t, data)
		if strings.HasSuffix(name, ".yaml") && strings.Contains(name, "scenarios") {
			scenarios++
			if fastAgrees(t, withoutComments(data)) {
				taken++
			}
		}
	}
	if taken < scenarios*3/4 {
		t.Fatalf("the fast path took %d of %d scenario files: it is not exercised", taken, scenarios)
	}
	t.Logf("the fast path took %d of %d scenario files without their comments", taken, scenarios)
}

// withoutComments drops the lines that are only a comment and the comments after values.
func withoutComments(data []byte) []byte {
	var b strings.Builder
	for _, l := range strings.SplitAfter(string(data), "\n") {
		if i := strings.Index(l, " #"); i >= 0 {
			l = strings.TrimRight(l[:i], " ") + "\n"
		}
		if t := strings.TrimSpace(l); t != "" && t[0] != '#' {
			b.WriteString(l)
		}
	}
	return []byte(b.String())
}

// TestFastReads: the shapes of generated files and links are read fast.
func TestFastReads(t *testing.T) {
	for _, text := range []string{
		"objects:\n" + benchEntries(3) + "steps:\n- delete: {apiVersion: v1, kind: ConfigMap, name: cm-0, propagationPolicy: Foreground}\n",
		fixtures.LinkTree(1), fixtures.LinkTree(30), fixtures.LinkTree(200),
		"# a comment\nobjects:\n\n  # another\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata:\n      name: a\n      labels: {app: web, tier: \"1\"}\n      finalizers:\n      - example.com/hold\n    data:\n      k: 'v w'\n      mode: 0755\n      flag: yes\n",
		"objects:\n- {apiVersion: v1, kind: Pod, metadata: {name: p, ownerReferences: [{kind: X, name: y}]}}\n-   kind: Secret\n    type: Opaque\n",
		"objects:\n- kind: A\n  list:\n    - a\n    - b\n  empty: {}\n  none: []\n  url: http://x/y\n",
		"a: &m\n  b: [1, &s 'x', *s]\n  c: *s\nd:\n  <<: *m\n  e: &e\n    - {f: *m}\n    - *s\nf: *e\n",
		"x:\n- &a\n  q: x\n- *a\n- &b {<<: [*a], k: \"v\"}\n- {<<: *b}\n",
		"a: &x 1\nb: *x\nc: [*x, &y 2]\nd: {k: *y }\n",
		"steps:\n- run: idle\nobjects:\n" + benchEntries(2),
		"objects:\n" + benchEntries(2) + "resources:\n- {apiVersion: example.com/v1, kind: Widget}\n",
	} {
		if !fastAgrees(t, []byte(text)) {
			t.Errorf("the fast reader refused:\n%s", text)
		}
	}
}

// TestFastRefuses: what the reader is not sure of goes to yaml.v3 and the converter.
func TestFastRefuses(t *testing.T) {
	for _, text := range []string{
		"a: b # a comment\n",
		"a: \"x\\ty\"\n",
		"a: multi\n  line\n",
		"a:\nb: c\n",          // an empty value
		"a: |\n  block\n",     // a block scalar
		"a:\n- - nested\n",    // a compact nested sequence
		"a: 'it''s'\n",        // an escaped quote
		"a: {b: c, c: d:e}\n", // ':' in a flow scalar
		"a: {b: c\n",          // an unclosed flow mapping
		"a: [b, c,]\n",        // a trailing comma
		"a: -b\n",             // an indicator first
		"? a\n: b\n",          // a complex key
		"a: b\n c: d\n",       // a badly indented key
		"\"a\": b\n",          // a quoted key
		"a: é\n",              // non-ASCII
		"\ufeffa: b\n",        // a byte order mark
		"a: b\r\n",            // CRLF
		"a:\n\tb: c\n",        // a tab
		"a: ~\n",              // null by ~
		"a  : b\n",            // a space before the colon
		"a: !!str 1\n",        // a tag
		"%YAML 1.1\n---\na: 1\n",
		"- a\n", // a sequence at the top
		"a: " + strings.Repeat("[", 70) + strings.Repeat("]", 70) + "\n",
		"a: *x\n",                   // an unknown anchor
		"a: &x [*x]\n",              // an alias inside its own anchor
		"a: &x 1\nb: &x 2\nc: *x\n", // a name defined twice
		"a:\n- &a b: c\n",           // an anchor on a key
		"a: &x\nb: 1\n",             // an anchored empty value
		"a: 1\n---\nb: 2\n",         // a second document
		"a: 1\n...\n",
		"a: {b: &x, c: 1}\n",
		"a: [&x *y]\n",
		"&x a: 1\n",
		"a: *x y\n",
		"a: 1\na: 2\n", // a repeated key
		"a: {b: 1, b: 2}\n",
		"a: &a {x: 1}\nb: {<<: *a, <<: *a}\n", // a repeated merge key
		"a: 9007199254740993\n",               // a number float64 rounds
	} {
		if fastAgrees(t, []byte(text)) {
			t.Errorf("the fast reader read a text it should leave to yaml.v3:\n%s", text)
		}
	}
}

// benchEntries is n entries of the benchmark's tree (docs/benchmarks.md, `gcplay sim`).
func benchEntries(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: cm-%d\n    uid: uid-%d\n", i, i)
		if i > 0 {
			o := (i - 1) / 10
			fmt.Fprintf(&b, "    ownerReferences:\n    - {apiVersion: v1, kind: ConfigMap, name: cm-%d, uid: uid-%d, blockOwnerDeletion: true}\n", o, o)
		}
	}
	return b.String()
}

// mergeCases are merge keys as yaml.v2 reads them (want, as JSON), or refuses them
// (want ""): the fast reader must agree, or leave the text to the converter (fast false).
var mergeCases = []struct {
	name, text, want string
	fast             bool
}{
	{"merge then explicit: explicit wins", "a: &a {x: 1, q: 1}\nb: {<<: *a, x: 2}\n", `{"a":{"x":1,"q":1},"b":{"x":2,"q":1}}`, true},
	{"explicit then merge: merged wins (yaml.v2, not the spec)", "a: &a {x: 1, q: 1}\nb: {x: 2, <<: *a}\n", `{"a":{"x":1,"q":1},"b":{"x":1,"q":1}}`, true},
	{"sequence of merges: earlier wins", "a: &a {x: 1}\nb: &b {x: 2, q: 2}\nc: {<<: [*a, *b]}\n", `{"a":{"x":1},"b":{"x":2,"q":2},"c":{"x":1,"q":2}}`, true},
	{"sequence of merges, then explicit", "a: &a {x: 1}\nb: &b {x: 2, q: 2}\nc: {<<: [*b, *a], q: 3}\n", `{"a":{"x":1},"b":{"x":2,"q":2},"c":{"x":2,"q":3}}`, true},
	{"inline mapping merged", "b: {<<: {x: 1}, q: 2}\n", `{"b":{"x":1,"q":2}}`, true},
	{"merge inside a merged mapping", "a: &a {<<: {x: 1}, q: 1}\nb: {<<: *a, z: 1}\n", `{"a":{"x":1,"q":1},"b":{"x":1,"q":1,"z":1}}`, true},
	{"merged value is a copy", "a: &a {x: [1]}\nb: {<<: *a}\nc: *a\n", `{"a":{"x":[1]},"b":{"x":[1]},"c":{"x":[1]}}`, true},
	{"empty sequence of merges", "b: {<<: [], x: 1}\n", `{"b":{"x":1}}`, true},
	{"block style", "p: &p\n  kind: Pod\n  metadata: {name: a}\nq:\n  <<: *p\n  metadata: {name: b}\n", `{"p":{"kind":"Pod","metadata":{"name":"a"}},"q":{"kind":"Pod","metadata":{"name":"b"}}}`, true},
	{"quoted << is a key", "b: {'<<': {x: 1}}\n", `{"b":{"\u003c\u003c":{"x":1}}}`, false},
	{"alias of a scalar as a value", "a: &a yes\nb: *a\n", `{"a":true,"b":true}`, true},
	{"merge of null", "b: {<<: ~}\n", "", false},
	{"merge of a scalar alias", "a: &a 1\nb: {<<: *a}\n", "", false},
	{"merge of a list alias", "a: &a [1]\nb: {<<: *a}\n", "", false},
	{"merge of a list of lists", "b: {<<: [[{x: 1}]]}\n", "", false},
	{"alias of a scalar as a key", "a: &a k\nb: {*a : 1}\n", `{"a":"k","b":{"k":1}}`, false},
	{"key that is not a string", "b: {1: x}\n", `{"b":{"1":"x"}}`, false},
	{"merged key that is not a string", "a: &a {y: 1}\nb: {<<: *a}\n", `{"a":{"true":1},"b":{"true":1}}`, false},
	{"non-specific tag", "a: ! 123\n", `{"a":"123"}`, false},
}

func TestMergeKeysAsYAMLv2(t *testing.T) {
	for _, tc := range mergeCases {
		t.Run(tc.name, func(t *testing.T) {
			js, err := yaml.YAMLToJSON([]byte(tc.text))
			if (err == nil) != (tc.want != "") || (err == nil && !sameJSON(js, []byte(tc.want))) {
				t.Fatalf("the converter gives %s (%v), want %s: the case is wrong", js, err, tc.want)
			}
			if got := fastAgrees(t, []byte(tc.text)); got != tc.fast {
				t.Errorf("the fast reader took the text = %v, want %v", got, tc.fast)
			}
		})
	}
}

// TestAliasesAreCopies: the builder keeps parts of each object's map, so no two places
// of the value may share a map or a list, however often an anchor is aliased.
func TestAliasesAreCopies(t *testing.T) {
	top, ok := fastRead([]byte("a: &a {x: [1], q: {z: 1}}\nb: *a\nc: {<<: *a}\nd: *a\n"), nil)
	if !ok {
		t.Fatal("refused")
	}
	for _, k := range []string{"a", "b", "c"} {
		m := top[k].(map[string]any)
		m["x"].([]any)[0] = k
		m["q"].(map[string]any)["z"] = k
	}
	for _, k := range []string{"a", "b", "c"} {
		m := top[k].(map[string]any)
		if m["x"].([]any)[0] != k || m["q"].(map[string]any)["z"] != k {
			t.Errorf("%s shares a list or a map: %v", k, top)
		}
	}
	if d := top["d"].(map[string]any); d["x"].([]any)[0] != 1.0 || d["q"].(map[string]any)["z"] != 1.0 {
		t.Errorf("d shares a list or a map: %v", top)
	}
}

func sameJSON(a, b []byte) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}

// TestExcessiveAliasingAsYAMLv2: the fast reader stops at exactly the documents where
// yaml.v2 stops with "document contains excessive aliasing". For anchors of a few sizes,
// aliased more and more, it finds the first document the reader refuses; yaml.v2 must
// take the one before and refuse that one. Its limits: more than 100 expanded nodes of
// more than 1,000, 99% expanded up to 400,000 nodes, 10% from 4,000,000.
func TestExcessiveAliasingAsYAMLv2(t *testing.T) {
	type anchor struct {
		style string
		items int
	}
	anchors := []anchor{{"nested", 10}, {"list", 150}, {"merge", 200}}
	// About 500,000 nodes, past the 99% range: seconds of yaml.v2 natively, and ten
	// times that as wasm, where the same counting code runs.
	if !testing.Short() && runtime.GOARCH != "wasm" {
		anchors = append(anchors, anchor{"merge", 20})
	}
	for _, a := range anchors {
		doc := func(uses int) []byte { return aliasedAnchor(a.style, a.items, uses) }
		refused := func(uses int) bool {
			_, ok := fastRead(doc(uses), nil)
			return !ok
		}
		lo, hi := 1, 1
		for !refused(hi) {
			lo, hi = hi, hi*2
		}
		for lo+1 < hi { // refused(hi), not refused(lo)
			if mid := (lo + hi) / 2; refused(mid) {
				hi = mid
			} else {
				lo = mid
			}
		}
		if _, err := yaml.YAMLToJSON(doc(lo)); err != nil {
			t.Errorf("%s of %d aliased %d times: the fast reader takes it, the converter says %v", a.style, a.items, lo, err)
		}
		if _, err := yaml.YAMLToJSON(doc(hi)); err == nil || !strings.Contains(err.Error(), "excessive aliasing") {
			t.Errorf("%s of %d aliased %d times: the fast reader refuses it, the converter says %v", a.style, a.items, hi, err)
		}
	}
}

// aliasedAnchor is a list or mapping of n items, anchored, then aliased (or merged) uses
// times; nested aliases a list of n aliases of the list.
func aliasedAnchor(style string, n, uses int) []byte {
	var b strings.Builder
	items := strings.TrimSuffix(strings.Repeat("x, ", n), ", ")
	switch style {
	case "list":
		fmt.Fprintf(&b, "a: &a [%s]\nb: [", items)
	case "nested":
		fmt.Fprintf(&b, "a: &a [%s]\nc: &c [%s]\nb: [", items, strings.TrimSuffix(strings.Repeat("*a, ", n), ", "))
	default:
		b.WriteString("a: &a {")
		for i := range n {
			fmt.Fprintf(&b, "k%d: x, ", i)
		}
		b.WriteString("z: x}\nb: [")
	}
	use := map[string]string{"list": "*a, ", "nested": "*c, ", "merge": "{<<: *a}, "}[style]
	b.WriteString(strings.TrimSuffix(strings.Repeat(use, uses), ", ") + "]\n")
	return []byte(b.String())
}

// TestLinkTreeReadFast: the link takes the fast path, and yaml.v2 is far from
// refusing it as excessive aliasing.
func TestLinkTreeReadFast(t *testing.T) {
	if !fastAgrees(t, []byte(fixtures.LinkTree(30))) {
		t.Fatal("LinkTree(30) goes to the converter")
	}
	r := &fastReader{data: []byte(fixtures.LinkTree(19600)), decodes: 1}
	r.advance()
	if _, ok := r.mapping(0); !ok || !r.end {
		t.Fatal("LinkTree(19600) goes to the converter")
	}
	ratio := float64(r.expanded) / float64(r.decodes)
	t.Logf("LinkTree(19600): %d decodes, %d of them expanded aliases (%.2f)", r.decodes, r.expanded, ratio)
}

// yaml11Scalars are plain scalars whose YAML 1.1 reading differs from YAML 1.2's or
// from a naive one.
var yaml11Scalars = []string{
	"yes", "No", "on", "OFF", "y", "N", "~", "null", "", "true", "False",
	"0755", "0x1F", "0x10", "0o17", "0b101", "-0b101", "1_000", "+12", "-0", "0.", "+.5", ".5", "1e3",
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
			"steps:\n- run: " + s + "\n",
		} {
			fastAgrees(t, []byte(text))
		}
	}
}

// trickyYAML are texts at the edges of the reader's subset, for the fuzzer to start from.
var trickyYAML = []string{
	"a: &a {x: 1}\nb:\n  <<: *a\n  y: 2\n",
	"a: &a [1, 2]\nb: *a\n",
	"a: {b: [c, 'd', \"e\"], f: {}}\ng:\n- h\n-   i: j\n",
	"'quoted': 1\n\"dq\": 2\n",
	"a: !tag x\n",
	"a: 1\na: 2\n",
	"a:\n\tb: 1\n",
	"a: 1\r\nb: 2\r\n",
	"\ufeffa: 1\n",
	"a: 1e3\nb: 0x10\nc: .5\nd: yes\ne: no\nf: on\ng: off\n",
	"a: |\n  text\n  more\nb: >\n  folded\n",
	"a: # comment\n  b: 1\n",
	"a: b #c\n",
	"a: 'x' # c\n",
	"objects:\n# a comment\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}\n",
	"objects:\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata:\n      name: a\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: b}\n",
	"objects:\n- &o {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}\n- {<<: *o, metadata: {name: b}}\nsteps:\n- delete: &d {apiVersion: v1, kind: ConfigMap, name: a}\n- addFinalizer: {<<: *d, finalizer: x/y}\n",
	"resources:\n- apiVersion: example.com/v1\n  kind: Widget\nobjects:\n- apiVersion: example.com/v1\n  kind: Widget\n  metadata: {name: w}\n",
	"objects:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n",
	"objects:\n- apiVersion: v1\n  kind: Nope\n  metadata: {name: a}\n",
	"version: 2\ncontrollers: [replicaset]\nnodes: [{name: n1}]\nobjects: []\nsteps: [{run: idle}]\n",
	"Objects: []\n",
	"steps:\n- run: 1\n  delete: {apiVersion: v1, kind: ConfigMap, name: a}\n",
}

// FuzzFastYAML: whatever the text, the fast path takes only what yaml.v3 and
// sigs.k8s.io/yaml take, and means what they mean. Each input is tried as it is and as a
// document generated from its bytes (aliasDoc: anchors, aliases and merge keys).
func FuzzFastYAML(f *testing.F) {
	for _, data := range corpusFiles(f) {
		f.Add(data, []byte{})
		f.Add(withoutComments(data), []byte{})
	}
	f.Add([]byte("objects:\n"+benchEntries(12)), []byte{})
	f.Add([]byte(fixtures.LinkTree(30)), []byte{})
	for _, tc := range mergeCases {
		f.Add([]byte(tc.text), []byte{})
	}
	for _, s := range yaml11Scalars {
		f.Add([]byte("k: "+s+"\nl: {m: "+s+"}\nn: ["+s+"]\n"+s+": x\n"), []byte{})
	}
	for _, s := range trickyYAML {
		f.Add([]byte(s), []byte{})
	}
	for _, tc := range referenceCases {
		f.Add([]byte(tc.text), []byte{})
	}
	f.Add([]byte{}, []byte{0x84, 2, 0, 0x85, 3, 1, 5, 2, 0, 1, 4})
	f.Add([]byte{}, []byte{0, 0x84, 3, 3, 1, 0x85, 1, 2, 2, 0x80, 4, 2, 0, 2, 1, 0, 1})
	f.Fuzz(func(t *testing.T, text, gen []byte) {
		fastAgrees(t, text)
		fastAgrees(t, []byte(aliasDoc(gen)))
	})
}

// aliasDoc writes a YAML document with anchors, aliases and merge keys chosen by the
// bytes of in: the scenario's sections at the top, block or flow collections below.
func aliasDoc(in []byte) string {
	g := &aliasGen{in: in}
	var b strings.Builder
	for _, k := range []string{"objects", "steps", "resources", "version", "controllers", "nodes", "other"} {
		if g.next()%3 == 0 {
			fmt.Fprintf(&b, "%s: %s\n", k, g.node(0, "  ", false))
		}
	}
	return b.String()
}

type aliasGen struct {
	in       []byte
	anchors  []string // every anchor defined so far
	mappings []string // the anchors of mappings
}

func (g *aliasGen) next() byte {
	if len(g.in) == 0 {
		return 0
	}
	c := g.in[0]
	g.in = g.in[1:]
	return c
}

var aliasScalars = []string{"x", "1", "-2", "0x1F", "yes", "~", "null", "'<<'", `"q"`, "1.5", "9007199254740993", "2001-12-14", "<<", "v1", "Pod"}
var aliasKeys = []string{"a", "b", "<<", "apiVersion", "kind", "metadata", "name", "1", "y", "'<<'", "uid"}

// node writes one node; anchored ones become aliases' and merges' targets. Outside a
// flow collection a non-empty collection may be in block style: then it starts with a
// line break (after its anchor), and its lines are indented by ind.
func (g *aliasGen) node(depth int, ind string, inFlow bool) string {
	c := g.next()
	var anchor string
	if c&0x80 != 0 {
		anchor = fmt.Sprintf("a%d", len(g.anchors))
	}
	var s string
	isMap := false
	block := !inFlow && c&0x40 != 0
	switch kind := c & 7; {
	case kind == 3 && len(g.anchors) > 0:
		return "*" + g.anchors[int(g.next())%len(g.anchors)]
	case kind >= 4 && kind <= 5 && depth < 4:
		isMap = true
		var entries []string
		used := map[string]bool{}
		for range int(g.next() % 4) {
			k := aliasKeys[int(g.next())%len(aliasKeys)]
			if used[k] {
				continue
			}
			used[k] = true
			if k == "<<" {
				entries = append(entries, "<<: "+g.mergeValue(depth, ind+"  ", !block))
			} else {
				entries = append(entries, k+": "+g.node(depth+1, ind+"  ", !block))
			}
		}
		s = collection(block && len(entries) > 0, ind, "", entries, "{", "}")
	case kind == 6 && depth < 4:
		var items []string
		for range int(g.next() % 4) {
			items = append(items, g.node(depth+1, ind+"  ", !block))
		}
		s = collection(block && len(items) > 0, ind, "- ", items, "[", "]")
	default:
		s = aliasScalars[int(g.next())%len(aliasScalars)]
	}
	if anchor == "" {
		return s
	}
	g.anchors = append(g.anchors, anchor)
	if isMap {
		g.mappings = append(g.mappings, anchor)
	}
	if strings.HasPrefix(s, "\n") {
		return "&" + anchor + s
	}
	return "&" + anchor + " " + s
}

// collection writes entries in block style (each on a line of its own, after prefix)
// or in flow style (between open and close).
func collection(block bool, ind, prefix string, entries []string, open, close string) string {
	if !block {
		return open + strings.Join(entries, ", ") + close
	}
	var b strings.Builder
	for _, e := range entries {
		b.WriteString("\n" + ind + prefix + e)
	}
	return b.String()
}

// mergeValue writes what follows `<<:`: mostly what yaml.v2 accepts, sometimes not.
func (g *aliasGen) mergeValue(depth int, ind string, inFlow bool) string {
	c := g.next()
	switch {
	case c%4 == 0 && len(g.mappings) > 0:
		return "*" + g.mappings[int(g.next())%len(g.mappings)]
	case c%4 == 1 && len(g.mappings) > 0:
		var items []string
		for range 1 + int(g.next()%3) {
			items = append(items, "*"+g.mappings[int(g.next())%len(g.mappings)])
		}
		return "[" + strings.Join(items, ", ") + "]"
	}
	return g.node(depth+1, ind, inFlow)
}
