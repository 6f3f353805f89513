package kubectl

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"sigs.k8s.io/yaml"
)

func get(ws *workspace.Workspace, args []string) (string, error) {
	f, err := parseFlags(args, map[string]bool{"n": true, "A": false, "o": true})
	if err != nil {
		return "", err
	}
	objs := ws.View().Objects
	var kind *workspace.Kind
	name := ""
	switch {
	case len(f.pos) == 1 && strings.Contains(f.pos[0], "/"):
		k, n, _ := strings.Cut(f.pos[0], "/")
		kk, err := resolveKind(ws, k)
		if err != nil {
			return "", err
		}
		kind, name = &kk, n
	case len(f.pos) >= 1:
		kk, err := resolveKind(ws, f.pos[0])
		if err != nil {
			return "", err
		}
		kind = &kk
		if len(f.pos) == 2 {
			name = f.pos[1]
		} else if len(f.pos) > 2 {
			return "", errors.New("get takes KIND and at most one NAME")
		}
	}
	_, all := f.val["A"]
	ns := namespace(f)
	var out []*gccore.Object
	for _, o := range objs {
		if kind != nil && (o.Kind != kind.Kind || o.APIVersion != kind.APIVersion) {
			continue
		}
		if !all && o.Namespace != "" && o.Namespace != ns && (kind == nil || kind.Namespaced) {
			continue
		}
		if name != "" && o.Name != name {
			continue
		}
		out = append(out, o)
	}
	if name != "" && len(out) == 0 {
		return "", fmt.Errorf("%s %q not found", strings.ToLower(kind.Kind), name)
	}
	switch f.val["o"] {
	case "yaml":
		if len(out) == 1 && name != "" {
			b, _ := yaml.Marshal(out[0].Unstructured().Object)
			return string(b), nil
		}
		return string(gccore.ListYAML(out)), nil
	case "json":
		return string(gccore.ListJSON(out)), nil
	case "name":
		var b strings.Builder
		for _, o := range out {
			fmt.Fprintf(&b, "%s/%s\n", strings.ToLower(o.Kind), o.Name)
		}
		return b.String(), nil
	case "", "wide":
	default:
		return "", fmt.Errorf("unknown output format %q (want yaml, json, name or wide)", f.val["o"])
	}
	if len(out) == 0 {
		return "No resources found.", nil
	}
	return table(out, ws.View().Tick), nil
}

func table(objs []*gccore.Object, tick int64) string {
	var b bytes.Buffer
	w := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "NAMESPACE\tKIND\tNAME\tOWNERS\tFINALIZERS\tSTATUS\tAGE")
	sorted := append([]*gccore.Object(nil), objs...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Namespace < sorted[j].Namespace })
	for _, o := range sorted {
		var owners []string
		for _, r := range o.OwnerReferences {
			owners = append(owners, strings.ToLower(r.Kind)+"/"+r.Name)
		}
		status := "Active"
		if o.Terminating() {
			status = "Terminating"
		}
		age := tick - (o.CreationTimestamp.Unix() - gccore.Epoch.Unix())
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%ds\n", orDash(o.Namespace), o.Kind, o.Name,
			orDash(strings.Join(owners, ",")), orDash(strings.Join(o.Finalizers, ",")), status, age)
	}
	w.Flush()
	return b.String()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
