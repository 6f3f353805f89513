package gccore

// Table tests for the simulated API server (gc-behavior.md section 1, API-*). Every test and
// every row names the rule it pins. The garbage collector does not run here: these tests
// drive APIServer directly and look at what it stores, returns and emits.
//
// API-19 (deleting a CustomResourceDefinition removes its custom resources) is NOT modelled:
// gccore has no apiextensions CRD finalizer, so deleting a CustomResourceDefinition object
// touches no instance. It is out of scope and has no test; the scenario
// testdata/scenarios/s41-crd-deletion-cascading.yaml stands in a plain delete of the custom
// resource for it.

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/yaml"
)

// apiHarness is one APIServer with a hand-driven clock, counting uids and recording every
// watch event and warning it emits.
type apiHarness struct {
	t        *testing.T
	s        *APIServer
	clock    *clock
	events   []WatchEvent
	warnings []string
}

func newAPIHarness(t *testing.T, decls ...ResourceDecl) *apiHarness {
	t.Helper()
	rs, err := NewResources(decls)
	if err != nil {
		t.Fatal(err)
	}
	h := &apiHarness{t: t, clock: &clock{}}
	n := 0
	h.s = newAPIServer(rs, h.clock, func() types.UID { n++; return types.UID(fmt.Sprintf("uid-%d", n)) }, 0)
	h.s.watch = append(h.s.watch, func(ev WatchEvent) { h.events = append(h.events, ev) })
	h.s.warn = func(ref ObjectRef, msg string) { h.warnings = append(h.warnings, ref.String()+": "+msg) }
	return h
}

var widgetDecl = ResourceDecl{APIVersion: "example.com/v1", Kind: "Widget"}

// obj parses one object from YAML; a namespaced object without a namespace gets "default".
func (h *apiHarness) obj(y string) *Object {
	h.t.Helper()
	var m map[string]any
	if err := yaml.Unmarshal([]byte(y), &m); err != nil {
		h.t.Fatalf("bad YAML: %v", err)
	}
	o, err := ObjectFromUnstructured(m)
	if err != nil {
		h.t.Fatal(err)
	}
	if r, ok := h.s.Resources.Lookup(o.APIVersion, o.Kind); ok && r.Namespaced && o.Namespace == "" {
		o.Namespace = metav1.NamespaceDefault
	}
	return o
}

// create stores the object described by y and fails the test on error.
func (h *apiHarness) create(y string) *Object {
	h.t.Helper()
	o, err := h.s.Create(h.obj(y))
	if err != nil {
		h.t.Fatalf("create: %v", err)
	}
	return o
}

// get returns the stored object, or nil when it is gone.
func (h *apiHarness) get(ref ObjectRef) *Object {
	h.t.Helper()
	o, err := h.s.Get(ref)
	if apierrors.IsNotFound(err) {
		return nil
	}
	if err != nil {
		h.t.Fatal(err)
	}
	return o
}

func (h *apiHarness) delete(ref ObjectRef, opts metav1.DeleteOptions) (*Object, bool, error) {
	return h.s.Delete(ref, opts)
}

// takeEvents returns "TYPE name rv=N" for the events since the last call.
func (h *apiHarness) takeEvents() []string {
	var out []string
	for _, ev := range h.events {
		out = append(out, fmt.Sprintf("%s %s rv=%s", ev.Type, ev.Object.Name, ev.Object.ResourceVersion))
	}
	h.events = nil
	return out
}

// statusCode is the HTTP status of an API error, 200 for nil.
func statusCode(err error) int32 {
	if err == nil {
		return 200
	}
	var st apierrors.APIStatus
	if errors.As(err, &st) {
		return st.Status().Code
	}
	return -1
}

func withPolicy(p metav1.DeletionPropagation) metav1.DeleteOptions {
	return metav1.DeleteOptions{PropagationPolicy: &p}
}

func cmRef(name string) ObjectRef {
	return ObjectRef{APIVersion: "v1", Kind: "ConfigMap", Namespace: "default", Name: name}
}

func tickTime(tick int64) metav1.Time {
	return metav1.NewTime(Epoch.Add(time.Duration(tick) * time.Second))
}

// API-1: the metadata the GC depends on is stored as given, an ownerReference carries exactly
// its six fields (no namespace), a namespaced kind is read in one namespace only, and a
// cluster-scoped kind is read cluster-wide whatever namespace the caller names (XNS-1 relies
// on both lookups; the GC's side of it is tested with the graph builder).
func TestAPI1MetadataAndLookupScope(t *testing.T) {
	h := newAPIHarness(t)
	ref := metav1.OwnerReference{APIVersion: "v1", Kind: "ConfigMap", Name: "owner", UID: "owner-uid",
		Controller: new(true), BlockOwnerDeletion: new(false)}
	h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: owner, namespace: b, uid: owner-uid}}`)
	dep := h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: dep, namespace: b, finalizers: [example.com/x],
		ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: owner, uid: owner-uid, controller: true, blockOwnerDeletion: false}]}}`)
	if got := dep.OwnerReferences; !reflect.DeepEqual(got, []metav1.OwnerReference{ref}) {
		t.Errorf("API-1: stored ownerReferences = %+v, want %+v", got, ref)
	}
	if dep.UID == "" || dep.ResourceVersion == "" || dep.Name != "dep" || dep.Namespace != "b" || !dep.HasFinalizer("example.com/x") {
		t.Errorf("API-1: stored metadata incomplete: %s", ObjectLine(dep))
	}

	owner := ObjectRef{APIVersion: "v1", Kind: "ConfigMap", Name: "owner"}
	for _, c := range []struct {
		ns   string
		want int32
	}{{"b", 200}, {"a", 404}, {"", 400}} {
		owner.Namespace = c.ns
		if _, err := h.s.Get(owner); statusCode(err) != c.want {
			t.Errorf("API-1: GET namespaced owner in namespace %q: %d (%v), want %d", c.ns, statusCode(err), err, c.want)
		}
	}

	h.create(`{apiVersion: v1, kind: PersistentVolume, metadata: {name: pv, uid: pv-uid}}`)
	for _, ns := range []string{"", "b", "anything"} {
		pv, err := h.s.Get(ObjectRef{APIVersion: "v1", Kind: "PersistentVolume", Namespace: ns, Name: "pv"})
		if err != nil || pv.UID != "pv-uid" || pv.Namespace != "" {
			t.Errorf("API-1: GET cluster-scoped owner named from namespace %q: %v, %v", ns, pv, err)
		}
	}
}

// API-2: ownerReference validation on create and on update (here a merge patch). Only the
// listed malformations are refused with 422; existence, kind and namespace are never checked.
func TestAPI2OwnerReferenceValidation(t *testing.T) {
	for _, c := range []struct {
		name string
		refs string // the ownerReferences list, as YAML
		want int32
	}{
		{"API-2 empty apiVersion", `[{apiVersion: "", kind: ConfigMap, name: o, uid: u}]`, 422},
		{"API-2 group without version", `[{apiVersion: "apps/", kind: Deployment, name: o, uid: u}]`, 422},
		{"API-2 empty kind", `[{apiVersion: v1, kind: "", name: o, uid: u}]`, 422},
		{"API-2 empty name", `[{apiVersion: v1, kind: ConfigMap, name: "", uid: u}]`, 422},
		{"API-2 empty uid", `[{apiVersion: v1, kind: ConfigMap, name: o, uid: ""}]`, 422},
		{"API-2 core v1 Event owner", `[{apiVersion: v1, kind: Event, name: o, uid: u}]`, 422},
		{"API-2 two controllers", `[{apiVersion: v1, kind: ConfigMap, name: a, uid: ua, controller: true},
			{apiVersion: v1, kind: ConfigMap, name: b, uid: ub, controller: true}]`, 422},
		{"API-2 one controller and one controller=false", `[{apiVersion: v1, kind: ConfigMap, name: a, uid: ua, controller: true},
			{apiVersion: v1, kind: ConfigMap, name: b, uid: ub, controller: false}]`, 200},
		{"API-2 events.k8s.io Event owner is not the banned kind", `[{apiVersion: events.k8s.io/v1, kind: Event, name: o, uid: u}]`, 200},
		{"API-2 unknown kind accepted", `[{apiVersion: unknown.group/v1, kind: UnknownType, name: o, uid: u}]`, 200},
		{"API-2 missing owner accepted", `[{apiVersion: v1, kind: ConfigMap, name: nobody, uid: nobody-uid}]`, 200},
		{"API-2 cross-namespace owner accepted", `[{apiVersion: v1, kind: ConfigMap, name: elsewhere, uid: elsewhere-uid}]`, 200},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newAPIHarness(t)
			h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: elsewhere, namespace: other, uid: elsewhere-uid}}`)
			_, err := h.s.Create(h.obj(`{apiVersion: v1, kind: ConfigMap, metadata: {name: dep, ownerReferences: ` + c.refs + `}}`))
			if statusCode(err) != c.want {
				t.Errorf("create: %d (%v), want %d", statusCode(err), err, c.want)
			}
			h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: plain}}`)
			body, _ := yaml.YAMLToJSON([]byte(`{metadata: {ownerReferences: ` + c.refs + `}}`))
			_, err = h.s.Patch(cmRef("plain"), MergePatch, body)
			if statusCode(err) != c.want {
				t.Errorf("update (merge patch): %d (%v), want %d", statusCode(err), err, c.want)
			}
		})
	}
	t.Run("API-2 namespaced owner kind on a cluster-scoped dependent accepted", func(t *testing.T) {
		h := newAPIHarness(t)
		_, err := h.s.Create(h.obj(`{apiVersion: v1, kind: Node, metadata: {name: node-1,
			ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: elsewhere, uid: elsewhere-uid}]}}`))
		if err != nil {
			t.Errorf("create: %v, want it stored (XNS-3 is the GC's business)", err)
		}
	})
}

// API-3: entries entirely identical to an earlier one are dropped with a warning, on create
// and on update; entries that share a uid but differ in any field are all kept.
func TestAPI3DuplicateOwnerReferences(t *testing.T) {
	h := newAPIHarness(t)
	a := `{apiVersion: v1, kind: ConfigMap, name: a, uid: ua}`
	aBlock := `{apiVersion: v1, kind: ConfigMap, name: a, uid: ua, blockOwnerDeletion: true}`
	aOtherName := `{apiVersion: v1, kind: ConfigMap, name: a2, uid: ua}`
	b := `{apiVersion: v1, kind: ConfigMap, name: b, uid: ub}`
	o := h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: dep, ownerReferences: [` +
		strings.Join([]string{a, a, aBlock, aOtherName, b, aBlock}, ",") + `]}}`)
	want := []string{"a/ua", "a/ua(block)", "a2/ua", "b/ub"}
	if got := refNames(o.OwnerReferences); !reflect.DeepEqual(got, want) {
		t.Errorf("API-3 create: ownerReferences = %v, want %v", got, want)
	}
	if len(h.warnings) != 2 || !strings.Contains(h.warnings[0], "ownerReferences[1]") || !strings.Contains(h.warnings[1], "ownerReferences[5]") {
		t.Errorf("API-3 create: warnings = %q, want one for index 1 and one for index 5", h.warnings)
	}

	h.warnings = nil
	body, _ := yaml.YAMLToJSON([]byte(`{metadata: {ownerReferences: [` + strings.Join([]string{b, b, a}, ",") + `]}}`))
	o, err := h.s.Patch(cmRef("dep"), MergePatch, body)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := refNames(o.OwnerReferences), []string{"b/ub", "a/ua"}; !reflect.DeepEqual(got, want) {
		t.Errorf("API-3 update: ownerReferences = %v, want %v", got, want)
	}
	if len(h.warnings) != 1 {
		t.Errorf("API-3 update: warnings = %q, want one", h.warnings)
	}
}

func refNames(refs []metav1.OwnerReference) []string {
	var out []string
	for _, r := range refs {
		s := r.Name + "/" + string(r.UID)
		if r.BlockOwnerDeletion != nil && *r.BlockOwnerDeletion {
			s += "(block)"
		}
		out = append(out, s)
	}
	return out
}

// API-5: create-time system fields. A uid given in the object is kept (the scenario-file
// convenience API-5 names); otherwise the server assigns one. GC finalizers set at creation
// do not make the object terminating.
func TestAPI5CreateSystemFields(t *testing.T) {
	h := newAPIHarness(t)
	h.clock.tick = 3
	assigned := h.create(`{apiVersion: apps/v1, kind: Deployment, metadata: {name: d, finalizers: [orphan],
		deletionTimestamp: "2000-01-01T00:00:09Z", deletionGracePeriodSeconds: 7, generation: 42, resourceVersion: "999"}}`)
	pinned := h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: c, uid: pinned-uid}}`)
	if assigned.UID == "" || pinned.UID != "pinned-uid" || assigned.UID == pinned.UID {
		t.Errorf("API-5: uids %q, %q: want an assigned one and the pinned one", assigned.UID, pinned.UID)
	}
	if !assigned.CreationTimestamp.Equal(new(tickTime(3))) {
		t.Errorf("API-5: creationTimestamp = %v, want tick 3", assigned.CreationTimestamp)
	}
	if assigned.ResourceVersion != "1" || pinned.ResourceVersion != "2" {
		t.Errorf("API-5: resourceVersions %q, %q: want 1, 2", assigned.ResourceVersion, pinned.ResourceVersion)
	}
	if assigned.Terminating() || assigned.DeletionGracePeriodSeconds != nil {
		t.Errorf("API-5: deletionTimestamp/deletionGracePeriodSeconds not cleared: %v %v", assigned.DeletionTimestamp, assigned.DeletionGracePeriodSeconds)
	}
	if assigned.Generation != 1 || pinned.Generation != 0 {
		t.Errorf("API-5: generations %d, %d: want 1 (Deployment), 0 (ConfigMap)", assigned.Generation, pinned.Generation)
	}
	if !reflect.DeepEqual(assigned.Finalizers, []string{"orphan"}) {
		t.Errorf("API-5: finalizers = %v, want [orphan] kept until deletion", assigned.Finalizers)
	}
	if _, err := h.s.Create(h.obj(`{apiVersion: v1, kind: ConfigMap, metadata: {name: c}}`)); !apierrors.IsAlreadyExists(err) {
		t.Errorf("API-5: second create of the same name: %v, want AlreadyExists", err)
	}
	if _, err := h.s.Create(h.obj(`{apiVersion: v1, kind: ConfigMap, metadata: {name: c2, uid: pinned-uid}}`)); !apierrors.IsAlreadyExists(err) {
		t.Errorf("API-5: second create with a taken uid: %v, want AlreadyExists", err)
	}
}

// API-6: finalizers are qualified names, and orphan and foregroundDeletion exclude each other.
func TestAPI6FinalizerValidation(t *testing.T) {
	for _, c := range []struct {
		name       string
		finalizers string
		want       int32
	}{
		{"API-6 orphan", `[orphan]`, 200},
		{"API-6 foregroundDeletion", `[foregroundDeletion]`, 200},
		{"API-6 domain-qualified", `[example.com/x, kubernetes.io/pv-protection]`, 200},
		{"API-6 not a qualified name", `["not a name"]`, 422},
		{"API-6 empty name", `[""]`, 422},
		{"API-6 orphan and foregroundDeletion together", `[orphan, foregroundDeletion]`, 422},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newAPIHarness(t)
			_, err := h.s.Create(h.obj(`{apiVersion: v1, kind: ConfigMap, metadata: {name: c, finalizers: ` + c.finalizers + `}}`))
			if statusCode(err) != c.want {
				t.Errorf("create: %d (%v), want %d", statusCode(err), err, c.want)
			}
			h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: plain}}`)
			body, _ := yaml.YAMLToJSON([]byte(`{metadata: {finalizers: ` + c.finalizers + `}}`))
			if _, err := h.s.Patch(cmRef("plain"), MergePatch, body); statusCode(err) != c.want {
				t.Errorf("update: %d (%v), want %d", statusCode(err), err, c.want)
			}
		})
	}
}

// API-7: update rules, mostly for terminating objects.
func TestAPI7UpdateRules(t *testing.T) {
	setup := func(t *testing.T) (*apiHarness, *Object) {
		h := newAPIHarness(t)
		h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: c, uid: c-uid, finalizers: [example.com/hold, example.com/keep]}}`)
		h.clock.tick = 2
		o, _, err := h.delete(cmRef("c"), withPolicy(metav1.DeletePropagationBackground))
		if err != nil || !o.Terminating() {
			t.Fatalf("setup: %v %v", o, err)
		}
		h.clock.tick = 5
		h.takeEvents()
		return h, o
	}
	for _, c := range []struct {
		name  string
		patch string
		want  int32
		check func(t *testing.T, before, after *Object)
	}{
		{"API-7 no new finalizer while terminating", `{metadata: {finalizers: [example.com/hold, example.com/keep, example.com/new]}}`, 422, nil},
		{"API-7 no new GC finalizer while terminating", `{metadata: {finalizers: [example.com/hold, example.com/keep, orphan]}}`, 422, nil},
		{"API-7 removing a finalizer is allowed", `{metadata: {finalizers: [example.com/keep]}}`, 200,
			func(t *testing.T, before, after *Object) {
				if !reflect.DeepEqual(after.Finalizers, []string{"example.com/keep"}) || !after.Terminating() {
					t.Errorf("got %s, want terminating with [example.com/keep]", ObjectLine(after))
				}
			}},
		{"API-7 deletionTimestamp cannot be cleared", `{metadata: {deletionTimestamp: null, labels: {a: b}}}`, 200,
			func(t *testing.T, before, after *Object) {
				if !after.DeletionTimestamp.Equal(before.DeletionTimestamp) {
					t.Errorf("deletionTimestamp = %v, want the stored %v", after.DeletionTimestamp, before.DeletionTimestamp)
				}
			}},
		{"API-7 deletionTimestamp cannot be moved", `{metadata: {deletionTimestamp: "2000-01-01T01:00:00Z"}}`, 200,
			func(t *testing.T, before, after *Object) {
				if !after.DeletionTimestamp.Equal(before.DeletionTimestamp) {
					t.Errorf("deletionTimestamp = %v, want the stored %v", after.DeletionTimestamp, before.DeletionTimestamp)
				}
			}},
		{"API-7 deletionGracePeriodSeconds restored when omitted", `{metadata: {deletionGracePeriodSeconds: null, labels: {a: b}}}`, 200,
			func(t *testing.T, before, after *Object) {
				if after.DeletionGracePeriodSeconds == nil || *after.DeletionGracePeriodSeconds != 0 {
					t.Errorf("deletionGracePeriodSeconds = %v, want the stored 0", after.DeletionGracePeriodSeconds)
				}
			}},
		{"API-7 missing uid is filled in", `{metadata: {uid: null, labels: {a: b}}}`, 200,
			func(t *testing.T, before, after *Object) {
				if after.UID != "c-uid" {
					t.Errorf("uid = %q, want c-uid", after.UID)
				}
			}},
		{"API-7 a different uid is invalid", `{metadata: {uid: other-uid}}`, 422, nil},
		{"API-7 stale resourceVersion conflicts", `{metadata: {resourceVersion: "1", labels: {a: b}}}`, 409, nil},
		{"API-7 current resourceVersion is accepted", `{metadata: {resourceVersion: "2", labels: {a: b}}}`, 200, nil},
		{"API-7 no resourceVersion: unconditional update", `{metadata: {resourceVersion: null, labels: {a: b}}}`, 200, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			h, before := setup(t)
			body, err := yaml.YAMLToJSON([]byte(c.patch))
			if err != nil {
				t.Fatal(err)
			}
			_, err = h.s.Patch(cmRef("c"), MergePatch, body)
			if statusCode(err) != c.want {
				t.Fatalf("patch: %d (%v), want %d", statusCode(err), err, c.want)
			}
			after := h.get(cmRef("c"))
			if c.want != 200 {
				if !reflect.DeepEqual(after, before) || len(h.events) != 0 {
					t.Errorf("a refused update changed the object or emitted %v", h.takeEvents())
				}
				return
			}
			if after == nil {
				t.Fatal("object gone")
			}
			if c.check != nil {
				c.check(t, before, after)
			}
		})
	}
	// A live object: a deletionTimestamp in an update body is dropped too.
	h := newAPIHarness(t)
	h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: live}}`)
	o, err := h.s.Patch(cmRef("live"), MergePatch, []byte(`{"metadata":{"deletionTimestamp":"2000-01-01T00:00:01Z","labels":{"a":"b"}}}`))
	if err != nil || o.Terminating() {
		t.Errorf("API-7: update setting deletionTimestamp on a live object: %v %v, want it ignored", o, err)
	}
}

// API-8: DeleteOptions validation, and a negative grace period counts as 1.
func TestAPI8DeleteOptionsValidation(t *testing.T) {
	for _, c := range []struct {
		name string
		opts metav1.DeleteOptions
		want int32
	}{
		{"API-8 orphanDependents and propagationPolicy together", metav1.DeleteOptions{OrphanDependents: new(false),
			PropagationPolicy: new(metav1.DeletePropagationBackground)}, 422},
		{"API-8 unknown propagationPolicy", withPolicy("Sideways"), 422},
		{"API-8 orphanDependents alone", metav1.DeleteOptions{OrphanDependents: new(true)}, 200},
		{"API-8 empty options", metav1.DeleteOptions{}, 200},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newAPIHarness(t)
			h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: c}}`)
			if _, _, err := h.delete(cmRef("c"), c.opts); statusCode(err) != c.want {
				t.Errorf("delete: %d (%v), want %d", statusCode(err), err, c.want)
			}
			if c.want != 200 && h.get(cmRef("c")) == nil {
				t.Error("a refused delete removed the object")
			}
		})
	}
	t.Run("API-8 API-13 negative gracePeriodSeconds is 1", func(t *testing.T) {
		h := newAPIHarness(t)
		h.create(`{apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {nodeName: node-1}}`)
		o, removed, err := h.delete(podRef("p"), metav1.DeleteOptions{GracePeriodSeconds: new(int64(-5))})
		if err != nil || removed || *o.DeletionGracePeriodSeconds != 1 || !o.DeletionTimestamp.Equal(new(tickTime(1))) {
			t.Errorf("got %v removed=%v err=%v, want grace 1 and deadline tick 1", o, removed, err)
		}
	})
}

func podRef(name string) ObjectRef {
	return ObjectRef{APIVersion: "v1", Kind: "Pod", Namespace: "default", Name: name}
}

// API-9: preconditions are checked against the stored object; a mismatch is 409 and changes
// nothing; a missing object is 404 whatever the preconditions say.
func TestAPI9Preconditions(t *testing.T) {
	for _, c := range []struct {
		name    string
		uid, rv *string
		target  string
		want    int32
	}{
		{"API-9 matching uid", new("c-uid"), nil, "c", 200},
		{"API-9 matching uid and resourceVersion", new("c-uid"), new("1"), "c", 200},
		{"API-9 uid mismatch", new("other-uid"), nil, "c", 409},
		{"API-9 stale resourceVersion", nil, new("0"), "c", 409},
		{"API-9 missing object stays 404 with a uid precondition", new("c-uid"), nil, "gone", 404},
		{"API-9 missing object stays 404 with a resourceVersion precondition", nil, new("1"), "gone", 404},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newAPIHarness(t)
			h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: c, uid: c-uid}}`)
			h.takeEvents()
			opts := metav1.DeleteOptions{Preconditions: &metav1.Preconditions{ResourceVersion: c.rv}}
			if c.uid != nil {
				opts.Preconditions.UID = new(types.UID(*c.uid))
			}
			_, removed, err := h.delete(cmRef(c.target), opts)
			if statusCode(err) != c.want {
				t.Fatalf("delete: %d (%v), want %d", statusCode(err), err, c.want)
			}
			if got := h.get(cmRef("c")) == nil; got != (c.want == 200) || removed != (c.want == 200) {
				t.Errorf("object gone=%v removed=%v after %d", got, removed, c.want)
			}
			if c.want != 200 && len(h.events) != 0 {
				t.Errorf("a failed delete emitted %v", h.takeEvents())
			}
		})
	}
}

// kindCase is one kind a table runs on, with the object created for it.
type kindCase struct {
	name string
	ref  ObjectRef
	yaml string // %s is replaced by the finalizer list
}

var (
	kindPod        = kindCase{"v1 Pod (unscheduled)", podRef("o"), `{apiVersion: v1, kind: Pod, metadata: {name: o, finalizers: %s}}`}
	kindDeployment = kindCase{"apps/v1 Deployment", ObjectRef{APIVersion: "apps/v1", Kind: "Deployment", Namespace: "default", Name: "o"},
		`{apiVersion: apps/v1, kind: Deployment, metadata: {name: o, finalizers: %s}}`}
	kindRC = kindCase{"v1 ReplicationController", ObjectRef{APIVersion: "v1", Kind: "ReplicationController", Namespace: "default", Name: "o"},
		`{apiVersion: v1, kind: ReplicationController, metadata: {name: o, finalizers: %s}}`}
	kindJob = kindCase{"batch/v1 Job", ObjectRef{APIVersion: "batch/v1", Kind: "Job", Namespace: "default", Name: "o"},
		`{apiVersion: batch/v1, kind: Job, metadata: {name: o, finalizers: %s}}`}
)

// API-10: with no policy and no orphanDependents, v1 ReplicationController and batch/v1 Job
// default to Orphan and every other kind to Background.
func TestAPI10DefaultPropagationPolicy(t *testing.T) {
	for _, c := range []struct {
		name   string
		ref    ObjectRef
		yaml   string
		orphan bool // want [orphan]; otherwise removed at once
	}{
		{"API-10 v1 ReplicationController: Orphan", kindRC.ref, fmt.Sprintf(kindRC.yaml, "[]"), true},
		{"API-10 batch/v1 Job: Orphan", kindJob.ref, fmt.Sprintf(kindJob.yaml, "[]"), true},
		{"API-10 apps/v1 Deployment: Background", kindDeployment.ref, fmt.Sprintf(kindDeployment.yaml, "[]"), false},
		{"API-10 apps/v1 ReplicaSet: Background", ObjectRef{APIVersion: "apps/v1", Kind: "ReplicaSet", Namespace: "default", Name: "o"},
			`{apiVersion: apps/v1, kind: ReplicaSet, metadata: {name: o}}`, false},
		{"API-10 batch/v1 CronJob: Background", ObjectRef{APIVersion: "batch/v1", Kind: "CronJob", Namespace: "default", Name: "o"},
			`{apiVersion: batch/v1, kind: CronJob, metadata: {name: o}}`, false},
		{"API-10 v1 ConfigMap: Background", cmRef("o"), `{apiVersion: v1, kind: ConfigMap, metadata: {name: o}}`, false},
		{"API-10 v1 Pod: Background", kindPod.ref, fmt.Sprintf(kindPod.yaml, "[]"), false},
		{"API-10 custom kind: Background", ObjectRef{APIVersion: "example.com/v1", Kind: "Widget", Namespace: "default", Name: "o"},
			`{apiVersion: example.com/v1, kind: Widget, metadata: {name: o}}`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newAPIHarness(t, widgetDecl)
			h.create(c.yaml)
			o, removed, err := h.delete(c.ref, metav1.DeleteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if c.orphan {
				if removed || !o.Terminating() || !reflect.DeepEqual(o.Finalizers, []string{"orphan"}) {
					t.Errorf("got %s removed=%v, want terminating with [orphan]", ObjectLine(o), removed)
				}
			} else if !removed || h.get(c.ref) != nil {
				t.Errorf("got removed=%v, want removed at once", removed)
			}
		})
	}
}

// deleteOutcome runs one delete on a fresh object of kind k carrying existing finalizers and
// checks the API-11 result: the finalizer list, or removal; a survivor is terminating with
// grace 0 and a generation bumped once (API-12 mark).
func deleteOutcome(t *testing.T, k kindCase, existing []string, opts metav1.DeleteOptions, want []string, removed bool) {
	t.Helper()
	h := newAPIHarness(t)
	fs := "[]"
	if len(existing) > 0 {
		fs = "[" + strings.Join(existing, ", ") + "]"
	}
	created := h.create(fmt.Sprintf(k.yaml, fs))
	h.clock.tick = 4
	o, gone, err := h.delete(k.ref, opts)
	if err != nil {
		t.Fatalf("delete: %v", err)
	}
	if removed {
		if !gone || h.get(k.ref) != nil {
			t.Errorf("got %s, want removed", ObjectLine(o))
		}
		return
	}
	stored := h.get(k.ref)
	switch {
	case gone || stored == nil:
		t.Errorf("removed, want finalizers %v", want)
	case !reflect.DeepEqual(stored.Finalizers, want):
		t.Errorf("finalizers = %v, want %v", stored.Finalizers, want)
	case !stored.DeletionTimestamp.Equal(new(tickTime(4))):
		t.Errorf("deletionTimestamp = %v, want tick 4", stored.DeletionTimestamp)
	case stored.DeletionGracePeriodSeconds == nil || *stored.DeletionGracePeriodSeconds != 0:
		t.Errorf("deletionGracePeriodSeconds = %v, want 0", stored.DeletionGracePeriodSeconds)
	case stored.Generation != created.Generation+1:
		t.Errorf("generation = %d, want %d", stored.Generation, created.Generation+1)
	}
}

// API-11, S-44 (TestStoreDeleteWithOrphanDependents): existing finalizers × orphanDependents
// true / false / unset / no options × the default and the orphan-default strategy. The Go API
// takes DeleteOptions by value, so "unset" and "no options" are the same request here; both
// rows are kept to mirror the upstream table. Default strategy: an unscheduled Pod (graceful
// kind, grace 0, as upstream's test uses pods) and a Deployment (non-graceful); orphan-default:
// ReplicationController and Job.
func TestAPI11S44OrphanDependents(t *testing.T) {
	x, y, orphan := "foo.com/x", "bar.com/y", "orphan"
	withOrphan, others, only := []string{x, orphan, y}, []string{x, y}, []string{orphan}
	type opt struct {
		name string
		opts metav1.DeleteOptions
	}
	optTrue := opt{"orphanDependents=true", metav1.DeleteOptions{OrphanDependents: new(true)}}
	optFalse := opt{"orphanDependents=false", metav1.DeleteOptions{OrphanDependents: new(false)}}
	optUnset := opt{"orphanDependents unset", metav1.DeleteOptions{}}
	optNone := opt{"no options", metav1.DeleteOptions{}}
	gone := []string{"<removed>"}
	defaults := []kindCase{kindPod, kindDeployment}
	orphanDefaults := []kindCase{kindRC, kindJob}
	for _, c := range []struct {
		kinds    []kindCase
		existing []string
		opt      opt
		want     []string
	}{
		// default strategy
		{defaults, withOrphan, optTrue, []string{x, orphan, y}},
		{defaults, others, optTrue, []string{x, y, orphan}},
		{defaults, nil, optTrue, []string{orphan}},
		{defaults, only, optTrue, []string{orphan}},
		{defaults, withOrphan, optFalse, []string{x, y}},
		{defaults, others, optFalse, []string{x, y}},
		{defaults, nil, optFalse, gone},
		{defaults, only, optFalse, gone},
		{defaults, withOrphan, optUnset, []string{x, orphan, y}},
		{defaults, others, optUnset, []string{x, y}},
		{defaults, nil, optUnset, gone},
		{defaults, only, optUnset, []string{orphan}},
		{defaults, withOrphan, optNone, []string{x, orphan, y}},
		{defaults, others, optNone, []string{x, y}},
		{defaults, nil, optNone, gone},
		{defaults, only, optNone, []string{orphan}},
		// orphan-default strategy
		{orphanDefaults, withOrphan, optTrue, []string{x, orphan, y}},
		{orphanDefaults, others, optTrue, []string{x, y, orphan}},
		{orphanDefaults, nil, optTrue, []string{orphan}},
		{orphanDefaults, only, optTrue, []string{orphan}},
		{orphanDefaults, withOrphan, optFalse, []string{x, y}},
		{orphanDefaults, others, optFalse, []string{x, y}},
		{orphanDefaults, nil, optFalse, gone},
		{orphanDefaults, only, optFalse, gone},
		{orphanDefaults, withOrphan, optUnset, []string{x, orphan, y}},
		{orphanDefaults, others, optUnset, []string{x, y, orphan}},
		{orphanDefaults, nil, optUnset, []string{orphan}},
		{orphanDefaults, only, optUnset, []string{orphan}},
		{orphanDefaults, withOrphan, optNone, []string{x, orphan, y}},
		{orphanDefaults, others, optNone, []string{x, y, orphan}},
		{orphanDefaults, nil, optNone, []string{orphan}},
		{orphanDefaults, only, optNone, []string{orphan}},
	} {
		for _, k := range c.kinds {
			t.Run(fmt.Sprintf("S-44 API-11 %s %v %s", k.name, c.existing, c.opt.name), func(t *testing.T) {
				removed := reflect.DeepEqual(c.want, gone)
				deleteOutcome(t, k, c.existing, c.opt.opts, c.want, removed)
			})
		}
	}
}

// API-11, API-12, S-45 (TestStoreDeletionPropagation): existing GC finalizer × policy ×
// strategy. Foreground and Orphan swap out the other GC finalizer, Background removes both
// (and the object, as nothing else holds it), the default keeps what is there.
func TestAPI11S45DeletionPropagation(t *testing.T) {
	fg, orphan := "foregroundDeletion", "orphan"
	gone := []string{"<removed>"}
	pol := func(p metav1.DeletionPropagation) metav1.DeleteOptions { return withPolicy(p) }
	type strategy struct {
		name  string
		kinds []kindCase
	}
	def := strategy{"default", []kindCase{kindPod, kindDeployment}}
	orph := strategy{"orphan-default", []kindCase{kindRC, kindJob}}
	for _, c := range []struct {
		existing []string
		policy   string
		strategy strategy
		want     []string
	}{
		{nil, "Foreground", def, []string{fg}},
		{nil, "Foreground", orph, []string{fg}},
		{nil, "Background", def, gone},
		{nil, "Background", orph, gone},
		{nil, "Orphan", def, []string{orphan}},
		{nil, "Orphan", orph, []string{orphan}},
		{nil, "", def, gone},
		{nil, "", orph, []string{orphan}},
		{[]string{orphan}, "Foreground", def, []string{fg}},
		{[]string{orphan}, "Foreground", orph, []string{fg}},
		{[]string{orphan}, "Background", def, gone},
		{[]string{orphan}, "Background", orph, gone},
		{[]string{orphan}, "Orphan", def, []string{orphan}},
		{[]string{orphan}, "Orphan", orph, []string{orphan}},
		{[]string{orphan}, "", def, []string{orphan}},
		{[]string{orphan}, "", orph, []string{orphan}},
		{[]string{fg}, "Foreground", def, []string{fg}},
		{[]string{fg}, "Foreground", orph, []string{fg}},
		{[]string{fg}, "Background", def, gone},
		{[]string{fg}, "Background", orph, gone},
		{[]string{fg}, "Orphan", def, []string{orphan}},
		{[]string{fg}, "Orphan", orph, []string{orphan}},
		{[]string{fg}, "", def, []string{fg}},
		{[]string{fg}, "", orph, []string{fg}},
	} {
		opts := metav1.DeleteOptions{}
		name := "default policy"
		if c.policy != "" {
			opts, name = pol(metav1.DeletionPropagation(c.policy)), c.policy
		}
		for _, k := range c.strategy.kinds {
			t.Run(fmt.Sprintf("S-45 API-11 %s strategy %s %v %s", c.strategy.name, k.name, c.existing, name), func(t *testing.T) {
				deleteOutcome(t, k, c.existing, opts, c.want, reflect.DeepEqual(c.want, gone))
			})
		}
	}
}

// API-12: the outcome table for a live, non-graceful object, the mark, and what a second
// delete keeps.
func TestAPI12DeleteOutcomes(t *testing.T) {
	for _, c := range []struct {
		name       string
		finalizers string
		opts       metav1.DeleteOptions
		want       []string // nil: removed at once
		events     []string
	}{
		{"API-12 Background: removed at once", "[]", withPolicy(metav1.DeletePropagationBackground), nil, []string{"DELETED o rv=2"}},
		{"API-12 Orphan: [orphan] and terminating", "[]", withPolicy(metav1.DeletePropagationOrphan), []string{"orphan"}, []string{"MODIFIED o rv=2"}},
		{"API-12 Foreground: [foregroundDeletion] and terminating", "[]", withPolicy(metav1.DeletePropagationForeground),
			[]string{"foregroundDeletion"}, []string{"MODIFIED o rv=2"}},
		{"API-12 Background with a user finalizer: [x] and terminating", "[example.com/x]", withPolicy(metav1.DeletePropagationBackground),
			[]string{"example.com/x"}, []string{"MODIFIED o rv=2"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newAPIHarness(t)
			h.create(`{apiVersion: apps/v1, kind: Deployment, metadata: {name: o, finalizers: ` + c.finalizers + `}}`)
			h.takeEvents()
			h.clock.tick = 2
			o, removed, err := h.delete(kindDeployment.ref, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := h.takeEvents(); !reflect.DeepEqual(got, c.events) {
				t.Errorf("events = %v, want %v", got, c.events)
			}
			if c.want == nil {
				if !removed || h.get(kindDeployment.ref) != nil {
					t.Errorf("got %s, want removed", ObjectLine(o))
				}
				return
			}
			if removed || !reflect.DeepEqual(o.Finalizers, c.want) || !o.DeletionTimestamp.Equal(new(tickTime(2))) ||
				*o.DeletionGracePeriodSeconds != 0 || o.Generation != 2 {
				t.Errorf("got %s ts=%v grace=%v generation=%d, want %v at tick 2, grace 0, generation 2",
					ObjectLine(o), o.DeletionTimestamp, o.DeletionGracePeriodSeconds, o.Generation, c.want)
			}
		})
	}
	t.Run("API-12 missing object: 404", func(t *testing.T) {
		h := newAPIHarness(t)
		if _, _, err := h.delete(cmRef("nobody"), metav1.DeleteOptions{}); !apierrors.IsNotFound(err) {
			t.Errorf("got %v, want NotFound", err)
		}
	})
	t.Run("API-12 API-14 a second mark keeps the earlier timestamp and generation", func(t *testing.T) {
		h := newAPIHarness(t)
		h.create(`{apiVersion: apps/v1, kind: Deployment, metadata: {name: o, finalizers: [example.com/x]}}`)
		h.clock.tick = 2
		h.delete(kindDeployment.ref, metav1.DeleteOptions{})
		h.clock.tick = 7
		o, _, err := h.delete(kindDeployment.ref, withPolicy(metav1.DeletePropagationForeground))
		if err != nil || !o.DeletionTimestamp.Equal(new(tickTime(2))) || o.Generation != 2 ||
			!reflect.DeepEqual(o.Finalizers, []string{"example.com/x", "foregroundDeletion"}) {
			t.Errorf("got %s ts=%v generation=%d err=%v, want [x foregroundDeletion], tick 2, generation 2",
				ObjectLine(o), o.DeletionTimestamp, o.Generation, err)
		}
	})
	t.Run("API-12 API-16 a second delete that changes nothing writes nothing", func(t *testing.T) {
		h := newAPIHarness(t)
		h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: o, finalizers: [example.com/x]}}`)
		h.delete(cmRef("o"), metav1.DeleteOptions{})
		h.takeEvents()
		h.clock.tick = 3
		before := h.get(cmRef("o"))
		o, removed, err := h.delete(cmRef("o"), withPolicy(metav1.DeletePropagationBackground))
		if err != nil || removed || o.ResourceVersion != before.ResourceVersion || len(h.events) != 0 {
			t.Errorf("got %s rv=%s removed=%v err=%v events=%v, want unchanged", ObjectLine(o), o.ResourceVersion, removed, err, h.takeEvents())
		}
	})
}

// API-13, API-14: Pods delete gracefully.
func TestAPI13API14GracefulPods(t *testing.T) {
	type step struct {
		tick    int64
		opts    metav1.DeleteOptions
		removed bool
		grace   int64 // stored deletionGracePeriodSeconds
		ts      int64 // stored deletionTimestamp, in ticks
		fins    []string
		events  int // watch events this delete emits
	}
	for _, c := range []struct {
		name  string
		pod   string // the Pod p
		steps []step
	}{
		{"API-13 unscheduled pod: grace 0, written then removed (API-12 step 6)", `{apiVersion: v1, kind: Pod, metadata: {name: p}}`,
			[]step{{tick: 1, removed: true, events: 2}}},
		{"API-13 terminal pod: grace 0, removed at once", `{apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {nodeName: node-1}, status: {phase: Succeeded}}`,
			[]step{{tick: 1, removed: true, events: 2}}},
		{"API-13 scheduled pod: default grace 30", `{apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {nodeName: node-1}}`,
			[]step{{tick: 1, grace: 30, ts: 31, events: 1}}},
		{"API-13 scheduled pod: terminationGracePeriodSeconds", `{apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {nodeName: node-1, terminationGracePeriodSeconds: 10}}`,
			[]step{{tick: 1, grace: 10, ts: 11, events: 1}}},
		{"API-13 scheduled pod: the request's grace wins", `{apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {nodeName: node-1, terminationGracePeriodSeconds: 10}}`,
			[]step{{tick: 1, opts: metav1.DeleteOptions{GracePeriodSeconds: new(int64(20))}, grace: 20, ts: 21, events: 1}}},
		{"API-13 scheduled pod, Foreground: finalizer and grace", `{apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {nodeName: node-1}}`,
			[]step{{tick: 1, opts: withPolicy(metav1.DeletePropagationForeground), grace: 30, ts: 31, fins: []string{"foregroundDeletion"}, events: 1}}},
		{"API-14 shorter grace moves the deadline earlier", `{apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {nodeName: node-1}}`,
			[]step{{tick: 0, grace: 30, ts: 30, events: 1},
				{tick: 4, opts: metav1.DeleteOptions{GracePeriodSeconds: new(int64(10))}, grace: 10, ts: 10, events: 1}}},
		{"API-14 pending deletion: same grace changes nothing", `{apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {nodeName: node-1}}`,
			[]step{{tick: 0, grace: 30, ts: 30, events: 1}, {tick: 4, grace: 30, ts: 30}}},
		{"API-14 pending deletion ignores the options", `{apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {nodeName: node-1}}`,
			[]step{{tick: 0, grace: 30, ts: 30, events: 1},
				{tick: 4, opts: withPolicy(metav1.DeletePropagationForeground), grace: 30, ts: 30},
				{tick: 5, opts: metav1.DeleteOptions{OrphanDependents: new(true), GracePeriodSeconds: new(int64(40))}, grace: 30, ts: 30}}},
		{"API-14 grace 0 ends a pending deletion", `{apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {nodeName: node-1}}`,
			[]step{{tick: 0, grace: 30, ts: 30, events: 1},
				{tick: 4, opts: metav1.DeleteOptions{GracePeriodSeconds: new(int64(0))}, removed: true, events: 2}}},
		{"API-14 grace 0 with a finalizer: stays, held by it", `{apiVersion: v1, kind: Pod, metadata: {name: p, finalizers: [example.com/x]}, spec: {nodeName: node-1}}`,
			[]step{{tick: 0, grace: 30, ts: 30, fins: []string{"example.com/x"}, events: 1},
				{tick: 4, opts: metav1.DeleteOptions{GracePeriodSeconds: new(int64(0))}, grace: 0, ts: 0, fins: []string{"example.com/x"}, events: 1}}},
		{"API-14 grace 0 stored: a second delete recomputes the GC finalizers (S-37)", `{apiVersion: v1, kind: Pod, metadata: {name: p, finalizers: [x/y]}}`,
			[]step{{tick: 1, opts: withPolicy(metav1.DeletePropagationForeground), grace: 0, ts: 1, fins: []string{"x/y", "foregroundDeletion"}, events: 1},
				{tick: 3, opts: withPolicy(metav1.DeletePropagationOrphan), grace: 0, ts: 1, fins: []string{"x/y", "orphan"}, events: 1},
				{tick: 5, opts: withPolicy(metav1.DeletePropagationBackground), grace: 0, ts: 1, fins: []string{"x/y"}, events: 1}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newAPIHarness(t)
			h.create(c.pod)
			h.takeEvents()
			for i, st := range c.steps {
				h.clock.tick = st.tick
				_, removed, err := h.delete(podRef("p"), st.opts)
				if err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				if evs := h.takeEvents(); len(evs) != st.events {
					t.Errorf("step %d: events %v, want %d", i, evs, st.events)
				}
				stored := h.get(podRef("p"))
				if st.removed {
					if !removed || stored != nil {
						t.Errorf("step %d: removed=%v, want removed", i, removed)
					}
					continue
				}
				if removed || stored == nil {
					t.Fatalf("step %d: removed, want it stored", i)
				}
				if *stored.DeletionGracePeriodSeconds != st.grace || !stored.DeletionTimestamp.Equal(new(tickTime(st.ts))) ||
					!reflect.DeepEqual(stored.Finalizers, st.fins) {
					t.Errorf("step %d: grace=%d ts=%v finalizers=%v, want grace=%d ts=tick %d finalizers=%v", i,
						*stored.DeletionGracePeriodSeconds, stored.DeletionTimestamp, stored.Finalizers, st.grace, st.ts, st.fins)
				}
				if stored.Generation != 2 {
					t.Errorf("step %d: generation = %d, want 2 (bumped once, API-13)", i, stored.Generation)
				}
			}
		})
	}
}

// API-15: removing the last finalizer of a terminating object with no grace period left
// removes it in the same request; with grace > 0, or on a live object, it is an ordinary update.
func TestAPI15RemovingLastFinalizer(t *testing.T) {
	for _, c := range []struct {
		name    string
		obj     string
		ref     ObjectRef
		delete  bool
		removed bool
	}{
		{"API-15 terminating, grace 0: removed", `{apiVersion: v1, kind: ConfigMap, metadata: {name: o, finalizers: [example.com/x]}}`,
			cmRef("o"), true, true},
		{"API-15 terminating pod, grace 0: removed", `{apiVersion: v1, kind: Pod, metadata: {name: o, finalizers: [example.com/x]}}`,
			podRef("o"), true, true},
		{"API-15 terminating pod, grace 30: stored, waits for its grace period",
			`{apiVersion: v1, kind: Pod, metadata: {name: o, finalizers: [example.com/x]}, spec: {nodeName: node-1}}`, podRef("o"), true, false},
		{"API-15 not terminating: ordinary update", `{apiVersion: v1, kind: ConfigMap, metadata: {name: o, finalizers: [example.com/x]}}`,
			cmRef("o"), false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newAPIHarness(t)
			h.create(c.obj)
			if c.delete {
				if _, _, err := h.delete(c.ref, metav1.DeleteOptions{}); err != nil {
					t.Fatal(err)
				}
			}
			before := h.get(c.ref)
			h.takeEvents()
			o, err := h.s.Patch(c.ref, MergePatch, []byte(`{"metadata":{"finalizers":null}}`))
			if err != nil {
				t.Fatal(err)
			}
			if len(o.Finalizers) != 0 {
				t.Errorf("response finalizers = %v, want none (the object as requested)", o.Finalizers)
			}
			if len(h.events) != 1 {
				t.Fatalf("events = %v, want one", h.takeEvents())
			}
			ev := h.events[0]
			stored := h.get(c.ref)
			if c.removed {
				// API-16: DELETED carries the last stored state.
				if stored != nil || ev.Type != "DELETED" || !reflect.DeepEqual(ev.Object.Finalizers, before.Finalizers) {
					t.Errorf("got stored=%v event %s with finalizers %v, want removed, DELETED with %v", stored != nil, ev.Type, ev.Object.Finalizers, before.Finalizers)
				}
				return
			}
			if stored == nil || ev.Type != "MODIFIED" || len(stored.Finalizers) != 0 || stored.Terminating() != c.delete {
				t.Errorf("got stored=%v event %s, want stored with no finalizers (terminating=%v), MODIFIED", stored, ev.Type, c.delete)
			}
		})
	}
}

// API-16: ADDED, MODIFIED, DELETED in resourceVersion order; a no-op write stores nothing,
// emits nothing and keeps the resourceVersion.
func TestAPI16WatchEvents(t *testing.T) {
	h := newAPIHarness(t)
	h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: o, ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: a, uid: ua}]}}`)
	h.clock.tick = 1
	mustPatch := func(pt PatchType, body string) *Object {
		t.Helper()
		o, err := h.s.Patch(cmRef("o"), pt, []byte(body))
		if err != nil {
			t.Fatalf("%s %s: %v", pt, body, err)
		}
		return o
	}
	mustPatch(MergePatch, `{"metadata":{"labels":{"a":"b"}}}`)
	noop := []struct {
		pt   PatchType
		body string
	}{
		{MergePatch, `{"metadata":{"labels":{"a":"b"}}}`},                                         // same label again
		{StrategicPatch, `{"metadata":{"ownerReferences":[{"$patch":"delete","uid":"nobody"}]}}`}, // absent ref
		{MergePatch, `{}`},
		{StrategicPatch, `{"metadata":{"uid":"uid-1"}}`}, // own uid
	}
	for _, n := range noop {
		if o := mustPatch(n.pt, n.body); o.ResourceVersion != "2" {
			t.Errorf("API-16 no-op %s %s: resourceVersion %s, want 2 kept", n.pt, n.body, o.ResourceVersion)
		}
	}
	h.clock.tick = 2
	h.delete(cmRef("o"), metav1.DeleteOptions{})
	want := []string{"ADDED o rv=1", "MODIFIED o rv=2", "DELETED o rv=3"}
	ticks := []int64{0, 1, 2}
	for i, ev := range h.events {
		if i < len(ticks) && ev.Tick != ticks[i] {
			t.Errorf("API-16 event %d at tick %d, want %d", i, ev.Tick, ticks[i])
		}
	}
	last := h.events[len(h.events)-1].Object
	if got := h.takeEvents(); !reflect.DeepEqual(got, want) {
		t.Errorf("API-16 events = %v, want %v", got, want)
	}
	if last.Labels["a"] != "b" || len(last.OwnerReferences) != 1 {
		t.Errorf("API-16 DELETED object = %s labels %v, want the last stored state", ObjectLine(last), last.Labels)
	}
}

// API-17: strategic merge patch on ownerReferences (merge by uid) and JSON merge patch.
func TestAPI17PatchSemantics(t *testing.T) {
	const three = `{apiVersion: v1, kind: ConfigMap, metadata: {name: o, uid: o-uid, ownerReferences: [
		{apiVersion: v1, kind: ConfigMap, name: one, uid: "1", blockOwnerDeletion: true},
		{apiVersion: v1, kind: ConfigMap, name: two, uid: "2", blockOwnerDeletion: false},
		{apiVersion: v1, kind: ConfigMap, name: three, uid: "3"}]}}`
	for _, c := range []struct {
		name string
		obj  string
		ref  ObjectRef
		pt   PatchType
		body string
		want int32
		refs []string // ownerReferences after the patch (name/uid, (block) if true)
		fins []string
	}{
		{"API-17 SMP $patch:delete by uid (S-5)", three, cmRef("o"), StrategicPatch,
			`{"metadata":{"uid":"o-uid","ownerReferences":[{"$patch":"delete","uid":"2"},{"$patch":"delete","uid":"3"}]}}`, 200,
			[]string{"one/1(block)"}, nil},
		{"API-17 SMP $patch:delete of an absent uid is a no-op", three, cmRef("o"), StrategicPatch,
			`{"metadata":{"ownerReferences":[{"$patch":"delete","uid":"9"}]}}`, 200,
			[]string{"one/1(block)", "two/2", "three/3"}, nil},
		{"API-17 SMP entry by uid overwrites only its fields (S-6 unblock)", three, cmRef("o"), StrategicPatch,
			`{"metadata":{"uid":"o-uid","ownerReferences":[{"uid":"1","blockOwnerDeletion":false}]}}`, 200,
			[]string{"one/1", "two/2", "three/3"}, nil},
		{"API-17 SMP metadata.uid mismatch: 422", three, cmRef("o"), StrategicPatch,
			`{"metadata":{"uid":"other","ownerReferences":[{"$patch":"delete","uid":"2"}]}}`, 422,
			[]string{"one/1(block)", "two/2", "three/3"}, nil},
		{"API-17 SMP on a custom kind: 415", `{apiVersion: example.com/v1, kind: Widget, metadata: {name: o,
			ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: one, uid: "1"}]}}`,
			ObjectRef{APIVersion: "example.com/v1", Kind: "Widget", Namespace: "default", Name: "o"}, StrategicPatch,
			`{"metadata":{"ownerReferences":[{"$patch":"delete","uid":"1"}]}}`, 415, []string{"one/1"}, nil},
		{"API-17 merge patch on a custom kind works (OPS-3 fallback)", `{apiVersion: example.com/v1, kind: Widget, metadata: {name: o,
			ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: one, uid: "1"}]}}`,
			ObjectRef{APIVersion: "example.com/v1", Kind: "Widget", Namespace: "default", Name: "o"}, MergePatch,
			`{"metadata":{"resourceVersion":"1","ownerReferences":null}}`, 200, nil, nil},
		{"API-17 merge patch: stale resourceVersion 409", three, cmRef("o"), MergePatch,
			`{"metadata":{"resourceVersion":"7","ownerReferences":null}}`, 409, []string{"one/1(block)", "two/2", "three/3"}, nil},
		{"API-17 merge patch replaces ownerReferences wholesale", three, cmRef("o"), MergePatch,
			`{"metadata":{"resourceVersion":"1","ownerReferences":[{"apiVersion":"v1","kind":"ConfigMap","name":"three","uid":"3"}]}}`, 200,
			[]string{"three/3"}, nil},
		{"API-17 merge patch null removes ownerReferences", three, cmRef("o"), MergePatch,
			`{"metadata":{"ownerReferences":null}}`, 200, nil, nil},
		{"API-17 merge patch null removes finalizers", `{apiVersion: v1, kind: ConfigMap, metadata: {name: o, finalizers: [a.io/x, b.io/y]}}`,
			cmRef("o"), MergePatch, `{"metadata":{"finalizers":null}}`, 200, nil, nil},
		{"API-17 merge patch replaces finalizers wholesale", `{apiVersion: v1, kind: ConfigMap, metadata: {name: o, finalizers: [a.io/x, b.io/y]}}`,
			cmRef("o"), MergePatch, `{"metadata":{"finalizers":["b.io/y"]}}`, 200, nil, []string{"b.io/y"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newAPIHarness(t, widgetDecl)
			h.create(c.obj)
			_, err := h.s.Patch(c.ref, c.pt, []byte(c.body))
			if statusCode(err) != c.want {
				t.Fatalf("patch: %d (%v), want %d", statusCode(err), err, c.want)
			}
			o := h.get(c.ref)
			if got := refNames(o.OwnerReferences); !reflect.DeepEqual(got, c.refs) {
				t.Errorf("ownerReferences = %v, want %v", got, c.refs)
			}
			if !reflect.DeepEqual(o.Finalizers, c.fins) {
				t.Errorf("finalizers = %v, want %v", o.Finalizers, c.fins)
			}
			for _, r := range o.OwnerReferences { // the fields a patch did not name survive
				if r.APIVersion != "v1" || r.Kind != "ConfigMap" || r.Name == "" {
					t.Errorf("ownerReference %+v lost fields", r)
				}
			}
		})
	}
}

// API-18: with garbage collection disabled on the server (Config.GarbageCollectionDisabled),
// no GC finalizer is added or removed: Orphan and Foreground behave like Background.
func TestAPI18GarbageCollectionDisabled(t *testing.T) {
	for _, c := range []struct {
		name       string
		kind       kindCase
		finalizers string
		opts       metav1.DeleteOptions
		want       []string // nil: removed at once
	}{
		{"API-18 Orphan behaves like Background", kindDeployment, "[]", withPolicy(metav1.DeletePropagationOrphan), nil},
		{"API-18 Foreground behaves like Background", kindDeployment, "[]", withPolicy(metav1.DeletePropagationForeground), nil},
		{"API-18 orphanDependents=true behaves like Background", kindDeployment, "[]", metav1.DeleteOptions{OrphanDependents: new(true)}, nil},
		{"API-18 the Orphan default of an RC does not apply", kindRC, "[]", metav1.DeleteOptions{}, nil},
		{"API-18 a user finalizer still holds the object", kindDeployment, "[example.com/x]",
			withPolicy(metav1.DeletePropagationForeground), []string{"example.com/x"}},
		{"API-18 an existing GC finalizer is kept as it is", kindRC, "[orphan]",
			withPolicy(metav1.DeletePropagationBackground), []string{"orphan"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := New(Config{GarbageCollectionDisabled: true})
			if err != nil {
				t.Fatal(err)
			}
			h := &apiHarness{t: t, s: s.api}
			if _, err := s.Create(h.obj(fmt.Sprintf(c.kind.yaml, c.finalizers))); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Delete(c.kind.ref, c.opts); err != nil {
				t.Fatal(err)
			}
			o, err := s.Get(c.kind.ref)
			if c.want == nil {
				if !apierrors.IsNotFound(err) {
					t.Errorf("got %v %v, want removed at once", o, err)
				}
				return
			}
			if err != nil || !o.Terminating() || !reflect.DeepEqual(o.Finalizers, c.want) {
				t.Errorf("got %v %v, want terminating with %v", o, err, c.want)
			}
		})
	}
}

// API-20: kubectl's --cascade values and the policy kubectl sends.
func TestAPI20CascadePolicy(t *testing.T) {
	for _, c := range []struct {
		flag string
		want metav1.DeletionPropagation
		ok   bool
	}{
		{"", metav1.DeletePropagationBackground, true},
		{"background", metav1.DeletePropagationBackground, true},
		{"foreground", metav1.DeletePropagationForeground, true},
		{"orphan", metav1.DeletePropagationOrphan, true},
		{"true", metav1.DeletePropagationBackground, true},
		{"false", metav1.DeletePropagationOrphan, true},
		{"sideways", "", false},
		{"Foreground", "", false},
	} {
		got, err := CascadePolicy(c.flag)
		if got != c.want || (err == nil) != c.ok {
			t.Errorf("API-20 --cascade=%q: %q, %v; want %q (ok=%v)", c.flag, got, err, c.want, c.ok)
		}
	}
}

// API-21 and API-4: deleting an owner writes the owner only; its dependents are untouched in
// that request, whatever their controller and blockOwnerDeletion say. Cascading is the GC's job.
func TestAPI21NoReferentialIntegrity(t *testing.T) {
	for _, p := range []metav1.DeletionPropagation{metav1.DeletePropagationBackground, metav1.DeletePropagationOrphan, metav1.DeletePropagationForeground} {
		t.Run("API-21 API-4 "+string(p), func(t *testing.T) {
			h := newAPIHarness(t)
			h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: owner, uid: owner-uid}}`)
			deps := []*Object{
				h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: blocking, ownerReferences: [
					{apiVersion: v1, kind: ConfigMap, name: owner, uid: owner-uid, controller: true, blockOwnerDeletion: true}]}}`),
				h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: plain, ownerReferences: [
					{apiVersion: v1, kind: ConfigMap, name: owner, uid: owner-uid}]}}`),
			}
			h.takeEvents()
			if _, _, err := h.delete(cmRef("owner"), withPolicy(p)); err != nil {
				t.Fatal(err)
			}
			evs := h.takeEvents()
			if len(evs) != 1 || !strings.Contains(evs[0], " owner ") {
				t.Errorf("events = %v, want exactly one, for the owner", evs)
			}
			if p == metav1.DeletePropagationBackground && h.get(cmRef("owner")) != nil {
				t.Error("API-4: a blocking dependent kept the owner at the API level")
			}
			for _, d := range deps {
				if got := h.get(d.Ref()); !reflect.DeepEqual(got, d) {
					t.Errorf("dependent %s changed: %s", d.Name, ObjectLine(got))
				}
			}
		})
	}
}

// NS-5 (cluster-rules.md): the NamespaceLifecycle admission refuses a create in a
// Namespace being deleted, with 403 and upstream's message, before the storage checks;
// a namespace that is not stored, or is not being deleted, refuses nothing.
func TestNS5NoContentInTerminatingNamespace(t *testing.T) {
	h := newAPIHarness(t)
	var refused []string
	h.s.refused = func(ref ObjectRef, msg string) { refused = append(refused, ref.String()+": "+msg) }
	h.create(`{apiVersion: v1, kind: Namespace, metadata: {name: team, finalizers: [example.com/hold]}}`)
	h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: before, namespace: team}}`)
	h.create(`{apiVersion: v1, kind: ConfigMap, metadata: {name: free, namespace: nowhere}}`) // need not exist
	if _, _, err := h.delete(ObjectRef{APIVersion: "v1", Kind: "Namespace", Name: "team"}, metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"late", "before"} { // "before" exists: admission answers first
		_, err := h.s.Create(h.obj(`{apiVersion: v1, kind: ConfigMap, metadata: {name: ` + name + `, namespace: team}}`))
		if !apierrors.IsForbidden(err) || !strings.Contains(err.Error(), "unable to create new content in namespace team because it is being terminated") {
			t.Errorf("NS-5: create %s in Terminating team: %v, want 403 Forbidden", name, err)
		}
	}
	if len(refused) != 2 || !strings.HasPrefix(refused[0], "v1/ConfigMap team/late: unable to create") {
		t.Errorf("NS-5: refusals reported %q", refused)
	}
	if _, err := h.s.Create(h.obj(`{apiVersion: v1, kind: ConfigMap, metadata: {name: other, namespace: default}}`)); err != nil {
		t.Errorf("NS-5: create in another namespace: %v", err)
	}
	if _, err := h.s.Create(h.obj(`{apiVersion: v1, kind: Namespace, metadata: {name: team2}}`)); err != nil {
		t.Errorf("NS-5: a cluster-scoped create: %v", err)
	}
}
