package kubectl

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// resource is one resource type as kubectl names it: the preferred version of a group
// and kind the simulated API server serves.
type resource struct {
	gvk        schema.GroupVersionKind
	plural     string
	namespaced bool
}

// typeName is the lowercased kind with its group, as `-o name` and the delete message
// print it: "pod", "deployment.apps", "widget.example.com".
func (r resource) typeName() string {
	return qualify(strings.ToLower(r.gvk.Kind), r.gvk.Group)
}

// groupResource is the plural with its group, as the API server's errors name it:
// "pods", "deployments.apps".
func (r resource) groupResource() string { return qualify(r.plural, r.gvk.Group) }

// typeNameOf is typeName for an object's apiVersion and kind.
func typeNameOf(apiVersion, kind string) string {
	gv, _ := schema.ParseGroupVersion(apiVersion)
	return qualify(strings.ToLower(kind), gv.Group)
}

func qualify(name, group string) string {
	if group == "" {
		return name
	}
	return name + "." + group
}

// holds reports whether o is of this resource's group and kind, at any version: the
// API server lists an object at every version it serves.
func (r resource) holds(o *gccore.Object) bool {
	if o.Kind != r.gvk.Kind {
		return false
	}
	gv, err := schema.ParseGroupVersion(o.APIVersion)
	return err == nil && gv.Group == r.gvk.Group
}

// ref names one object of this resource.
func (r resource) ref(namespace, name string) gccore.ObjectRef {
	ref := gccore.ObjectRef{APIVersion: r.gvk.GroupVersion().String(), Kind: r.gvk.Kind, Name: name}
	if r.namespaced {
		ref.Namespace = namespace
	}
	return ref
}

// shortNames are kubectl's short names for the built-in kinds gcplay serves, as
// "short=plural" words (a string, not a map: app.wasm carries no map-building code).
const shortNames = " cm=configmaps po=pods rs=replicasets rc=replicationcontrollers deploy=deployments" +
	" sts=statefulsets ds=daemonsets sa=serviceaccounts ns=namespaces pv=persistentvolumes" +
	" pvc=persistentvolumeclaims svc=services no=nodes cj=cronjobs crd=customresourcedefinitions" +
	" crds=customresourcedefinitions ep=endpoints ev=events limits=limitranges quota=resourcequotas" +
	" hpa=horizontalpodautoscalers pdb=poddisruptionbudgets ing=ingresses netpol=networkpolicies" +
	" sc=storageclasses pc=priorityclasses "

// plural is the plural a short name stands for, or the word itself.
func plural(word string) string {
	if i := strings.Index(shortNames, " "+word+"="); i >= 0 {
		rest := shortNames[i+len(word)+2:]
		return rest[:strings.IndexByte(rest, ' ')]
	}
	return word
}

// allCategory is what kubectl's "all" category holds of the kinds gcplay serves, in
// the order kubectl prints them (its discovery order: core, apps, autoscaling, batch).
var allCategory = []string{"pods", "replicationcontrollers", "services", "daemonsets", "deployments",
	"replicasets", "statefulsets", "horizontalpodautoscalers", "cronjobs", "jobs"}

// resolve finds the resource a word names: a kind, its plural or singular, or a short
// name, with an optional group suffix ("widgets.example.com"), case-insensitive.
func resolve(ws *workspace.Workspace, word string) (resource, error) {
	name, group, hasGroup := strings.Cut(strings.ToLower(word), ".")
	if !hasGroup {
		name = plural(name)
	}
	for _, r := range ws.Sim().Resources().All() { // the preferred version comes first
		if hasGroup && r.GVK.Group != group {
			continue
		}
		kind := strings.ToLower(r.GVK.Kind)
		if name == kind || name == r.Plural {
			return resource{gvk: r.GVK, plural: r.Plural, namespaced: r.Namespaced}, nil
		}
	}
	return resource{}, fmt.Errorf("the server doesn't have a resource type %q", word)
}

// resolveList resolves a comma list of resource types; "all" stands for the kinds of
// kubectl's "all" category. Each type appears once, in the order named.
func resolveList(ws *workspace.Workspace, list string) ([]resource, error) {
	var out []resource
	seen := map[schema.GroupKind]bool{}
	add := func(r resource) {
		if !seen[r.gvk.GroupKind()] {
			seen[r.gvk.GroupKind()] = true
			out = append(out, r)
		}
	}
	for _, word := range strings.Split(list, ",") {
		if word == "" {
			continue
		}
		if strings.EqualFold(word, "all") {
			for _, p := range allCategory {
				r, err := resolve(ws, p)
				if err == nil {
					add(r)
				}
			}
			continue
		}
		r, err := resolve(ws, word)
		if err != nil {
			return nil, err
		}
		add(r)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("the server doesn't have a resource type %q", list)
	}
	return out, nil
}

// selection is what a command's positional arguments name: resource types, each with
// the names asked for (none: every object of the type).
type selection struct {
	types []typeNames
	// byName is true when names were given; a missing one is an error.
	byName bool
}

type typeNames struct {
	res   resource
	names []string
}

var errMixedForms = errors.New("name objects either as TYPE NAME... or as TYPE/NAME..., not both")

// selectArgs reads `TYPE[,TYPE...] [NAME...]` or `TYPE/NAME...`, as kubectl does.
func selectArgs(ws *workspace.Workspace, args []string) (selection, error) {
	var sel selection
	if len(args) == 0 {
		return sel, nil
	}
	if strings.Contains(args[0], "/") {
		idx := map[schema.GroupKind]int{}
		for _, a := range args {
			t, name, ok := strings.Cut(a, "/")
			if !ok {
				return sel, errMixedForms
			}
			if name == "" || strings.Contains(name, "/") {
				return sel, fmt.Errorf("%q: TYPE/NAME needs one type and one name", a)
			}
			r, err := resolve(ws, t)
			if err != nil {
				return sel, err
			}
			i, ok := idx[r.gvk.GroupKind()]
			if !ok {
				i = len(sel.types)
				idx[r.gvk.GroupKind()] = i
				sel.types = append(sel.types, typeNames{res: r})
			}
			sel.types[i].names = append(sel.types[i].names, name)
		}
		sel.byName = true
		return sel, nil
	}
	rs, err := resolveList(ws, args[0])
	if err != nil {
		return sel, err
	}
	for _, a := range args[1:] {
		if strings.Contains(a, "/") {
			return sel, errMixedForms
		}
	}
	for _, r := range rs {
		sel.types = append(sel.types, typeNames{res: r, names: args[1:]})
	}
	sel.byName = len(args) > 1
	return sel, nil
}
