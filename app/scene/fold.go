package scene

import (
	"fmt"
	"maps"
	"sort"
	"strings"

	"github.com/gcplay/gcplay/app/workspace"
)

// MinFold is the number of nodes up to which a graph is never folded by Fold: every
// scenario of gccore/testdata (at most 200 objects) and every example stays whole, so
// the page shows all their objects. Beyond it a tree cannot be legible in a panel: at
// 250 nodes the layout is about 5,000 units wide, a zoom of 0.2 in a 1,000 px panel.
const MinFold = 250

// Large reports whether v has more than MinFold objects (API) or graph nodes (GC), so
// that Fold may fold it. (Absent owners add nodes too; a view with few objects and many
// absent owners is not counted, and is folded after it is first drawn.)
func Large(v *workspace.View, mode Mode) bool {
	if mode == GC {
		return len(v.Graph) > MinFold
	}
	return len(v.Objects) > MinFold
}

// A collapsed map holds node ids: true folds the node's subtree away; false records
// that the learner unfolded it, which Fold respects.

// Fold returns the collapsed map that makes the graph legible in a viewW × viewH panel
// at minZoom or more: it folds every node of the deepest layer whose layout then fits,
// except nodes the learner unfolded (false in collapsed). When even folding the top
// layer does not fit, that is the answer. It returns collapsed itself when nothing needs
// folding: a graph of at most MinFold nodes, or one that already fits.
func Fold(v *workspace.View, mode Mode, collapsed map[string]bool, viewW, viewH, minZoom float64) map[string]bool {
	c, _ := FoldPrepared(v, mode, collapsed, viewW, viewH, minZoom)
	return c
}

// FoldPrepared is Fold, also handing on the graph it made ready for layout, for the
// BuildPrepared that draws the folded view (nil when it made none).
func FoldPrepared(v *workspace.View, mode Mode, collapsed map[string]bool, viewW, viewH, minZoom float64) (map[string]bool, *Prepared) {
	nodes, owners := collect(v, mode)
	if len(nodes) <= MinFold || viewW <= 0 || viewH <= 0 {
		return collapsed, nil
	}
	p := prepare(v, mode, nodes, owners)
	sh := p.shape
	fits := func(w, h float64) bool { return w*minZoom <= viewW && h*minZoom <= viewH }
	pos, _, w, h := sh.place(collapsed)
	if fits(w, h) {
		return collapsed, p
	}
	// Layers by rank, from the layout without folding (ranks do not depend on it).
	maxRank := 0
	for _, p := range pos {
		maxRank = max(maxRank, p.rank)
	}
	var cand map[string]bool
	for d := maxRank - 1; d >= 0; d-- {
		cand = maps.Clone(collapsed)
		if cand == nil {
			cand = map[string]bool{}
		}
		for id, p := range pos {
			if _, chosen := collapsed[id]; p.rank == d && p.hasDependents && !chosen {
				cand[id] = true
			}
		}
		if _, _, w, h := sh.place(cand); fits(w, h) {
			return cand, p
		}
	}
	if cand == nil {
		return collapsed, p
	}
	return cand, p
}

// Reveal returns collapsed with every folded owner above id (through any chain of
// owners) unfolded, marked as the learner's choice, so that id is drawn. It returns
// collapsed itself when none is folded.
// In a graph of more than MinFold nodes, each owner unfolded this way folds its other
// dependents that have dependents (as Unfold does), so the rest stays folded.
func Reveal(v *workspace.View, mode Mode, id string, collapsed map[string]bool) map[string]bool {
	ownersOf, depsOf, large := structure(v, mode)
	var out map[string]bool
	seen := map[string]bool{id: true}
	stack := []string{id}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, o := range ownersOf[cur] {
			if seen[o] {
				continue
			}
			seen[o] = true
			stack = append(stack, o)
			if collapsed[o] {
				if out == nil {
					out = maps.Clone(collapsed)
				}
				out[o] = false
				if large {
					foldBelow(out, o, depsOf, seen)
				}
			}
		}
	}
	if out == nil {
		return collapsed
	}
	return out
}

// Unfold returns collapsed with id unfolded, marked as the learner's choice. In a graph
// of more than MinFold nodes it unfolds one layer: the node's dependents that have
// dependents of their own, and no fold chosen, are folded, so that a "+5000 Pods, +100
// ReplicaSets" opens to the ReplicaSets and not to 5,100 nodes.
func Unfold(v *workspace.View, mode Mode, id string, collapsed map[string]bool) map[string]bool {
	out := maps.Clone(collapsed)
	if out == nil {
		out = map[string]bool{}
	}
	out[id] = false
	if _, depsOf, large := structure(v, mode); large {
		foldBelow(out, id, depsOf, nil)
	}
	return out
}

// foldBelow folds the dependents of id that have dependents, unless a fold is chosen
// for them or they are in keep (the path to a revealed node).
func foldBelow(m map[string]bool, id string, depsOf map[string][]string, keep map[string]bool) {
	for _, d := range depsOf[id] {
		if _, chosen := m[d]; !chosen && !keep[d] && len(depsOf[d]) > 0 {
			m[d] = true
		}
	}
}

// structure returns each node's owners and dependents by id, and whether the graph has
// more than MinFold nodes.
func structure(v *workspace.View, mode Mode) (ownersOf, depsOf map[string][]string, large bool) {
	nodes, owners := collect(v, mode)
	vs, _, _ := vertices(v, mode, nodes, owners)
	ownersOf = make(map[string][]string, len(vs))
	depsOf = make(map[string][]string, len(vs))
	for _, x := range vs {
		ownersOf[x.id] = x.owners
		for _, o := range x.owners {
			if o != x.id {
				depsOf[o] = append(depsOf[o], x.id)
			}
		}
	}
	return ownersOf, depsOf, len(nodes) > MinFold
}

// hiddenSummary names what a folded node hides, by kind, most first: "+480 Pods,
// +10 ReplicaSets".
func hiddenSummary(counts map[string]int) string {
	kinds := make([]string, 0, len(counts))
	for k := range counts {
		kinds = append(kinds, k)
	}
	sort.Slice(kinds, func(i, j int) bool {
		if counts[kinds[i]] != counts[kinds[j]] {
			return counts[kinds[i]] > counts[kinds[j]]
		}
		return kinds[i] < kinds[j]
	})
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		n := counts[k]
		if n != 1 {
			k = plural(k)
		}
		parts[i] = fmt.Sprintf("+%d %s", n, k)
	}
	return strings.Join(parts, ", ")
}

// plural is the English plural of a kind name, as kubectl's resource names go.
func plural(kind string) string {
	lower := strings.ToLower(kind)
	switch {
	case kind == "", kind == "Endpoints", strings.HasSuffix(kind, "Metadata"):
		return kind
	case strings.HasSuffix(lower, "s"), strings.HasSuffix(lower, "x"), strings.HasSuffix(lower, "ch"), strings.HasSuffix(lower, "sh"):
		return kind + "es"
	case strings.HasSuffix(lower, "y") && len(kind) > 1 && !strings.ContainsRune("aeiou", rune(lower[len(lower)-2])):
		return kind[:len(kind)-1] + "ies"
	}
	return kind + "s"
}
