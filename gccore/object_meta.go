package gccore

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// metadataFast fills meta from the metadata fields scenarios use (names, uid, labels,
// annotations, finalizers, ownerReferences) when m holds only those, each of the type
// the converter wants; it reports false otherwise, and ObjectFromUnstructured then asks
// apimachinery's converter, which gives the same ObjectMeta or the error that names the
// field (TestMetadataFastMatchesConverter). The converter's reflection was a quarter of
// parsing a 100k-object file (docs/benchmarks.md).
func metadataFast(m map[string]any, meta *metav1.ObjectMeta) bool {
	for k, v := range m {
		var ok bool
		switch k {
		case "name":
			meta.Name, ok = v.(string)
		case "namespace":
			meta.Namespace, ok = v.(string)
		case "generateName":
			meta.GenerateName, ok = v.(string)
		case "resourceVersion":
			meta.ResourceVersion, ok = v.(string)
		case "uid":
			var s string
			s, ok = v.(string)
			meta.UID = types.UID(s)
		case "labels":
			meta.Labels, ok = stringMap(v)
		case "annotations":
			meta.Annotations, ok = stringMap(v)
		case "finalizers":
			meta.Finalizers, ok = stringList(v)
		case "ownerReferences":
			meta.OwnerReferences, ok = ownerRefs(v)
		}
		if !ok {
			return false
		}
	}
	return true
}

func stringMap(v any) (map[string]string, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, false
	}
	out := make(map[string]string, len(m))
	for k, x := range m {
		s, ok := x.(string)
		if !ok {
			return nil, false
		}
		out[k] = s
	}
	return out, true
}

// stringList and ownerRefs give nil for an empty list, as the converter does.
func stringList(v any) ([]string, bool) {
	l, ok := v.([]any)
	if !ok {
		return nil, false
	}
	if len(l) == 0 {
		return nil, true
	}
	out := make([]string, len(l))
	for i, x := range l {
		s, ok := x.(string)
		if !ok {
			return nil, false
		}
		out[i] = s
	}
	return out, true
}

func ownerRefs(v any) ([]metav1.OwnerReference, bool) {
	l, ok := v.([]any)
	if !ok {
		return nil, false
	}
	if len(l) == 0 {
		return nil, true
	}
	out := make([]metav1.OwnerReference, len(l))
	for i, x := range l {
		m, ok := x.(map[string]any)
		if !ok {
			return nil, false
		}
		r := &out[i]
		for k, f := range m {
			switch k {
			case "apiVersion":
				r.APIVersion, ok = f.(string)
			case "kind":
				r.Kind, ok = f.(string)
			case "name":
				r.Name, ok = f.(string)
			case "uid":
				var s string
				s, ok = f.(string)
				r.UID = types.UID(s)
			case "controller":
				r.Controller, ok = boolPtr(f)
			case "blockOwnerDeletion":
				r.BlockOwnerDeletion, ok = boolPtr(f)
			default:
				ok = false
			}
			if !ok {
				return nil, false
			}
		}
	}
	return out, true
}

func boolPtr(v any) (*bool, bool) {
	b, ok := v.(bool)
	return &b, ok
}
