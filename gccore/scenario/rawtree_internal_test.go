package scenario

// The whole-file path reads a scenario from yaml.v3's tree (rawtree.go, plainReader)
// instead of sigs.k8s.io/yaml's conversion: whenever it does, it must give exactly what
// the conversion gives, aliases and merge keys included (as yaml.v2 applies them).

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

// treeAgreesWithConverter checks, for a text CheckYAML accepts, that what the tree reading
// accepts agrees with sigs.k8s.io/yaml: the document's value, and decodeRaw's sections.
// It reports whether plainValue took the text.
func treeAgreesWithConverter(t *testing.T, data []byte) bool {
	t.Helper()
	doc, err := checkedNode(data, MaxNesting)
	if err != nil || doc == nil || !treeReadable(data) {
		return false
	}
	got, ok := plainValue(doc)
	if !ok {
		if _, ok := rawFromTree(doc); ok {
			t.Fatalf("rawFromTree took a document plainValue refuses:\n%s", data)
		}
		return false
	}
	if want := converted[any](t, "plainValue", data); !reflect.DeepEqual(got, want) {
		t.Fatalf("plainValue = %#v, the converter gives %#v, for:\n%s", got, want, data)
	}
	tree, ok := rawFromTree(doc)
	if !ok {
		return true
	}
	conv, err := decodeRawJSON(data)
	if err != nil {
		t.Fatalf("rawFromTree read a text the JSON decode refuses (%v):\n%s", err, data)
	}
	if !reflect.DeepEqual(tree, conv) {
		t.Fatalf("rawFromTree = %+v, the JSON decode gives %+v, for:\n%s", tree, conv, data)
	}
	return true
}

// TestTreeMatchesConverterOnEveryFile: the scenario files, the workspace's examples and
// the lesson files (whose start scenarios Parse reads) read the same from the tree as
// through the converter, and the tree reading takes every one of them.
func TestTreeMatchesConverterOnEveryFile(t *testing.T) {
	var files []string
	for _, glob := range []string{"../testdata/scenarios/*.yaml", "../../app/workspace/examples/*.yaml", "../../lessons/builtin/*.yaml"} {
		m, err := filepath.Glob(glob)
		if err != nil || len(m) == 0 {
			t.Fatalf("%s: %v files, %v", glob, len(m), err)
		}
		files = append(files, m...)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !treeAgreesWithConverter(t, data) {
			t.Errorf("%s: not read from the tree", f)
		}
	}
}

// mergeCases are merge keys as yaml.v2 reads them (want, as JSON), or refuses them
// (want ""): the tree reading must agree, or leave the text to the converter (tree false).
var mergeCases = []struct {
	name, text, want string
	tree             bool
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
	{"quoted << is a key", "b: {'<<': {x: 1}}\n", `{"b":{"\u003c\u003c":{"x":1}}}`, true},
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
			if got := treeAgreesWithConverter(t, []byte(tc.text)); got != tc.tree {
				t.Errorf("tree reading took the text = %v, want %v", got, tc.tree)
			}
		})
	}
}

// TestAliasesAreCopies: the builder keeps parts of each object's map, so no two places
// of the value may share a map or a list, however often an anchor is aliased.
func TestAliasesAreCopies(t *testing.T) {
	doc, err := checkedNode([]byte("a: &a {x: [1], q: {z: 1}}\nb: *a\nc: {<<: *a}\nd: *a\n"), MaxNesting)
	if err != nil {
		t.Fatal(err)
	}
	v, ok := plainValue(doc)
	if !ok {
		t.Fatal("refused")
	}
	top := v.(map[string]any)
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

// TestExcessiveAliasingAsYAMLv2: the tree reading stops at exactly the documents where
// yaml.v2 stops with "document contains excessive aliasing". For anchors of a few sizes,
// aliased more and more, it finds the first document the tree reading refuses; yaml.v2
// must take the one before and refuse that one. Its limits: more than 100 expanded nodes
// of more than 1,000, 99% expanded up to 400,000 nodes, 10% from 4,000,000.
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
			n, err := checkedNode(doc(uses), MaxNesting)
			if err != nil {
				t.Fatal(err)
			}
			_, ok := plainValue(n)
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
			t.Errorf("%s of %d aliased %d times: the tree reading takes it, the converter says %v", a.style, a.items, lo, err)
		}
		if _, err := yaml.YAMLToJSON(doc(hi)); err == nil || !strings.Contains(err.Error(), "excessive aliasing") {
			t.Errorf("%s of %d aliased %d times: the tree reading refuses it, the converter says %v", a.style, a.items, hi, err)
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
	b.WriteString(strings.Repeat(use, uses) + "]\n")
	return []byte(b.String())
}

// TestLinkTreeReadFromTree: the link takes the tree reading, and yaml.v2 is far
// from refusing it as excessive aliasing.
func TestLinkTreeReadFromTree(t *testing.T) {
	small := []byte(fixtures.LinkTree(30))
	treeAgreesWithConverter(t, small)
	doc, err := checkedNode(small, MaxNesting)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := rawFromTree(doc); !ok || !treeReadable(small) {
		t.Fatal("LinkTree(30) goes to the converter")
	}
	doc, err = checkedNode([]byte(fixtures.LinkTree(19600)), MaxNesting)
	if err != nil {
		t.Fatal(err)
	}
	var r plainReader
	if _, ok := r.value(doc); !ok {
		t.Fatal("LinkTree(19600) goes to the converter")
	}
	ratio := float64(r.expanded) / float64(r.decodes)
	t.Logf("LinkTree(19600): %d decodes, %d of them expanded aliases (%.2f; yaml.v2 allows %.2f)", r.decodes, r.expanded, ratio, aliasRatioLimit(r.decodes))
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

func FuzzPlainAliases(f *testing.F) {
	f.Add([]byte(fixtures.LinkTree(30)), []byte{})
	for _, tc := range mergeCases {
		f.Add([]byte(tc.text), []byte{})
	}
	f.Add([]byte("objects:\n- &o {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}\n- {<<: *o, metadata: {name: b}}\nsteps:\n- delete: &d {apiVersion: v1, kind: ConfigMap, name: a}\n- addFinalizer: {<<: *d, finalizer: x/y}\n"), []byte{})
	f.Add([]byte{}, []byte{0x84, 2, 0, 0x85, 3, 1, 5, 2, 0, 1, 4})
	f.Add([]byte{}, []byte{0, 0x84, 3, 3, 1, 0x85, 1, 2, 2, 0x80, 4, 2, 0, 2, 1, 0, 1})
	f.Fuzz(func(t *testing.T, text, gen []byte) {
		doc := []byte(aliasDoc(gen))
		treeAgreesWithConverter(t, text)
		treeAgreesWithConverter(t, doc)
		fastTreeAgrees(t, text)
		fastTreeAgrees(t, doc)
	})
}
