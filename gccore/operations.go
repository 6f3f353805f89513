package gccore

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"

	"github.com/gcplay/gcplay/gccore/rules"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// errClusterScopedNamespacedOwner is OPS-1/DEL-8's "cluster-scoped object refers to a
// namespaced owner": permanent, so the item is forgotten (DEL-3, XNS-3).
var errClusterScopedNamespacedOwner = errors.New("cluster-scoped objects cannot refer to namespaced owners")

// restMappingError wraps a failed REST mapping (XNS-4): retried forever upstream.
type restMappingError struct{ err error }

func (e *restMappingError) Error() string { return "unable to map: " + e.err.Error() }

// asRESTMappingError is errors.As for a restMappingError; it allocates nothing for a nil
// or an unwrapped error (errors.As needs its target on the heap).
func asRESTMappingError(err error) (*restMappingError, bool) {
	if err == nil {
		return nil, false
	}
	if e, ok := err.(*restMappingError); ok {
		return e, true
	}
	var e *restMappingError
	ok := errors.As(err, &e)
	return e, ok
}

// ops is the GC's client: the API calls of OPS-1 … OPS-4 against the simulated server,
// each recorded with its result in the trace under the calling worker's name.
type ops struct {
	gc     *garbageCollector
	worker Component
}

// queue is the queue the calling worker serves. Derived, not a field: every
// worker's closure of a tick captures an ops, and a smaller one is a smaller allocation.
func (o ops) queue() Queue { return o.worker.Role.queue() }

// record traces an API call and its result; call renders the request, and runs only when
// records are kept (tracer.addLazy).
func (o ops) record(rule rules.ID, id objectReference, err error, call func() string) {
	o.recordAlso(rule, "", id, err, call)
}

// recordAlso is record citing a second rule (Record.Also), such as the release's V-rule.
func (o ops) recordAlso(rule, also rules.ID, id objectReference, err error, call func() string) {
	o.gc.trace.addLazy(func() Record {
		return Record{Component: o.worker, Queue: o.queue(), Rule: rule, Also: also, Object: id.ref(), UID: id.UID, Call: call(), Result: outcomeOf(err)}
	})
}

// write makes one write, unless the fault lab fails it with a 500 first (FAULT-4): it
// sets *err to the result and reports whether the failure was injected.
func (o ops) write(call func() error, err *error) (injected bool) {
	if *err = writeFault(o.gc.faults); *err != nil {
		return true
	}
	*err = call()
	return false
}

// uidOnly is the rule a DELETE without a resourceVersion precondition plays: V-6a.
func uidOnly(rv string) rules.ID {
	if rv == "" {
		return rules.V6a
	}
	return ""
}

// isNotFound and isConflict are apierrors.IsNotFound and IsConflict without the allocation
// those make even for a nil error: the GC asks after every API call. isNotFound answers
// the simulated server's own 404s (a *notFoundError, an unwrapped StatusError) without
// errors.As either: a Foreground cascade GETs many objects that are already gone (DEL-5).
func isNotFound(err error) bool {
	if _, ok := err.(*notFoundError); ok {
		return true
	}
	if se, ok := err.(*apierrors.StatusError); ok && se.ErrStatus.Reason == metav1.StatusReasonNotFound {
		return true
	}
	return err != nil && apierrors.IsNotFound(err)
}
func isConflict(err error) bool { return err != nil && apierrors.IsConflict(err) }

// outcomeOf is an API call's result as a value: 200 OK for no error, an API status's
// code and reason, or the text of another error.
func outcomeOf(err error) Outcome {
	if err == nil {
		return Outcome{Code: 200, Reason: "OK"}
	}
	var st apierrors.APIStatus // a *apierrors.StatusError or a *notFoundError
	if errors.As(err, &st) {
		status := st.Status()
		return Outcome{Code: status.Code, Reason: string(status.Reason)}
	}
	return Outcome{Err: err.Error()}
}

func path(r *Resource, namespace, name string) string {
	p := r.apiVersion() + "/" + r.Plural + " "
	if namespace != "" {
		p += namespace + "/"
	}
	return p + name
}

// getObject is OPS-1: REST-map, refuse a namespaced kind without namespace, then GET.
func (o ops) getObject(rule rules.ID, id objectReference) (*Object, error) {
	r, err := o.gc.resources.RESTMapping(id.APIVersion, id.Kind)
	if err != nil {
		o.gc.trace.add(Record{Component: o.worker, Queue: o.queue(), Rule: rule, Object: id.ref(), UID: id.UID, Text: "REST mapping failed: " + err.Error()})
		return nil, &restMappingError{err}
	}
	if r.Namespaced && id.Namespace == "" {
		if o.gc.release.refusesNamespacedOwnerOfClusterScoped() {
			o.gc.trace.add(Record{Component: o.worker, Queue: o.queue(), Rule: rule, Object: id.ref(), UID: id.UID, Text: "namespaced kind without a namespace: no call"})
			return nil, errClusterScopedNamespacedOwner
		}
		err := notFoundWithoutNamespace(r, id.Name)
		o.recordAlso(rule, rules.V3c, id, err, func() string { return "get " + path(r, "", id.Name) })
		return nil, err
	}
	ns := id.Namespace
	if !r.Namespaced {
		ns = ""
	}
	obj, err := o.gc.api.getShared(ObjectRef{APIVersion: id.APIVersion, Kind: id.Kind, Namespace: ns, Name: id.Name}) // read only
	o.record(rule, id, err, func() string { return apiCall{byGC, path(r, ns, id.Name)}.get() })
	return obj, err
}

// notFoundWithoutNamespace is V-3c's answer to a GET of a namespaced kind without a
// namespace, a path no namespaced resource serves: 404.
func notFoundWithoutNamespace(r *Resource, name string) error {
	return apierrors.NewNotFound(r.GVR().GroupResource(), name)
}

// deleteObject is OPS-2: DELETE with uid and resourceVersion preconditions; on a conflict,
// retry once with the uid precondition only if nothing but the resourceVersion moved.
func (o ops) deleteObject(rule rules.ID, id objectReference, rv string, ownerRefs []metav1.OwnerReference, policy metav1.DeletionPropagation) error {
	r, err := o.gc.resources.RESTMapping(id.APIVersion, id.Kind)
	if err != nil {
		return &restMappingError{err}
	}
	ref := ObjectRef{APIVersion: id.APIVersion, Kind: id.Kind, Namespace: id.Namespace, Name: id.Name}
	if !r.Namespaced {
		ref.Namespace = ""
	}
	del := func(rv string) error {
		// The options stay on the stack (a DELETE per object of a cascade): built as
		// locals, not written through a pointer, which escape analysis sends to the heap.
		uid := id.UID
		pre := metav1.Preconditions{UID: &uid}
		if rv != "" {
			pre.ResourceVersion = &rv
		}
		opts := metav1.DeleteOptions{PropagationPolicy: &policy, Preconditions: &pre}
		err := writeFault(o.gc.faults) // FAULT-4
		injected := err != nil
		if !injected {
			_, _, err = o.gc.api.deleteShared(ref, opts)
		}
		o.recordAlso(rule, faultRule(injected, uidOnly(rv)), id, err, func() string { return apiCall{byGC, path(r, ref.Namespace, ref.Name)}.delete(&opts) })
		return err
	}
	err = del(rv)
	if !isConflict(err) || rv == "" { // V-6a: a uid conflict is another object: nothing to re-read
		return err
	}
	latest, getErr := o.getObject(rules.OPS2, id)
	switch {
	case isNotFound(getErr):
		return getErr
	case getErr != nil:
		return err
	case latest.UID == id.UID && latest.ResourceVersion != rv && reflect.DeepEqual(latest.OwnerReferences, ownerRefs):
		return del("")
	}
	return err
}

// patchOwnerReferences is OPS-3: a strategic merge patch first; on 415 (custom resources) a
// JSON merge patch built from the informer's copy (or a live GET when not cached).
// remove deletes the references with these uids; with unblock set, every reference of the
// graph's copy that blocks is set to blockOwnerDeletion=false instead.
func (o ops) patchOwnerReferences(rule rules.ID, n *node, remove []types.UID, unblock bool) error {
	id := n.identity
	r, err := o.gc.resources.RESTMapping(id.APIVersion, id.Kind)
	if err != nil {
		return &restMappingError{err}
	}
	ref := ObjectRef{APIVersion: id.APIVersion, Kind: id.Kind, Namespace: id.Namespace, Name: id.Name}
	var entries []map[string]any
	if unblock {
		for _, or := range n.owners.refs {
			if isTrue(or.BlockOwnerDeletion) {
				entries = append(entries, map[string]any{"apiVersion": or.APIVersion, "kind": or.Kind, "name": or.Name, "uid": or.UID, "blockOwnerDeletion": false})
			}
		}
	} else {
		for _, uid := range remove {
			entries = append(entries, map[string]any{"$patch": "delete", "uid": uid})
		}
	}
	md := map[string]any{"uid": id.UID}
	if len(entries) > 0 { // nothing to unblock: the patch only pins the uid (a no-op write, API-16)
		md["ownerReferences"] = entries
	}
	smp := mustJSON(map[string]any{"metadata": md})
	injected := o.write(func() error { _, err := o.gc.api.patchShared(ref, StrategicPatch, smp); return err }, &err)
	o.recordAlso(rule, faultRule(injected, ""), id, err, func() string { return apiCall{byGC, path(r, id.Namespace, id.Name)}.patch(StrategicPatch, smp) })
	if !isUnsupportedMediaType(err) {
		return err
	}
	// OPS-3 fallback: JSON merge patch from the informer's (possibly stale) copy.
	cached, ok := o.gc.informers.cache[id.UID]
	if !ok {
		if cached, err = o.getObject(rule, id); err != nil {
			return err
		}
	}
	refs := []metav1.OwnerReference{}
	for _, or := range cached.OwnerReferences {
		switch {
		case unblock:
			if isTrue(or.BlockOwnerDeletion) {
				f := false
				or.BlockOwnerDeletion = &f
			}
			refs = append(refs, or)
		case !containsUID(remove, or.UID):
			refs = append(refs, or)
		}
	}
	jmp := mustJSON(map[string]any{"metadata": map[string]any{"resourceVersion": cached.ResourceVersion, "ownerReferences": refs}})
	injected = o.write(func() error { _, err := o.gc.api.patchShared(ref, MergePatch, jmp); return err }, &err)
	o.recordAlso(rule, faultRule(injected, ""), id, err, func() string { return apiCall{byGC, path(r, id.Namespace, id.Name)}.patch(MergePatch, jmp) })
	return err
}

func isUnsupportedMediaType(err error) bool {
	var se *apierrors.StatusError
	return errors.As(err, &se) && se.ErrStatus.Code == 415
}

func containsUID(list []types.UID, uid types.UID) bool {
	for _, u := range list {
		if u == uid {
			return true
		}
	}
	return false
}

// removeFinalizer is OPS-4: GET, then a JSON merge patch of the remaining finalizers with the
// resourceVersion as a lock, up to 4 attempts on conflicts. NotFound counts as success.
func (o ops) removeFinalizer(rule rules.ID, id objectReference, finalizer string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		var obj *Object
		obj, err = o.getObject(rule, id)
		if isNotFound(err) {
			return nil
		}
		if err != nil {
			return err
		}
		if !obj.HasFinalizer(finalizer) {
			o.gc.trace.add(Record{Component: o.worker, Queue: o.queue(), Rule: rule, Object: id.ref(), UID: id.UID, Text: finalizer + " already absent"})
			return nil
		}
		p := finalizerPatch{resourceVersion: obj.ResourceVersion, finalizers: removeString(obj.Finalizers, finalizer)}
		r, _ := o.gc.resources.RESTMapping(id.APIVersion, id.Kind)
		injected := o.write(func() error { _, err := o.gc.api.patchFinalizers(obj.Ref(), p); return err }, &err) // the merge patch p.JSON(), applied without its JSON
		o.recordAlso(rule, faultRule(injected, ""), id, err, func() string { return apiCall{byGC, path(r, obj.Namespace, obj.Name)}.patch(MergePatch, p.JSON()) })
		if !isConflict(err) {
			return err
		}
	}
	return err
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only maps of strings, bools and references are marshalled here
	}
	return b
}

// uidList renders uids for trace text.
func uidList(uids []types.UID) string {
	s := make([]string, len(uids))
	for i, u := range uids {
		s[i] = string(u)
	}
	return strings.Join(s, ",")
}
