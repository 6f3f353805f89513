package scenario

import (
	"strings"

	yamlv3 "go.yaml.in/yaml/v3"
)

// A `#scenario=` link (fixtures.LinkTree) is written in fastChunk's simple style plus
// anchors, aliases and merge keys, so it takes the whole-file path, where yaml.v3's parser
// was the largest cost of opening it (issue 14). fastTree reads that style into the nodes
// yaml.v3 would build, so that everything after the parse is today's code, unchanged:
// checkNode judges nesting (an alias counting as what it names), repeated keys and
// self-containing aliases on them, and plainReader reads them, aliases and merges as
// yaml.v2 does, its excessive-aliasing count included. Like fastChunk it refuses
// (ok false) whatever it is not sure of, and checkedNode then parses the text with yaml.v3
// as before, so every error message comes from there: a tree checkNode refuses is thrown
// away too. FuzzFastTree compares the nodes with yaml.v3's.
//
// The nodes have what checkNode and plainReader read: Kind, Style (quoted scalars, flow
// collections), Value, Anchor, Alias and Content; no Tag, Line or Column.

// treeReader reads fastLines into yaml.v3 nodes.
type treeReader struct {
	lines []fastLine
	i     int
	depth int // collections open around the current line
	// anchors are the anchored nodes read whole so far. A name is defined once: a second
	// definition, or an alias of a node still being read (yaml.v3 would resolve it to that
	// node, which checkNode refuses), is left to yaml.v3.
	anchors map[string]*yamlv3.Node
	slab    []yamlv3.Node // nodes are cut from it, a few allocations for many nodes
}

// fastTree reads data as one document in fastChunk's style with anchors, aliases and
// merge keys, or ok false.
func fastTree(data []byte) (doc *yamlv3.Node, ok bool) {
	if !plainText(data) {
		return nil, false
	}
	r := &treeReader{lines: fastLines(data)}
	if len(r.lines) == 0 {
		return nil, false // empty: yaml.v3 says what that is
	}
	for _, l := range r.lines {
		if l.indent == 0 && (strings.HasPrefix(l.text, "---") || strings.HasPrefix(l.text, "...")) {
			return nil, false // maybe a document marker
		}
	}
	root, ok := r.block(r.lines[0].indent)
	if !ok || r.i != len(r.lines) {
		return nil, false
	}
	doc = r.node(yamlv3.DocumentNode, 0, "")
	doc.Content = []*yamlv3.Node{root}
	return doc, true
}

// node is a new node.
func (r *treeReader) node(kind yamlv3.Kind, style yamlv3.Style, value string) *yamlv3.Node {
	if len(r.slab) == 0 {
		r.slab = make([]yamlv3.Node, 256)
	}
	n := &r.slab[0]
	r.slab = r.slab[1:]
	n.Kind, n.Style, n.Value = kind, style, value
	return n
}

// define anchors n, read whole, under name.
func (r *treeReader) define(name string, n *yamlv3.Node) bool {
	if name == "" {
		return true
	}
	if _, again := r.anchors[name]; again {
		return false
	}
	if r.anchors == nil {
		r.anchors = map[string]*yamlv3.Node{}
	}
	n.Anchor = name
	r.anchors[name] = n
	return true
}

// alias is an alias of the node anchored as name.
func (r *treeReader) alias(name string) (*yamlv3.Node, bool) {
	target, ok := r.anchors[name]
	if !ok {
		return nil, false
	}
	n := r.node(yamlv3.AliasNode, 0, name)
	n.Alias = target
	return n, true
}

// anchorName is the anchor or alias name at the start of s (after & or *): the
// characters libyaml takes in one.
func anchorName(s string) string {
	i := 0
	for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9' || s[i] == '_' || s[i] == '-') {
		i++
	}
	return s[:i]
}

// cutAnchor cuts "&name value" (or "&name" alone) into name and value; a text without an
// anchor is all value.
func cutAnchor(s string) (name, value string, ok bool) {
	if s == "" || s[0] != '&' {
		return "", s, true
	}
	name = anchorName(s[1:])
	rest := s[1+len(name):]
	if name == "" || (rest != "" && rest[0] != ' ') {
		return "", "", false
	}
	return name, strings.TrimLeft(rest, " "), true
}

// block reads the block collection starting at the current line, at indentation ind.
func (r *treeReader) block(ind int) (*yamlv3.Node, bool) {
	if isEntry(r.lines[r.i].text) {
		return r.seq(ind)
	}
	return r.mapping(ind)
}

// nested reads what follows "- &a" or "key: &a" on the lines below, more indented than
// ind, and anchors it.
func (r *treeReader) nested(ind int, anchor string) (*yamlv3.Node, bool) {
	if r.i >= len(r.lines) || r.lines[r.i].indent <= ind {
		return nil, false // an empty value: left to yaml.v3
	}
	n, ok := r.block(r.lines[r.i].indent)
	return n, ok && r.define(anchor, n)
}

// seq reads the block sequence whose "-" are at column ind.
func (r *treeReader) seq(ind int) (*yamlv3.Node, bool) {
	if r.depth++; r.depth > fastDepth {
		return nil, false
	}
	defer func() { r.depth-- }()
	n := r.node(yamlv3.SequenceNode, 0, "")
	for r.i < len(r.lines) && r.lines[r.i].indent == ind && isEntry(r.lines[r.i].text) {
		l := r.lines[r.i]
		anchor, rest, ok := cutAnchor(strings.TrimLeft(l.text[1:], " "))
		if !ok {
			return nil, false
		}
		var item *yamlv3.Node
		switch {
		case rest == "":
			r.i++
			item, ok = r.nested(ind, anchor)
		case isEntry(rest):
			return nil, false // "- - a": a compact nested sequence
		case isMappingLine(rest):
			if anchor != "" {
				return nil, false // "- &a key: v" anchors the key
			}
			// "- key: value": a mapping whose first key sits after "- ", as if on its own line.
			col := ind + len(l.text) - len(rest)
			r.lines[r.i] = fastLine{indent: col, text: rest}
			item, ok = r.mapping(col)
		default:
			r.i++
			item, ok = r.inline(rest, anchor, ind)
		}
		if !ok {
			return nil, false
		}
		n.Content = append(n.Content, item)
	}
	if r.i < len(r.lines) && r.lines[r.i].indent > ind {
		return nil, false
	}
	return n, true
}

// mapping reads the block mapping whose keys are at column ind.
func (r *treeReader) mapping(ind int) (*yamlv3.Node, bool) {
	if r.depth++; r.depth > fastDepth {
		return nil, false
	}
	defer func() { r.depth-- }()
	n := r.node(yamlv3.MappingNode, 0, "")
	for r.i < len(r.lines) && r.lines[r.i].indent == ind && !isEntry(r.lines[r.i].text) {
		key, value, ok := splitKey(r.lines[r.i].text)
		if !ok || !treeKey(key, false) {
			return nil, false
		}
		r.i++
		var v *yamlv3.Node
		switch {
		case value == "":
			if r.i < len(r.lines) && r.lines[r.i].indent == ind && isEntry(r.lines[r.i].text) {
				v, ok = r.seq(ind) // "key:" then "- x" at the key's own column
			} else {
				v, ok = r.nested(ind, "")
			}
		default:
			var anchor string
			if anchor, value, ok = cutAnchor(value); !ok {
				return nil, false
			}
			if value == "" {
				v, ok = r.nested(ind, anchor)
			} else {
				v, ok = r.inline(value, anchor, ind)
			}
		}
		if !ok {
			return nil, false
		}
		n.Content = append(n.Content, r.node(yamlv3.ScalarNode, 0, key), v)
	}
	if r.i < len(r.lines) && r.lines[r.i].indent > ind {
		return nil, false
	}
	return n, true
}

// treeKey reports a plain key fastTree takes: fastChunk's, and the merge key.
func treeKey(s string, flow bool) bool { return s == "<<" || plainKey(s, flow) }

// inline reads a whole one-line value of a line already passed, anchored as anchor, in a
// collection at column ind: nothing more indented may follow it.
func (r *treeReader) inline(s, anchor string, ind int) (*yamlv3.Node, bool) {
	if r.i < len(r.lines) && r.lines[r.i].indent > ind {
		return nil, false // a continuation line
	}
	var n *yamlv3.Node
	switch s[0] {
	case '*':
		if name := anchorName(s[1:]); anchor == "" && 1+len(name) == len(s) {
			return r.alias(name)
		}
		return nil, false
	case '{', '[':
		var end int
		var ok bool
		if n, end, ok = r.flow(s, r.depth+1); !ok || end != len(s) {
			return nil, false
		}
	case '"', '\'':
		var end int
		var ok bool
		if n, end, ok = r.quoted(s); !ok || end != len(s) {
			return nil, false
		}
	default:
		if !plainOK(s, false) {
			return nil, false
		}
		n = r.node(yamlv3.ScalarNode, 0, s)
	}
	return n, r.define(anchor, n)
}

// quoted reads a one-line quoted scalar without escapes at the start of s.
func (r *treeReader) quoted(s string) (n *yamlv3.Node, end int, ok bool) {
	v, end, ok := quoted(s)
	if !ok {
		return nil, 0, false
	}
	style := yamlv3.DoubleQuotedStyle
	if s[0] == '\'' {
		style = yamlv3.SingleQuotedStyle
	}
	return r.node(yamlv3.ScalarNode, style, v), end, true
}

// flow reads a one-line flow mapping or sequence at the start of s, depth collections
// deep, entries separated by ", "; end is the offset after it.
func (r *treeReader) flow(s string, depth int) (n *yamlv3.Node, end int, ok bool) {
	if depth > fastDepth {
		return nil, 0, false
	}
	mapping := s[0] == '{'
	close := byte(']')
	n = r.node(yamlv3.SequenceNode, yamlv3.FlowStyle, "")
	if mapping {
		close, n.Kind = '}', yamlv3.MappingNode
	}
	i := 1
	skip := func() {
		for i < len(s) && s[i] == ' ' {
			i++
		}
	}
	// item reads one value at i: "&a " before it anchors it, "*a" is an alias.
	item := func() (*yamlv3.Node, bool) {
		skip()
		if i >= len(s) {
			return nil, false
		}
		var anchor string
		if s[i] == '&' {
			anchor = anchorName(s[i+1:])
			i += 1 + len(anchor)
			if anchor == "" || i >= len(s) || s[i] != ' ' {
				return nil, false
			}
			skip()
			if i >= len(s) {
				return nil, false
			}
		}
		if s[i] == '*' {
			name := anchorName(s[i+1:])
			i += 1 + len(name)
			if anchor != "" {
				return nil, false
			}
			return r.alias(name) // what follows is checked as after any item
		}
		var v *yamlv3.Node
		var ok bool
		switch s[i] {
		case '{', '[':
			var e int
			v, e, ok = r.flow(s[i:], depth+1)
			i += e
		case '"', '\'':
			var e int
			v, e, ok = r.quoted(s[i:])
			i += e
		default:
			j := i + strings.IndexAny(s[i:], ",]}")
			if j < i {
				return nil, false
			}
			plain := strings.TrimRight(s[i:j], " ")
			i = j
			if !plainOK(plain, true) {
				return nil, false
			}
			v, ok = r.node(yamlv3.ScalarNode, 0, plain), true
		}
		return v, ok && r.define(anchor, v)
	}
	skip()
	if i < len(s) && s[i] == close {
		return n, i + 1, true
	}
	for {
		if mapping {
			skip()
			j := i + strings.IndexByte(s[i:], ':')
			if j < i {
				return nil, 0, false
			}
			key := strings.TrimRight(s[i:j], " ")
			if !treeKey(key, true) || j+1 >= len(s) || s[j+1] != ' ' {
				return nil, 0, false // only "plain: value"
			}
			i = j + 1
			v, ok := item()
			if !ok {
				return nil, 0, false
			}
			n.Content = append(n.Content, r.node(yamlv3.ScalarNode, 0, key), v)
		} else {
			v, ok := item()
			if !ok {
				return nil, 0, false
			}
			n.Content = append(n.Content, v)
		}
		next, closed, ok := flowAfterEntry(s, i, close)
		switch {
		case !ok:
			return nil, 0, false
		case closed:
			return n, next, true
		}
		i = next
	}
}
