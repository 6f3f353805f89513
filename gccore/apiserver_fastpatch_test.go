package gccore

// mergePatchMetadata must give exactly what roundTripMergePatch gives, or decline. These
// tests run both on every pair of a set of objects and a set of patches (API-7, OPS-4).

import (
	"math"
	"reflect"
	"testing"
	"time"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func fastPatchObjects() map[string]*Object {
	now := metav1.NewTime(Epoch)
	grace := int64(30)
	huge := int64(1<<60 + 1)
	base := func() *Object {
		o := &Object{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "ConfigMap"}, Content: map[string]any{}}
		o.Name, o.Namespace, o.UID, o.ResourceVersion = "cm", "default", "uid-1", "7"
		o.CreationTimestamp = now
		return o
	}
	with := func(edit func(o *Object)) *Object { o := base(); edit(o); return o }
	return map[string]*Object{
		"plain": base(),
		"full": with(func(o *Object) {
			o.Labels, o.Annotations = map[string]string{"app": "x"}, map[string]string{"note": "héllo <&>"}
			o.Finalizers = []string{"example.com/hold", metav1.FinalizerDeleteDependents}
			o.OwnerReferences = []metav1.OwnerReference{{APIVersion: "v1", Kind: "ConfigMap", Name: "o", UID: "u", BlockOwnerDeletion: ptrTo(true), Controller: ptrTo(false)}}
			o.DeletionTimestamp, o.DeletionGracePeriodSeconds, o.Generation = &now, &grace, 3
			o.Content = map[string]any{"data": map[string]any{"a": "b", "n": 1.5, "l": []any{true, nil, "x", -0.0, 1e300}}}
		}),
		"int content":         with(func(o *Object) { o.Content = map[string]any{"spec": map[string]any{"replicas": int64(3)}} }),
		"typed nil map":       with(func(o *Object) { o.Content = map[string]any{"data": map[string]any(nil)} }),
		"empty list content":  with(func(o *Object) { o.Content = map[string]any{"items": []any{}} }),
		"nan content":         with(func(o *Object) { o.Content = map[string]any{"x": math.NaN()} }),
		"metadata in content": with(func(o *Object) { o.Content = map[string]any{"metadata": map[string]any{"name": "other"}} }),
		"empty labels":        with(func(o *Object) { o.Labels = map[string]string{} }),
		"empty finalizers":    with(func(o *Object) { o.Finalizers = []string{} }),
		"empty owners":        with(func(o *Object) { o.OwnerReferences = []metav1.OwnerReference{} }),
		"bad utf8 annotation": with(func(o *Object) { o.Annotations = map[string]string{"a": "\xff"} }),
		"bad utf8 uid":        with(func(o *Object) { o.UID = "\xfe" }),
		"huge grace":          with(func(o *Object) { o.DeletionGracePeriodSeconds = &huge }),
		"managed fields":      with(func(o *Object) { o.ManagedFields = []metav1.ManagedFieldsEntry{{Manager: "m"}} }),
	}
}

var fastPatchBodies = []string{
	`{"metadata":{"resourceVersion":"7","finalizers":["example.com/hold"]}}`,
	`{"metadata":{"resourceVersion":"7","finalizers":null}}`,
	`{"metadata":{"finalizers":null}}`,
	`{"metadata":{"finalizers":["a","b","a"]}}`,
	`{"metadata":{"resourceVersion":null}}`,
	`{"metadata":{"resourceVersion":"9"}}`,
	`{"metadata":{}}`,
	` { "metadata" : { "finalizers" : [ "x\u00e9" ] } } `,
	`{"metadata":{"finalizers":["\xff"]}}`,
	`{"metadata":{"finalizers":[]}}`,
	`{"metadata":{"finalizers":[null]}}`,
	`{"metadata":{"finalizers":[1]}}`,
	`{"metadata":{"finalizers":"x"}}`,
	`{"metadata":{"resourceVersion":7}}`,
	`{"metadata":{"Finalizers":null}}`,
	`{"metadata":{"labels":{"a":"b"}}}`,
	`{"metadata":null}`,
	`{"metadata":{"finalizers":null},"data":{"a":"b"}}`,
	`{"metadata":{"finalizers":null,"finalizers":["z"]}}`,
	`{}`,
	`[]`,
	`null`,
	`{"metadata":{"finalizers":null}`,
}

func TestMergePatchFastPathMatchesRoundTrip(t *testing.T) {
	fast := 0
	for name, obj := range fastPatchObjects() {
		for _, body := range fastPatchBodies {
			cur := obj.Copy()
			if !mergePatchMetadata(cur, []byte(body)) {
				if !reflect.DeepEqual(cur, obj.Copy()) {
					t.Errorf("%s, %s: declined but changed the object", name, body)
				}
				continue
			}
			fast++
			want, err := roundTripMergePatch(obj.Copy(), []byte(body))
			if err != nil {
				t.Errorf("%s, %s: fast path taken, round trip fails: %v", name, body, err)
				continue
			}
			// update() resets these from the stored object (API-7); the round trip may
			// change their representation (time zone, pointer), not what is stored.
			for _, o := range []*Object{cur, want} {
				o.CreationTimestamp, o.DeletionTimestamp, o.Generation = metav1.Time{}, nil, 0
			}
			if !reflect.DeepEqual(cur, want) {
				t.Errorf("%s, %s:\nfast  %#v\nround %#v", name, body, cur, want)
			}
		}
	}
	if fast == 0 {
		t.Fatal("the fast path was never taken")
	}
}

// finalizerPatch.apply gives what its JSON gives through Patch's merge patch path.
func TestFinalizerPatchMatchesItsJSON(t *testing.T) {
	patches := []finalizerPatch{
		{resourceVersion: "7"},
		{resourceVersion: "7", finalizers: []string{"example.com/hold"}},
		{resourceVersion: "", finalizers: []string{"a", "b", "a"}},
		{resourceVersion: "7", finalizers: []string{"\xff"}},
		{resourceVersion: "\xfe"},
		{resourceVersion: "7", finalizers: []string{"<&>", "x\u00e9"}},
	}
	for name, obj := range fastPatchObjects() {
		for _, p := range patches {
			typed, viaJSON := obj.Copy(), obj.Copy()
			okTyped := p.apply(typed)
			okJSON := mergePatchMetadata(viaJSON, p.JSON())
			if okTyped && !okJSON {
				t.Errorf("%s, %s: applied typed, declined as JSON", name, p.JSON())
			}
			if !okTyped {
				if !reflect.DeepEqual(typed, obj.Copy()) {
					t.Errorf("%s, %s: declined but changed the object", name, p.JSON())
				}
				continue
			}
			if !reflect.DeepEqual(typed, viaJSON) {
				t.Errorf("%s, %s:\ntyped %#v\njson  %#v", name, p.JSON(), typed, viaJSON)
			}
		}
	}
}

// The patches OPS-4 and the finalizer steps send take the fast path.
func TestMergePatchFastPathTaken(t *testing.T) {
	for _, body := range []string{
		`{"metadata":{"finalizers":null,"resourceVersion":"12"}}`,
		`{"metadata":{"finalizers":["example.com/hold"],"resourceVersion":"12"}}`,
	} {
		if o := fastPatchObjects()["full"]; !mergePatchMetadata(o, []byte(body)) {
			t.Errorf("%s: fast path not taken", body)
		}
	}
}

func ptrTo[T any](v T) *T { return &v }

// sameMeta answers as apiequality.Semantic.DeepEqual does (API-16's no-op test).
func TestSameMetaMatchesSemanticDeepEqual(t *testing.T) {
	var metas []metav1.ObjectMeta
	for _, o := range fastPatchObjects() {
		metas = append(metas, o.ObjectMeta)
		m := *o.ObjectMeta.DeepCopy()
		m.Finalizers = nil
		metas = append(metas, m)
		m = *o.ObjectMeta.DeepCopy()
		now := metav1.NewTime(Epoch.Add(time.Second))
		m.DeletionTimestamp, m.Generation = &now, m.Generation+1
		metas = append(metas, m)
		m = *o.ObjectMeta.DeepCopy()
		m.ResourceVersion = "8"
		metas = append(metas, m)
	}
	for i := range metas {
		for j := range metas {
			if got, want := sameMeta(&metas[i], &metas[j]), apiequality.Semantic.DeepEqual(metas[i], metas[j]); got != want {
				t.Errorf("metas %d and %d: sameMeta %v, Semantic.DeepEqual %v", i, j, got, want)
			}
		}
	}
}
