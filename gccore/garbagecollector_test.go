package gccore

import (
	"reflect"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// Table tests for the workers' pure decisions (DEL-9, DEL-11) and for the GC's patch and
// delete calls against the simulated API server (OPS-2, OPS-3: S-5, S-6, S-29).

func TestDecideOwnerReferences(t *testing.T) {
	ref := func(uid types.UID) metav1.OwnerReference {
		return metav1.OwnerReference{APIVersion: "v1", Kind: "ConfigMap", Name: string(uid), UID: uid}
	}
	refs := func(uids ...types.UID) []metav1.OwnerReference {
		var out []metav1.OwnerReference
		for _, u := range uids {
			out = append(out, ref(u))
		}
		return out
	}
	for _, tc := range []struct {
		rule, name    string
		in            classifiedRefs
		hasDependents bool
		act           deleteAct
		uids          []types.UID
	}{
		{"DEL-9a", "only solid owners: nothing to do", classifiedRefs{solid: refs("s1", "s2")}, false, actNone, nil},
		{"DEL-9a", "only solid owners, with dependents: nothing to do", classifiedRefs{solid: refs("s1")}, true, actNone, nil},
		{"DEL-9a", "solid and dangling: patch the dangling away", classifiedRefs{solid: refs("s1"), dangling: refs("d1", "d2")}, false,
			actPatchOwnerRefs, []types.UID{"d1", "d2"}},
		{"DEL-9a", "solid and waiting: patch the waiting away", classifiedRefs{solid: refs("s1"), waiting: refs("w1")}, false,
			actPatchOwnerRefs, []types.UID{"w1"}},
		{"DEL-9a", "solid, dangling and waiting, with dependents: one patch, dangling first", classifiedRefs{solid: refs("s1"), dangling: refs("d1"), waiting: refs("w1")}, true,
			actPatchOwnerRefs, []types.UID{"d1", "w1"}},
		{"DEL-9b", "waiting owner and graph dependents: delete in Foreground", classifiedRefs{waiting: refs("w1")}, true, actDeleteForeground, nil},
		{"DEL-9b", "waiting and dangling owners and graph dependents", classifiedRefs{waiting: refs("w1"), dangling: refs("d1")}, true, actDeleteForeground, nil},
		{"DEL-9c", "waiting owner, no graph dependents: delete with the item's policy", classifiedRefs{waiting: refs("w1")}, false, actDeleteWithPolicy, nil},
		{"DEL-9c", "all dangling", classifiedRefs{dangling: refs("d1", "d2")}, false, actDeleteWithPolicy, nil},
		{"DEL-9c", "all dangling, with graph dependents", classifiedRefs{dangling: refs("d1")}, true, actDeleteWithPolicy, nil},
		{"DEL-9c", "dangling and waiting, no graph dependents", classifiedRefs{dangling: refs("d1"), waiting: refs("w1")}, false, actDeleteWithPolicy, nil},
	} {
		t.Run(tc.rule+" "+tc.name, func(t *testing.T) {
			d := decideOwnerReferences(tc.in, tc.hasDependents)
			if d.act != tc.act || string(d.rule) != tc.rule || !reflect.DeepEqual(d.uids, tc.uids) {
				t.Errorf("got act=%d rule=%s uids=%v, want act=%d rule=%s uids=%v", d.act, d.rule, d.uids, tc.act, tc.rule, tc.uids)
			}
		})
	}
}

func TestDeletePolicy(t *testing.T) {
	ts := metav1.NewTime(Epoch)
	for _, tc := range []struct {
		rule, name  string
		finalizers  []string
		terminating bool
		want        metav1.DeletionPropagation
	}{
		{"DEL-11", "orphan finalizer: Orphan", []string{"orphan"}, false, metav1.DeletePropagationOrphan},
		{"DEL-11", "orphan among others: Orphan", []string{"x/y", "orphan"}, true, metav1.DeletePropagationOrphan},
		{"DEL-11", "foregroundDeletion finalizer: Foreground", []string{"foregroundDeletion"}, false, metav1.DeletePropagationForeground},
		{"DEL-11", "foregroundDeletion among others: Foreground", []string{"foregroundDeletion", "x/y"}, true, metav1.DeletePropagationForeground},
		{"DEL-11", "both (not storable, API-6): orphan is checked first", []string{"foregroundDeletion", "orphan"}, false, metav1.DeletePropagationOrphan},
		{"DEL-11", "only a custom finalizer: Background", []string{"x/y"}, false, metav1.DeletePropagationBackground},
		{"DEL-11", "no finalizers: Background", nil, false, metav1.DeletePropagationBackground},
	} {
		o := &Object{ObjectMeta: metav1.ObjectMeta{Finalizers: tc.finalizers}}
		if tc.terminating {
			o.DeletionTimestamp = &ts
		}
		if got := deletePolicy(o); got != tc.want {
			t.Errorf("%s %s: deletePolicy = %s, want %s", tc.rule, tc.name, got, tc.want)
		}
	}
}

// gcTestSim returns a quiet simulation and a client acting as one delete worker.
func gcTestSim(t *testing.T, decls ...ResourceDecl) (*Sim, ops) {
	t.Helper()
	s, err := New(Config{Workers: 1, Resources: decls})
	if err != nil {
		t.Fatal(err)
	}
	return s, ops{gc: s.gc, worker: Component{Role: "test-worker"}}
}

func gcTestCreate(t *testing.T, s *Sim, apiVersion, kind, name string, uid types.UID, refs ...metav1.OwnerReference) *Object {
	t.Helper()
	o := &Object{TypeMeta: metav1.TypeMeta{APIVersion: apiVersion, Kind: kind},
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "default", UID: uid, OwnerReferences: refs}}
	got, err := s.Create(o)
	if err != nil {
		t.Fatalf("create %s: %v", name, err)
	}
	return got
}

func gcTestNode(o *Object) *node {
	return &node{identity: objectReference{APIVersion: o.APIVersion, Kind: o.Kind, Name: o.Name, UID: o.UID, Namespace: o.Namespace},
		owners: ownerList{refs: o.OwnerReferences}}
}

// gcTestRefs are the references [1: block=true, 2: block=false, 3: unset] of S-5 and S-6.
func gcTestRefs() []metav1.OwnerReference {
	t, f := true, false
	return []metav1.OwnerReference{
		{APIVersion: "v1", Kind: "ConfigMap", Name: "one", UID: "1", BlockOwnerDeletion: &t},
		{APIVersion: "v1", Kind: "ConfigMap", Name: "two", UID: "2", BlockOwnerDeletion: &f},
		{APIVersion: "v1", Kind: "ConfigMap", Name: "three", UID: "3"},
	}
}

// TestPatchOwnerReferences is S-5 (TestDeleteOwnerRefPatch) and S-6
// (TestUnblockOwnerReference), for a built-in kind (strategic merge patch) and a custom kind
// (415, then the JSON merge patch fallback, OPS-3).
func TestPatchOwnerReferences(t *testing.T) {
	widget := ResourceDecl{APIVersion: "example.com/v1", Kind: "Widget"}
	for _, kind := range []struct{ apiVersion, kind string }{{"v1", "Pod"}, {"example.com/v1", "Widget"}} {
		t.Run("S-5 OPS-3 delete uids 2 and 3 from "+kind.kind, func(t *testing.T) {
			s, c := gcTestSim(t, widget)
			o := gcTestCreate(t, s, kind.apiVersion, kind.kind, "dep", "100", gcTestRefs()...)
			if err := c.patchOwnerReferences("DEL-9a", gcTestNode(o), []types.UID{"2", "3"}, false); err != nil {
				t.Fatalf("patch: %v", err)
			}
			got, _ := s.Get(o.Ref())
			if want := gcTestRefs()[:1]; !reflect.DeepEqual(got.OwnerReferences, want) {
				t.Errorf("S-5: references = %+v, want %+v", got.OwnerReferences, want)
			}
		})
		t.Run("S-6 DEL-10 unblock only true values on "+kind.kind, func(t *testing.T) {
			s, c := gcTestSim(t, widget)
			o := gcTestCreate(t, s, kind.apiVersion, kind.kind, "dep", "100", gcTestRefs()...)
			if err := c.patchOwnerReferences("DEL-10", gcTestNode(o), nil, true); err != nil {
				t.Fatalf("patch: %v", err)
			}
			got, _ := s.Get(o.Ref())
			want := gcTestRefs()
			f := false
			want[0].BlockOwnerDeletion = &f // 1: true -> false; 2 stays false; 3 stays unset
			if !reflect.DeepEqual(got.OwnerReferences, want) {
				t.Errorf("S-6: references = %+v, want %+v", got.OwnerReferences, want)
			}
		})
	}
	t.Run("API-17 OPS-3 the patch pins the uid: a re-created object is not patched", func(t *testing.T) {
		s, c := gcTestSim(t)
		old := gcTestCreate(t, s, "v1", "ConfigMap", "dep", "old-uid", gcTestRefs()...)
		if _, err := s.Delete(old.Ref(), metav1.DeleteOptions{}); err != nil {
			t.Fatal(err)
		}
		gcTestCreate(t, s, "v1", "ConfigMap", "dep", "new-uid", gcTestRefs()...)
		err := c.patchOwnerReferences("DEL-9a", gcTestNode(old), []types.UID{"2"}, false)
		if err == nil || apierrors.IsNotFound(err) {
			t.Fatalf("patch of a re-created object: err = %v, want a non-NotFound error", err)
		}
		got, _ := s.Get(old.Ref())
		if len(got.OwnerReferences) != 3 {
			t.Errorf("re-created object was patched: %+v", got.OwnerReferences)
		}
	})
}

// TestDeleteObjectConflict is OPS-2 (S-29): a DELETE with a stale resourceVersion is retried
// with the uid precondition only if nothing but the resourceVersion moved.
func TestDeleteObjectConflict(t *testing.T) {
	bg := metav1.DeletePropagationBackground
	id := func(o *Object) objectReference { return gcTestNode(o).identity }
	t.Run("OPS-2 unchanged ownerReferences: retried with the uid only, deleted", func(t *testing.T) {
		s, c := gcTestSim(t)
		o := gcTestCreate(t, s, "v1", "ConfigMap", "dep", "dep-uid", gcTestRefs()...)
		if _, err := s.Patch(o.Ref(), MergePatch, []byte(`{"metadata":{"labels":{"moved":"yes"}}}`)); err != nil {
			t.Fatal(err)
		}
		if err := c.deleteObject("DEL-9c", id(o), o.ResourceVersion, o.OwnerReferences, bg); err != nil {
			t.Fatalf("deleteObject: %v, want success after the uid-only retry", err)
		}
		if _, err := s.Get(o.Ref()); !apierrors.IsNotFound(err) {
			t.Errorf("object still there: %v", err)
		}
		var deletes int
		for _, r := range s.Take().Records {
			if r.Component == (Component{Role: "test-worker"}) && len(r.Call) > 6 && r.Call[:6] == "delete" {
				deletes++
			}
		}
		if deletes != 2 {
			t.Errorf("DELETE calls = %d, want 2 (stale resourceVersion, then uid only)", deletes)
		}
	})
	t.Run("OPS-2 changed ownerReferences: the conflict is returned", func(t *testing.T) {
		s, c := gcTestSim(t)
		o := gcTestCreate(t, s, "v1", "ConfigMap", "dep", "dep-uid", gcTestRefs()...)
		if _, err := s.Patch(o.Ref(), MergePatch, []byte(`{"metadata":{"ownerReferences":[{"apiVersion":"v1","kind":"ConfigMap","name":"one","uid":"1"}]}}`)); err != nil {
			t.Fatal(err)
		}
		if err := c.deleteObject("DEL-9c", id(o), o.ResourceVersion, o.OwnerReferences, bg); !apierrors.IsConflict(err) {
			t.Fatalf("deleteObject: %v, want 409 Conflict", err)
		}
		if _, err := s.Get(o.Ref()); err != nil {
			t.Errorf("object deleted despite changed ownerReferences: %v", err)
		}
	})
	t.Run("OPS-2 re-created object (other uid): the conflict is returned", func(t *testing.T) {
		s, c := gcTestSim(t)
		o := gcTestCreate(t, s, "v1", "ConfigMap", "dep", "dep-uid", gcTestRefs()...)
		if _, err := s.Delete(o.Ref(), metav1.DeleteOptions{}); err != nil {
			t.Fatal(err)
		}
		gcTestCreate(t, s, "v1", "ConfigMap", "dep", "other-uid", gcTestRefs()...)
		if err := c.deleteObject("DEL-9c", id(o), o.ResourceVersion, o.OwnerReferences, bg); !apierrors.IsConflict(err) {
			t.Fatalf("deleteObject: %v, want 409 Conflict", err)
		}
		if got, err := s.Get(o.Ref()); err != nil || got.UID != "other-uid" {
			t.Errorf("re-created object: %v, %v", got, err)
		}
	})
	t.Run("DEL-12 gone: NotFound", func(t *testing.T) {
		s, c := gcTestSim(t)
		o := gcTestCreate(t, s, "v1", "ConfigMap", "dep", "dep-uid")
		if _, err := s.Delete(o.Ref(), metav1.DeleteOptions{}); err != nil {
			t.Fatal(err)
		}
		if err := c.deleteObject("DEL-9c", id(o), o.ResourceVersion, nil, bg); !apierrors.IsNotFound(err) {
			t.Fatalf("deleteObject: %v, want 404", err)
		}
	})
}
