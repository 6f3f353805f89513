package gccore

import (
	"fmt"
	"strings"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apimachinery/pkg/watch"
)

// Delete runs one DELETE request (API-8 … API-14) and returns the object as stored afterwards,
// with removed reporting whether it left storage in this request.
func (s *APIServer) Delete(ref ObjectRef, opts metav1.DeleteOptions) (obj *Object, removed bool, err error) {
	obj, removed, err = s.deleteShared(ref, opts)
	if obj != nil {
		obj = obj.Copy()
	}
	return obj, removed, err
}

// deleteShared is Delete returning the object itself, not a copy: the caller must not change
// it. The GC's DELETE (OPS-2) ignores it and saves the copy (upstream's deleteObject
// ignores the response body too).
func (s *APIServer) deleteShared(ref ObjectRef, opts metav1.DeleteOptions) (obj *Object, removed bool, err error) {
	r, key, err := s.resource(ref)
	if err != nil {
		return nil, false, err
	}
	gr := r.GVR().GroupResource()
	old, ok := s.objects[key]
	if !ok { // API-12.1, API-9: a precondition never turns a 404 into a 409.
		return nil, false, apierrors.NewNotFound(gr, ref.Name)
	}
	if errs := validateDeleteOptions(opts); len(errs) > 0 { // API-8
		return nil, false, apierrors.NewInvalid(metav1.SchemeGroupVersion.WithKind("DeleteOptions").GroupKind(), "", errs)
	}
	if p := opts.Preconditions; p != nil { // API-9
		if p.UID != nil && *p.UID != old.UID {
			return nil, false, apierrors.NewConflict(gr, ref.Name, fmt.Errorf("Precondition failed: UID in precondition: %v, UID in object meta: %v", *p.UID, old.UID))
		}
		if p.ResourceVersion != nil && *p.ResourceVersion != old.ResourceVersion {
			return nil, false, apierrors.NewConflict(gr, ref.Name, fmt.Errorf("Precondition failed: ResourceVersion in precondition: %v, ResourceVersion in object meta: %v", *p.ResourceVersion, old.ResourceVersion))
		}
	}
	nu := old // copied before its first change: most DELETEs remove the object at once
	if r.Graceful {
		nu = old.Copy()
	}
	graceful, pending := s.gracefulDeletion(r, nu, opts) // API-13, API-14; changes nu only if r.Graceful
	if pending {
		return old, false, nil
	}
	finalizers, changed := s.deletionFinalizers(r, old.Finalizers, opts) // API-11
	if !graceful && len(old.Finalizers) == 0 && !changed {
		s.remove(r, key, old) // API-12.7
		return old, true, nil
	}
	if nu == old {
		// Not graceful: only the finalizers and the deletion fields change below, each
		// assigned anew, so a shallow copy of the stored object does (a Foreground
		// cascade marks every owner).
		c := *old
		nu = &c
	}
	nu.Finalizers = finalizers
	if !graceful {
		if len(finalizers) == 0 {
			s.remove(r, key, old)
			return old, true, nil
		}
		s.mark(nu, old)
	} else if len(finalizers) == 0 && (nu.DeletionGracePeriodSeconds == nil || *nu.DeletionGracePeriodSeconds == 0) {
		// API-12 step 6: a graceful kind is written first (its new deletionTimestamp and
		// grace 0: MODIFIED), then removed; DELETED carries the written state (API-16).
		last := old
		if !sameMeta(&nu.ObjectMeta, &old.ObjectMeta) {
			s.commit(r, key, nu, watch.Modified)
			last = nu
		}
		s.remove(r, key, last)
		return last, true, nil
	}
	if sameMeta(&nu.ObjectMeta, &old.ObjectMeta) {
		return old, false, nil // API-16: nothing changed, nothing written
	}
	s.commit(r, key, nu, watch.Modified)
	return nu, false, nil
}

// mark sets the deletion fields of a non-graceful object (API-12, step 6).
func (s *APIServer) mark(nu, old *Object) {
	now := s.clock.now()
	if old.DeletionTimestamp == nil || now.Before(old.DeletionTimestamp) {
		nu.DeletionTimestamp = &now
	}
	zero := int64(0)
	nu.DeletionGracePeriodSeconds = &zero
	if old.DeletionTimestamp == nil && old.Generation > 0 {
		nu.Generation = old.Generation + 1
	}
}

// gracefulDeletion applies graceful deletion for graceful kinds (Pods) to nu in place. It
// reports whether the kind deleted gracefully and whether a deletion is already pending,
// in which case the request changes nothing (API-14).
func (s *APIServer) gracefulDeletion(r *Resource, nu *Object, opts metav1.DeleteOptions) (graceful, pending bool) {
	if !r.Graceful {
		return false, false
	}
	grace := podGracePeriod(nu, opts)
	now := s.clock.now()
	if nu.DeletionTimestamp != nil {
		stored := nu.DeletionGracePeriodSeconds
		if stored == nil || *stored == 0 {
			return true, false // nothing pending: recompute the GC finalizers only
		}
		if grace >= *stored {
			return true, true
		}
		ts := metav1.NewTime(nu.DeletionTimestamp.Add(time.Duration(grace-*stored) * time.Second))
		nu.DeletionTimestamp, nu.DeletionGracePeriodSeconds = &ts, &grace
		return true, false
	}
	ts := metav1.NewTime(now.Add(time.Duration(grace) * time.Second))
	nu.DeletionTimestamp, nu.DeletionGracePeriodSeconds = &ts, &grace
	if nu.Generation > 0 {
		nu.Generation++
	}
	return true, false
}

// podGracePeriod is API-13: the request's grace period, else the pod's
// terminationGracePeriodSeconds (default 30); 0 for an unscheduled or terminal pod.
func podGracePeriod(pod *Object, opts metav1.DeleteOptions) int64 {
	spec, _ := pod.Content["spec"].(map[string]any)
	status, _ := pod.Content["status"].(map[string]any)
	if nodeName, _ := spec["nodeName"].(string); nodeName == "" {
		return 0
	}
	if phase, _ := status["phase"].(string); phase == "Succeeded" || phase == "Failed" {
		return 0
	}
	grace := int64(30)
	switch v := spec["terminationGracePeriodSeconds"].(type) {
	case int64:
		grace = v
	case float64:
		grace = int64(v)
	}
	if opts.GracePeriodSeconds != nil {
		grace = *opts.GracePeriodSeconds
	}
	if grace < 0 {
		grace = 1 // API-8
	}
	return grace
}

// validateDeleteOptions is API-8. The errors carry a copy of the policy string: handing
// them the caller's would make escape analysis, which does not tell the fields of opts
// apart, move every pointer a caller puts in DeleteOptions to the heap (the GC's
// preconditions on each DELETE, OPS-2).
func validateDeleteOptions(opts metav1.DeleteOptions) field.ErrorList {
	p := opts.PropagationPolicy
	known := p != nil && (*p == metav1.DeletePropagationOrphan || *p == metav1.DeletePropagationBackground || *p == metav1.DeletePropagationForeground)
	if p == nil || (known && opts.OrphanDependents == nil) {
		return nil
	}
	var errs field.ErrorList
	value := metav1.DeletionPropagation(strings.Clone(string(*p)))
	if opts.OrphanDependents != nil {
		errs = append(errs, field.Invalid(field.NewPath("propagationPolicy"), value, "orphanDependents and deletionPropagation cannot be both set"))
	}
	if !known {
		errs = append(errs, field.NotSupported(field.NewPath("propagationPolicy"), value, []string{"Foreground", "Background", "Orphan"}))
	}
	return errs
}

// deletionFinalizers computes the finalizer list a delete request leaves (API-11, API-18).
// changed is false when the set of finalizers is unchanged; the original order is then kept.
func (s *APIServer) deletionFinalizers(r *Resource, existing []string, opts metav1.DeleteOptions) ([]string, bool) {
	if !s.GarbageCollection { // API-18
		return existing, false
	}
	orphan, foreground := wantsOrphan(r, existing, opts), wantsForeground(existing, opts)
	var out []string
	for _, f := range existing {
		if !isGCFinalizer(f) {
			out = append(out, f)
		}
	}
	if orphan {
		out = append(out, metav1.FinalizerOrphanDependents)
	}
	if foreground {
		out = append(out, metav1.FinalizerDeleteDependents)
	}
	if sameSet(out, existing) {
		return existing, false
	}
	return out, true
}

// wantsOrphan is API-11's "orphan wanted?": the first matching rule decides.
func wantsOrphan(r *Resource, existing []string, opts metav1.DeleteOptions) bool {
	if opts.OrphanDependents != nil {
		return *opts.OrphanDependents
	}
	if p := opts.PropagationPolicy; p != nil {
		return *p == metav1.DeletePropagationOrphan
	}
	if f := firstGCFinalizer(existing); f != "" {
		return f == metav1.FinalizerOrphanDependents
	}
	return r.DefaultOrphan
}

// wantsForeground is API-11's "foreground wanted?". Foreground is never a kind default.
func wantsForeground(existing []string, opts metav1.DeleteOptions) bool {
	if opts.OrphanDependents != nil {
		return false
	}
	if p := opts.PropagationPolicy; p != nil {
		return *p == metav1.DeletePropagationForeground
	}
	return firstGCFinalizer(existing) == metav1.FinalizerDeleteDependents
}

func firstGCFinalizer(list []string) string {
	for _, f := range list {
		if isGCFinalizer(f) {
			return f
		}
	}
	return ""
}

// sameSet reports whether a and b hold the same strings, ignoring order and repeats. The
// lists are a few finalizers: comparing each with each is cheaper than building sets,
// and DELETE asks on every call (API-11).
func sameSet(a, b []string) bool {
	return subset(a, b) && subset(b, a)
}

// CascadePolicy maps kubectl's --cascade flag to the propagationPolicy kubectl sends (API-20).
func CascadePolicy(flag string) (metav1.DeletionPropagation, error) {
	switch flag {
	case "", "background", "true":
		return metav1.DeletePropagationBackground, nil
	case "foreground":
		return metav1.DeletePropagationForeground, nil
	case "orphan", "false":
		return metav1.DeletePropagationOrphan, nil
	}
	return "", fmt.Errorf("invalid --cascade value %q: must be background, foreground or orphan", flag)
}
