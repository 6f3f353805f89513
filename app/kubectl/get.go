package kubectl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
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
		return "", errors.New(`you must specify the type of resource to get: try "kubectl get all"`)
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
	match, err := parseSelector(f.val["selector"])
	if err != nil {
		return nil, err
	}
	res := &found{byName: sel.byName, allNamespaces: allNS, namespace: namespace(f)}
	var errs []error
	for _, tn := range sel.types {
		// View.Objects are sorted by apiVersion, kind, namespace and name: one kind's
		// objects come in kubectl's order (namespace, name).
		var inScope []*gccore.Object
		for _, o := range ws.View().Objects {
			if tn.res.holds(o) && (allNS || !tn.res.namespaced || o.Namespace == res.namespace) && match.matches(o.Labels) {
				inScope = append(inScope, o)
			}
		}
		g := foundGroup{res: tn.res, objs: inScope}
		if sel.byName {
			g.objs = nil
			for _, name := range tn.names {
				if o := named(inScope, name); o != nil {
					g.objs = append(g.objs, o)
				} else {
					errs = append(errs, notFound(tn.res, name))
				}
			}
		}
		res.groups = append(res.groups, g)
	}
	return res, errors.Join(errs...)
}

func named(objs []*gccore.Object, name string) *gccore.Object {
	for _, o := range objs {
		if o.Name == name {
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
			row = append(row, cell(o, c, opts.now))
		}
		if opts.showLabels {
			m := make(map[string]any, len(o.Labels))
			for k, v := range o.Labels {
				m[k] = v
			}
			row = append(row, labelList(m))
		}
		fmt.Fprintln(w, strings.Join(row, "\t"))
	}
	w.Flush()
	return b.String()
}

// selector is a label selector in kubectl's equality-based form: terms k=v, k==v, k!=v,
// k (has the label) and !k (has not), separated by commas, all of which must hold.
type selector []struct{ key, op, value string }

func parseSelector(s string) (selector, error) {
	var sel selector
	for _, term := range strings.Split(s, ",") {
		term = strings.TrimSpace(term)
		if term == "" {
			continue
		}
		key, op, value := term, "exists", ""
		switch {
		case strings.Contains(term, "!="):
			key, value, _ = strings.Cut(term, "!=")
			op = "!="
		case strings.Contains(term, "="):
			key, value, _ = strings.Cut(term, "=")
			value, op = strings.TrimPrefix(value, "="), "="
		case strings.HasPrefix(term, "!"):
			key, op = term[1:], "absent"
		}
		key = strings.TrimSpace(key)
		if key == "" || strings.ContainsAny(key, " ()") {
			return nil, fmt.Errorf("invalid selector %q: use k=v, k!=v, k or !k terms separated by commas", s)
		}
		sel = append(sel, struct{ key, op, value string }{key, op, strings.TrimSpace(value)})
	}
	return sel, nil
}

func (sel selector) matches(labels map[string]string) bool {
	for _, t := range sel {
		v, has := labels[t.key]
		if (t.op == "exists" && !has) || (t.op == "absent" && has) || (t.op == "=" && (!has || v != t.value)) || (t.op == "!=" && has && v == t.value) {
			return false
		}
	}
	return true
}
