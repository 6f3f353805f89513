package scenario

import (
	"bytes"
	"strings"
)

// A chunk of `objects:` entries in the simplest YAML there is (block mappings and
// sequences, one-line flow collections, one-line plain or quoted scalars, no comments) is
// read by fastChunk, a line-at-a-time reader of only that, about ten times faster than
// yaml.v3's full parser, which spends most of `gcplay sim`'s time on a large file
// otherwise (docs/benchmarks.md: yaml.v3 and goccy/go-yaml measured). It gives the values
// straight away, as plainObjects gives them from yaml.v3's nodes, and does the checks
// those nodes get on the way: a repeated key, or nesting deeper than fastDepth (well
// below MaxNesting), is refused. Anything outside that subset, or that it is not sure of,
// is refused (ok false) and the chunk goes to yaml.v3: so a chunk it reads gives the
// values yaml.v3 and plainObjects give (FuzzFastChunk compares them), and every error
// still comes from yaml.v3.

// fastLine is one non-blank line: its indentation and its text after it without
// trailing spaces.
type fastLine struct {
	indent int
	text   string
}

type fastReader struct {
	lines []fastLine
	i     int
	depth int // collections open around the current line
}

// maxSimpleKey is below the 1024 characters libyaml allows a key without "?".
const maxSimpleKey = 1000

// fastDepth bounds the nesting fastChunk reads, block and flow together; deeper chunks go
// to yaml.v3, whose checks say what is too deep. It is below MaxNesting-1, the bound a
// chunk's check has, so that fastChunk never reads what those checks refuse.
const fastDepth = 64

// fastChunk reads a chunk holding one block sequence of mappings, or ok false.
func fastChunk(data []byte) (objs []map[string]any, ok bool) {
	if !plainText(data) {
		return nil, false
	}
	r := &fastReader{lines: fastLines(data)}
	if len(r.lines) == 0 || !isEntry(r.lines[0].text) {
		return nil, false
	}
	seq, ok := r.seq(r.lines[0].indent)
	if !ok || r.i != len(r.lines) {
		return nil, false
	}
	objs = make([]map[string]any, len(seq))
	for i, v := range seq {
		if objs[i], ok = v.(map[string]any); !ok {
			return nil, false
		}
	}
	return objs, true
}

// fastLines are data's non-blank lines, slices of one copy of it.
func fastLines(data []byte) []fastLine {
	text := string(data) // the one copy: keys and values are slices of it
	lines := make([]fastLine, 0, bytes.Count(data, []byte("\n"))+1)
	for text != "" {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		line = strings.TrimRight(line, " ")
		trimmed := strings.TrimLeft(line, " ")
		if trimmed == "" {
			continue
		}
		lines = append(lines, fastLine{indent: len(line) - len(trimmed), text: trimmed})
	}
	return lines
}

// plainText reports text of printable ASCII and newlines only (columns are bytes; no
// tabs, CR, control or non-ASCII characters), without '#' or '\\' (comments, escapes).
func plainText(b []byte) bool {
	for _, c := range b {
		if c < 0x20 && c != '\n' || c >= 0x7f || c == '#' || c == '\\' {
			return false
		}
	}
	return true
}

// block reads the block collection starting at the current line, at indentation ind.
func (r *fastReader) block(ind int) (any, bool) {
	if isEntry(r.lines[r.i].text) {
		return r.seq(ind)
	}
	return r.mapping(ind)
}

// seq reads the block sequence whose "-" are at column ind.
func (r *fastReader) seq(ind int) ([]any, bool) {
	if r.depth++; r.depth > fastDepth {
		return nil, false
	}
	defer func() { r.depth-- }()
	items := []any{}
	for r.i < len(r.lines) && r.lines[r.i].indent == ind && isEntry(r.lines[r.i].text) {
		l := r.lines[r.i]
		rest := strings.TrimLeft(l.text[1:], " ")
		var item any
		var ok bool
		switch {
		case rest == "":
			r.i++
			if r.i < len(r.lines) && r.lines[r.i].indent > ind {
				item, ok = r.block(r.lines[r.i].indent)
			}
		case isEntry(rest):
			return nil, false // "- - a": a compact nested sequence
		case isMappingLine(rest):
			// "- key: value": a mapping whose first key sits after "- ", as if on its own line.
			col := ind + len(l.text) - len(rest)
			r.lines[r.i] = fastLine{indent: col, text: rest}
			item, ok = r.mapping(col)
		default:
			item, ok = r.inlineValue(rest)
			r.i++
			if ok && r.i < len(r.lines) && r.lines[r.i].indent > ind {
				return nil, false // a continuation line
			}
		}
		if !ok {
			return nil, false
		}
		items = append(items, item)
	}
	if r.i < len(r.lines) && r.lines[r.i].indent > ind {
		return nil, false
	}
	return items, true
}

// mapping reads the block mapping whose keys are at column ind.
func (r *fastReader) mapping(ind int) (map[string]any, bool) {
	if r.depth++; r.depth > fastDepth {
		return nil, false
	}
	defer func() { r.depth-- }()
	m := map[string]any{}
	for r.i < len(r.lines) && r.lines[r.i].indent == ind && !isEntry(r.lines[r.i].text) {
		l := r.lines[r.i]
		key, value, ok := splitKey(l.text)
		if !ok || !plainKey(key, false) {
			return nil, false
		}
		if _, dup := m[key]; dup {
			return nil, false // checkKeys names it
		}
		var v any
		r.i++
		if value == "" {
			switch {
			case r.i < len(r.lines) && r.lines[r.i].indent > ind:
				v, ok = r.block(r.lines[r.i].indent)
			case r.i < len(r.lines) && r.lines[r.i].indent == ind && isEntry(r.lines[r.i].text):
				v, ok = r.seq(ind) // "key:" then "- x" at the key's own column
			default:
				return nil, false // an empty value: rare, left to yaml.v3
			}
		} else {
			v, ok = r.inlineValue(value)
			if ok && r.i < len(r.lines) && r.lines[r.i].indent > ind {
				return nil, false // a continuation line
			}
		}
		if !ok {
			return nil, false
		}
		m[key] = v
	}
	if r.i < len(r.lines) && r.lines[r.i].indent > ind {
		return nil, false
	}
	return m, true
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

// plainKey reports a plain scalar this reader takes as a mapping key: one plainValue
// reads as a string, short enough for a simple key, and not "<<" (a merge key).
func plainKey(s string, flow bool) bool {
	if len(s) > maxSimpleKey || s == "<<" || !plainOK(s, flow) {
		return false
	}
	_, word := resolveWord(s)
	return !word
}

// inlineValue reads a whole one-line value: a flow collection, a quoted or a plain
// scalar.
func (r *fastReader) inlineValue(s string) (any, bool) {
	switch s[0] {
	case '{', '[':
		v, end, ok := flowValue(s, r.depth+1)
		return v, ok && end == len(s)
	case '"', '\'':
		v, end, ok := quoted(s)
		return v, ok && end == len(s)
	}
	if !plainOK(s, false) {
		return nil, false
	}
	return plainWord(s)
}

// quoted reads a one-line quoted scalar without escapes at the start of s; end is the
// offset after it.
func quoted(s string) (v string, end int, ok bool) {
	q := s[0]
	i := strings.IndexByte(s[1:], q)
	if i < 0 || (q == '\'' && 2+i < len(s) && s[2+i] == '\'') {
		return "", 0, false // unterminated, or '' (an escaped quote)
	}
	return s[1 : 1+i], 2 + i, true
}

// flowValue reads a one-line flow mapping or sequence at the start of s, depth
// collections deep (plain or quoted scalars and nested flow collections, ", " between
// entries); end is the offset after it.
func flowValue(s string, depth int) (v any, end int, ok bool) {
	if depth > fastDepth {
		return nil, 0, false
	}
	mapping := s[0] == '{'
	close := byte(']')
	var m map[string]any
	var l []any
	if mapping {
		close, m = '}', map[string]any{}
	} else {
		l = []any{}
	}
	i := 1
	skip := func() {
		for i < len(s) && s[i] == ' ' {
			i++
		}
	}
	// item reads one scalar or collection at i, ending before stop characters; plain is
	// its text when it is a plain scalar.
	item := func(stops string) (v any, plain string, ok bool) {
		skip()
		if i >= len(s) {
			return nil, "", false
		}
		switch s[i] {
		case '{', '[':
			c, e, ok := flowValue(s[i:], depth+1)
			i += e
			return c, "", ok
		case '"', '\'':
			c, e, ok := quoted(s[i:])
			i += e
			return c, "", ok
		}
		j := i + strings.IndexAny(s[i:], stops)
		if j < i {
			return nil, "", false
		}
		plain = strings.TrimRight(s[i:j], " ")
		i = j
		if !plainOK(plain, true) {
			return nil, "", false
		}
		v, ok = plainWord(plain)
		return v, plain, ok
	}
	skip()
	if i < len(s) && s[i] == close {
		if mapping {
			return m, i + 1, true
		}
		return l, i + 1, true
	}
	for {
		if mapping {
			_, key, ok := item(":")
			if !ok || key == "" || !plainKey(key, true) || i+1 >= len(s) || s[i+1] != ' ' {
				return nil, 0, false // only "plain: value"
			}
			if _, dup := m[key]; dup {
				return nil, 0, false // checkKeys names it
			}
			i++
			v, _, ok := item(",}")
			if !ok {
				return nil, 0, false
			}
			m[key] = v
		} else {
			v, _, ok := item(",]")
			if !ok {
				return nil, 0, false
			}
			l = append(l, v)
		}
		next, closed, ok := flowAfterEntry(s, i, close)
		switch {
		case !ok:
			return nil, 0, false
		case closed && mapping:
			return m, next, true
		case closed:
			return l, next, true
		}
		i = next
	}
}

// flowAfterEntry reads what follows an entry of a flow collection that close ends, from
// s[i], spaces skipped: close (closed, next after it), or a comma and spaces before the
// next entry (next at it); ok false for anything else, a trailing or an empty entry.
func flowAfterEntry(s string, i int, close byte) (next int, closed, ok bool) {
	skip := func() {
		for i < len(s) && s[i] == ' ' {
			i++
		}
	}
	skip()
	if i >= len(s) {
		return 0, false, false
	}
	switch s[i] {
	case close:
		return i + 1, true, true
	case ',':
		i++
		skip()
		if i >= len(s) || s[i] == close || s[i] == ',' {
			return 0, false, false // a trailing or empty entry
		}
		return i, false, true
	}
	return 0, false, false
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
	if flow {
		// flowSafe has no ':', and ' ' is its only white space
		for i := 0; i < len(s); i++ {
			if !flowSafe(s[i]) {
				return false
			}
		}
		return s[0] != ' ' && s[len(s)-1] != ' '
	}
	return !strings.Contains(s, ": ") && !strings.HasSuffix(s, ":") && strings.TrimSpace(s) == s
}

// flowSafe are the characters of a plain scalar in a flow collection this reader takes:
// what names, uids, versions and numbers are made of; libyaml ends or refuses a flow
// scalar at others (",?[]{}", ':' before them).
func flowSafe(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	switch c {
	case ' ', '-', '_', '.', '/', '+':
		return true
	}
	return false
}
