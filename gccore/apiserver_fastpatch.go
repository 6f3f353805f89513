package gccore

import (
	"bytes"
	"encoding/json"
	"math"
	"unicode/utf8"
)

// mergePatchMetadata is a fast path of applyMergePatch for the merge patches that write only
// metadata.resourceVersion and metadata.finalizers: those of OPS-4 (removeFinalizer) and of
// the finalizer steps, sent once per object in every Foreground cascade. It edits cur in
// place and reports true, or reports false and leaves cur alone when the patch has any other
// shape or when cur is not roundTripStable; applyMergePatch then takes the general path
// (roundTripMergePatch). Either way the result is the same object (apiserver_fastpatch_test.go).
// Upstream the server always takes the general path: jsonMergePatcher.applyJSPatch
// (apiserver/pkg/endpoints/handlers/patch.go) runs jsonpatch.MergePatch on the object's JSON.
func mergePatchMetadata(cur *Object, body []byte) bool {
	var top map[string]json.RawMessage
	if json.Unmarshal(body, &top) != nil || len(top) != 1 || !isJSONObject(top["metadata"]) {
		return false
	}
	var md map[string]json.RawMessage
	if json.Unmarshal(top["metadata"], &md) != nil {
		return false
	}
	rv, finalizers := cur.ResourceVersion, cur.Finalizers
	for k, v := range md {
		switch {
		case k == "resourceVersion" && isJSONNull(v): // a merge patch null removes the field
			rv = ""
		case k == "resourceVersion":
			if json.Unmarshal(v, &rv) != nil {
				return false
			}
		case k == "finalizers" && isJSONNull(v):
			finalizers = nil
		case k == "finalizers":
			var list []*string // a null item or an empty list: left to the general path
			if json.Unmarshal(v, &list) != nil || len(list) == 0 {
				return false
			}
			finalizers = make([]string, len(list))
			for i, f := range list {
				if f == nil {
					return false
				}
				finalizers[i] = *f
			}
		default:
			return false
		}
	}
	if !roundTripStable(cur) {
		return false
	}
	cur.ResourceVersion, cur.Finalizers = rv, finalizers
	return true
}

// finalizerPatch is the JSON merge patch OPS-4 sends, held as values:
// {"metadata":{"finalizers":F,"resourceVersion":RV}}, with F null when finalizers is empty.
type finalizerPatch struct {
	resourceVersion string
	finalizers      []string
}

// JSON renders the patch as the GC sends it.
func (p finalizerPatch) JSON() []byte {
	var fs any // null removes the field
	if len(p.finalizers) > 0 {
		fs = p.finalizers
	}
	return mustJSON(map[string]any{"metadata": map[string]any{"resourceVersion": p.resourceVersion, "finalizers": fs}})
}

// apply is mergePatchMetadata(cur, p.JSON()) without the JSON: it declines exactly when
// that would, or when a string would not survive the JSON (invalid UTF-8).
func (p finalizerPatch) apply(cur *Object) bool {
	if !utf8.ValidString(p.resourceVersion) || !stableStrings(p.finalizers) || !roundTripStable(cur) {
		return false
	}
	cur.ResourceVersion, cur.Finalizers = p.resourceVersion, nil
	if len(p.finalizers) > 0 {
		cur.Finalizers = append([]string(nil), p.finalizers...)
	}
	return true
}

func isJSONNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

func isJSONObject(raw json.RawMessage) bool {
	return bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{"))
}

// roundTripStable reports whether roundTripMergePatch (Unstructured, merge, and back) surely
// gives o back unchanged, apart from the fields the API server resets on update anyway
// (creationTimestamp, deletionTimestamp, generation: API-7). It says no when a map or list is
// empty but not nil (omitempty drops it) or managedFields are set, and, conservatively, for
// what a JSON round trip would change: strings that are not valid UTF-8, numbers in Content
// other than finite float64s, grace periods beyond float64 precision.
func roundTripStable(o *Object) bool {
	m := &o.ObjectMeta
	for _, s := range []string{o.APIVersion, o.Kind, m.Name, m.GenerateName, m.Namespace, m.SelfLink, string(m.UID), m.ResourceVersion} {
		if !utf8.ValidString(s) {
			return false
		}
	}
	if g := m.DeletionGracePeriodSeconds; g != nil && (*g > 1<<53 || *g < -(1<<53)) {
		return false
	}
	if !stableStringMap(m.Labels) || !stableStringMap(m.Annotations) || !stableStrings(m.Finalizers) || m.ManagedFields != nil {
		return false
	}
	if m.OwnerReferences != nil && len(m.OwnerReferences) == 0 {
		return false
	}
	for _, r := range m.OwnerReferences {
		if !stableStrings([]string{r.APIVersion, r.Kind, r.Name, string(r.UID)}) {
			return false
		}
	}
	for k, v := range o.Content {
		if k == "apiVersion" || k == "kind" || k == "metadata" || !utf8.ValidString(k) || !stableJSON(v) {
			return false
		}
	}
	return true
}

func stableStrings(list []string) bool {
	if list != nil && len(list) == 0 {
		return false
	}
	for _, s := range list {
		if !utf8.ValidString(s) {
			return false
		}
	}
	return true
}

func stableStringMap(m map[string]string) bool {
	if m != nil && len(m) == 0 {
		return false
	}
	for k, v := range m {
		if !utf8.ValidString(k) || !utf8.ValidString(v) {
			return false
		}
	}
	return true
}

// stableJSON reports whether v is what json.Unmarshal would give back after json.Marshal.
func stableJSON(v any) bool {
	switch v := v.(type) {
	case nil, bool:
		return true
	case string:
		return utf8.ValidString(v)
	case float64:
		return !math.IsInf(v, 0) && !math.IsNaN(v)
	case []any:
		if v == nil {
			return false
		}
		for _, x := range v {
			if !stableJSON(x) {
				return false
			}
		}
		return true
	case map[string]any:
		if v == nil {
			return false
		}
		for k, x := range v {
			if !utf8.ValidString(k) || !stableJSON(x) {
				return false
			}
		}
		return true
	}
	return false
}
