package kubectl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/yaml"
)

var listFlags = map[string]flagSpec{"namespace": valueFlag, "all-namespaces": boolFlag, "selector": valueFlag}

func get(ws *workspace.Workspace, args []string) (string, error) {
	known := map[string]flagSpec{"output": valueFlag, "show-labels": boolFlag}
	for k, v := range listFlags {
		known[k] = v
	}
	f, err := parseFlags(args, known)
	if err != nil {
		return "", err
	}
	output := f.val["output"]
	switch output {
	case "", "wide", "name", "yaml", "json":
	default:
		return "", fmt.Errorf("unable to match a printer for the output format %q, allowed formats are: json,name,wide,yaml", output)
	}
	showLabels, err := f.bool("show-labels", false)
	if err != nil {
		return "", err
	}
	if len(f.pos) == 0 {
		return "", errors.New(`you must specify the type of resource to get: try "kubectl get all", or "kubectl api-resources" for the types served`)
	}
	found, err := lookup(ws, f)
	if err != nil && found == nil {
		return "", err
	}
	var b strings.Builder
	switch output {
	case "name":
		for _, g := range found.groups {
			for _, o := range g.objs {
				fmt.Fprintf(&b, "%s/%s\n", g.res.typeName(), o.Name)
			}
		}
	case "yaml", "json":
		var v any = listOf(found.all())
		if found.single() && len(found.all()) == 1 {
			v = found.all()[0].Unstructured().Object
		}
		if output == "yaml" {
			y, _ := yaml.Marshal(v)
			b.Write(y)
		} else {
			j, _ := json.MarshalIndent(v, "", "    ")
			b.Write(append(j, '\n'))
		}
		return b.String(), err // an empty list is printed, never "No resources found"
	default:
		opts := tableOptions{wide: output == "wide", allNamespaces: found.allNamespaces, showLabels: showLabels,
			withKind: len(found.groups) > 1, now: ws.View().Tick}
		first := true
		for _, g := range found.groups {
			if len(g.objs) == 0 {
				continue
			}
			if !first {
				b.WriteString("\n")
			}
			first = false
			b.WriteString(table(g, opts))
		}
	}
	if b.Len() == 0 && !found.byName {
		return found.empty(), err
	}
	return b.String(), err
}

// found is what a get or describe found, per resource type in the order asked.
type found struct {
	groups        []foundGroup
	byName        bool
	allNamespaces bool
	namespace     string
}

type foundGroup struct {
	res  resource
	objs []*gccore.Object
}

func (f *found) all() []*gccore.Object {
	var out []*gccore.Object
	for _, g := range f.groups {
		out = append(out, g.objs...)
	}
	return out
}

// single reports whether exactly one object was asked for by name: kubectl then prints
// that object rather than a List.
func (f *found) single() bool {
	return f.byName && len(f.groups) == 1 && len(f.groups[0].objs) <= 1
}

// empty is kubectl's message when a listing finds nothing.
func (f *found) empty() string {
	namespaced := false
	for _, g := range f.groups {
		namespaced = namespaced || g.res.namespaced
	}
	if f.allNamespaces || !namespaced {
		return "No resources found"
	}
	return fmt.Sprintf("No resources found in %s namespace.", f.namespace)
}

// lookup finds the objects the positional arguments and -n/-A/-l name. Names not found
// are errors (the API server's 404), returned with what was found.
func lookup(ws *workspace.Workspace, f flags) (*found, error) {
	sel, err := selectArgs(ws, f.pos)
	if err != nil {
		return nil, err
	}
	allNS, err := f.bool("all-namespaces", false)
	if err != nil {
		return nil, err
	}
	if allNS && sel.byName {
		return nil, errors.New("a resource cannot be retrieved by name across all namespaces")
	}
	match := labels.Everything()
	if s, ok := f.val["selector"]; ok {
		if match, err = labels.Parse(s); err != nil {
			return nil, fmt.Errorf("invalid selector %q: %v", s, err)
		}
	}
	res := &found{byName: sel.byName, allNamespaces: allNS, namespace: namespace(f)}
	var errs []error
	for _, tn := range sel.types {
		g := foundGroup{res: tn.res}
		inScope := func(o *gccore.Object) bool {
			return tn.res.holds(o) && (allNS || !tn.res.namespaced || o.Namespace == res.namespace)
		}
		if sel.byName {
			for _, name := range tn.names {
				o := findObject(ws.View().Objects, func(o *gccore.Object) bool { return inScope(o) && o.Name == name })
				if o == nil {
					errs = append(errs, notFound(tn.res, name))
					continue
				}
				g.objs = append(g.objs, o)
			}
		} else {
			for _, o := range ws.View().Objects {
				if inScope(o) && match.Matches(labels.Set(o.Labels)) {
					g.objs = append(g.objs, o)
				}
			}
			sort.SliceStable(g.objs, func(i, j int) bool {
				a, b := g.objs[i], g.objs[j]
				return a.Namespace < b.Namespace || a.Namespace == b.Namespace && a.Name < b.Name
			})
		}
		res.groups = append(res.groups, g)
	}
	return res, errors.Join(errs...)
}

func findObject(objs []*gccore.Object, ok func(*gccore.Object) bool) *gccore.Object {
	for _, o := range objs {
		if ok(o) {
			return o
		}
	}
	return nil
}

// listOf is the v1 List kubectl prints for -o yaml and -o json.
func listOf(objs []*gccore.Object) map[string]any {
	items := make([]any, len(objs))
	for i, o := range objs {
		items[i] = o.Unstructured().Object
	}
	return map[string]any{"apiVersion": "v1", "kind": "List", "items": items, "metadata": map[string]any{"resourceVersion": ""}}
}

type tableOptions struct {
	wide, allNamespaces, showLabels, withKind bool
	now                                       int64
}

// table prints one resource type's objects as kubectl's table: NAMESPACE with -A, NAME
// (with the type in front when several types are printed), the kind's columns, LABELS.
func table(g foundGroup, opts tableOptions) string {
	var cols []column
	for _, c := range columnsFor(g.res) {
		if !c.wide || opts.wide {
			cols = append(cols, c)
		}
	}
	var b bytes.Buffer
	w := tabwriter.NewWriter(&b, 0, 8, 3, ' ', 0)
	var head []string
	if opts.allNamespaces && g.res.namespaced {
		head = append(head, "NAMESPACE")
	}
	head = append(head, "NAME")
	for _, c := range cols {
		head = append(head, c.name)
	}
	if opts.showLabels {
		head = append(head, "LABELS")
	}
	fmt.Fprintln(w, strings.Join(head, "\t"))
	for _, o := range g.objs {
		var row []string
		if opts.allNamespaces && g.res.namespaced {
			row = append(row, o.Namespace)
		}
		name := o.Name
		if opts.withKind {
			name = g.res.typeName() + "/" + name
		}
		row = append(row, name)
		for _, c := range cols {
			row = append(row, c.cell(o, opts.now))
		}
		if opts.showLabels {
			row = append(row, labelList(o.Labels))
		}
		fmt.Fprintln(w, strings.Join(row, "\t"))
	}
	w.Flush()
	return b.String()
}

// apiResources lists the served types as `kubectl api-resources` does.
func apiResources(ws *workspace.Workspace, args []string) (string, error) {
	f, err := parseFlags(args, map[string]flagSpec{})
	if err != nil {
		return "", err
	}
	if len(f.pos) > 0 {
		return "", fmt.Errorf("api-resources takes no arguments, got %q", f.pos[0])
	}
	shorts := map[string][]string{}
	for s, p := range shortNames {
		shorts[p] = append(shorts[p], s)
	}
	var b bytes.Buffer
	w := tabwriter.NewWriter(&b, 0, 8, 3, ' ', 0)
	fmt.Fprintln(w, "NAME\tSHORTNAMES\tAPIVERSION\tNAMESPACED\tKIND")
	seen := map[string]bool{}
	for _, r := range ws.Sim().Resources().All() {
		key := r.Plural + "." + r.GVK.Group
		if seen[key] { // a kind served at several versions: its preferred one, listed first
			continue
		}
		seen[key] = true
		s := shorts[r.Plural]
		if r.Custom {
			s = nil
		}
		sort.Strings(s)
		fmt.Fprintf(w, "%s\t%s\t%s\t%t\t%s\n", r.Plural, strings.Join(s, ","), r.GVK.GroupVersion(), r.Namespaced, r.GVK.Kind)
	}
	w.Flush()
	return b.String(), nil
}
