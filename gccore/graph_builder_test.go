package gccore

import (
	"reflect"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// Table tests for the graph builder's pure functions (GB-6, GB-8, GB-12, GB-13).

func gbBoolPtr(b bool) *bool { return &b }

// oref builds an ownerReference; block is nil (unset), true or false.
func gbRef(apiVersion, kind, name string, uid types.UID, block *bool) metav1.OwnerReference {
	return metav1.OwnerReference{APIVersion: apiVersion, Kind: kind, Name: name, UID: uid, BlockOwnerDeletion: block}
}

func gbIdentity(apiVersion, kind, namespace, name string, uid types.UID) objectReference {
	return objectReference{APIVersion: apiVersion, Kind: kind, Namespace: namespace, Name: name, UID: uid}
}

// dependent builds a graph node in namespace ns whose owners are refs.
func gbDependent(name, ns string, refs ...metav1.OwnerReference) *node {
	return &node{identity: gbIdentity("v1", "ConfigMap", ns, name, types.UID(name+"-uid")), owners: ownerList{refs: refs}}
}

func gbNodeNames(ns []*node) []string {
	var out []string
	for _, n := range ns {
		out = append(out, n.identity.Name)
	}
	return out
}

func TestReferencesDiffs(t *testing.T) {
	a := gbRef("v1", "ConfigMap", "a", "ua", nil)
	b := gbRef("v1", "ConfigMap", "b", "ub", nil)
	aBlock := gbRef("v1", "ConfigMap", "a", "ua", gbBoolPtr(true))
	aNoBlock := gbRef("v1", "ConfigMap", "a", "ua", gbBoolPtr(false))
	aCtl := a
	aCtl.Controller = gbBoolPtr(true)
	aRenamed := gbRef("v1", "ConfigMap", "a2", "ua", nil)
	for _, tc := range []struct {
		rule, name string
		old, nu    []metav1.OwnerReference
		added      []metav1.OwnerReference
		removed    []metav1.OwnerReference
		changed    []ownerRefPair
	}{
		{rule: "GB-6", name: "no change", old: []metav1.OwnerReference{a, b}, nu: []metav1.OwnerReference{a, b}},
		{rule: "GB-6", name: "order does not matter", old: []metav1.OwnerReference{a, b}, nu: []metav1.OwnerReference{b, a}},
		{rule: "GB-6", name: "added", old: []metav1.OwnerReference{a}, nu: []metav1.OwnerReference{a, b}, added: []metav1.OwnerReference{b}},
		{rule: "GB-6", name: "added to nil", nu: []metav1.OwnerReference{a}, added: []metav1.OwnerReference{a}},
		{rule: "GB-6", name: "removed", old: []metav1.OwnerReference{a, b}, nu: []metav1.OwnerReference{b}, removed: []metav1.OwnerReference{a}},
		{rule: "GB-6", name: "all removed", old: []metav1.OwnerReference{a, b}, removed: []metav1.OwnerReference{a, b}},
		{rule: "GB-6", name: "changed: block true -> false", old: []metav1.OwnerReference{aBlock}, nu: []metav1.OwnerReference{aNoBlock},
			changed: []ownerRefPair{{aBlock, aNoBlock}}},
		{rule: "GB-6", name: "changed: block unset -> false counts (deep comparison)", old: []metav1.OwnerReference{a}, nu: []metav1.OwnerReference{aNoBlock},
			changed: []ownerRefPair{{a, aNoBlock}}},
		{rule: "GB-6", name: "changed: controller set", old: []metav1.OwnerReference{a}, nu: []metav1.OwnerReference{aCtl},
			changed: []ownerRefPair{{a, aCtl}}},
		{rule: "GB-6", name: "changed: same uid, other name", old: []metav1.OwnerReference{a}, nu: []metav1.OwnerReference{aRenamed},
			changed: []ownerRefPair{{a, aRenamed}}},
		{rule: "GB-6", name: "duplicate uid on the old side: the last entry wins (unchanged)",
			old: []metav1.OwnerReference{aBlock, aNoBlock}, nu: []metav1.OwnerReference{aNoBlock}},
		{rule: "GB-6", name: "duplicate uid on the old side: the last entry is the changed one",
			old: []metav1.OwnerReference{aNoBlock, aBlock}, nu: []metav1.OwnerReference{aNoBlock},
			changed: []ownerRefPair{{aBlock, aNoBlock}}},
		{rule: "GB-6", name: "duplicate uid on the old side, removed: reported once, as the last entry",
			old: []metav1.OwnerReference{aBlock, aNoBlock, b}, nu: []metav1.OwnerReference{b}, removed: []metav1.OwnerReference{aNoBlock}},
		{rule: "GB-6", name: "duplicate uid on the new side: compared once, then added (upstream)",
			old: []metav1.OwnerReference{a}, nu: []metav1.OwnerReference{a, aRenamed}, added: []metav1.OwnerReference{aRenamed}},
	} {
		t.Run(tc.rule+" "+tc.name, func(t *testing.T) {
			added, removed, changed := referencesDiffs(tc.old, tc.nu)
			if !reflect.DeepEqual(added, tc.added) || !reflect.DeepEqual(removed, tc.removed) || !reflect.DeepEqual(changed, tc.changed) {
				t.Errorf("%s: got added=%v removed=%v changed=%v\nwant added=%v removed=%v changed=%v",
					tc.rule, added, removed, changed, tc.added, tc.removed, tc.changed)
			}
		})
	}
}

func TestStartsWaitingFor(t *testing.T) {
	ts := metav1.NewTime(Epoch)
	obj := func(terminating bool, finalizers ...string) *Object {
		o := &Object{ObjectMeta: metav1.ObjectMeta{Finalizers: finalizers}}
		if terminating {
			o.DeletionTimestamp = &ts
		}
		return o
	}
	const orphan, fg = metav1.FinalizerOrphanDependents, metav1.FinalizerDeleteDependents
	for _, tc := range []struct {
		rule, name string
		old, nu    *Object
		finalizer  string
		want       bool
	}{
		{"GB-8", "add of a terminating object with the finalizer", nil, obj(true, orphan), orphan, true},
		{"GB-8", "new object not terminating", nil, obj(false, orphan), orphan, false},
		{"GB-8", "new object lacks the finalizer", nil, obj(true, "x/y"), orphan, false},
		{"GB-8", "old not terminating", obj(false, orphan), obj(true, orphan), orphan, true},
		{"GB-8", "old terminating without the finalizer (swap foreground -> orphan)", obj(true, fg), obj(true, orphan), orphan, true},
		{"GB-8", "old already terminating with the finalizer: no new transition", obj(true, orphan), obj(true, orphan), orphan, false},
		{"GB-8", "foreground starts", obj(false), obj(true, fg), fg, true},
		{"GB-8", "swap orphan -> foreground", obj(true, orphan), obj(true, fg), fg, true},
		{"GB-8", "foreground already on: no transition", obj(true, "x/y", fg), obj(true, fg), fg, false},
		{"GB-8", "finalizer removed: no transition", obj(true, fg), obj(true), fg, false},
	} {
		if got := startsWaitingFor(tc.old, tc.nu, tc.finalizer); got != tc.want {
			t.Errorf("%s %s: startsWaitingFor = %v, want %v", tc.rule, tc.name, got, tc.want)
		}
	}
}

func TestPartitionDependents(t *testing.T) {
	const uid = "owner-uid"
	podNS1 := gbIdentity("v1", "Pod", "ns1", "owner", uid)
	nodeCluster := gbIdentity("v1", "Node", "", "owner", uid)
	good := gbRef("v1", "Pod", "owner", uid, nil)
	otherVersion := gbRef("v2", "Pod", "owner", uid, nil)
	otherKind := gbRef("v1", "Secret", "owner", uid, nil)
	otherName := gbRef("v1", "Pod", "other", uid, nil)
	unrelated := gbRef("v1", "Pod", "owner", "other-uid", nil)
	nodeRef := gbRef("v1", "Node", "owner", uid, nil)
	for _, tc := range []struct {
		rule, name         string
		id                 objectReference
		deps               []*node
		matching, mismatch []string
	}{
		{"GB-12", "same namespace, same coordinates: matches", podNS1,
			[]*node{gbDependent("d", "ns1", good)}, []string{"d"}, nil},
		{"GB-12", "namespaced identity, other namespace: does not match even with equal coordinates", podNS1,
			[]*node{gbDependent("d", "ns2", good)}, nil, []string{"d"}},
		{"GB-12", "namespaced identity, cluster-scoped dependent: does not match", podNS1,
			[]*node{gbDependent("d", "", good)}, nil, []string{"d"}},
		{"GB-12", "other apiVersion", podNS1, []*node{gbDependent("d", "ns1", otherVersion)}, nil, []string{"d"}},
		{"GB-12", "other kind", podNS1, []*node{gbDependent("d", "ns1", otherKind)}, nil, []string{"d"}},
		{"GB-12", "other name", podNS1, []*node{gbDependent("d", "ns1", otherName)}, nil, []string{"d"}},
		{"GB-12", "two references with the uid, one matching: in both lists", podNS1,
			[]*node{gbDependent("d", "ns1", good, otherVersion)}, []string{"d"}, []string{"d"}},
		{"GB-12", "references to other uids are ignored", podNS1,
			[]*node{gbDependent("d", "ns1", unrelated, good)}, []string{"d"}, nil},
		{"GB-12", "no reference with the uid: in neither list", podNS1,
			[]*node{gbDependent("d", "ns1", unrelated)}, nil, nil},
		{"GB-12", "cluster-scoped identity: any namespace may match", nodeCluster,
			[]*node{gbDependent("d1", "ns1", nodeRef), gbDependent("d2", "", nodeRef), gbDependent("d3", "ns2", gbRef("v1", "Node", "x", uid, nil))},
			[]string{"d1", "d2"}, []string{"d3"}},
		{"GB-12", "input order is kept", podNS1,
			[]*node{gbDependent("z", "ns1", good), gbDependent("a", "ns1", good), gbDependent("m", "ns2", good)},
			[]string{"z", "a"}, []string{"m"}},
	} {
		t.Run(tc.rule+" "+tc.name, func(t *testing.T) {
			m, nm := partitionDependents(tc.deps, tc.id)
			if !reflect.DeepEqual(gbNodeNames(m), tc.matching) || !reflect.DeepEqual(gbNodeNames(nm), tc.mismatch) {
				t.Errorf("%s: got matching=%v nonMatching=%v, want %v %v", tc.rule, gbNodeNames(m), gbNodeNames(nm), tc.matching, tc.mismatch)
			}
		})
	}
}

// TestAlternateOwnerIdentity covers every case S-27 (TestGetAlternateOwnerIdentity) lists.
func TestAlternateOwnerIdentity(t *testing.T) {
	const uid = "u"
	// Namespaced absent owner: v1 Pod "owner" in ns1.
	nsAbsent := gbIdentity("v1", "Pod", "ns1", "owner", uid)
	// Cluster-scoped absent owner: v1 Node "owner".
	csAbsent := gbIdentity("v1", "Node", "", "owner", uid)
	versions := func(absent string, ns string, depNS string) (objectReference, []*node) {
		var deps []*node
		for _, v := range []string{"v1", "v2", "v3", "v4", "v5"} {
			deps = append(deps, gbDependent("cites-"+v, depNS, gbRef("example.com/"+v, "Widget", "w", uid, nil)))
		}
		return gbIdentity("example.com/"+absent, "Widget", ns, "w", uid), deps
	}
	type tcase struct {
		rule, name string
		absent     objectReference
		deps       []*node
		want       *objectReference
	}
	alt := func(r objectReference) *objectReference { return &r }
	cases := []tcase{
		// Namespaced absent owner (S-27).
		{"GB-13", "namespaced: sibling cites another version", nsAbsent,
			[]*node{gbDependent("d", "ns1", gbRef("v2", "Pod", "owner", uid, nil))}, alt(gbIdentity("v2", "Pod", "ns1", "owner", uid))},
		{"GB-13", "namespaced: sibling cites another kind", nsAbsent,
			[]*node{gbDependent("d", "ns1", gbRef("v1", "Secret", "owner", uid, nil))}, alt(gbIdentity("v1", "Secret", "ns1", "owner", uid))},
		{"GB-13", "namespaced: sibling cites another name", nsAbsent,
			[]*node{gbDependent("d", "ns1", gbRef("v1", "Pod", "other", uid, nil))}, alt(gbIdentity("v1", "Pod", "ns1", "other", uid))},
		{"GB-13", "namespaced: same coordinates from another namespace", nsAbsent,
			[]*node{gbDependent("d", "ns2", gbRef("v1", "Pod", "owner", uid, nil))}, alt(gbIdentity("v1", "Pod", "ns2", "owner", uid))},
		{"GB-13", "namespaced: same coordinates, same namespace (exact match): none", nsAbsent,
			[]*node{gbDependent("d", "ns1", gbRef("v1", "Pod", "owner", uid, nil))}, nil},
		// Cluster-scoped absent owner (S-27).
		{"GB-13", "cluster-scoped: another version keeps the sibling's namespace (scope unknown)", csAbsent,
			[]*node{gbDependent("d", "ns1", gbRef("v2", "Node", "owner", uid, nil))}, alt(gbIdentity("v2", "Node", "ns1", "owner", uid))},
		{"GB-13", "cluster-scoped: another kind keeps the sibling's namespace", csAbsent,
			[]*node{gbDependent("d", "ns1", gbRef("v1", "Pod", "owner", uid, nil))}, alt(gbIdentity("v1", "Pod", "ns1", "owner", uid))},
		{"GB-13", "cluster-scoped: same identity from another namespace: none (scope verified)", csAbsent,
			[]*node{gbDependent("d", "ns1", gbRef("v1", "Node", "owner", uid, nil))}, nil},
		{"GB-13", "cluster-scoped: another name gets an empty namespace", csAbsent,
			[]*node{gbDependent("d", "ns1", gbRef("v1", "Node", "other", uid, nil))}, alt(gbIdentity("v1", "Node", "", "other", uid))},
		// Unrelated, exact and duplicate (S-27).
		{"GB-13", "unrelated uids: none", nsAbsent,
			[]*node{gbDependent("d", "ns1", gbRef("v2", "Pod", "owner", "other-uid", nil))}, nil},
		{"GB-13", "no dependents: none", nsAbsent, nil, nil},
		{"GB-13", "duplicates collapse to one candidate", nsAbsent,
			[]*node{gbDependent("d1", "ns1", gbRef("v2", "Pod", "owner", uid, nil)), gbDependent("d2", "ns1", gbRef("v2", "Pod", "owner", uid, nil), gbRef("v2", "Pod", "owner", uid, nil))},
			alt(gbIdentity("v2", "Pod", "ns1", "owner", uid))},
		// Order: (kind, apiVersion, namespace, name, uid); the first after absent, else the smallest.
		{"GB-13", "order: kind first (next after Pod is Secret)", nsAbsent,
			[]*node{gbDependent("d1", "ns1", gbRef("apps/v1", "Deployment", "owner", uid, nil)), gbDependent("d2", "ns1", gbRef("v1", "Secret", "owner", uid, nil))},
			alt(gbIdentity("v1", "Secret", "ns1", "owner", uid))},
		{"GB-13", "order: wraps to the smallest kind", gbIdentity("v1", "Secret", "ns1", "owner", uid),
			[]*node{gbDependent("d1", "ns1", gbRef("v1", "Pod", "owner", uid, nil)), gbDependent("d2", "ns1", gbRef("apps/v1", "Deployment", "owner", uid, nil))},
			alt(gbIdentity("apps/v1", "Deployment", "ns1", "owner", uid))},
		{"GB-13", "order: namespace before name", nsAbsent,
			[]*node{gbDependent("d1", "ns3", gbRef("v1", "Pod", "a", uid, nil)), gbDependent("d2", "ns2", gbRef("v1", "Pod", "z", uid, nil))},
			alt(gbIdentity("v1", "Pod", "ns2", "z", uid))},
	}
	// Ordered versions v1…v5 (S-27): absent v5 wraps to v1, absent v4 yields v5, for
	// namespaced and for cluster-scoped dependents.
	for _, scope := range []struct{ name, ns string }{{"namespaced", "ns1"}, {"cluster-scoped", ""}} {
		a5, deps := versions("v5", scope.ns, scope.ns)
		cases = append(cases, tcase{"GB-13", scope.name + " dependents: absent v5 wraps around to v1", a5, deps,
			alt(gbIdentity("example.com/v1", "Widget", scope.ns, "w", uid))})
		a4, deps := versions("v4", scope.ns, scope.ns)
		cases = append(cases, tcase{"GB-13", scope.name + " dependents: absent v4 yields v5", a4, deps,
			alt(gbIdentity("example.com/v5", "Widget", scope.ns, "w", uid))})
	}
	for _, tc := range cases {
		t.Run(tc.rule+" "+tc.name, func(t *testing.T) {
			got, ok := alternateOwnerIdentity(tc.deps, tc.absent)
			switch {
			case tc.want == nil && ok:
				t.Errorf("%s: got %v, want none", tc.rule, got)
			case tc.want != nil && !ok:
				t.Errorf("%s: got none, want %v", tc.rule, *tc.want)
			case tc.want != nil && got != *tc.want:
				t.Errorf("%s: got %v, want %v", tc.rule, got, *tc.want)
			}
		})
	}
}
