package scenario

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// The words of fastReader's lines (fastyaml.go): entries, keys, anchors, scalars. A plain
// scalar means what YAML 1.1 says, as yaml.v2 applies it (sigs.k8s.io/yaml reads YAML
// through it): yes/no/on/off are booleans, 0755 is octal, a timestamp stays a string, and
// numbers become float64 as encoding/json makes them.

// isEntry reports whether a line, without its indentation, starts a block sequence entry.
func isEntry(trimmed string) bool {
	return len(trimmed) > 0 && trimmed[0] == '-' && (len(trimmed) == 1 || trimmed[1] == ' ')
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

// plainKey reports a plain scalar the reader takes as a mapping key: one plainWord reads
// as a string, short enough for a simple key, and not "<<" (a merge key).
func plainKey(s string, flow bool) bool {
	if len(s) > maxSimpleKey || s == "<<" || !plainOK(s, flow) {
		return false
	}
	_, word := resolveWord(s)
	return !word
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

// plainOK reports a plain scalar the reader is sure yaml.v3 reads whole and as written:
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

// flowSafe are the characters of a plain scalar in a flow collection the reader takes:
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
