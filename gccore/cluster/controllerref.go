package cluster

import (
	"encoding/json"
	"fmt"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/rules"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
)

// spec returns an object's spec (nil if it has none).
func spec(o *gccore.Object) map[string]any {
	s, _ := o.Content["spec"].(map[string]any)
	return s
}

// replicas is spec.replicas, 1 when unset as the API server defaults it; the API server
// has checked that it is a whole number from 0 to 2^31-1.
func replicas(o *gccore.Object) int64 { return gccore.SpecCount(o, "replicas", 1) }

// selectorOf is spec.selector as a labels.Selector; a missing or invalid selector
// selects nothing (the API server would have refused it).
func selectorOf(o *gccore.Object) labels.Selector {
	m, _ := spec(o)["selector"].(map[string]any)
	if m == nil {
		return labels.Nothing()
	}
	var ls metav1.LabelSelector
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(m, &ls); err != nil {
		return labels.Nothing()
	}
	sel, err := metav1.LabelSelectorAsSelector(&ls)
	if err != nil || sel.Empty() {
		return labels.Nothing()
	}
	return sel
}

// controllerOf is the object's controller ownerReference, or nil.
func controllerOf(o *gccore.Object) *metav1.OwnerReference {
	for i := range o.OwnerReferences {
		if r := &o.OwnerReferences[i]; r.Controller != nil && *r.Controller {
			return r
		}
	}
	return nil
}

// controllerRef is the ownerReference a controller gives what it creates or adopts.
func controllerRef(owner *gccore.Object) metav1.OwnerReference {
	t := true
	return metav1.OwnerReference{APIVersion: owner.APIVersion, Kind: owner.Kind, Name: owner.Name, UID: owner.UID, Controller: &t, BlockOwnerDeletion: &t}
}

// refManager claims children for one owner, as client-go's ControllerRefManager does.
type refManager struct {
	client *gccore.Client
	comp   gccore.Component
	sim    *gccore.Sim
	owner  *gccore.Object
	sel    labels.Selector
	// finalizers go into the adoption patch with the controller reference (the Job
	// controller's tracking finalizer: PodControllerRefManager's finalizers, JOB-3).
	finalizers []string
}

// claim returns the children the owner controls after adopting matching orphans and
// releasing non-matching ones (CREF-1 ... CREF-4); failed is set when an adoption or a
// release failed with a server error (FAULT-4): the sync then stops there and its key is
// retried, as upstream's sync returns ClaimObjects' error.
func (m *refManager) claim(children []*gccore.Object) (owned []*gccore.Object, failed bool) {
	before := m.client.ServerErrors()
	defer func() { failed = m.client.ServerErrors() > before }()
	for _, c := range children {
		match := m.sel.Matches(labels.Set(c.Labels))
		ref := controllerOf(c)
		switch {
		case ref != nil && ref.UID != m.owner.UID:
			// CREF-1: another controller's; not ours to touch.
		case ref != nil && match:
			owned = append(owned, c)
		case ref != nil:
			if m.owner.Terminating() { // CREF-4
				continue
			}
			m.release(c)
		case match && !c.Terminating():
			if m.adopt(c) {
				owned = append(owned, c)
			}
		}
	}
	return owned, false // failed: set by the deferred check
}

// adopt adds the controller reference after the fresh uid check (CREF-2, CREF-4).
func (m *refManager) adopt(c *gccore.Object) bool {
	fresh, err := m.client.GetFresh(m.owner.Ref())
	if err != nil || fresh.UID != m.owner.UID || fresh.Terminating() {
		if m.owner.Terminating() || (err == nil && fresh.Terminating()) {
			return false // CREF-4, said once by the sync that skips (RS-4, DEP-4)
		}
		m.sim.Record(gccore.Record{Component: m.comp, Rule: rules.CREF2, Object: c.Ref(),
			Text: fmt.Sprintf("not adopted: %s %s is gone or has another uid (fresh uid check)", m.owner.Kind, m.owner.Name)})
		return false
	}
	// Upstream's ownerRefControllerPatch: a strategic merge patch of the one reference,
	// which merges by uid into the child's list (a reference to the same owner that was not
	// the controller becomes the controller reference, API-17).
	md := map[string]any{"ownerReferences": []metav1.OwnerReference{controllerRef(m.owner)}, "uid": c.UID}
	if len(m.finalizers) > 0 {
		md["finalizers"] = m.finalizers
	}
	patch, _ := json.Marshal(map[string]any{"metadata": md})
	_, err = m.client.Patch(rules.CREF2, fmt.Sprintf("adopt: labels match the selector of %s %s", m.owner.Kind, m.owner.Name), c.Ref(), gccore.StrategicPatch, patch)
	return err == nil
}

// release removes the owner's reference from a child whose labels stopped matching
// (CREF-3), as upstream's GenerateDeleteOwnerRefStrategicMergeBytes: a strategic merge
// patch that deletes the reference by uid and, in the same patch, the finalizers the
// manager adopts with (ReleasePod passes them: the Job's tracking finalizer, JOB-3).
func (m *refManager) release(c *gccore.Object) {
	md := map[string]any{
		"ownerReferences": []map[string]any{{"$patch": "delete", "uid": m.owner.UID}},
		"uid":             c.UID,
	}
	if len(m.finalizers) > 0 {
		md["$deleteFromPrimitiveList/finalizers"] = m.finalizers
	}
	patch, _ := json.Marshal(map[string]any{"metadata": md})
	m.client.Patch(rules.CREF3, fmt.Sprintf("release: labels no longer match the selector of %s %s", m.owner.Kind, m.owner.Name), c.Ref(), gccore.StrategicPatch, patch)
}
