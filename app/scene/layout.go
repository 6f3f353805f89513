package scene

import (
	"container/heap"
	"math"
	"sort"
)

// Sizes of the layout, in SVG user units.
const (
	NodeW    = 184.0
	NodeH    = 62.0
	gapX     = 22.0
	gapRow   = 18.0
	gapLayer = 64.0
	margin   = 24.0
	// minCols is the number of nodes per row below which a layer never wraps.
	minCols = 8
)

// vertex is a layout input: an id, a sort key and the ids of its owners.
type vertex struct {
	id     string
	key    string
	kind   string
	owners []string
}

// placed is a layout output.
type placed struct {
	x, y float64
	rank int
	// back marks owners whose edge closes a cycle (drawn, but ignored for ranks).
	hidden bool
	// hiddenBelow counts the descendants hidden by collapsing this vertex.
	hiddenBelow   int
	hiddenKinds   string
	hasDependents bool
}

// shape is the part of a layout that does not depend on the folds: the vertices in key
// order, their edges both ways, the edges that break cycles and each vertex's rank. Fold
// tries several folds of one graph and works it out once.
type shape struct {
	vs           []vertex
	deps, owners [][]int // deps[i] lists j with an edge i -> j (i owns j), in key order
	dag          map[[2]int]bool
	topo         []int
	rank         []int
}

func shapeOf(vs []vertex) *shape {
	sort.Slice(vs, func(i, j int) bool { return vs[i].key < vs[j].key })
	idx := make(map[string]int, len(vs))
	for i, v := range vs {
		idx[v.id] = i
	}
	deps := make([][]int, len(vs))
	owners := make([][]int, len(vs))
	for j, v := range vs {
		for _, o := range v.owners {
			if i, ok := idx[o]; ok && i != j {
				deps[i] = append(deps[i], j)
				owners[j] = append(owners[j], i)
			}
		}
	}
	s := &shape{vs: vs, deps: deps, owners: owners, dag: acyclic(deps), rank: make([]int, len(vs))}
	s.topo = topoOrder(s.dag, len(vs))
	for _, i := range s.topo {
		for _, o := range dagOwners(s.dag, owners[i], i) {
			s.rank[i] = max(s.rank[i], s.rank[o]+1)
		}
	}
	return s
}

// place lays the vertices out in layers, owners above dependents (longest path from the
// owners at the top), wraps wide layers into rows and orders each layer by the mean x of
// its owners, so siblings stay together. Vertices in collapsed hide their descendants
// that have no other visible owner. The result is deterministic.
func (s *shape) place(collapsed map[string]bool) (pos map[string]*placed, order []string, w, h float64) {
	vs := s.vs
	ps := make([]placed, len(vs))
	for i := range ps {
		ps[i].rank = s.rank[i]
		ps[i].hasDependents = len(s.deps[i]) > 0
	}
	s.fold(ps, collapsed)
	layers, visible := s.layers(ps)
	cols := max(minCols, int(math.Ceil(math.Sqrt(float64(visible))*1.6)))
	width := 0.0
	y := margin
	xs := make([]float64, len(vs))
	for r, layer := range layers {
		s.orderLayer(layer, r, ps, xs)
		for start := 0; start < len(layer); start += cols {
			row := layer[start:min(start+cols, len(layer))]
			for k, i := range row {
				order = append(order, vs[i].id)
				xs[i] = margin + float64(k)*(NodeW+gapX)
				ps[i].x, ps[i].y = xs[i], y
			}
			width = max(width, float64(len(row))*(NodeW+gapX)-gapX)
			y += NodeH + gapRow
		}
		y += gapLayer - gapRow
	}
	centerRows(layers, ps, width)
	out := make(map[string]*placed, len(vs))
	for i, v := range vs {
		out[v.id] = &ps[i]
	}
	h = y - gapLayer + gapRow + margin
	if visible == 0 {
		h = 2 * margin
	}
	return out, order, width + 2*margin, h
}

// fold hides the vertices whose every owner in the DAG is hidden or collapsed, and counts
// on each visible collapsed vertex what it hides.
func (s *shape) fold(ps []placed, collapsed map[string]bool) {
	vs := s.vs
	for _, i := range s.topo {
		os := dagOwners(s.dag, s.owners[i], i)
		if len(os) == 0 {
			continue
		}
		hide := true
		for _, o := range os {
			if !ps[o].hidden && !collapsed[vs[o].id] {
				hide = false
				break
			}
		}
		ps[i].hidden = hide
	}
	for i := range vs {
		if collapsed[vs[i].id] && !ps[i].hidden {
			var kinds map[string]int
			ps[i].hiddenBelow, kinds = countHidden(i, s.deps, func(j int) bool { return ps[j].hidden }, func(j int) string { return vs[j].kind })
			ps[i].hiddenKinds = hiddenSummary(kinds)
		}
	}
}

// layers are the visible vertices by rank, in topological order; visible counts them.
func (s *shape) layers(ps []placed) (layers [][]int, visible int) {
	for _, i := range s.topo {
		if ps[i].hidden {
			continue
		}
		visible++
		for len(layers) <= ps[i].rank {
			layers = append(layers, nil)
		}
		layers[ps[i].rank] = append(layers[ps[i].rank], i)
	}
	return layers, visible
}

// orderLayer orders layer r: the top one by key, the others by the mean x (xs) of their
// visible owners above, so siblings stay together; ties and orphans by key.
func (s *shape) orderLayer(layer []int, r int, ps []placed, xs []float64) {
	vs := s.vs
	if r == 0 {
		sort.Slice(layer, func(a, b int) bool { return vs[layer[a]].key < vs[layer[b]].key })
		return
	}
	bary := make(map[int]float64, len(layer))
	for _, i := range layer {
		sum, n := 0.0, 0
		for _, o := range s.owners[i] {
			if !ps[o].hidden && ps[o].rank < r {
				sum += xs[o]
				n++
			}
		}
		if n > 0 {
			bary[i] = sum / float64(n)
		} else {
			bary[i] = math.Inf(1)
		}
	}
	sort.SliceStable(layer, func(a, b int) bool {
		ba, bb := bary[layer[a]], bary[layer[b]]
		if ba != bb {
			return ba < bb
		}
		return vs[layer[a]].key < vs[layer[b]].key
	})
}

// centerRows centers every row under the widest one (width).
func centerRows(layers [][]int, ps []placed, width float64) {
	rowWidth := map[float64]float64{}
	for _, layer := range layers {
		for _, i := range layer {
			rowWidth[ps[i].y] = max(rowWidth[ps[i].y], ps[i].x+NodeW-margin)
		}
	}
	for _, layer := range layers {
		for _, i := range layer {
			ps[i].x += (width - rowWidth[ps[i].y]) / 2
		}
	}
}

// acyclic returns the edges i -> j of deps that are not back edges of a depth-first
// search in index order: removing them breaks every ownership cycle deterministically.
func acyclic(deps [][]int) map[[2]int]bool {
	const (
		white = iota
		grey
		black
	)
	color := make([]int, len(deps))
	keep := map[[2]int]bool{}
	type frame struct{ v, next int }
	for s := range deps {
		if color[s] != white {
			continue
		}
		stack := []frame{{s, 0}}
		color[s] = grey
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.next == len(deps[f.v]) {
				color[f.v] = black
				stack = stack[:len(stack)-1]
				continue
			}
			j := deps[f.v][f.next]
			f.next++
			switch color[j] {
			case white:
				keep[[2]int{f.v, j}] = true
				color[j] = grey
				stack = append(stack, frame{j, 0})
			case black:
				keep[[2]int{f.v, j}] = true
			}
		}
	}
	return keep
}

func dagOwners(dag map[[2]int]bool, owners []int, j int) []int {
	var out []int
	for _, o := range owners {
		if dag[[2]int{o, j}] {
			out = append(out, o)
		}
	}
	return out
}

// topoOrder orders vertices so that owners come before dependents (Kahn, index order).
func topoOrder(dag map[[2]int]bool, n int) []int {
	in := make([]int, n)
	out := make([][]int, n)
	for e := range dag {
		in[e[1]]++
		out[e[0]] = append(out[e[0]], e[1])
	}
	for i := range out {
		sort.Ints(out[i])
	}
	queue := &intHeap{}
	for i := 0; i < n; i++ {
		if in[i] == 0 {
			queue.push(i)
		}
	}
	order := make([]int, 0, n)
	for queue.Len() > 0 {
		i := queue.pop()
		order = append(order, i)
		for _, j := range out[i] {
			if in[j]--; in[j] == 0 {
				queue.push(j)
			}
		}
	}
	return order
}

// countHidden counts the hidden descendants of i, in all and by kind.
func countHidden(i int, deps [][]int, hidden func(int) bool, kind func(int) string) (int, map[string]int) {
	seen := map[int]bool{}
	kinds := map[string]int{}
	stack := []int{i}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range deps[v] {
			if hidden(d) && !seen[d] {
				seen[d] = true
				kinds[kind(d)]++
				stack = append(stack, d)
			}
		}
	}
	return len(seen), kinds
}

// intHeap is a min-heap of vertex indexes: Kahn's algorithm takes the smallest ready one.
type intHeap []int

func (h intHeap) Len() int           { return len(h) }
func (h intHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h intHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *intHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *intHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
func (h *intHeap) push(i int) { heap.Push(h, i) }
func (h *intHeap) pop() int   { return heap.Pop(h).(int) }
