package scenario

import (
	"bytes"
	"encoding/json"

	"sigs.k8s.io/yaml"
)

// parseFast is Parse through fastReader (fastyaml.go), or ok false for Parse to read the
// text with yaml.v3 and sigs.k8s.io/yaml instead: it is false for any text the reader
// does not take and for any error at all, so that what a file means, every error message
// and the order of errors (YAML anywhere first, then objects, then steps) are theirs.
// The entries of a top-level `objects:` block sequence go to the builder one at a time.
func parseFast(file string, data []byte, opt Options) (*Scenario, bool) {
	var b *builder
	objects := func(top map[string]any) func(map[string]any) bool {
		if _, ok := top["resources"]; !ok && hasTopKey(data, "resources") {
			return nil // declared after the objects: read them all first
		}
		raw, ok := fastSections(map[string]any{"resources": top["resources"]})
		if !ok {
			return nil
		}
		var err error
		if b, err = newBuilder(file, raw.Resources, bytes.Count(data, []byte("\n- "))); err != nil {
			return nil
		}
		return func(m map[string]any) bool { return b.object(m) == nil }
	}
	top, ok := fastRead(data, objects)
	if !ok {
		return nil, false
	}
	raw, ok := fastSections(top)
	if !ok {
		return nil, false
	}
	if b == nil {
		var err error
		if b, err = newBuilder(file, raw.Resources, len(raw.Objects)); err != nil {
			return nil, false
		}
		for _, m := range raw.Objects {
			if m == nil || b.object(m) != nil {
				return nil, false
			}
		}
	}
	sc, err := b.steps(raw.Steps, opt.forVersion(raw.Version))
	if err == nil {
		sc, err = withCluster(sc, raw.rawCluster)
	}
	return sc, err == nil
}

// hasTopKey reports a line that starts with key and a colon.
func hasTopKey(data []byte, key string) bool {
	k := []byte(key + ":")
	return bytes.HasPrefix(data, k) || bytes.Contains(data, append([]byte("\n"), k...))
}

// fastSections reads the top-level values as decodeRaw's JSON decode would: objects as
// they are, each step's body as the JSON of its value, and the small sections
// (resources, version, controllers, nodes) through the same strict JSON decoder. ok is
// false for anything that decode would refuse or might read differently.
func fastSections(top map[string]any) (*rawScenario, bool) {
	raw := &rawScenario{}
	small := map[string]any{}
	var ok bool
	for k, x := range top {
		switch k {
		case "objects":
			if _, streamed := x.(streamedObjects); streamed {
				continue
			}
			if raw.Objects, ok = valueList[map[string]any](x, asObject); !ok {
				return nil, false
			}
		case "steps":
			if raw.Steps, ok = valueList[map[string]json.RawMessage](x, asStep); !ok {
				return nil, false
			}
		case "resources", "version", "controllers", "nodes", "kubernetes", "faults":
			small[k] = x
		default:
			return nil, false // unknown, or a case-insensitive match JSON would accept
		}
	}
	if len(small) > 0 {
		js, err := json.Marshal(small)
		if err != nil {
			return nil, false
		}
		var cluster rawScenario
		dec := json.NewDecoder(bytes.NewReader(js))
		dec.DisallowUnknownFields()
		if dec.Decode(&cluster) != nil {
			return nil, false
		}
		raw.Resources, raw.rawCluster = cluster.Resources, cluster.rawCluster
	}
	return raw, true
}

// valueList reads a section that JSON decodes as a list of T: null is a nil list, and a
// null entry T's zero value.
func valueList[T any](x any, as func(map[string]any) (T, bool)) ([]T, bool) {
	if x == nil {
		return nil, true
	}
	l, ok := x.([]any)
	if !ok {
		return nil, false
	}
	out := make([]T, len(l))
	for i, e := range l {
		if e == nil {
			continue
		}
		m, ok := e.(map[string]any)
		if !ok {
			return nil, false
		}
		if out[i], ok = as(m); !ok {
			return nil, false
		}
	}
	return out, true
}

func asObject(m map[string]any) (map[string]any, bool) { return m, true }

// asStep is a step's keys with their values as JSON, as json.RawMessage holds them.
func asStep(m map[string]any) (map[string]json.RawMessage, bool) {
	s := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		js, err := json.Marshal(v)
		if err != nil {
			return nil, false
		}
		s[k] = js
	}
	return s, true
}

// referenceEntry reads the top-level `objects:` entry the reader could not, whose "-" is
// at column ind at offset at, with the reference path, and moves to the line after it:
// so one comment or block scalar in a large file costs one entry, not the whole file.
// The entry is its lines up to the next one indented ind or less: there a plain or block
// scalar ends, and a quoted scalar or a flow collection cut there leaves a text that does
// not parse (ok false, and Parse takes the reference path for the whole file). Nothing
// may tie the entry to the rest of the file: no anchor or alias anywhere in it (and so
// nothing for yaml.v2's alias count), and no tab or carriage return, which would make
// its lines' indentation unclear.
func (r *fastReader) referenceEntry(at, ind int) (any, bool) {
	if !r.looked {
		r.looked, r.tied = true, bytes.ContainsAny(r.data, "&*\t\r")
	}
	if r.tied {
		return nil, false
	}
	end := at + bytes.IndexByte(r.data[at:], '\n') + 1
	for end > at && end < len(r.data) {
		line := r.data[end:]
		if n := bytes.IndexByte(line, '\n'); n >= 0 {
			line = line[:n+1]
		}
		text := bytes.TrimLeft(line, " ")
		if t := bytes.TrimRight(text, "\n"); len(t) > 0 && t[0] != '#' && len(line)-len(text) <= ind {
			break
		}
		end += len(line)
	}
	if end <= at {
		end = len(r.data) // the entry is the last line
	}
	v, ok := referenceValue(r.data[at:end], MaxNesting-1)
	l, isList := v.([]any)
	if !ok || !isList || len(l) != 1 {
		return nil, false
	}
	r.next, r.end = end, false
	r.advance()
	return l[0], true
}

// referenceValue is data's value as the reference path reads it: checked by yaml.v3
// nested at most limit levels deep, converted by sigs.k8s.io/yaml, decoded by JSON.
func referenceValue(data []byte, limit int) (any, bool) {
	if checkYAML(data, limit) != nil {
		return nil, false
	}
	js, err := yaml.YAMLToJSON(data)
	if err != nil {
		return nil, false
	}
	var v any
	return v, json.Unmarshal(js, &v) == nil
}
