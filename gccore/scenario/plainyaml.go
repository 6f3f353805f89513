package scenario

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	yamlv3 "go.yaml.in/yaml/v3"
)

// Both parse paths read values straight from yaml.v3's nodes, which they need anyway for
// the nesting and repeated-key checks, instead of parsing the text a second time with
// sigs.k8s.io/yaml (YAML 1.1, through go.yaml.in/yaml/v2) and round-tripping the result
// through JSON. The values must be exactly those: a plain scalar is read by YAML 1.1's
// rules as yaml.v2 applies them (yes/no/on/off are booleans, 0755 is octal, a timestamp
// stays a string), numbers become float64 as encoding/json makes them, aliases and merge
// keys are followed as yaml.v2 follows them (plainReader), and anything the JSON round
// trip would refuse or change (infinities, NaN, invalid UTF-8, keys that are not strings,
// tags) is reported as not plain, for the converter to handle as before. FuzzChunked and
// FuzzPlainAliases check the result against the converter.

// plainObjects reads a sequence of mappings.
func plainObjects(seq *yamlv3.Node) ([]map[string]any, bool) {
	if seq.Kind != yamlv3.SequenceNode {
		return nil, false
	}
	out := make([]map[string]any, 0, len(seq.Content))
	for _, n := range seq.Content {
		v, ok := plainValue(n)
		m, isMap := v.(map[string]any)
		if !ok || !isMap {
			return nil, false
		}
		out = append(out, m)
	}
	return out, true
}

// plainValue is n as json.Unmarshal would give it after sigs.k8s.io/yaml's conversion.
// Recursion is bounded: checkNode has limited the nesting, aliases' included.
func plainValue(n *yamlv3.Node) (any, bool) {
	var r plainReader
	return r.value(n)
}

// plainReader reads nodes for plainValue. It follows aliases and merge keys as yaml.v2
// decodes them (what sigs.k8s.io/yaml converts), which the whole-file path needs for
// links written with anchors (fixtures.LinkTree):
//   - an alias is its anchored node's value, a fresh copy each time (the builder keeps
//     parts of an object's map, so values must not be shared);
//   - a merge key `<<` (plain, untagged) takes a mapping, an alias of one, or a sequence of
//     those, and sets their entries into its mapping where it stands: what comes later
//     wins, so an explicit key after the merge key overrides the merged one and one
//     before it is overridden (yaml.v2's order, not the YAML spec's), and in a sequence the
//     earlier mapping wins;
//   - anything else yaml.v2 would refuse (a merge of a scalar or a list) or JSON would
//     change (keys that are not strings: an alias as a key is one) is refused.
//
// FuzzPlainAliases compares it with sigs.k8s.io/yaml.
type plainReader struct {
	// decodes, expanded and aliasDepth are yaml.v2's decodeCount, aliasCount and
	// aliasDepth, counted on the same nodes in the same order, so that the reader stops
	// where yaml.v2 says "document contains excessive aliasing", after no more work than
	// yaml.v2 would have done (an alias bomb that CheckYAML lets through).
	decodes, expanded, aliasDepth int
	// anchors holds each anchored node's value once read whole, and the decodes yaml.v2
	// makes to read it: an alias of it then costs a copy, not a reading (the link
	// aliases one Pod 19,599 times). The values are never handed out, only copies.
	anchors map[*yamlv3.Node]anchorRead
	// lossy is set when a number of ±2^53 or beyond was read (2^53 may be 2^53+1 rounded):
	// JSON keeps an integer's digits where float64 may not, so a value re-encoded to JSON
	// could differ.
	lossy bool
}

type anchorRead struct {
	value   any
	decodes int
}

// visit counts a node as yaml.v2's decoder does on entering it; false where it stops.
func (r *plainReader) visit() bool {
	r.decodes++
	if r.aliasDepth > 0 {
		r.expanded++
	}
	return r.withinAliasLimit()
}

// visitExpanded counts an alias's expansion, n decodes, at once. Along an expansion the
// expanded share only grows and yaml.v2's limit only falls, so checking at its end is
// checking at each of its nodes.
func (r *plainReader) visitExpanded(n int) bool {
	r.decodes += n
	r.expanded += n
	return r.withinAliasLimit()
}

func (r *plainReader) withinAliasLimit() bool {
	return r.expanded <= 100 || r.decodes <= 1000 || float64(r.expanded)/float64(r.decodes) <= aliasRatioLimit(r.decodes)
}

// aliasRatioLimit is the share of the decodes so far that yaml.v2 lets alias expansion
// make: 99% up to 400,000 decodes, 10% from 4,000,000, linear in between (the same
// arithmetic, so the same rounding).
func aliasRatioLimit(decodes int) float64 {
	const low, high = 400000, 4000000
	switch {
	case decodes <= low:
		return 0.99
	case decodes >= high:
		return 0.10
	}
	return 0.99 - 0.89*(float64(decodes-low)/float64(high-low))
}

func (r *plainReader) value(n *yamlv3.Node) (any, bool) {
	if n.Anchor == "" {
		return r.read(n)
	}
	from := r.decodes
	v, ok := r.read(n)
	if ok {
		if r.anchors == nil {
			r.anchors = map[*yamlv3.Node]anchorRead{}
		}
		r.anchors[n] = anchorRead{copyValue(v), r.decodes - from}
	}
	return v, ok
}

// read is value without keeping anchored values.
func (r *plainReader) read(n *yamlv3.Node) (any, bool) {
	if !r.visit() || n.Style&yamlv3.TaggedStyle != 0 {
		return nil, false
	}
	switch n.Kind {
	case yamlv3.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		return m, r.mapping(n, m)
	case yamlv3.SequenceNode:
		l := make([]any, len(n.Content))
		for i, c := range n.Content {
			v, ok := r.value(c)
			if !ok {
				return nil, false
			}
			l[i] = v
		}
		return l, true
	case yamlv3.ScalarNode:
		v, ok := plainScalar(n)
		if f, isNumber := v.(float64); isNumber && math.Abs(f) >= 1<<53 {
			r.lossy = true
		}
		return v, ok
	case yamlv3.AliasNode:
		v, ok := r.anchored(n)
		return copyValue(v), ok
	case yamlv3.DocumentNode: // counted as yaml.v2 counts it
		if len(n.Content) != 1 {
			return nil, false
		}
		return r.value(n.Content[0])
	}
	return nil, false
}

// mapping sets n's entries into m in order, merge keys' included.
func (r *plainReader) mapping(n *yamlv3.Node, m map[string]any) bool {
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yamlv3.ScalarNode && k.Style == 0 && k.Value == "<<" {
			if !r.merge(v, m, n.Content[i+2:]) {
				return false
			}
			continue
		}
		if !r.visit() || k.Kind != yamlv3.ScalarNode {
			return false
		}
		key, ok := plainScalar(k)
		s, isString := key.(string)
		if !ok || !isString {
			return false
		}
		val, ok := r.value(v)
		if !ok {
			return false
		}
		m[s] = val
	}
	return true
}

// merge sets a merge key's value into m; in a sequence the last mapping goes first, so
// that the earlier ones override it. The sequence itself is not a decode to yaml.v2.
// later are the mapping's entries after the merge key, which override what it sets.
func (r *plainReader) merge(v *yamlv3.Node, m map[string]any, later []*yamlv3.Node) bool {
	if v.Kind != yamlv3.SequenceNode {
		return r.mergeMapping(v, m, later)
	}
	if v.Style&yamlv3.TaggedStyle != 0 {
		return false
	}
	for i := len(v.Content) - 1; i >= 0; i-- {
		if !r.mergeMapping(v.Content[i], m, later) {
			return false
		}
	}
	return true
}

// mergeMapping sets the entries of a mapping, or of the mapping an alias names, into m;
// an alias's entries that later entries override are not even copied.
func (r *plainReader) mergeMapping(n *yamlv3.Node, m map[string]any, later []*yamlv3.Node) bool {
	if !r.visit() || n.Style&yamlv3.TaggedStyle != 0 {
		return false
	}
	switch n.Kind {
	case yamlv3.MappingNode:
		return r.mapping(n, m)
	case yamlv3.AliasNode:
		if n.Alias == nil || n.Alias.Kind != yamlv3.MappingNode {
			return false
		}
		v, ok := r.anchored(n)
		if !ok {
			return false
		}
		for k, x := range v.(map[string]any) {
			if !hasKey(later, k) {
				m[k] = copyValue(x)
			}
		}
		return true
	}
	return false
}

// anchored is the value of the node alias n names, n itself counted already: kept from
// its first reading (not to be handed out: callers copy it), or read now.
func (r *plainReader) anchored(n *yamlv3.Node) (any, bool) {
	if n.Alias == nil {
		return nil, false
	}
	if a, ok := r.anchors[n.Alias]; ok {
		return a.value, r.visitExpanded(a.decodes)
	}
	r.aliasDepth++
	_, ok := r.value(n.Alias)
	r.aliasDepth--
	return r.anchors[n.Alias].value, ok
}

// hasKey reports whether a mapping's entries (key, value, key, value...) set key: a
// scalar key that is not the string key makes the reading fail anyway. Past a few
// entries it says false, so that the entries are copied: merging a wide mapping into
// another must not cost their product.
func hasKey(entries []*yamlv3.Node, key string) bool {
	if len(entries) > 16 {
		return false
	}
	for i := 0; i < len(entries); i += 2 {
		if k := entries[i]; k.Kind == yamlv3.ScalarNode && k.Value == key {
			return true
		}
	}
	return false
}

// copyValue is a deep copy of a value plainValue returns.
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

// plainScalar reads a scalar: quoted and block scalars are strings, plain ones resolve.
func plainScalar(n *yamlv3.Node) (any, bool) {
	if n.Tag != "" && n.Tag[0] == '!' && n.Style&yamlv3.TaggedStyle != 0 {
		return nil, false // an explicit tag (splitObjects refuses '!' already)
	}
	if !utf8.ValidString(n.Value) {
		return nil, false // JSON would replace the bad bytes
	}
	if n.Style&(yamlv3.DoubleQuotedStyle|yamlv3.SingleQuotedStyle|yamlv3.LiteralStyle|yamlv3.FoldedStyle) != 0 {
		return n.Value, true
	}
	return plainWord(n.Value)
}

// plainWord is a plain scalar's value, or false for one JSON cannot hold (infinities,
// NaN), whose error the whole-file path reports.
func plainWord(s string) (any, bool) {
	v := resolvePlain(s)
	if f, ok := v.(float64); ok && (math.IsInf(f, 0) || math.IsNaN(f)) {
		return nil, false
	}
	return v, true
}

// yaml11Word is the value of a plain scalar YAML 1.1 reads as a boolean, a null or a
// special float, and "<<" (a merge key); ok is false for any other text. A switch, not a
// map: every plain scalar of a large file passes here.
func yaml11Word(s string) (v any, ok bool) {
	switch s {
	case "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON":
		return true, true
	case "n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF":
		return false, true
	case "", "~", "null", "Null", "NULL":
		return nil, true
	case ".nan", ".NaN", ".NAN":
		return math.NaN(), true
	case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF":
		return math.Inf(1), true
	case "-.inf", "-.Inf", "-.INF":
		return math.Inf(-1), true
	case "<<":
		return "<<", true
	}
	return nil, false
}

var yaml11Float = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)

// resolvePlain applies YAML 1.1's resolution, in yaml.v2's order, to a plain scalar:
// words, then numbers by their first character (a digit or sign: integer in any base Go
// reads, with _ separators, then unsigned, then float, then 0b binary; a dot: float).
// Everything else, timestamps included, is a string.
func resolvePlain(s string) any {
	if v, ok := resolveWord(s); ok {
		return v
	}
	return s
}

// resolveWord is resolvePlain for a scalar that is not a string, ok false for one that
// is: a key is tested without boxing it.
func resolveWord(s string) (v any, ok bool) {
	if v, ok := yaml11Word(s); ok {
		return v, true
	}
	switch c := s[0]; {
	case c == '.':
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return f, true
		}
	case c == '+' || c == '-' || (c >= '0' && c <= '9'):
		plain := strings.ReplaceAll(s, "_", "")
		if i, err := strconv.ParseInt(plain, 0, 64); err == nil {
			return float64(i), true
		}
		if u, err := strconv.ParseUint(plain, 0, 64); err == nil {
			return float64(u), true
		}
		if yaml11Float.MatchString(plain) {
			if f, err := strconv.ParseFloat(plain, 64); err == nil {
				return f, true
			}
		}
		if rest, ok := strings.CutPrefix(plain, "0b"); ok {
			if i, err := strconv.ParseInt(rest, 2, 64); err == nil {
				return float64(i), true
			}
			if u, err := strconv.ParseUint(rest, 2, 64); err == nil {
				return float64(u), true
			}
		} else if rest, ok := strings.CutPrefix(plain, "-0b"); ok {
			if i, err := strconv.ParseInt("-"+rest, 2, 64); err == nil {
				return float64(i), true
			}
		}
	}
	return nil, false
}
