package gccore

import (
	"fmt"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation"
)

// Resource describes one kind the simulated API server serves at one version.
type Resource struct {
	GVK        schema.GroupVersionKind
	Plural     string // the resource name in URLs, e.g. "configmaps"
	Namespaced bool
	// Custom is true for declared kinds (served like CRDs): strategic merge patch is refused
	// with 415, so the GC falls back to a JSON merge patch (OPS-3).
	Custom bool
	// DefaultOrphan is the kind's delete strategy default (API-10).
	DefaultOrphan bool
	// Graceful kinds delete with a grace period (API-13). Only Pods.
	Graceful bool
	// Generation is true for kinds whose server strategy sets metadata.generation.
	Generation bool
	// Monitored is false for kinds the GC never watches (GB-16: events).
	Monitored bool
	// Broken is set on the preferred version of a kind declared broken (ResourceDecl):
	// its monitor never syncs.
	Broken bool

	// gv is GVK.GroupVersion().String() and preferred the preferred version of the
	// group/kind (N-2, SYNC-1), both set by Resources.add: every API call needs them, and
	// computing them allocates ("apps/v1") or hashes two strings.
	gv        string
	preferred *Resource
}

// apiVersion returns the resource's group/version as an apiVersion ("v1", "apps/v1").
func (r *Resource) apiVersion() string {
	if r.gv == "" { // a Resource made outside a Resources table
		return r.GVK.GroupVersion().String()
	}
	return r.gv
}

// GVR returns the resource's group/version/resource.
func (r *Resource) GVR() schema.GroupVersionResource {
	return r.GVK.GroupVersion().WithResource(r.Plural)
}

// ResourceDecl declares a custom kind, as in a scenario's `resources:` list.
type ResourceDecl struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Namespaced *bool  `json:"namespaced,omitempty"`
	// Broken makes the GC's monitor of the kind never sync, as a CRD whose conversion
	// webhook fails (S-42, #101078): its objects never reach the graph, and the workers
	// wait for it (V-5a, SYNC-4). Scenario format version 2.
	Broken bool `json:"broken,omitempty"`
}

// Resources is the API server's resource table and the GC's REST mapper (OPS-1, DEL-8).
// The first version registered for a group/kind is its preferred version: the one the GC's
// monitor watches (N-2, SYNC-1).
type Resources struct {
	byGVK     map[schema.GroupVersionKind]*Resource
	preferred map[schema.GroupKind]*Resource
	mapper    *meta.DefaultRESTMapper
	all       []*Resource
	// last is the most recent Lookup hit, a one-entry cache in front of byGVK (beside
	// upstream's restMapper.RESTMapping in the GC's apiResource). Every GC call maps its
	// kind twice (the GC's REST mapping, then the server's), mostly for one kind again and
	// again, and a miss parses the apiVersion and hashes three strings (in wasm without
	// hardware hashing). A miss overwrites it; nothing else needs to: only NewResources
	// adds to byGVK, and an entry is never replaced.
	last struct {
		apiVersion, kind string
		r                *Resource
	}
}

type builtin struct {
	apiVersion, kind, plural string
	namespaced, generation   bool
}

// builtins are the kinds every simulated API server serves (scenario-format.md).
var builtins = []builtin{
	{"v1", "Pod", "pods", true, true},
	{"v1", "ConfigMap", "configmaps", true, false},
	{"v1", "Secret", "secrets", true, false},
	{"v1", "Service", "services", true, false},
	{"v1", "ServiceAccount", "serviceaccounts", true, false},
	{"v1", "Endpoints", "endpoints", true, false},
	{"v1", "Event", "events", true, false},
	{"v1", "LimitRange", "limitranges", true, false},
	{"v1", "ResourceQuota", "resourcequotas", true, false},
	{"v1", "PersistentVolumeClaim", "persistentvolumeclaims", true, false},
	{"v1", "ReplicationController", "replicationcontrollers", true, true},
	{"v1", "Namespace", "namespaces", false, false},
	{"v1", "Node", "nodes", false, false},
	{"v1", "PersistentVolume", "persistentvolumes", false, false},
	{"apps/v1", "Deployment", "deployments", true, true},
	{"apps/v1", "ReplicaSet", "replicasets", true, true},
	{"apps/v1", "StatefulSet", "statefulsets", true, true},
	{"apps/v1", "DaemonSet", "daemonsets", true, true},
	{"apps/v1", "ControllerRevision", "controllerrevisions", true, false},
	{"batch/v1", "Job", "jobs", true, true},
	{"batch/v1", "CronJob", "cronjobs", true, true},
	{"autoscaling/v2", "HorizontalPodAutoscaler", "horizontalpodautoscalers", true, true},
	{"policy/v1", "PodDisruptionBudget", "poddisruptionbudgets", true, true},
	{"networking.k8s.io/v1", "Ingress", "ingresses", true, true},
	{"networking.k8s.io/v1", "NetworkPolicy", "networkpolicies", true, true},
	{"discovery.k8s.io/v1", "EndpointSlice", "endpointslices", true, false},
	{"coordination.k8s.io/v1", "Lease", "leases", true, false},
	{"events.k8s.io/v1", "Event", "events", true, false},
	{"rbac.authorization.k8s.io/v1", "ClusterRole", "clusterroles", false, false},
	{"rbac.authorization.k8s.io/v1", "ClusterRoleBinding", "clusterrolebindings", false, false},
	{"rbac.authorization.k8s.io/v1", "Role", "roles", true, false},
	{"rbac.authorization.k8s.io/v1", "RoleBinding", "rolebindings", true, false},
	{"storage.k8s.io/v1", "StorageClass", "storageclasses", false, false},
	{"scheduling.k8s.io/v1", "PriorityClass", "priorityclasses", false, false},
	{"apiextensions.k8s.io/v1", "CustomResourceDefinition", "customresourcedefinitions", false, true},
}

// NewResources returns the built-in table plus the declared kinds. A declaration of a kind
// that is already served at that version is ignored; a new version of a known group/kind adds
// a served, non-preferred version (XNS-4, S-16).
func NewResources(decls []ResourceDecl) (*Resources, error) {
	rs := &Resources{
		byGVK:     map[schema.GroupVersionKind]*Resource{},
		preferred: map[schema.GroupKind]*Resource{},
		mapper:    meta.NewDefaultRESTMapper(nil),
	}
	for _, b := range builtins {
		gvk := schema.FromAPIVersionAndKind(b.apiVersion, b.kind)
		rs.add(&Resource{
			GVK: gvk, Plural: b.plural, Namespaced: b.namespaced, Generation: b.generation,
			// API-10: the kinds whose served version still defaults to Orphan.
			DefaultOrphan: gvk == schema.GroupVersionKind{Version: "v1", Kind: "ReplicationController"} ||
				gvk == schema.GroupVersionKind{Group: "batch", Version: "v1", Kind: "Job"},
			Graceful:  gvk.Group == "" && gvk.Kind == "Pod",
			Monitored: gvk.Kind != "Event", // GB-16
		})
	}
	var broken []schema.GroupKind
	for i, d := range decls {
		gv, err := checkDecl(d)
		if err != nil {
			return nil, fmt.Errorf("resources[%d]: %v", i, err)
		}
		gvk := gv.WithKind(d.Kind)
		if d.Broken {
			broken = append(broken, gvk.GroupKind())
		}
		if _, ok := rs.byGVK[gvk]; ok {
			continue
		}
		namespaced := true
		if d.Namespaced != nil {
			namespaced = *d.Namespaced
		}
		r := &Resource{GVK: gvk, Namespaced: namespaced, Monitored: true, Generation: true}
		if pref, ok := rs.preferred[gvk.GroupKind()]; ok {
			if pref.Namespaced != namespaced {
				return nil, fmt.Errorf("resources[%d]: %s is declared with a scope that differs from its other versions", i, gvk.GroupKind())
			}
			r.Custom, r.Generation = pref.Custom, pref.Generation
		} else {
			r.Custom = true
		}
		plural, _ := meta.UnsafeGuessKindToResource(gvk)
		r.Plural = plural.Resource
		rs.add(r)
	}
	for _, gk := range broken { // the kind's monitor watches its preferred version (N-2)
		rs.preferred[gk].Broken = true
	}
	return rs, nil
}

// checkDecl checks a declared kind as the API server checks a CRD's names: the group a
// DNS subdomain, the version a DNS label, and the kind a DNS-1035 label once lowercased,
// so that its guessed plural is a usable resource name. The scenario parser and the
// playground's "declare a kind" form both come here.
func checkDecl(d ResourceDecl) (schema.GroupVersion, error) {
	gv, err := schema.ParseGroupVersion(d.APIVersion)
	if err != nil || d.APIVersion == "" || gv.Version == "" ||
		gv.Group != "" && len(validation.IsDNS1123Subdomain(gv.Group)) > 0 ||
		len(validation.IsDNS1035Label(gv.Version)) > 0 {
		return gv, fmt.Errorf("apiVersion %q must be <group>/<version> or <version> (like example.com/v1)", d.APIVersion)
	}
	if d.Kind == "" {
		return gv, fmt.Errorf("kind is required")
	}
	if len(validation.IsDNS1035Label(strings.ToLower(d.Kind))) > 0 {
		return gv, fmt.Errorf("kind must be letters, digits and '-', starting with a letter (like Widget), got %q", d.Kind)
	}
	return gv, nil
}

func (rs *Resources) add(r *Resource) {
	rs.byGVK[r.GVK] = r
	if _, ok := rs.preferred[r.GVK.GroupKind()]; !ok {
		rs.preferred[r.GVK.GroupKind()] = r
	}
	r.gv = r.GVK.GroupVersion().String()
	r.preferred = rs.preferred[r.GVK.GroupKind()]
	scope := meta.RESTScopeRoot
	if r.Namespaced {
		scope = meta.RESTScopeNamespace
	}
	rs.mapper.AddSpecific(r.GVK, r.GVR(), r.GVK.GroupVersion().WithResource(strings.ToLower(r.GVK.Kind)), scope)
	rs.all = append(rs.all, r)
}

// Lookup returns the resource served at exactly this apiVersion and kind.
func (rs *Resources) Lookup(apiVersion, kind string) (*Resource, bool) {
	if l := &rs.last; l.r != nil && l.kind == kind && l.apiVersion == apiVersion {
		return l.r, true
	}
	r, ok := rs.byGVK[schema.FromAPIVersionAndKind(apiVersion, kind)]
	if ok {
		rs.last.apiVersion, rs.last.kind, rs.last.r = apiVersion, kind, r
	}
	return r, ok
}

// Preferred returns the preferred version of a group/kind.
func (rs *Resources) Preferred(gk schema.GroupKind) (*Resource, bool) {
	r, ok := rs.preferred[gk]
	return r, ok
}

// RESTMapping maps an apiVersion and kind the way the GC's REST mapper does (OPS-1):
// an exact served version, or a NoKindMatch error that the GC retries (XNS-4).
func (rs *Resources) RESTMapping(apiVersion, kind string) (*Resource, error) {
	if r, ok := rs.Lookup(apiVersion, kind); ok { // a served version maps to itself; skips the mapper's allocations
		return r, nil
	}
	gvk := schema.FromAPIVersionAndKind(apiVersion, kind)
	m, err := rs.mapper.RESTMapping(gvk.GroupKind(), gvk.Version)
	if err != nil {
		return nil, err
	}
	return rs.byGVK[m.GroupVersionKind], nil
}

// namespaced reports whether that kind is served and namespaced.
func (rs *Resources) namespaced(apiVersion, kind string) bool {
	r, err := rs.RESTMapping(apiVersion, kind)
	return err == nil && r.Namespaced
}

// brokenKind reports whether the GC's monitor of that kind never syncs (ResourceDecl.Broken).
func (rs *Resources) brokenKind(apiVersion, kind string) bool {
	r, ok := rs.Lookup(apiVersion, kind)
	return ok && r.preferred.Broken
}

// All returns every served resource, sorted by group, version and kind.
func (rs *Resources) All() []*Resource {
	out := append([]*Resource(nil), rs.all...)
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].GVK, out[j].GVK
		if a.Group != b.Group {
			return a.Group < b.Group
		}
		if a.Version != b.Version {
			return a.Version < b.Version
		}
		return a.Kind < b.Kind
	})
	return out
}

// isGCFinalizer reports the two finalizers the API server manages for the GC.
func isGCFinalizer(f string) bool {
	return f == metav1.FinalizerOrphanDependents || f == metav1.FinalizerDeleteDependents
}
