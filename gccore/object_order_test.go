package gccore

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestObjectOrderFollowsChanges: the cached listing order stays the sorted order through
// creates, updates, deletes and a name that sorts before the survivors.
func TestObjectOrderFollowsChanges(t *testing.T) {
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	obj := func(kind, name string) *Object {
		o := &Object{}
		o.APIVersion, o.Kind, o.Namespace, o.Name = "v1", kind, "default", name
		return o
	}
	check := func(when string) {
		t.Helper()
		got := s.ObjectsShared()
		want := slices.Clone(got)
		slices.SortFunc(want, func(a, b *Object) int {
			return strings.Compare(a.APIVersion+"\x00"+a.Kind+"\x00"+a.Namespace+"\x00"+a.Name,
				b.APIVersion+"\x00"+b.Kind+"\x00"+b.Namespace+"\x00"+b.Name)
		})
		if len(got) != s.ObjectCount() || !slices.Equal(got, want) {
			t.Fatalf("%s: listing %v is not the %d stored objects in order", when, names(got), s.ObjectCount())
		}
		for _, o := range got {
			if cur, _ := s.Get(o.Ref()); cur.ResourceVersion != o.ResourceVersion {
				t.Fatalf("%s: %s listed at rv %s, stored at %s", when, o.Name, o.ResourceVersion, cur.ResourceVersion)
			}
		}
	}
	for i := 0; i < 6; i++ {
		if _, err := s.Create(obj("ConfigMap", fmt.Sprintf("c%d", i))); err != nil {
			t.Fatal(err)
		}
	}
	check("created")
	if _, err := s.Patch(obj("ConfigMap", "c2").Ref(), MergePatch, []byte(`{"metadata":{"labels":{"a":"b"}}}`)); err != nil {
		t.Fatal(err)
	}
	check("updated")
	for _, n := range []string{"c0", "c3"} {
		if _, err := s.Delete(obj("ConfigMap", n).Ref(), metav1.DeleteOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	check("deleted")
	for _, o := range []*Object{obj("ConfigMap", "a"), obj("Secret", "c0"), obj("ConfigMap", "c3")} {
		if _, err := s.Create(o); err != nil {
			t.Fatal(err)
		}
	}
	check("created again")
}

func names(objs []*Object) []string {
	var out []string
	for _, o := range objs {
		out = append(out, o.Kind+"/"+o.Name)
	}
	return out
}
