package scenario

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	yamlv3 "go.yaml.in/yaml/v3"
)

// The chunked path reads objects straight from yaml.v3's nodes, which it needs anyway for
// the nesting and repeated-key checks, instead of parsing the text a second time with
// sigs.k8s.io/yaml (YAML 1.1, through go.yaml.in/yaml/v2) and round-tripping the result
// through JSON. The values must be exactly those: a plain scalar is read by YAML 1.1's
// rules as yaml.v2 applies them (yes/no/on/off are booleans, 0755 is octal, a timestamp
// stays a string), numbers become float64 as encoding/json makes them, and anything the
// JSON round trip would refuse or change (infinities, NaN, invalid UTF-8, keys that are
// not strings, merge keys) is reported as not plain, for the whole-file path to handle.
// FuzzChunked checks the result against that path.

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
// Recursion is bounded: checkNode has limited the nesting.
func plainValue(n *yamlv3.Node) (any, bool) {
	switch n.Kind {
	case yamlv3.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yamlv3.ScalarNode {
				return nil, false
			}
			key, ok := plainScalar(k)
			s, isString := key.(string)
			if !ok || !isString || (k.Style == 0 && s == "<<") {
				return nil, false
			}
			v, ok := plainValue(n.Content[i+1])
			if !ok {
				return nil, false
			}
			m[s] = v
		}
		return m, true
	case yamlv3.SequenceNode:
		l := make([]any, len(n.Content))
		for i, c := range n.Content {
			v, ok := plainValue(c)
			if !ok {
				return nil, false
			}
			l[i] = v
		}
		return l, true
	case yamlv3.ScalarNode:
		return plainScalar(n)
	}
	return nil, false // aliases and documents: not in a plain chunk
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
