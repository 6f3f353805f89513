package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/internal/fixtures"
	yamlv3 "go.yaml.in/yaml/v3"
)

// sameNodes reports the first difference between fastTree's nodes and yaml.v3's in the
// fields fastTree fills, "" if none; aliases are compared by the anchor they name.
func sameNodes(fast, v3 *yamlv3.Node, path string) string {
	if fast.Kind != v3.Kind || fast.Value != v3.Value || fast.Anchor != v3.Anchor || len(fast.Content) != len(v3.Content) {
		return fmt.Sprintf("%s: fastTree kind %v value %q anchor %q, %d children; yaml.v3 kind %v value %q anchor %q, %d children",
			path, fast.Kind, fast.Value, fast.Anchor, len(fast.Content), v3.Kind, v3.Value, v3.Anchor, len(v3.Content))
	}
	if fast.Style != v3.Style {
		return fmt.Sprintf("%s: fastTree style %v, yaml.v3 %v", path, fast.Style, v3.Style)
	}
	if fast.Kind == yamlv3.AliasNode {
		if fast.Alias == nil || v3.Alias == nil || fast.Alias.Anchor != v3.Alias.Anchor {
			return path + ": aliases of different nodes"
		}
	}
	for i := range fast.Content {
		if d := sameNodes(fast.Content[i], v3.Content[i], fmt.Sprintf("%s/%d", path, i)); d != "" {
			return d
		}
	}
	return ""
}

// fastTreeAgrees checks that fastTree, when it reads data, gives yaml.v3's nodes and
// that checkNode judges both alike; it reports whether it read it.
func fastTreeAgrees(t *testing.T, data []byte) bool {
	t.Helper()
	fast, ok := fastTree(data)
	if !ok {
		return false
	}
	dec := yamlv3.NewDecoder(bytes.NewReader(data))
	var v3, next yamlv3.Node
	if err := dec.Decode(&v3); err != nil {
		t.Fatalf("fastTree read a text yaml.v3 refuses (%v):\n%s", err, data)
	}
	if err := dec.Decode(&next); !errors.Is(err, io.EOF) {
		t.Fatalf("fastTree read one document where yaml.v3 finds more (%v):\n%s", err, data)
	}
	if d := sameNodes(fast, &v3, ""); d != "" {
		t.Fatalf("%s, for:\n%s", d, data)
	}
	for _, limit := range []int{MaxNesting, 3, 2} {
		e1, e2 := checkNode(fast, limit), checkNode(&v3, limit)
		if (e1 == nil) != (e2 == nil) {
			t.Fatalf("checkNode(limit %d): %v on fastTree's nodes, %v on yaml.v3's, for:\n%s", limit, e1, e2, data)
		}
	}
	// decodeRaw's sections, or its error, are those of the yaml.v3 path.
	got, err1 := decodeRaw(data)
	doc, err := yamlv3Node(data, MaxNesting)
	want, err2 := decodeChecked(data, doc, err)
	if fmt.Sprint(err1) != fmt.Sprint(err2) || !reflect.DeepEqual(got, want) {
		t.Fatalf("decodeRaw = %+v, %v; from yaml.v3's nodes %+v, %v; for:\n%s", got, err1, want, err2, data)
	}
	return true
}

func TestFastTreeReadsTheLink(t *testing.T) {
	for _, n := range []int{1, 30, 200} {
		if !fastTreeAgrees(t, []byte(fixtures.LinkTree(n))) {
			t.Errorf("LinkTree(%d) goes to yaml.v3", n)
		}
	}
}

// TestFastTreeReads: anchors on block and flow values, aliases and merge keys in both
// styles are read without yaml.v3's parser.
func TestFastTreeReads(t *testing.T) {
	for _, text := range []string{
		"a: &m\n  b: [1, &s 'x', *s]\n  c: *s\nd:\n  <<: *m\n  e: &e\n    - {f: *m}\n    - *s\nf: *e\n",
		"- &a\n  - x\n- *a\n- &b {<<: [*a], k: \"v\"}\n- {<<: *b}\n",
		"a: &x 1\nb: *x\nc: [*x, &y 2]\nd: {k: *y }\n",
	} {
		if !fastTreeAgrees(t, []byte(text)) {
			t.Errorf("fastTree refused %q", text)
		}
	}
}

func TestFastTreeRefuses(t *testing.T) {
	for _, text := range []string{
		"a: *x\n",                   // an unknown anchor
		"a: &x [*x]\n",              // an alias inside its own anchor
		"a: &x 1\nb: &x 2\nc: *x\n", // a name defined twice
		"- &a b: c\n",               // an anchor on a key
		"a: &x\nb: 1\n",             // an anchored empty value
		"a: 1\n---\nb: 2\n",         // a second document
		"a: 1\n...\n",
		"a: {b: &x, c: 1}\n",
		"a: [&x *y]\n",
		"&x a: 1\n",
		"a: *x y\n",
	} {
		if _, ok := fastTree([]byte(text)); ok {
			t.Errorf("fastTree read %q", text)
		}
	}
}

func FuzzFastTree(f *testing.F) {
	f.Add([]byte(fixtures.LinkTree(30)))
	f.Add([]byte("objects:\n- &o {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}\n- {<<: *o, metadata: {name: b}}\nsteps:\n- delete: &d {apiVersion: v1, kind: ConfigMap, name: a}\n- addFinalizer: {<<: *d, finalizer: x/y}\n"))
	f.Add([]byte("a: &m\n  b: [1, &s 'x', *s]\n  c: *s\nd:\n  <<: *m\n  e: &e\n    - {f: *m}\n    - *s\nf: *e\n"))
	for _, tc := range mergeCases {
		f.Add([]byte(tc.text))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fastTreeAgrees(t, data)
		if strings.Contains(string(data), "&") {
			treeAgreesWithConverter(t, data)
		}
	})
}
