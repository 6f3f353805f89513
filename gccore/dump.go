package gccore

import (
	"fmt"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

// DOT renders the GC's graph like kube-controller-manager's debug handler (DUMP-1, DUMP-2):
// vertices are nodes with owners or dependents, edges go from dependent to owner, and an
// owner uid missing from the graph becomes a missingFromGraph vertex. Unlike upstream
// (DUMP-3), a missing vertex is keyed by the owner's uid, and the order is fixed.
func (v Inspector) DOT() string {
	var b strings.Builder
	b.WriteString("strict digraph full {\n")
	type vertex struct {
		id    objectReference
		flags []string
	}
	vertices := map[types.UID]vertex{}
	var edges []string
	for _, n := range v.s.gb.graph.sortedNodes() {
		if len(n.owners.refs) == 0 && n.dependents.len() == 0 {
			continue
		}
		var flags []string
		for _, f := range []struct {
			on   bool
			name string
		}{{n.beingDeleted, "beingDeleted"}, {n.deletingDependents, "deletingDependents"}, {n.virtual, "virtual"}} {
			if f.on {
				flags = append(flags, f.name)
			}
		}
		vertices[n.identity.UID] = vertex{n.identity, flags}
		for _, ref := range n.owners.refs {
			if _, ok := v.s.gb.graph.read(ref.UID); !ok {
				if _, seen := vertices[ref.UID]; !seen {
					vertices[ref.UID] = vertex{identityOf(ref, n.identity.Namespace), []string{"missingFromGraph"}}
				}
			}
			edges = append(edges, fmt.Sprintf("  %q -> %q;\n", n.identity.UID, ref.UID))
		}
	}
	uids := make([]string, 0, len(vertices))
	for uid := range vertices {
		uids = append(uids, string(uid))
	}
	sort.Strings(uids)
	for _, uid := range uids {
		v := vertices[types.UID(uid)]
		fmt.Fprintf(&b, "  %q [label=%q];\n", uid, dotLabel(v.id, v.flags))
	}
	sort.Strings(edges)
	for _, e := range edges {
		b.WriteString(e)
	}
	b.WriteString("}\n")
	return b.String()
}

// dotLabel is "uid=…\nnamespace=…\nKind.version[.group]/name\n" plus the set flags.
func dotLabel(id objectReference, flags []string) string {
	gv, _ := schema.ParseGroupVersion(id.APIVersion)
	kind := id.Kind + "." + gv.Version
	if gv.Group != "" {
		kind += "." + gv.Group
	}
	l := fmt.Sprintf("uid=%s\nnamespace=%s\n%s/%s\n", id.UID, id.Namespace, kind, id.Name)
	for _, f := range flags {
		l += f + "=true\n"
	}
	return l
}
