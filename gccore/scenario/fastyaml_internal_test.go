package scenario

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/internal/fixtures"
)

// fastAgrees checks that fastChunk, when it reads data, gives the values yaml.v3's nodes
// give after the checks a chunk gets (plainObjects), and those the whole-file converter
// gives; it reports whether it read it.
func fastAgrees(t *testing.T, data []byte) bool {
	t.Helper()
	fast, ok := fastChunk(data)
	if !ok {
		return false
	}
	doc, err := yamlv3Node(data, MaxNesting-1)
	if err != nil || doc == nil {
		t.Fatalf("fastChunk read a text yaml.v3 or its checks refuse (%v):\n%s", err, data)
	}
	if len(doc.Content) != 1 {
		t.Fatalf("fastChunk read a document yaml.v3 reads as %d nodes:\n%s", len(doc.Content), data)
	}
	want, ok := plainObjects(doc.Content[0])
	if !ok {
		t.Fatalf("fastChunk read a text plainObjects refuses:\n%s", data)
	}
	if !reflect.DeepEqual(fast, want) {
		t.Fatalf("fastChunk = %#v, yaml.v3 and plainObjects give %#v, for:\n%s", fast, want, data)
	}
	sameAsConverter(t, "fastChunk", fast, data)
	return true
}

// TestFastChunkMatchesYAMLv3: every chunk of every golden scenario that fastChunk reads
// gives the values yaml.v3 gives, and most of them are read fast (the path is exercised).
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
		"- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n    labels: {app: web, tier: \"1\"}\n    finalizers:\n    - example.com/hold\n  data:\n    k: 'v w'\n    mode: 0755\n    flag: yes\n",
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

// FuzzFastChunk: whatever the text, fastChunk reads only what yaml.v3 and the chunk's
// checks accept, and gives the values they give.
func FuzzFastChunk(f *testing.F) {
	f.Add([]byte(benchEntries(2)))
	f.Add([]byte("- a: {b: [c, 'd', \"e\"], f: {}}\n  g:\n  - h\n  -   i: j\n"))
	f.Add([]byte("- a: b\n  c:\n    d: e\n- f\n"))
	for _, s := range yaml11Scalars {
		f.Add([]byte("- k: " + s + "\n  l: {m: " + s + "}\n"))
	}
	f.Fuzz(func(t *testing.T, data []byte) { fastAgrees(t, data) })
}
