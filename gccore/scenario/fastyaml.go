package scenario

import (
	"bytes"
	"strings"

	yamlv3 "go.yaml.in/yaml/v3"
)

// A chunk of `objects:` entries in the simplest YAML there is (block mappings and
// sequences, one-line flow collections, one-line plain or quoted scalars, no comments) is
// read by fastChunk, a line-at-a-time reader of only that, about ten times faster than
// yaml.v3's full parser, which spends most of `gcplay sim`'s time on a large file
// otherwise (docs/benchmarks.md: yaml.v3 and goccy/go-yaml measured). It builds the same
// yaml.v3 nodes, which the checks and plainValue then read as before. Anything outside
// that subset, or that it is not sure of, is refused (ok false) and the chunk goes to
// yaml.v3: so a chunk it reads gives the tree yaml.v3 gives (FuzzFastChunk compares them
// node for node), and every error still comes from yaml.v3.

// fastLine is one non-blank line: its indentation, its text after it without trailing
// spaces, and its 1-based number.
type fastLine struct {
	indent int
	text   string
	num    int
}

type fastReader struct {
	lines []fastLine
	i     int
	depth int
}

// maxSimpleKey is below the 1024 characters libyaml allows a key without "?".
const maxSimpleKey = 1000

// fastDepth bounds fastChunk's recursion; deeper chunks go to yaml.v3, whose checks say
// what is too deep.
const fastDepth = 64

// fastChunk reads a chunk as a document holding one block sequence, or ok false.
func fastChunk(data []byte) (doc *yamlv3.Node, ok bool) {
	if bytes.ContainsAny(data, "#\\") || !printableASCII(data) {
		return nil, false // comments, escapes; tabs, CR, control and non-ASCII characters
	}
	r := &fastReader{}
	num := 0
	for len(data) > 0 {
		num++
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		text := strings.TrimRight(string(line), " ")
		trimmed := strings.TrimLeft(text, " ")
		if trimmed == "" {
			continue
		}
		r.lines = append(r.lines, fastLine{indent: len(text) - len(trimmed), text: trimmed, num: num})
	}
	if len(r.lines) == 0 || !isEntry([]byte(r.lines[0].text)) {
		return nil, false
	}
	seq, ok := r.seq(r.lines[0].indent)
	if !ok || r.i != len(r.lines) {
		return nil, false
	}
	return &yamlv3.Node{Kind: yamlv3.DocumentNode, Line: seq.Line, Column: 1, Content: []*yamlv3.Node{seq}}, true
}

// printableASCII reports text of printable ASCII and newlines only (columns are bytes).
func printableASCII(b []byte) bool {
	for _, c := range b {
		if c != '\n' && (c < 0x20 || c >= 0x7f) {
			return false
		}
	}
	return true
}

// block reads the block collection starting at the current line, at indentation ind.
func (r *fastReader) block(ind int) (*yamlv3.Node, bool) {
	if isEntry([]byte(r.lines[r.i].text)) {
		return r.seq(ind)
	}
	return r.mapping(ind)
}

// seq reads the block sequence whose "-" are at column ind.
func (r *fastReader) seq(ind int) (*yamlv3.Node, bool) {
	if r.depth++; r.depth > fastDepth {
		return nil, false
	}
	defer func() { r.depth-- }()
	first := r.lines[r.i]
	n := &yamlv3.Node{Kind: yamlv3.SequenceNode, Tag: "!!seq", Line: first.num, Column: ind + 1}
	for r.i < len(r.lines) && r.lines[r.i].indent == ind && isEntry([]byte(r.lines[r.i].text)) {
		l := r.lines[r.i]
		rest := strings.TrimLeft(l.text[1:], " ")
		col := ind + len(l.text) - len(rest) // the entry's content
		var item *yamlv3.Node
		var ok bool
		switch {
		case rest == "":
			r.i++
			if r.i < len(r.lines) && r.lines[r.i].indent > ind {
				item, ok = r.block(r.lines[r.i].indent)
			}
		case isEntry([]byte(rest)):
			return nil, false // "- - a": a compact nested sequence
		case isMappingLine(rest):
			// "- key: value": a mapping whose first key sits at col, as if on its own line.
			r.lines[r.i] = fastLine{indent: col, text: rest, num: l.num}
			item, ok = r.mapping(col)
		default:
			item, ok = inlineValue(rest, l.num, col+1, false)
			r.i++
			if ok && r.i < len(r.lines) && r.lines[r.i].indent > ind {
				return nil, false // a continuation line
			}
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
func (r *fastReader) mapping(ind int) (*yamlv3.Node, bool) {
	if r.depth++; r.depth > fastDepth {
		return nil, false
	}
	defer func() { r.depth-- }()
	first := r.lines[r.i]
	n := &yamlv3.Node{Kind: yamlv3.MappingNode, Tag: "!!map", Line: first.num, Column: ind + 1}
	for r.i < len(r.lines) && r.lines[r.i].indent == ind && !isEntry([]byte(r.lines[r.i].text)) {
		l := r.lines[r.i]
		key, value, ok := splitKey(l.text)
		if !ok || !plainOK(key, false) || len(key) > maxSimpleKey {
			return nil, false
		}
		k := &yamlv3.Node{Kind: yamlv3.ScalarNode, Tag: "!!str", Value: key, Line: l.num, Column: ind + 1}
		var v *yamlv3.Node
		r.i++
		if value == "" {
			switch {
			case r.i < len(r.lines) && r.lines[r.i].indent > ind:
				v, ok = r.block(r.lines[r.i].indent)
			case r.i < len(r.lines) && r.lines[r.i].indent == ind && isEntry([]byte(r.lines[r.i].text)):
				v, ok = r.seq(ind) // "key:" then "- x" at the key's own column
			default:
				return nil, false // an empty value: yaml.v3 places its node; leave it to it
			}
		} else {
			col := ind + len(l.text) - len(value)
			v, ok = inlineValue(value, l.num, col+1, false)
			if ok && r.i < len(r.lines) && r.lines[r.i].indent > ind {
				return nil, false // a continuation line
			}
		}
		if !ok {
			return nil, false
		}
		n.Content = append(n.Content, k, v)
	}
	if r.i < len(r.lines) && r.lines[r.i].indent > ind {
		return nil, false
	}
	return n, true
}

// isMappingLine reports a line that starts with a plain key: "key: value" or "key:".
func isMappingLine(s string) bool {
	if strings.ContainsRune(`{["'`, rune(s[0])) {
		return false
	}
	_, _, ok := splitKey(s)
	return ok
}

// splitKey cuts "key: value" (or "key:") at its first ": ".
func splitKey(s string) (key, value string, ok bool) {
	if i := strings.Index(s, ": "); i > 0 {
		return s[:i], strings.TrimLeft(s[i+2:], " "), true
	}
	if strings.HasSuffix(s, ":") && len(s) > 1 && !strings.Contains(s[:len(s)-1], ":") {
		return s[:len(s)-1], "", true
	}
	return "", "", false
}

// inlineValue reads a whole one-line value at line, column col: a flow collection, a
// quoted or a plain scalar.
func inlineValue(s string, line, col int, flow bool) (*yamlv3.Node, bool) {
	switch s[0] {
	case '{', '[':
		n, rest, ok := flowNode(s, line, col, 0)
		if !ok || rest != len(s) {
			return nil, false
		}
		return n, true
	case '"', '\'':
		n, rest, ok := quoted(s, line, col)
		if !ok || rest != len(s) {
			return nil, false
		}
		return n, true
	}
	if !plainOK(s, flow) {
		return nil, false
	}
	return plainNode(s, line, col), true
}

func plainNode(s string, line, col int) *yamlv3.Node {
	return &yamlv3.Node{Kind: yamlv3.ScalarNode, Value: s, Line: line, Column: col}
}

// quoted reads a one-line quoted scalar without escapes at the start of s; end is the
// offset after it.
func quoted(s string, line, col int) (n *yamlv3.Node, end int, ok bool) {
	q := s[0]
	i := strings.IndexByte(s[1:], q)
	if i < 0 || (q == '\'' && 2+i < len(s) && s[2+i] == '\'') {
		return nil, 0, false // unterminated, or '' (an escaped quote)
	}
	style := yamlv3.DoubleQuotedStyle
	if q == '\'' {
		style = yamlv3.SingleQuotedStyle
	}
	return &yamlv3.Node{Kind: yamlv3.ScalarNode, Tag: "!!str", Style: style, Value: s[1 : 1+i], Line: line, Column: col}, 2 + i, true
}

// flowNode reads a one-line flow mapping or sequence at the start of s (plain or quoted
// scalars and nested flow collections, ", " between entries); end is the offset after it.
func flowNode(s string, line, col, depth int) (n *yamlv3.Node, end int, ok bool) {
	if depth > fastDepth {
		return nil, 0, false
	}
	mapping := s[0] == '{'
	close := byte(']')
	n = &yamlv3.Node{Kind: yamlv3.SequenceNode, Tag: "!!seq", Style: yamlv3.FlowStyle, Line: line, Column: col}
	if mapping {
		close = '}'
		n.Kind, n.Tag = yamlv3.MappingNode, "!!map"
	}
	i := 1
	skip := func() {
		for i < len(s) && s[i] == ' ' {
			i++
		}
	}
	// item reads one scalar or collection at i, ending before stop characters.
	item := func(stops string) (*yamlv3.Node, bool) {
		skip()
		if i >= len(s) {
			return nil, false
		}
		switch s[i] {
		case '{', '[':
			c, e, ok := flowNode(s[i:], line, col+i, depth+1)
			i += e
			return c, ok
		case '"', '\'':
			c, e, ok := quoted(s[i:], line, col+i)
			i += e
			return c, ok
		}
		j := i + strings.IndexAny(s[i:], stops)
		if j < i {
			return nil, false
		}
		v := strings.TrimRight(s[i:j], " ")
		if !plainOK(v, true) {
			return nil, false
		}
		c := plainNode(v, line, col+i)
		i = j
		return c, true
	}
	skip()
	if i < len(s) && s[i] == close {
		return n, i + 1, true
	}
	for {
		if mapping {
			k, ok := item(":")
			if !ok || k.Kind != yamlv3.ScalarNode || k.Style != 0 || len(k.Value) > maxSimpleKey || i+1 >= len(s) || s[i+1] != ' ' {
				return nil, 0, false // only "plain: value"
			}
			k.Tag = "!!str"
			i++
			v, ok := item(",}")
			if !ok {
				return nil, 0, false
			}
			n.Content = append(n.Content, k, v)
		} else {
			v, ok := item(",]")
			if !ok {
				return nil, 0, false
			}
			n.Content = append(n.Content, v)
		}
		skip()
		if i >= len(s) {
			return nil, 0, false
		}
		switch s[i] {
		case close:
			return n, i + 1, true
		case ',':
			i++
			skip()
			if i >= len(s) || s[i] == close || s[i] == ',' {
				return nil, 0, false // a trailing or empty entry
			}
		default:
			return nil, 0, false
		}
	}
}

// plainOK reports a plain scalar this reader is sure yaml.v3 reads whole and as written:
// no indicator first (a sign before a digit or dot excepted), no ": " or ':' at its end
// (a key), no space around it, and in a flow collection only flowSafe characters.
func plainOK(s string, flow bool) bool {
	if s == "" {
		return false
	}
	switch c := s[0]; {
	case c == '-' || c == '+':
		if len(s) == 1 || !(s[1] == '.' || (s[1] >= '0' && s[1] <= '9')) {
			return false
		}
	case strings.IndexByte("?:,[]{}#&*!|>'\"%@`~=", c) >= 0:
		return false // ~ and = are fine to YAML, but rare enough to leave to yaml.v3
	}
	if strings.Contains(s, ": ") || strings.HasSuffix(s, ":") || strings.TrimSpace(s) != s {
		return false
	}
	if flow {
		for _, c := range []byte(s) {
			if !flowSafe(c) {
				return false
			}
		}
	}
	return true
}

// flowSafe are the characters of a plain scalar in a flow collection this reader takes:
// what names, uids, versions and numbers are made of; libyaml ends or refuses a flow
// scalar at others (",?[]{}", ':' before them).
func flowSafe(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte(" -_./+", c) >= 0
}
