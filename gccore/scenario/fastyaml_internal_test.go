package scenario

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/internal/fixtures"
	yamlv3 "go.yaml.in/yaml/v3"
)

// sameTree reports where two node trees differ in what the checks and plainValue read:
// kind, style, value, position and children (not the resolved tag, which neither reads).
func sameTree(a, b *yamlv3.Node, path string) error {
	if a.Kind != b.Kind || a.Style != b.Style || a.Value != b.Value || a.Line != b.Line || a.Column != b.Column || len(a.Content) != len(b.Content) {
		return fmt.Errorf("%s: fast {kind %d style %d %q at %d:%d, %d children}, yaml.v3 {kind %d style %d %q at %d:%d, %d children}",
			path, a.Kind, a.Style, a.Value, a.Line, a.Column, len(a.Content), b.Kind, b.Style, b.Value, b.Line, b.Column, len(b.Content))
	}
	for i := range a.Content {
		if err := sameTree(a.Content[i], b.Content[i], fmt.Sprintf("%s/%d", path, i)); err != nil {
			return err
		}
	}
	return nil
}

// fastAgrees checks that fastChunk, when it reads data, gives yaml.v3's tree; it reports
// whether it read it.
func fastAgrees(t *testing.T, data []byte) bool {
	t.Helper()
	fast, ok := fastChunk(data)
	if !ok {
		return false
	}
	var doc yamlv3.Node
	if err := yamlv3.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
		t.Fatalf("fastChunk read a text yaml.v3 refuses (%v):\n%s", err, data)
	}
	if len(doc.Content) != 1 {
		t.Fatalf("fastChunk read a document yaml.v3 reads as %d nodes:\n%s", len(doc.Content), data)
	}
	if err := sameTree(fast.Content[0], doc.Content[0], ""); err != nil {
		t.Fatalf("fastChunk and yaml.v3 differ at %v:\n%s", err, data)
	}
	return true
}

// TestFastChunkMatchesYAMLv3: every chunk of every golden scenario that fastChunk reads
// is the tree yaml.v3 reads, and most of them are read fast (the path is exercised).
func TestFastChunkMatchesYAMLv3(t *testing.T) {
	files, err := fixtures.ScenarioFiles("../testdata/scenarios")
	if err != nil {
		t.Fatal(err)
	}
	read, chunks := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, per := range []int{1, 2, chunkEntries} {
			_, cs, ok := splitObjects(data, per)
			if !ok {
				continue
			}
			for _, c := range cs {
				chunks++
				if fastAgrees(t, c) {
					read++
				}
			}
		}
	}
	if read < chunks/2 {
		t.Fatalf("fastChunk read %d of %d chunks of the golden scenarios: it is not exercised", read, chunks)
	}
	t.Logf("fastChunk read %d of %d chunks", read, chunks)
}

// TestFastChunkReads: the shapes of generated and hand-written scenarios are read fast
// and as yaml.v3 reads them.
func TestFastChunkReads(t *testing.T) {
	for _, text := range []string{
		benchEntries(3),
		"- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n    labels: {app: web, tier: \"1\"}\n    finalizers:\n    - example.com/hold\n  data:\n    k: 'v w'\n    n: 0755\n    b: yes\n",
		"  - {apiVersion: v1, kind: Pod, metadata: {name: p, ownerReferences: [{kind: X, name: y}]}}\n  -   kind: Secret\n      type: Opaque\n",
		"- kind: A\n  list:\n    - a\n    - b\n  empty: {}\n  none: []\n  url: http://x/y\n",
	} {
		if !fastAgrees(t, []byte(text)) {
			t.Errorf("fastChunk refused:\n%s", text)
		}
	}
}

// TestFastChunkRefuses: what the reader is not sure of goes to yaml.v3.
func TestFastChunkRefuses(t *testing.T) {
	for _, text := range []string{
		"- a: b # a comment\n",
		"- a: \"x\\ty\"\n",
		"- a: multi\n    line\n",
		"- a:\n  b: c\n",        // an empty value
		"- a: |\n    block\n",   // a block scalar
		"- - nested\n",          // a compact nested sequence
		"- a: 'it''s'\n",        // an escaped quote
		"- {a: b, c: d:e}\n",    // ':' in a flow scalar
		"- a: {b: c\n",          // an unclosed flow mapping
		"- a: [b, c,]\n",        // a trailing comma
		"- a: -b\n",             // an indicator first
		"- ? a\n  : b\n",        // a complex key
		"- a: b\n   c: d\n",     // a badly indented key
		"- \"a\": b\n",          // a quoted key
		"- a: é\n",              // non-ASCII
		"- a: ~\n",              // null by ~
		"- a  : b\n",            // a space before the colon
		"- a: b\n- c\n  d: e\n", // a scalar with a key after it
		"- a: " + strings.Repeat("[", 70) + strings.Repeat("]", 70) + "\n",
	} {
		if fastAgrees(t, []byte(text)) {
			t.Errorf("fastChunk read a text it should leave to yaml.v3:\n%s", text)
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

// FuzzFastChunk: whatever the text, fastChunk reads only what yaml.v3 reads, as it reads it.
func FuzzFastChunk(f *testing.F) {
	f.Add([]byte(benchEntries(2)))
	f.Add([]byte("- a: {b: [c, 'd', \"e\"], f: {}}\n  g:\n  - h\n  -   i: j\n"))
	f.Add([]byte("- a: b\n  c:\n    d: e\n- f\n"))
	for _, s := range yaml11Scalars {
		f.Add([]byte("- k: " + s + "\n  l: {m: " + s + "}\n"))
	}
	f.Fuzz(func(t *testing.T, data []byte) { fastAgrees(t, data) })
}
