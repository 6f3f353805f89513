package scenario

import (
	"bytes"
	"encoding/json"
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
	sc, err := b.steps(raw.Steps, opt)
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
		case "resources", "version", "controllers", "nodes":
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
