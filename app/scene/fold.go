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

// A collapsed map holds node ids: true folds the node's subtree away; false records
// that the learner unfolded it, which Fold respects.

// Fold returns the collapsed map that makes the graph legible in a viewW × viewH panel
// at minZoom or more: it folds every node of the deepest layer whose layout then fits,
// except nodes the learner unfolded (false in collapsed). When even folding the top
// layer does not fit, that is the answer. It returns collapsed itself when nothing needs
// folding: a graph of at most MinFold nodes, or one that already fits.
func Fold(v *workspace.View, mode Mode, collapsed map[string]bool, viewW, viewH, minZoom float64) map[string]bool {
	nodes, owners := collect(v, mode)
	if len(nodes) <= MinFold || viewW <= 0 || viewH <= 0 {
		return collapsed
	}
	vs, _, _ := vertices(v, mode, nodes, owners)
	fits := func(w, h float64) bool { return w*minZoom <= viewW && h*minZoom <= viewH }
	pos, _, w, h := layout(vs, collapsed)
	if fits(w, h) {
		return collapsed
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
		if _, _, w, h := layout(vs, cand); fits(w, h) {
			return cand
		}
	}
	if cand == nil {
		return collapsed
	}
	return cand
}

// Reveal returns collapsed with every folded owner above id (through any chain of
// owners) unfolded, marked as the learner's choice, so that id is drawn. It returns
// collapsed itself when none is folded.
func Reveal(v *workspace.View, mode Mode, id string, collapsed map[string]bool) map[string]bool {
	nodes, owners := collect(v, mode)
	vs, _, _ := vertices(v, mode, nodes, owners)
	ownersOf := make(map[string][]string, len(vs))
	for _, x := range vs {
		ownersOf[x.id] = x.owners
	}
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
			}
		}
	}
	if out == nil {
		return collapsed
	}
	return out
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
