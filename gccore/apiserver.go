package gccore

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apimachinery/pkg/watch"
)

// Epoch is virtual time zero: tick t is Epoch + t seconds (scenario-format.md).
var Epoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// WatchEvent is one event the API server emitted, in resourceVersion order (API-16).
type WatchEvent struct {
	Tick   int64           `json:"tick"`
	Type   watch.EventType `json:"type"`
	Object *Object         `json:"-"`
	// Resource is the preferred version of the object's kind: the monitor that sees it (N-2).
	Resource *Resource `json:"-"`
}

// storeKey is where an object is stored: its group/kind, named by the preferred version's
// resource (one per group/kind; a pointer is cheaper to hash than the group and kind
// strings, and every GET hashes a key), plus namespace and name.
type storeKey struct {
	kind            *Resource
	namespace, name string
}

// APIServer is the simulated kube-apiserver: storage, validation, the deletion rules the GC
// relies on (API-*), and the watch stream. It is written only through its methods.
type APIServer struct {
	Resources *Resources
	// GarbageCollection is false to model a server started with GC disabled (API-18).
	GarbageCollection bool
	// release decides API-3: before v1.20 duplicate ownerReferences are stored (V-7a).
	release Release

	// objects holds the stored objects. A stored object is never changed in place (a write
	// stores a new one), so watch events and the GC's reads share its metadata (getShared).
	objects map[storeKey]*Object
	uids    map[types.UID]storeKey
	// byKind holds the keys of objects per stored resource (storeKey.kind), so that a
	// controller's List reads its kind only (a replica set of 10,000 Pods listed its
	// owners once per Pod created, sorting every stored object each time).
	byKind map[*Resource]map[storeKey]struct{}
	rv     int64
	clock  *clock
	newUID func() types.UID
	// watch receives every event, in write order.
	watch []func(WatchEvent)
	// warn receives API warnings (API-3).
	warn func(ref ObjectRef, msg string)
	// refused receives a create the admission refuses (NS-5).
	refused func(ref ObjectRef, msg string)
}

type clock struct{ tick int64 }

func (c *clock) nowMS() int64 { return c.tick * 1000 }

func (c *clock) now() metav1.Time {
	return metav1.NewTime(Epoch.Add(time.Duration(c.tick) * time.Second))
}

// newAPIServer starts an empty store sized for about size objects.
func newAPIServer(rs *Resources, c *clock, newUID func() types.UID, size int) *APIServer {
	size = max(size, 0)
	return &APIServer{
		Resources: rs, GarbageCollection: true, clock: c, newUID: newUID,
		objects: make(map[storeKey]*Object, size), uids: make(map[types.UID]storeKey, size),
		byKind: map[*Resource]map[storeKey]struct{}{},
		warn:   func(ObjectRef, string) {},
	}
}

// Len returns the number of stored objects.
func (s *APIServer) Len() int { return len(s.objects) }

// resource resolves the served resource of ref and checks its namespace against the scope.
func (s *APIServer) resource(ref ObjectRef) (*Resource, storeKey, error) {
	r, ok := s.Resources.Lookup(ref.APIVersion, ref.Kind)
	if !ok {
		return nil, storeKey{}, fmt.Errorf("no matches for kind %q in version %q", ref.Kind, ref.APIVersion)
	}
	ns := ref.Namespace
	if !r.Namespaced {
		ns = ""
	} else if ns == "" {
		return nil, storeKey{}, apierrors.NewBadRequest(fmt.Sprintf("%s %q: a namespace is required", ref.Kind, ref.Name))
	}
	return r, storeKey{kind: r.preferred, namespace: ns, name: ref.Name}, nil
}

// List returns the stored objects of one apiVersion and kind, in namespace (every
// namespace when it is ""), sorted by namespace and name. The objects are the stored
// ones: callers must not change them.
func (s *APIServer) List(apiVersion, kind, namespace string) []*Object {
	r, ok := s.Resources.Lookup(apiVersion, kind)
	if !ok {
		return nil
	}
	var out []*Object
	for key := range s.byKind[r.preferred] {
		if o := s.objects[key]; o.APIVersion == apiVersion && (namespace == "" || key.namespace == namespace) {
			out = append(out, o)
		}
	}
	slices.SortFunc(out, compareObjects)
	return out
}

// listKind is a LIST of r's group/kind at every version, as a real LIST returns it: by
// namespace, then name (an informer's initial list, SYNC-7).
func (s *APIServer) listKind(r *Resource) []*Object {
	out := make([]*Object, 0, len(s.byKind[r.preferred]))
	for key := range s.byKind[r.preferred] {
		out = append(out, s.objects[key])
	}
	slices.SortFunc(out, compareObjects)
	return out
}

// Get reads an object as served at ref's version (OPS-1 uses this for its metadata-only GET).
func (s *APIServer) Get(ref ObjectRef) (*Object, error) {
	o, err := s.GetShared(ref)
	if err != nil {
		return nil, err
	}
	return o.Copy(), nil
}

// GetShared is Get without the deep copy (getShared), its 404 a status error as Get's.
func (s *APIServer) GetShared(ref ObjectRef) (*Object, error) {
	o, err := s.getShared(ref)
	if nf, ok := err.(*notFoundError); ok {
		return nil, nf.status()
	}
	return o, err
}

// getShared is Get without the deep copy: the object shares its metadata with the stored
// one, so the caller must not change it. Stored objects are never changed in place (a
// write stores a new object), so what the caller reads stays as it was at the GET. The
// GC's reads use it (OPS-1): a cascade GETs each object several times. Upstream's GC
// (getObject, getMetadata) receives a freshly decoded object from the metadata client.
// Nothing is cached, so nothing needs invalidating. A 404 is a *notFoundError.
func (s *APIServer) getShared(ref ObjectRef) (*Object, error) {
	r, key, err := s.resource(ref)
	if err != nil {
		return nil, err
	}
	o, ok := s.objects[key]
	if !ok {
		return nil, &notFoundError{gr: r.GVR().GroupResource(), name: ref.Name}
	}
	gv := r.apiVersion()
	if o.APIVersion == gv {
		return o, nil
	}
	c := *o
	c.APIVersion = gv
	return &c, nil
}

// notFoundError is the server's 404 for a GET, as the GC receives it (getShared): the
// apierrors.StatusError that a client sees, with its message, is made only when asked
// for (Error, Status, statusText). A Foreground cascade GETs many objects that are
// already gone (DEL-5), and the GC only tests isNotFound.
type notFoundError struct {
	gr   schema.GroupResource
	name string
}

func (e *notFoundError) status() *apierrors.StatusError { return apierrors.NewNotFound(e.gr, e.name) }

func (e *notFoundError) Error() string { return e.status().Error() }

// Status makes it an apierrors.APIStatus, so apierrors.IsNotFound and friends see a 404.
func (e *notFoundError) Status() metav1.Status { return e.status().Status() }

// GetByUID returns the stored object with that uid, if any.
func (s *APIServer) GetByUID(uid types.UID) (*Object, bool) {
	key, ok := s.uids[uid]
	if !ok {
		return nil, false
	}
	return s.objects[key].Copy(), true
}

// Create stores a new object (API-2, API-3, API-5, API-6). A uid given in obj is kept:
// scenario files may pin uids (a simulator convenience, API-5).
func (s *APIServer) Create(obj *Object) (*Object, error) {
	r, key, err := s.resource(ObjectRef{APIVersion: obj.APIVersion, Kind: obj.Kind, Namespace: obj.Namespace, Name: obj.Name})
	if err != nil {
		return nil, err
	}
	gr := r.GVR().GroupResource()
	if err := s.admitCreate(obj.Ref(), key.namespace, gr); err != nil {
		return nil, err
	}
	if _, ok := s.objects[key]; ok {
		return nil, apierrors.NewAlreadyExists(gr, obj.Name)
	}
	o := obj.Copy()
	if o.Content == nil {
		o.Content = map[string]any{}
	}
	o.APIVersion = r.apiVersion()
	o.Namespace = key.namespace
	if o.UID == "" {
		o.UID = s.newUID()
	}
	if _, dup := s.uids[o.UID]; dup {
		return nil, apierrors.NewAlreadyExists(gr, fmt.Sprintf("%s (uid %s is taken)", obj.Name, o.UID))
	}
	o.DeletionTimestamp, o.DeletionGracePeriodSeconds = nil, nil // API-5
	o.CreationTimestamp = s.clock.now()
	o.Generation = 0
	if r.Generation {
		o.Generation = 1
	}
	o.OwnerReferences = s.dedupOwnerReferences(o.Ref(), o.OwnerReferences)
	if errs := s.validate(r, o); len(errs) > 0 {
		return nil, apierrors.NewInvalid(r.GVK.GroupKind(), obj.Name, errs)
	}
	s.commit(r, key, o, watch.Added)
	return o.Copy(), nil
}

// admitCreate is the NamespaceLifecycle admission plugin's refusal (NS-5): no new object
// in a Namespace that is being deleted. Like upstream's, it runs before the storage
// checks. A namespace that is not stored refuses nothing (namespaces need not exist).
func (s *APIServer) admitCreate(ref ObjectRef, namespace string, gr schema.GroupResource) error {
	if namespace == "" {
		return nil
	}
	ns, err := s.getShared(ObjectRef{APIVersion: "v1", Kind: "Namespace", Name: namespace})
	if err != nil || !ns.Terminating() {
		return nil
	}
	msg := fmt.Sprintf("unable to create new content in namespace %s because it is being terminated", namespace)
	if s.refused != nil {
		s.refused(ref, msg)
	}
	return apierrors.NewForbidden(gr, ref.Name, errors.New(msg))
}

// validate applies the metadata checks of API-2 and API-6, and the workload counts
// (validateCounts).
func (s *APIServer) validate(r *Resource, o *Object) field.ErrorList {
	isNamespace := r.GVK.Kind == "Namespace" && r.GVK.Group == ""
	errs := validateCounts(r, o)
	if metaSurelyValid(&o.ObjectMeta, r.Namespaced, isNamespace) {
		return errs
	}
	nameFn := validation.NameIsDNSSubdomain
	if isNamespace {
		nameFn = validation.ValidateNamespaceName
	}
	return append(validation.ValidateObjectMeta(&o.ObjectMeta, r.Namespaced, nameFn, field.NewPath("metadata")), errs...)
}

// dedupOwnerReferences drops entries entirely identical to an earlier one, with a warning (API-3).
// Upstream compares an entry with the earlier ones only when its uid was seen before;
// here every field is part of one comparable key, so that an object with N owners costs
// N map lookups even when its entries share a uid.
func (s *APIServer) dedupOwnerReferences(ref ObjectRef, refs []metav1.OwnerReference) []metav1.OwnerReference {
	switch {
	case len(refs) == 0:
		return nil
	case len(refs) == 1 || !s.release.dedupsOwnerReferences(): // V-7a: stored as sent
		return refs // nothing to compare: no map for the usual single owner
	}
	var out []metav1.OwnerReference
	seen := make(map[ownerRefKey]struct{}, len(refs))
	for i, r := range refs {
		k := ownerRefKeyOf(r)
		if _, dup := seen[k]; dup {
			s.warn(ref, fmt.Sprintf("metadata.ownerReferences[%d]: duplicate entry for uid %s dropped", i, r.UID))
			continue
		}
		seen[k] = struct{}{}
		out = append(out, r)
	}
	return out
}

// ownerRefKey is an OwnerReference as a comparable value: equal keys are exactly the
// entries apiequality.Semantic.DeepEqual finds equal (a nil flag differs from false).
type ownerRefKey struct {
	apiVersion, kind, name string
	uid                    types.UID
	controller, block      int8 // 0: unset, 1: false, 2: true
}

func ownerRefKeyOf(r metav1.OwnerReference) ownerRefKey {
	flag := func(b *bool) int8 {
		switch {
		case b == nil:
			return 0
		case *b:
			return 2
		}
		return 1
	}
	return ownerRefKey{r.APIVersion, r.Kind, r.Name, r.UID, flag(r.Controller), flag(r.BlockOwnerDeletion)}
}

// commit stores o under key with a new resourceVersion and emits the event.
func (s *APIServer) commit(r *Resource, key storeKey, o *Object, typ watch.EventType) {
	s.rv++
	o.ResourceVersion = strconv.FormatInt(s.rv, 10)
	s.objects[key] = o
	if typ == watch.Added { // an update keeps the uid and the key (API-7)
		s.uids[o.UID] = key
		keys := s.byKind[key.kind]
		if keys == nil {
			keys = map[storeKey]struct{}{}
			s.byKind[key.kind] = keys
		}
		keys[key] = struct{}{}
	}
	s.emit(r, typ, o)
}

// remove deletes the object at key; the DELETED event carries its last state (API-16).
func (s *APIServer) remove(r *Resource, key storeKey, last *Object) {
	s.rv++
	gone := *last // a shallow copy: only the resourceVersion differs
	gone.ResourceVersion = strconv.FormatInt(s.rv, 10)
	delete(s.objects, key)
	delete(s.uids, gone.UID)
	delete(s.byKind[key.kind], key)
	s.emit(r, watch.Deleted, &gone)
}

func (s *APIServer) emit(r *Resource, typ watch.EventType, o *Object) {
	pref := r.preferred
	obj := o // o itself, or a copy at the preferred version sharing its metadata (see objects)
	if gv := pref.apiVersion(); o.APIVersion != gv {
		c := *o
		c.APIVersion = gv
		obj = &c
	}
	ev := WatchEvent{Tick: s.clock.tick, Type: typ, Object: obj, Resource: pref}
	for _, w := range s.watch {
		w(ev)
	}
}

// PatchType is a patch content type the simulated server accepts.
type PatchType string

const (
	MergePatch     PatchType = "merge"     // application/merge-patch+json (RFC 7386)
	StrategicPatch PatchType = "strategic" // application/strategic-merge-patch+json
)

// Patch applies a patch to the stored object (API-7, API-15, API-16, API-17) and returns the
// object as it was written (or as it was, for a no-op). A result with no finalizers on a
// terminating object with no grace period removes the object (API-15).
func (s *APIServer) Patch(ref ObjectRef, pt PatchType, body []byte) (*Object, error) {
	o, err := s.patchShared(ref, pt, body)
	if err != nil {
		return nil, err
	}
	return o.Copy(), nil
}

// patchShared is Patch returning the object itself, not a copy: the caller must not change
// it. The GC's patches (OPS-3, OPS-4) ignore it and save the copy (upstream's patch
// handler encodes a response the GC drops).
func (s *APIServer) patchShared(ref ObjectRef, pt PatchType, body []byte) (*Object, error) {
	r, key, old, cur, err := s.patchTarget(ref)
	if err != nil {
		return nil, err
	}
	var patched *Object
	switch pt {
	case MergePatch:
		patched, err = applyMergePatch(cur, body)
	case StrategicPatch:
		if r.Custom { // API-17: custom resources have no strategic merge schema.
			return nil, &apierrors.StatusError{ErrStatus: metav1.Status{
				Status: metav1.StatusFailure, Code: 415, Reason: metav1.StatusReasonUnsupportedMediaType,
				Message: fmt.Sprintf("the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml"),
			}}
		}
		patched, err = strategicMetadataPatch(cur, body)
	default:
		return nil, apierrors.NewBadRequest("unknown patch type " + string(pt))
	}
	if err != nil {
		return nil, apierrors.NewBadRequest(fmt.Sprintf("%s %q: %v", ref.Kind, ref.Name, err))
	}
	return s.store(r, key, old, patched, true)
}

// patchTarget finds the object a patch writes: old as stored, and cur, a copy as served at
// ref's version for the patch to change.
func (s *APIServer) patchTarget(ref ObjectRef) (r *Resource, key storeKey, old, cur *Object, err error) {
	r, key, err = s.resource(ref)
	if err != nil {
		return nil, storeKey{}, nil, nil, err
	}
	old, ok := s.objects[key]
	if !ok {
		return nil, storeKey{}, nil, nil, apierrors.NewNotFound(r.GVR().GroupResource(), ref.Name)
	}
	cur = old.Copy()
	cur.APIVersion = r.apiVersion()
	return r, key, old, cur, nil
}

// patchFinalizers is patchShared(ref, MergePatch, p.JSON()) without building and parsing
// the JSON when that gives the same object (finalizerPatch.apply): OPS-4 sends one per
// object of a Foreground cascade. It stands beside upstream's removeFinalizer, which
// marshals that patch, and the server's merge patch handler, which parses it.
func (s *APIServer) patchFinalizers(ref ObjectRef, p finalizerPatch) (*Object, error) {
	r, key, err := s.resource(ref)
	if err != nil {
		return nil, err
	}
	old, ok := s.objects[key]
	if !ok {
		return nil, apierrors.NewNotFound(r.GVR().GroupResource(), ref.Name)
	}
	// apply sets only the resourceVersion and the finalizers, and update assigns fields
	// without changing what they point to, so a shallow copy of the stored object does.
	cur := *old
	cur.APIVersion = r.apiVersion()
	if !p.apply(&cur) {
		return s.patchShared(ref, MergePatch, p.JSON())
	}
	// Removing finalizers from a stored (so valid, deduplicated) object cannot make its
	// metadata invalid: ValidateObjectMeta checks each finalizer name and that orphan and
	// foregroundDeletion are not both set, which a subset keeps. OPS-4 removes one per
	// owner of a Foreground cascade, so the check is skipped.
	return s.store(r, key, old, &cur, !subset(cur.Finalizers, old.Finalizers))
}

// subset reports whether every string of a is in b.
func subset(a, b []string) bool {
	for _, x := range a {
		if !hasString(b, x) {
			return false
		}
	}
	return true
}

// store validates (when validate is set) and stores the new state of an existing object (API-7).
func (s *APIServer) store(r *Resource, key storeKey, old, nu *Object, validate bool) (*Object, error) {
	gr := r.GVR().GroupResource()
	if nu.ResourceVersion != "" && nu.ResourceVersion != old.ResourceVersion {
		return nil, apierrors.NewConflict(gr, old.Name, fmt.Errorf("the object has been modified; please apply your changes to the latest version and try again"))
	}
	if nu.UID == "" {
		nu.UID = old.UID
	}
	var errs field.ErrorList
	if nu.UID != old.UID {
		errs = append(errs, field.Invalid(field.NewPath("metadata", "uid"), nu.UID, "field is immutable"))
	}
	if nu.Name != old.Name || nu.Namespace != old.Namespace || nu.Kind != old.Kind ||
		schema.FromAPIVersionAndKind(nu.APIVersion, nu.Kind).GroupKind() != key.kind.GVK.GroupKind() {
		errs = append(errs, field.Invalid(field.NewPath("metadata", "name"), nu.Name, "apiVersion, kind, namespace and name are immutable"))
	}
	// API-7: the server keeps its own system fields.
	nu.APIVersion = old.APIVersion
	nu.DeletionTimestamp = old.DeletionTimestamp
	if nu.DeletionGracePeriodSeconds == nil {
		nu.DeletionGracePeriodSeconds = old.DeletionGracePeriodSeconds
	}
	nu.CreationTimestamp, nu.Generation, nu.ResourceVersion = old.CreationTimestamp, old.Generation, old.ResourceVersion
	// ValidateNoNewFinalizers builds sets on every call: ask it only when it has an error to report.
	if old.Terminating() && !subset(nu.Finalizers, old.Finalizers) {
		errs = append(errs, validation.ValidateNoNewFinalizers(nu.Finalizers, old.Finalizers, field.NewPath("metadata", "finalizers"))...)
	}
	if validate {
		nu.OwnerReferences = s.dedupOwnerReferences(old.Ref(), nu.OwnerReferences)
		errs = append(errs, s.validate(r, nu)...)
	}
	if len(errs) > 0 {
		return nil, apierrors.NewInvalid(r.GVK.GroupKind(), old.Name, errs)
	}
	if nu.Content == nil {
		nu.Content = map[string]any{}
	}
	// API-15: the last finalizer gone from a terminating object with no grace period left.
	if len(nu.Finalizers) == 0 && old.Terminating() &&
		(old.DeletionGracePeriodSeconds == nil || *old.DeletionGracePeriodSeconds == 0) {
		s.remove(r, key, old)
		return nu, nil
	}
	if sameMeta(&nu.ObjectMeta, &old.ObjectMeta) && apiequality.Semantic.DeepEqual(nu.Content, old.Content) {
		return old, nil // API-16: a no-op write stores nothing and emits nothing.
	}
	s.commit(r, key, nu, watch.Modified)
	return nu, nil
}

// sameMeta is apiequality.Semantic.DeepEqual for metadata, answering at once for the
// differences a write usually makes (API-16's no-op test runs on every write).
func sameMeta(a, b *metav1.ObjectMeta) bool {
	if (a.DeletionTimestamp == nil) != (b.DeletionTimestamp == nil) || len(a.Finalizers) != len(b.Finalizers) ||
		a.Generation != b.Generation || a.ResourceVersion != b.ResourceVersion {
		return false
	}
	return apiequality.Semantic.DeepEqual(*a, *b)
}

func applyMergePatch(cur *Object, body []byte) (*Object, error) {
	if mergePatchMetadata(cur, body) { // the same result without converting the whole object
		return cur, nil
	}
	return roundTripMergePatch(cur, body)
}

// roundTripMergePatch applies a JSON merge patch to the object as served, in JSON.
func roundTripMergePatch(cur *Object, body []byte) (*Object, error) {
	var patch any
	if err := json.Unmarshal(body, &patch); err != nil {
		return nil, fmt.Errorf("invalid merge patch: %v", err)
	}
	if _, ok := patch.(map[string]any); !ok {
		return nil, fmt.Errorf("invalid merge patch: want a JSON object")
	}
	return ObjectFromUnstructured(mergeJSON(cur.Unstructured().Object, patch).(map[string]any))
}

// ValidateMetadata runs the API server's metadata validation (API-2, API-6) without storing.
func ValidateMetadata(r *Resource, o *Object) error {
	if errs := (&APIServer{}).validate(r, o); len(errs) > 0 {
		return errs.ToAggregate()
	}
	return nil
}

// mergeJSON applies an RFC 7386 JSON merge patch to a decoded JSON document: objects merge
// key by key, null deletes a key, anything else replaces the target. target is not changed.
func mergeJSON(target, patch any) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	t, _ := target.(map[string]any)
	out := make(map[string]any, len(t)+len(p))
	for k, v := range t {
		out[k] = v
	}
	for k, v := range p {
		if v == nil {
			delete(out, k)
		} else {
			out[k] = mergeJSON(out[k], v)
		}
	}
	return out
}
