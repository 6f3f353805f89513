package gccore

import (
	"math/rand/v2"
	"reflect"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// randomMetadata is a metadata map of the known fields, now and then an unknown one,
// with values mostly of the right type and sometimes not (nil, a number, a list...).
func randomMetadata(r *rand.Rand) map[string]any {
	value := func(want string) any {
		if r.IntN(6) > 0 {
			switch want {
			case "string":
				return []string{"a", "", "web-7c9f", "1"}[r.IntN(4)]
			case "bool":
				return r.IntN(2) == 0
			}
		}
		return []any{nil, 1.0, "x", true, map[string]any{}, []any{}, []any{"s"}, map[string]any{"k": "v"}}[r.IntN(8)]
	}
	m := map[string]any{}
	for _, k := range []string{"name", "namespace", "uid", "generateName", "resourceVersion"} {
		if r.IntN(2) == 0 {
			m[k] = value("string")
		}
	}
	if r.IntN(2) == 0 {
		l := map[string]any{}
		for i := r.IntN(3); i > 0; i-- {
			l[[]string{"app", "tier", "x"}[r.IntN(3)]] = value("string")
		}
		m[[]string{"labels", "annotations"}[r.IntN(2)]] = l
	}
	if r.IntN(2) == 0 {
		var l []any
		for i := r.IntN(3); i > 0; i-- {
			l = append(l, value("string"))
		}
		m["finalizers"] = l
	}
	if r.IntN(2) == 0 {
		var refs []any
		for i := r.IntN(3); i > 0; i-- {
			ref := map[string]any{}
			for _, k := range []string{"apiVersion", "kind", "name", "uid"} {
				if r.IntN(5) > 0 {
					ref[k] = value("string")
				}
			}
			for _, k := range []string{"controller", "blockOwnerDeletion"} {
				if r.IntN(2) == 0 {
					ref[k] = value("bool")
				}
			}
			if r.IntN(10) == 0 {
				ref["other"] = "x"
			}
			refs = append(refs, ref)
		}
		m["ownerReferences"] = refs
	}
	if r.IntN(8) == 0 {
		m[[]string{"generation", "creationTimestamp", "unknown", "managedFields"}[r.IntN(4)]] = value("string")
	}
	return m
}

// TestMetadataFastMatchesConverter: whenever metadataFast reads a metadata map, it gives
// the ObjectMeta apimachinery's converter gives, and the converter accepts it.
func TestMetadataFastMatchesConverter(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	fast := 0
	for i := 0; i < 20000; i++ {
		m := randomMetadata(r)
		var got metav1.ObjectMeta
		if !metadataFast(m, &got) {
			continue
		}
		fast++
		var want metav1.ObjectMeta
		if err := runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation(m, &want, true); err != nil {
			t.Fatalf("metadataFast read %v, which the converter refuses: %v", m, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("metadata %v:\nfast      %#v\nconverter %#v", m, got, want)
		}
	}
	if fast < 2000 {
		t.Fatalf("metadataFast read only %d of 20000 maps: it is not exercised", fast)
	}
}
