package scene

import (
	"slices"
	"strings"

	"github.com/gcplay/gcplay/app/workspace"
)

// Match is an object the graph search found.
type Match struct {
	ID                    string // the node id (Scene.Nodes)
	Kind, Namespace, Name string
}

// Find returns up to limit nodes of the view (API objects or GC graph nodes) matching
// the query, and how many match in all. Every word of the query must be a substring of
// the kind, the namespace or the name, ignoring case. Exact names come first, then the
// order of kind, namespace and name.
func Find(v *workspace.View, mode Mode, query string, limit int) ([]Match, int) {
	words := strings.Fields(strings.ToLower(query))
	if len(words) == 0 {
		return nil, 0
	}
	nodes, _ := collect(v, mode)
	var out []Match
	for _, n := range nodes {
		if n.Status == Absent {
			continue
		}
		kind, ns, name := strings.ToLower(n.Kind), strings.ToLower(n.Namespace), strings.ToLower(n.Name)
		ok := true
		for _, w := range words {
			if !strings.Contains(kind, w) && !strings.Contains(ns, w) && !strings.Contains(name, w) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, Match{ID: n.ID, Kind: n.Kind, Namespace: n.Namespace, Name: n.Name})
		}
	}
	exact := func(m Match) bool { return slices.Contains(words, strings.ToLower(m.Name)) }
	slices.SortFunc(out, func(a, b Match) int {
		if ea, eb := exact(a), exact(b); ea != eb {
			if ea {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Kind+"\x00"+a.Namespace+"\x00"+a.Name+"\x00"+a.ID, b.Kind+"\x00"+b.Namespace+"\x00"+b.Name+"\x00"+b.ID)
	})
	total := len(out)
	if len(out) > limit {
		out = out[:limit]
	}
	return out, total
}
