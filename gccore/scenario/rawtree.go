package scenario

import (
	"bytes"
	"encoding/json"

	yamlv3 "go.yaml.in/yaml/v3"
)

// A scenario that is not in the chunked path's plain style (a `#scenario=` link written
// with anchors, aliases and merge keys: fixtures.LinkTree; any small file) is read from
// the yaml.v3 tree that CheckYAML builds anyway, instead of a second parse by
// sigs.k8s.io/yaml and a JSON round trip: for the 20,000-object link that was
// three quarters of Parse's time (docs/benchmarks.md, "A link's scenario"). Whatever the
// tree reading is not sure of goes to the converter as before, so a file means the same
// and every error message stays the same.

// rawFromTree reads a checked document as decodeRaw's JSON decode would: objects as
// plainValue reads them, each step's body as the JSON of its value, and the small
// sections (resources, version, controllers, nodes) through the same strict JSON decoder.
// ok is false for anything that decode would refuse or might read differently.
func rawFromTree(doc *yamlv3.Node) (*rawScenario, bool) {
	var r plainReader
	v, ok := r.value(doc)
	if !ok || r.lossy {
		return nil, false // a step's or a section's number must keep its JSON digits
	}
	raw := &rawScenario{}
	if v == nil {
		return raw, true // `null`: an empty scenario, as the JSON path reads it
	}
	top, ok := v.(map[string]any)
	if !ok {
		return nil, false
	}
	small := map[string]any{}
	for k, x := range top {
		switch k {
		case "objects":
			if raw.Objects, ok = treeList[map[string]any](x, asObject); !ok {
				return nil, false
			}
		case "steps":
			if raw.Steps, ok = treeList[map[string]json.RawMessage](x, asStep); !ok {
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

// treeList reads a section that JSON decodes as a list of T: null is a nil list, and a
// null entry T's zero value.
func treeList[T any](x any, as func(map[string]any) (T, bool)) ([]T, bool) {
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

// treeReadable reports a text whose yaml.v3 tree rawFromTree may read: no tags or
// directives, whose meaning yaml.v3's tree does not keep whole (`! 123` is a string to
// yaml.v2, a number in the tree), and no tabs or carriage returns, where the two
// parsers' scanners are least alike. The chunked path refuses the same.
func treeReadable(data []byte) bool {
	if bytes.ContainsAny(data, "!\t\r") {
		return false
	}
	return !bytes.HasPrefix(data, []byte("%")) && !bytes.Contains(data, []byte("\n%"))
}
