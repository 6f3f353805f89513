package scenario

import (
	"bytes"
	"slices"
	"strings"
)

// fastReader is the scenario parser's one hand-written YAML reader (README.md in this
// folder: what it takes, when it gives up, why it exists). It reads a document in the
// style generated files and `#scenario=` links use, a line at a time, straight into the
// values sigs.k8s.io/yaml would give (maps, lists, YAML 1.1 scalars as float64, bool,
// nil or string), following anchors, aliases and merge keys as yaml.v2 does. It refuses
// (ok false) anything else and anything it is not sure of; the caller then parses the
// text with yaml.v3 (checks) and sigs.k8s.io/yaml (values) as if it did not exist, so a
// text means the same either way and every error message comes from there. FuzzFastYAML
// compares the two.
type fastReader struct {
	data []byte
	// win is a copy of data from winAt on, and keys and values are slices of it: a
	// window of the text at a time, so that a large file is not held twice while the
	// objects read first keep their names.
	win   string
	winAt int
	next  int      // offset of the line after cur
	cur   fastLine // the current line, unless end
	curAt int      // its offset
	end   bool
	depth int // collections open around the current value
	// anchors are the values anchored so far, each read whole before any alias of it: a
	// name defined twice, or an alias of a value still being read, is refused.
	anchors map[string]anchorValue
	// decodes and expanded are yaml.v2's decodeCount and aliasCount, counted on the same
	// nodes in the same order, so that the reader gives up where yaml.v2 says "document
	// contains excessive aliasing" (the 20,000-object link is at 82 % of 86 % allowed).
	decodes, expanded int
	// tied, once looked is set, says whether anything in the text could tie an entry to
	// the rest (referenceEntry).
	looked, tied bool
	// lossy is set by a number of ±2^53 or beyond: JSON keeps its digits, float64 may not.
	lossy bool
	// objects, when set, is called when the top-level `objects:` block sequence starts,
	// with the top-level entries before it; the function it returns, if any, takes the
	// entries one at a time instead of the list (a large file's values are never all
	// held at once), and ends the reading by returning false.
	objects func(top map[string]any) func(map[string]any) bool
}

// fastLine is one line that is neither blank nor a comment: its indentation and its text
// after it without trailing spaces.
type fastLine struct {
	indent int
	text   string
	bad    bool // a line the reader does not take
}

type anchorValue struct {
	value   any // a copy of the anchored value, never handed out: each alias gets a copy
	height  int // its levels of maps and lists, which an alias adds where it stands
	decodes int // what yaml.v2 counts to read it
}

// streamedObjects stands for `objects:` in the top-level map when its entries went to
// fastReader.objects.
type streamedObjects struct{}

// fastDepth bounds the nesting the reader takes, aliases counting as what they name:
// below MaxNesting, so that it never reads what CheckYAML refuses.
const fastDepth = 64

// fastWindow is the size of the text copied at a time.
const fastWindow = 64 << 10

// maxSimpleKey is below the 1024 characters libyaml allows a key without "?".
const maxSimpleKey = 1000

// fastRead reads a document whose top is a block mapping, or ok false.
func fastRead(data []byte, objects func(map[string]any) func(map[string]any) bool) (top map[string]any, ok bool) {
	r := &fastReader{data: data, decodes: 1 /* the document */, objects: objects}
	r.advance()
	if r.end || r.cur.indent != 0 || isEntry(r.cur.text) {
		return nil, false // empty, or not a block mapping: yaml.v3 says what it is
	}
	top, ok = r.mapping(0)
	return top, ok && r.end && !r.lossy
}

// plainText reports a line of printable ASCII only (columns are bytes; no tabs, CR, BOM,
// control or non-ASCII characters) without '\\' (escapes).
func plainText(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c >= 0x7f || c == '\\' {
			return false
		}
	}
	return true
}

// advance moves to the next line that is neither blank nor a comment. A line the reader
// cannot take (characters outside plainText, a comment after a value, a possible
// document marker) is marked bad: whoever reads it fails, so that the `objects:` entry
// it belongs to can be read by referenceEntry.
func (r *fastReader) advance() {
	for r.next < len(r.data) {
		at, n := r.next, bytes.IndexByte(r.data[r.next:], '\n')
		if n < 0 {
			n = len(r.data) - at
		}
		r.next = at + n + 1
		plain := plainText(r.data[at : at+n])
		if at+n > r.winAt+len(r.win) {
			end := max(at+n, min(len(r.data), at+fastWindow))
			r.win, r.winAt = string(r.data[at:end]), at
		}
		line := strings.TrimRight(r.win[at-r.winAt:at-r.winAt+n], " ")
		text := strings.TrimLeft(line, " ")
		if text == "" || plain && text[0] == '#' {
			continue
		}
		indent := len(line) - len(text)
		bad := !plain || strings.IndexByte(text, '#') >= 0 || indent == 0 && (strings.HasPrefix(text, "---") || strings.HasPrefix(text, "..."))
		r.cur, r.curAt = fastLine{indent: indent, text: text, bad: bad}, at
		return
	}
	r.end, r.cur = true, fastLine{}
}

// visit counts one node as yaml.v2's decoder does on entering it; false where it stops.
func (r *fastReader) visit() bool {
	r.decodes++
	return r.withinAliasLimit()
}

// withinAliasLimit is yaml.v2's test: alias expansion may make 99 % of the decodes up to
// 400,000 of them, 10 % from 4,000,000, linearly less in between (the same arithmetic).
func (r *fastReader) withinAliasLimit() bool {
	if r.expanded <= 100 || r.decodes <= 1000 {
		return true
	}
	const low, high = 400000, 4000000
	limit := 0.99
	switch {
	case r.decodes >= high:
		limit = 0.10
	case r.decodes > low:
		limit = 0.99 - 0.89*(float64(r.decodes-low)/float64(high-low))
	}
	return float64(r.expanded)/float64(r.decodes) <= limit
}

// open enters a collection (counted as a node); close leaves it.
func (r *fastReader) open() bool {
	r.depth++
	return r.depth <= fastDepth && r.visit()
}

func (r *fastReader) close() { r.depth-- }

// block reads the block collection at the current line, at indentation ind.
func (r *fastReader) block(ind int) (any, bool) {
	if r.cur.bad {
		return nil, false
	}
	if isEntry(r.cur.text) {
		return r.seq(ind, nil)
	}
	return r.mapping(ind)
}

// seq reads the block sequence whose "-" are at column ind; each, when set, takes the
// entries instead of the list.
func (r *fastReader) seq(ind int, each func(any) bool) ([]any, bool) {
	if !r.open() {
		return nil, false
	}
	defer r.close()
	items := []any{}
	for !r.end && r.cur.indent == ind && isEntry(r.cur.text) {
		l, at, lossy := r.cur, r.curAt, r.lossy
		rest := strings.TrimLeft(l.text[1:], " ")
		var item any
		var ok bool
		switch {
		case l.bad:
			ok = false
		case isEntry(rest):
			return nil, false // "- - a": a compact nested sequence
		case rest != "" && rest[0] != '&' && isMappingLine(rest):
			// "- key: value": a mapping whose first key sits after "- ", as if on its own line.
			col := ind + len(l.text) - len(rest)
			r.cur = fastLine{indent: col, text: rest}
			item, ok = r.mapping(col)
		default:
			item, ok = r.value(rest, ind, false)
		}
		if !ok && each != nil {
			r.lossy = lossy
			item, ok = r.referenceEntry(at, ind)
		}
		if !ok {
			return nil, false
		}
		if each != nil {
			if !each(item) {
				return nil, false
			}
		} else {
			items = append(items, item)
		}
	}
	return items, true
}

// mapping reads the block mapping whose keys are at column ind.
func (r *fastReader) mapping(ind int) (map[string]any, bool) {
	if !r.open() {
		return nil, false
	}
	defer r.close()
	var m mapBuilder
	for !r.end && r.cur.indent == ind && !isEntry(r.cur.text) {
		key, s, ok := splitKey(r.cur.text)
		switch {
		case !ok || r.cur.bad:
			return nil, false
		case key == "<<":
			r.advance()
			var end int
			if s == "" || !r.end && r.cur.indent > ind {
				return nil, false // a merge of a block collection: left to yaml.v3
			}
			var sources []map[string]any
			if sources, end, ok = r.mergeValue(s, 0); !ok || end != len(s) || !m.merge(sources) {
				return nil, false
			}
			continue
		case !plainKey(key, false) || !r.visit():
			return nil, false
		}
		var v any
		if each := r.streamed(key, s, ind, m.m); each != nil {
			_, ok = r.seq(r.cur.indent, each)
			v = streamedObjects{}
		} else {
			v, ok = r.value(s, ind, true)
		}
		if !ok || !m.set(key, v) {
			return nil, false
		}
	}
	return m.done(), true
}

// streamed is the function that takes the top-level `objects:` entries one at a time,
// and moves to the first, when the key and the value s on the current line start them.
func (r *fastReader) streamed(key, s string, ind int, top map[string]any) func(any) bool {
	if r.objects == nil || r.depth != 1 || key != "objects" || s != "" {
		return nil
	}
	line, at, next := r.cur, r.curAt, r.next
	r.advance()
	var take func(map[string]any) bool
	if !r.end && r.cur.indent >= ind && isEntry(r.cur.text) {
		take = r.objects(top)
	}
	if take == nil { // read as any other value
		r.cur, r.curAt, r.next, r.end = line, at, next, false
		return nil
	}
	r.objects = nil
	return func(v any) bool {
		m, ok := v.(map[string]any)
		return ok && take(m)
	}
}

// value reads what follows "- " or "key: " on the current line: s, an anchor maybe
// first, then a one-line value or nothing, when the value is the block collection on
// the lines below, more indented than ind (or, after a key, a sequence at ind).
func (r *fastReader) value(s string, ind int, afterKey bool) (any, bool) {
	from := r.decodes
	anchor, rest, ok := cutAnchor(s)
	r.advance()
	if !ok {
		return nil, false
	}
	var v any
	switch {
	case rest != "":
		if !r.end && r.cur.indent > ind {
			return nil, false // a continuation line
		}
		v, end, ok := r.inline(s, 0, false) // the anchor too
		return v, ok && end == len(s)
	case r.end || r.cur.indent < ind:
		return nil, false // an empty value: rare, left to yaml.v3
	case r.cur.indent > ind:
		v, ok = r.block(r.cur.indent)
	case afterKey && anchor == "" && isEntry(r.cur.text):
		v, ok = r.seq(ind, nil) // "key:" then "- x" at the key's own column
	default:
		return nil, false
	}
	return v, ok && r.define(anchor, v, from)
}

// inline reads one value at s[i:], an anchor maybe first, and says where it ends: an
// alias, a flow collection, a quoted scalar, or a plain scalar, which in a flow
// collection ends before ",]}" and elsewhere at the end of s.
func (r *fastReader) inline(s string, i int, flow bool) (v any, next int, ok bool) {
	from := r.decodes
	var anchor string
	if s[i] == '&' {
		if anchor = anchorName(s[i+1:]); anchor == "" || i+1+len(anchor) >= len(s) || s[i+1+len(anchor)] != ' ' {
			return nil, 0, false
		}
		if i = skipSpaces(s, i+1+len(anchor)); i == len(s) || s[i] == '*' {
			return nil, 0, false // "&a" alone in a flow collection, or an anchored alias
		}
	}
	switch s[i] {
	case '*':
		name := anchorName(s[i+1:])
		a, ok := r.alias(name)
		return copyValue(a.value), i + 1 + len(name), ok
	case '{', '[':
		v, next, ok = r.flow(s, i)
	case '"', '\'':
		var e int
		v, e, ok = quoted(s[i:])
		next, ok = i+e, ok && r.visit()
	default:
		next = len(s)
		if flow {
			if next = i + strings.IndexAny(s[i:], ",]}"); next < i {
				return nil, 0, false
			}
		}
		plain := strings.TrimRight(s[i:next], " ")
		if !plainOK(plain, flow) || !r.visit() {
			return nil, 0, false
		}
		v, ok = r.scalar(plain)
	}
	return v, next, ok && r.define(anchor, v, from)
}

// scalar is a plain scalar's value.
func (r *fastReader) scalar(s string) (any, bool) {
	v, ok := plainWord(s)
	if f, isNumber := v.(float64); isNumber && (f >= 1<<53 || f <= -(1<<53)) {
		r.lossy = true
	}
	return v, ok
}

// alias is the anchor an alias names, counted as yaml.v2 counts its expansion: the
// alias, then every node of the anchored value at once (along an expansion the expanded
// share only grows and the limit only falls, so checking at its end is checking at each
// of its nodes).
func (r *fastReader) alias(name string) (anchorValue, bool) {
	a, ok := r.anchors[name]
	if !ok || r.depth+a.height > fastDepth || !r.visit() {
		return anchorValue{}, false // unknown, still being read, or nested too deeply
	}
	r.decodes += a.decodes
	r.expanded += a.decodes
	return a, r.withinAliasLimit()
}

// define anchors v, read from decodes from on, under name.
func (r *fastReader) define(name string, v any, from int) bool {
	if name == "" {
		return true
	}
	if _, again := r.anchors[name]; again {
		return false
	}
	if r.anchors == nil {
		r.anchors = map[string]anchorValue{}
	}
	r.anchors[name] = anchorValue{value: copyValue(v), height: height(v), decodes: r.decodes - from}
	return true
}

// flow reads the one-line flow mapping or sequence at s[i:].
func (r *fastReader) flow(s string, i int) (v any, next int, ok bool) {
	if !r.open() {
		return nil, 0, false
	}
	defer r.close()
	if s[i] == '[' {
		items := []any{}
		next, ok = r.flowEntries(s, i, ']', func(i int) (int, bool) {
			v, next, ok := r.inline(s, i, true)
			items = append(items, v)
			return next, ok
		})
		return items, next, ok
	}
	var m mapBuilder
	next, ok = r.flowEntries(s, i, '}', func(i int) (int, bool) {
		j := i + strings.IndexByte(s[i:], ':')
		if j < i || j+1 >= len(s) || s[j+1] != ' ' {
			return 0, false // only "key: value"
		}
		key := strings.TrimRight(s[i:j], " ")
		i = skipSpaces(s, j+1)
		if i == len(s) {
			return 0, false
		}
		if key == "<<" {
			sources, next, ok := r.mergeValue(s, i)
			return next, ok && m.merge(sources)
		}
		if !plainKey(key, true) || !r.visit() {
			return 0, false
		}
		v, next, ok := r.inline(s, i, true)
		return next, ok && m.set(key, v)
	})
	return m.done(), next, ok
}

// flowEntries reads the entries of a flow collection opened at s[i] that close ends,
// each with entry from its first character; next is the offset after close.
func (r *fastReader) flowEntries(s string, i int, close byte, entry func(i int) (int, bool)) (next int, ok bool) {
	if i = skipSpaces(s, i+1); i < len(s) && s[i] == close {
		return i + 1, true
	}
	for {
		if i >= len(s) {
			return 0, false
		}
		if i, ok = entry(i); !ok {
			return 0, false
		}
		if i = skipSpaces(s, i); i >= len(s) {
			return 0, false
		}
		switch s[i] {
		case close:
			return i + 1, true
		case ',':
			if i = skipSpaces(s, i+1); i >= len(s) || s[i] == close || s[i] == ',' {
				return 0, false // a trailing or empty entry
			}
		default:
			return 0, false
		}
	}
}

// mergeValue reads what follows a merge key `<<: ` at s[i:]: an alias of a mapping, a
// flow mapping, or a flow sequence of those, the earlier first. yaml.v2 takes nothing
// else, and does not count the sequence as a node.
func (r *fastReader) mergeValue(s string, i int) (sources []map[string]any, next int, ok bool) {
	one := func(i int) (int, bool) {
		var v any
		switch s[i] {
		case '*':
			name := anchorName(s[i+1:])
			a, ok := r.alias(name)
			v, i = a.value, i+1+len(name)
			if !ok {
				return 0, false
			}
		case '{':
			var read bool
			if v, i, read = r.flow(s, i); !read {
				return 0, false
			}
		default:
			return 0, false
		}
		m, isMap := v.(map[string]any)
		sources = append(sources, m)
		return i, isMap
	}
	if s[i] != '[' {
		next, ok = one(i)
		return sources, next, ok
	}
	if r.depth++; r.depth > fastDepth {
		return nil, 0, false
	}
	defer func() { r.depth-- }()
	next, ok = r.flowEntries(s, i, ']', one)
	return sources, next, ok
}

// mapBuilder is one mapping's value: its keys in m, and the merge key's mappings, which
// done sets where yaml.v2 sets them: over the keys before the merge key and under those
// after it (in a sequence the earlier mapping wins). The merged values are copied then,
// and only those that stay.
type mapBuilder struct {
	m       map[string]any
	merged  bool
	sources []map[string]any // not copied yet: aliases' anchored values among them
	after   []string         // the keys after the merge key
}

// set adds a key; false if it is repeated (CheckYAML names it).
func (b *mapBuilder) set(key string, v any) bool {
	if b.m == nil {
		b.m = map[string]any{}
	}
	if _, dup := b.m[key]; dup {
		return false
	}
	b.m[key] = v
	if b.merged {
		b.after = append(b.after, key)
	}
	return true
}

// merge records the merge key's mappings; false for a second merge key (repeated).
func (b *mapBuilder) merge(sources []map[string]any) bool {
	if b.merged {
		return false
	}
	b.merged, b.sources = true, sources
	return true
}

func (b *mapBuilder) done() map[string]any {
	if b.m == nil {
		b.m = map[string]any{}
	}
	later := func(k string) bool { return slices.Contains(b.after, k) }
	if len(b.after) > 16 { // merging a wide mapping must not cost a product
		set := make(map[string]bool, len(b.after))
		for _, k := range b.after {
			set[k] = true
		}
		later = func(k string) bool { return set[k] }
	}
	for i := len(b.sources) - 1; i >= 0; i-- {
		for k, v := range b.sources[i] {
			if !later(k) {
				b.m[k] = copyValue(v)
			}
		}
	}
	return b.m
}

// copyValue is a deep copy of a value the reader gives.
func copyValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = copyValue(e)
		}
		return m
	case []any:
		l := make([]any, len(x))
		for i, e := range x {
			l[i] = copyValue(e)
		}
		return l
	}
	return v
}

// height is a value's levels of maps and lists.
func height(v any) int {
	h := 0
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			h = max(h, height(e))
		}
	case []any:
		for _, e := range x {
			h = max(h, height(e))
		}
	default:
		return 0
	}
	return h + 1
}

func skipSpaces(s string, i int) int {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return i
}
