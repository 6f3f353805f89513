// Package scene turns a workspace view into a laid-out object graph: positioned nodes and
// edge paths, owners above dependents. The page draws it as SVG elements and the SVG
// export renders the same scene as text, so both show the same picture.
package scene

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// Mode selects which side the graph shows.
type Mode int

const (
	// API draws the API server's objects; GC lag is highlighted on them.
	API Mode = iota
	// GC draws the garbage collector's own graph (uidToNode); nodes the API server no
	// longer (or never) stored are highlighted, virtual nodes dashed.
	GC
)

func (m Mode) String() string {
	if m == GC {
		return "gc"
	}
	return "api"
}

// Status of a drawn node.
type Status int

const (
	Live        Status = iota
	Terminating        // API: deletionTimestamp set; GC: beingDeleted
	Virtual            // GC: a virtual node (N-3)
	Absent             // API: an owner reference names a uid nothing stores
)

// Node is one drawn vertex.
type Node struct {
	ID         string // the uid, or "absent:"+uid for a missing owner
	APIVersion string
	Kind       string
	Namespace  string
	Name       string
	UID        types.UID
	Status     Status
	Finalizers []string
	// Lag (API mode): the GC's graph has no node for this object yet, or only a virtual
	// one. Stale (GC mode): the API server has no such object.
	Lag, Stale bool
	// DeletingDependents: the GC is deleting this owner's dependents first (FG-1).
	DeletingDependents bool
	// Object is true for nodes that stand for a stored object: they carry the page's
	// data-kind/... contract.
	Object bool
	// HasDependents and HiddenBelow drive the collapse toggle.
	HasDependents bool
	HiddenBelow   int
	// HiddenKinds counts what a folded node hides by kind: "+480 Pods, +10 ReplicaSets".
	HiddenKinds string
	X, Y        float64
}

// EdgeClass is how an ownerReference is drawn.
type EdgeClass int

const (
	Plain           EdgeClass = iota
	Controller                // controller: true
	Block                     // blockOwnerDeletion: true
	ControllerBlock           // both
	numEdgeClasses
)

// Scene is a laid-out graph. A Scene is never changed once built.
type Scene struct {
	// Version identifies the scene; it is the first field so that go-app's prop
	// comparison (reflect.DeepEqual) of two different scenes stops at once.
	Version int64
	Mode    Mode
	Nodes   []Node // in layout order: by layer, then left to right
	// Edges are the edges into each drawn dependent, one path per dependent and edge
	// class (its owner references of that class as subpaths), in node order. A path per
	// dependent lets the page remove a deleted object's edges without redrawing the rest.
	Edges         []EdgePath
	Width, Height float64
	Hidden        int // nodes hidden by collapsed subtrees

	// pos, sig and collapsed (the folds it was laid out with) let the next Build keep
	// positions (see BuildFrom).
	pos       map[string]*placed
	sig       map[string]nodeSig
	collapsed map[string]bool
}

// nodeSig is a node's signature (signatureOf); the GC's unblock patch (DEL-10) changes
// a class and so the signature.
type nodeSig struct{ owners, classes string }

type edge struct {
	owner, dep string
	class      EdgeClass
}

// EdgePath is one SVG path: the edges of one class into one dependent.
type EdgePath struct {
	ID    string // the dependent's node id and the class: a stable key
	Dep   string // the dependent's node id
	Class EdgeClass
	D     string // the path data: one cubic curve per edge
}

// Build lays out the view's objects (API) or graph nodes (GC). Collapsed holds node ids
// whose subtrees are folded away.
func Build(v *workspace.View, mode Mode, collapsed map[string]bool) *Scene {
	return BuildFrom(nil, v, mode, collapsed)
}

// BuildFrom is Build, keeping prev's positions when the graph only lost nodes (a
// cascade in progress): survivors stay where they are, so the picture does not jump
// and the page moves nothing. A new node, a changed ownerReference, a collapsed
// subtree or more than half the nodes gone lays the graph out afresh.
func BuildFrom(prev *Scene, v *workspace.View, mode Mode, collapsed map[string]bool) *Scene {
	return BuildPrepared(prev, nil, v, mode, collapsed)
}

// Prepared is a view's graph made ready for layout: its nodes and their owner
// references, the vertices' shape, the edges and signatures. FoldPrepared makes one and
// BuildPrepared takes it, so that a newly opened large view is not made ready twice, to
// fold it and then to draw it (a third of that work for a 20,000-object link).
type Prepared struct {
	version int64
	mode    Mode
	nodes   []Node
	owners  [][]metav1.OwnerReference
	shape   *shape
	edges   []edge
	sig     map[string]nodeSig
}

func prepare(v *workspace.View, mode Mode, nodes []Node, owners [][]metav1.OwnerReference) *Prepared {
	vs, edges, sig := vertices(v, mode, nodes, owners)
	return &Prepared{version: v.Version, mode: mode, nodes: nodes, owners: owners, shape: shapeOf(vs), edges: edges, sig: sig}
}

// BuildPrepared is BuildFrom with what FoldPrepared made ready for the same view and
// mode; p may be nil, or made for another view, and is then not used. A BuildPrepared
// may change p's parts: use it once.
func BuildPrepared(prev *Scene, p *Prepared, v *workspace.View, mode Mode, collapsed map[string]bool) *Scene {
	if p != nil && (p.version != v.Version || p.mode != mode) {
		p = nil
	}
	var nodes []Node
	var owners [][]metav1.OwnerReference
	if p != nil {
		nodes, owners = p.nodes, p.owners
	} else {
		nodes, owners = collect(v, mode)
	}
	byID := make(map[string]int, len(nodes))
	for i, n := range nodes {
		byID[n.ID] = i
	}
	s := &Scene{Mode: mode, collapsed: collapsed}
	kept, hidden := prev.canKeep(v, mode, nodes, owners, byID, collapsed)
	if kept {
		s.keep(prev, nodes, byID, hidden)
		// Every node is drawn or stays folded away (canKeep); a node prev did not
		// draw and did not hide needs a new layout.
		kept = len(s.Nodes)+hidden == len(nodes)
		if kept && hidden != prev.Hidden { // folded-away nodes went: the folds count again
			folds := countFolded(v, mode, nodes, owners, byID, s.pos, collapsed)
			for i := range s.Nodes {
				n := &s.Nodes[i]
				c, folded := folds[n.ID]
				n.HiddenBelow, n.HiddenKinds = c.n, c.kinds
				if folded {
					n.HasDependents = c.hasDeps
				}
			}
		}
	}
	var order []string
	var edges []edge
	if !kept {
		if p == nil {
			p = prepare(v, mode, nodes, owners)
		}
		edges, s.sig = p.edges, p.sig
		s.pos, order, s.Width, s.Height = p.shape.place(collapsed)
		s.Nodes = make([]Node, 0, len(order))
		for _, id := range order { // drawing order: by layer, then left to right
			n, p := nodes[byID[id]], s.pos[id]
			n.X, n.Y, n.HasDependents, n.HiddenBelow, n.HiddenKinds = p.x, p.y, p.hasDependents, p.hiddenBelow, p.hiddenKinds
			s.Nodes = append(s.Nodes, n)
		}
	}
	s.Hidden = len(nodes) - len(s.Nodes)
	s.Edges = edgePaths(prev, kept, byID, nodes, edges, s.pos, order)
	if prev.same(s) {
		return prev // nothing to redraw: the page compares one pointer
	}
	versions++
	s.Version = versions
	return s
}

// keep draws the nodes on prev's layout: each survivor where it was, with prev's
// position, toggle and fold counts, and the placeholder of a deleted owner in its place.
// prev's signatures stay valid for the survivors; those of nodes gone stay too, so a
// node that comes back (a rewind replays the same uids) is caught (canKeep).
func (s *Scene) keep(prev *Scene, nodes []Node, byID map[string]int, hidden int) {
	s.pos, s.sig, s.Width, s.Height = prev.pos, prev.sig, prev.Width, prev.Height
	s.Nodes = make([]Node, 0, len(nodes)-hidden)
	var placeholders []string
	for _, pn := range prev.Nodes {
		i, ok := byID[pn.ID]
		if !ok {
			if i, ok = byID[absentPrefix+pn.ID]; !ok {
				continue
			}
			placeholders = append(placeholders, pn.ID) // it takes the owner's place
			pn.HiddenBelow, pn.HiddenKinds = 0, ""     // and folds nothing
		}
		n := nodes[i]
		n.X, n.Y, n.HasDependents, n.HiddenBelow, n.HiddenKinds = pn.X, pn.Y, pn.HasDependents, pn.HiddenBelow, pn.HiddenKinds
		s.Nodes = append(s.Nodes, n)
	}
	s.pos = withPlaceholders(s.pos, placeholders)
}

// vertices makes the layout's input from the nodes and their owner references: an
// owner nothing stores (API) is its placeholder. It also returns the edges to draw and
// each node's signature.
func vertices(v *workspace.View, mode Mode, nodes []Node, owners [][]metav1.OwnerReference) ([]vertex, []edge, map[string]nodeSig) {
	vs := make([]vertex, len(nodes))
	var edges []edge
	sig := make(map[string]nodeSig, len(nodes))
	for i, n := range nodes {
		vs[i] = vertex{id: n.ID, key: sortKey(n), kind: n.Kind}
		for _, r := range owners[i] {
			id := ownerID(v, mode, r)
			vs[i].owners = append(vs[i].owners, id)
			edges = append(edges, edge{owner: id, dep: n.ID, class: classOf(r)})
		}
		sig[n.ID] = signatureOf(owners[i])
	}
	return vs, edges, sig
}

// ownerID is the id of the node an owner reference points at: in API mode an owner
// nothing stores is its placeholder.
func ownerID(v *workspace.View, mode Mode, r metav1.OwnerReference) string {
	if mode == API {
		if _, ok := v.InAPI[r.UID]; !ok {
			return absentPrefix + string(r.UID)
		}
	}
	return string(r.UID)
}

// collect makes the nodes of the view's objects (API, with placeholders for owners
// nothing stores) or graph nodes (GC), each with the ownerReferences it is drawn from.
func collect(v *workspace.View, mode Mode) ([]Node, [][]metav1.OwnerReference) {
	size := len(v.Objects)
	if mode == GC {
		size = len(v.Graph)
	}
	nodes := make([]Node, 0, size)
	owners := make([][]metav1.OwnerReference, 0, size)
	if mode == API {
		absent := map[string]Node{}
		for _, o := range v.Objects {
			n := Node{ID: string(o.UID), APIVersion: o.APIVersion, Kind: o.Kind, Namespace: o.Namespace, Name: o.Name,
				UID: o.UID, Finalizers: o.Finalizers, Object: true}
			if o.Terminating() {
				n.Status = Terminating
			}
			gn, ok := v.InGraph[o.UID]
			n.Lag = !ok || gn.Virtual
			n.DeletingDependents = ok && gn.DeletingDependents
			nodes, owners = append(nodes, n), append(owners, o.OwnerReferences)
			for _, r := range o.OwnerReferences {
				if _, ok := v.InAPI[r.UID]; !ok {
					id := absentPrefix + string(r.UID)
					if _, seen := absent[id]; !seen {
						absent[id] = Node{ID: id, APIVersion: r.APIVersion, Kind: r.Kind, Namespace: o.Namespace, Name: r.Name, UID: r.UID, Status: Absent}
					}
				}
			}
		}
		ids := make([]string, 0, len(absent))
		for id := range absent {
			ids = append(ids, id)
		}
		slices.Sort(ids) // a fixed order: layout sorts by key, but the same input gives the same scene
		for _, id := range ids {
			nodes, owners = append(nodes, absent[id]), append(owners, nil)
		}
		return nodes, owners
	}
	for _, g := range v.Graph {
		n := Node{ID: string(g.UID), APIVersion: g.APIVersion, Kind: g.Kind, Namespace: g.Namespace, Name: g.Name,
			UID: g.UID, DeletingDependents: g.DeletingDependents}
		switch {
		case g.Virtual:
			n.Status = Virtual
		case g.BeingDeleted:
			n.Status = Terminating
		}
		if o, ok := v.InAPI[g.UID]; ok {
			n.Finalizers = o.Finalizers
		} else {
			n.Stale = !g.Virtual
		}
		nodes, owners = append(nodes, n), append(owners, g.Owners)
	}
	return nodes, owners
}

// edgePaths draws the edges of the nodes in order. When the layout was kept, no position
// moved and a survivor's owners are the same (an owner may have turned into its
// placeholder, at the same place), so its paths are prev's.
func edgePaths(prev *Scene, kept bool, byID map[string]int, nodes []Node, edges []edge, pos map[string]*placed, order []string) []EdgePath {
	var out []EdgePath
	if kept {
		// prev's paths are in prev's node order, which order keeps: the paths of the
		// dependents still there, in the same order (a placeholder has no owners, so
		// the paths into the owner it replaces go).
		out = make([]EdgePath, 0, len(prev.Edges))
		for _, e := range prev.Edges {
			if _, ok := byID[e.Dep]; ok {
				out = append(out, e)
			}
		}
		return out
	}
	into := make(map[string][]edge, len(nodes))
	for _, e := range edges {
		into[e.dep] = append(into[e.dep], e)
	}
	for _, id := range order {
		var paths [numEdgeClasses][]byte
		for _, e := range into[id] {
			a, b := pos[e.owner], pos[e.dep]
			if a == nil || b == nil || a.hidden || b.hidden {
				continue
			}
			x1, y1 := a.x+NodeW/2, a.y+NodeH
			x2, y2 := b.x+NodeW/2, b.y
			dy := max(24, (y2-y1)/2)
			if y2 <= y1 { // a cycle's closing edge runs upwards: loop out to the side
				paths[e.class] = appendCurve(paths[e.class], x1, y1, x1+NodeW, y1+60, x2+NodeW, y2-60, x2, y2)
				continue
			}
			paths[e.class] = appendCurve(paths[e.class], x1, y1, x1, y1+dy, x2, y2-dy, x2, y2)
		}
		for c, d := range paths {
			if len(d) > 0 {
				out = append(out, EdgePath{ID: id + "|" + strconv.Itoa(c), Dep: id, Class: EdgeClass(c), D: string(d)})
			}
		}
	}
	return out
}

// signatureOf is what a kept layout requires of a node to stay the same: its owners by
// uid (an owner turning into its placeholder is no structural change) and the class of
// each reference. The common single owner costs no allocation.
func signatureOf(refs []metav1.OwnerReference) nodeSig {
	switch len(refs) {
	case 0:
		return nodeSig{}
	case 1:
		return nodeSig{owners: string(refs[0].UID), classes: classKeys[classOf(refs[0])]}
	}
	var owners, classes strings.Builder
	for i, r := range refs {
		if i > 0 {
			owners.WriteByte(',')
		}
		owners.WriteString(string(r.UID))
		classes.WriteString(classKeys[classOf(r)])
	}
	return nodeSig{owners: owners.String(), classes: classes.String()}
}

// versions numbers scenes; only the UI goroutine builds them.
var versions int64

// same reports whether s and t draw the same picture.
func (s *Scene) same(t *Scene) bool {
	if s == nil || s.Mode != t.Mode || s.Width != t.Width || s.Height != t.Height || s.Hidden != t.Hidden ||
		len(s.Nodes) != len(t.Nodes) || !slices.Equal(s.Edges, t.Edges) {
		return false
	}
	for i := range s.Nodes {
		a, b := &s.Nodes[i], &t.Nodes[i]
		if a.ID != b.ID || a.X != b.X || a.Y != b.Y || a.Status != b.Status || a.Lag != b.Lag || a.Stale != b.Stale ||
			a.DeletingDependents != b.DeletingDependents || a.HasDependents != b.HasDependents ||
			a.HiddenBelow != b.HiddenBelow || a.HiddenKinds != b.HiddenKinds || a.Name != b.Name || !slices.Equal(a.Finalizers, b.Finalizers) {
			return false
		}
	}
	return true
}

// absentPrefix marks the id of a placeholder for an owner nothing stores.
const absentPrefix = "absent:"

// withPlaceholders returns pos with the placeholders of deleted owners where the owners
// were: one copy of the map however many owners went in a tick (pos is shared with
// earlier scenes, so it is never changed in place).
func withPlaceholders(pos map[string]*placed, ids []string) map[string]*placed {
	if len(ids) == 0 {
		return pos
	}
	out := make(map[string]*placed, len(pos)+len(ids))
	for k, v := range pos {
		out[k] = v
	}
	for _, id := range ids {
		p := *pos[id]
		out[absentPrefix+id] = &p
	}
	return out
}

// canKeep reports whether nodes drawn from these owner references can reuse s's
// positions, and how many of them stay folded away: no node is new (but placeholders of owners that were drawn), every
// survivor has the same signature, the same nodes are folded, every node folded away
// still has the owners it had (an owner gone, or turned into its placeholder, which no
// fold names, may bring it back), and at least half of the nodes s was laid out with
// are left.
func (s *Scene) canKeep(v *workspace.View, mode Mode, nodes []Node, owners [][]metav1.OwnerReference, byID map[string]int, collapsed map[string]bool) (ok bool, hidden int) {
	if s == nil || s.Mode != mode || len(nodes) > len(s.sig) || len(nodes) < len(s.sig)/2 || !sameFolds(s.collapsed, collapsed) {
		return false, 0
	}
	for i, n := range nodes {
		old, ok := s.sig[n.ID]
		if !ok && n.Status == Absent { // a placeholder: its owner must have been drawn
			if _, drawn := s.pos[strings.TrimPrefix(n.ID, absentPrefix)]; !drawn {
				return false, 0
			}
			continue
		}
		if !ok || old != signatureOf(owners[i]) {
			return false, 0
		}
		if p := s.pos[n.ID]; p != nil && p.hidden {
			hidden++
			for _, r := range owners[i] {
				id := ownerID(v, mode, r)
				_, laidOut := s.sig[id]
				if _, now := byID[id]; now != laidOut {
					return false, 0
				}
			}
		}
	}
	return true, hidden
}

// sameFolds reports whether a and b fold the same nodes (false entries fold nothing).
func sameFolds(a, b map[string]bool) bool {
	for id, c := range a {
		if c && !b[id] {
			return false
		}
	}
	for id, c := range b {
		if c && !a[id] {
			return false
		}
	}
	return true
}

type hiddenCount struct {
	n       int
	kinds   string
	hasDeps bool
}

// countFolded counts again what each drawn folded node hides, after folded-away nodes
// went and the layout was kept, and whether it still has dependents at all (its toggle
// goes with the last one, as in a fresh layout).
func countFolded(v *workspace.View, mode Mode, nodes []Node, owners [][]metav1.OwnerReference, byID map[string]int, pos map[string]*placed, collapsed map[string]bool) map[string]hiddenCount {
	hidden := func(j int) bool { p := pos[nodes[j].ID]; return p != nil && p.hidden }
	deps := make([][]int, len(nodes))
	hasDeps := map[int]bool{}
	for j := range nodes {
		h := hidden(j)
		for _, r := range owners[j] {
			i, ok := byID[ownerID(v, mode, r)]
			if !ok || i == j {
				continue
			}
			if h {
				deps[i] = append(deps[i], j)
			}
			if collapsed[nodes[i].ID] {
				hasDeps[i] = true
			}
		}
	}
	out := map[string]hiddenCount{}
	for i, n := range nodes {
		if collapsed[n.ID] && !hidden(i) {
			c, kinds := countHidden(i, deps, hidden, func(j int) string { return nodes[j].Kind })
			out[n.ID] = hiddenCount{c, hiddenSummary(kinds), hasDeps[i]}
		}
	}
	return out
}

// appendCurve appends "Mx1 y1Cc1x c1y c2x c2y x2 y2" in whole units.
func appendCurve(b []byte, pts ...float64) []byte {
	for i, p := range pts {
		switch i {
		case 0:
			b = append(b, 'M')
		case 2:
			b = append(b, 'C')
		default:
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(math.Round(p)), 10)
	}
	return b
}

// classKeys names the edge classes in a nodeSig.
var classKeys = [numEdgeClasses]string{Plain: "p", Controller: "c", Block: "b", ControllerBlock: "x"}

func classOf(r metav1.OwnerReference) EdgeClass {
	c, b := r.Controller != nil && *r.Controller, r.BlockOwnerDeletion != nil && *r.BlockOwnerDeletion
	switch {
	case c && b:
		return ControllerBlock
	case c:
		return Controller
	case b:
		return Block
	}
	return Plain
}

func sortKey(n Node) string {
	return n.Namespace + "\x00" + n.Kind + "\x00" + n.Name + "\x00" + string(n.UID)
}

// StateAttr is the page contract's data-state value of an object node.
func (n Node) StateAttr() string {
	if n.Status == Terminating {
		return "terminating"
	}
	return "live"
}

// Short shortens s to at most n runes with an ellipsis, for labels of a fixed width.
func Short(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// NameRunes is how many runes of a name fit a node's box (NodeW) in the page's and the
// export's 14 px bold type (DejaVu Sans Bold, the widest common fallback, fits 17).
const NameRunes = 17

// ShortMiddle shortens s to at most n runes by cutting its middle: names of one family
// share their start ("coredns-autoscaler-7c9f-x2x" for the Deployment, its ReplicaSet and
// its Pods) and differ at the end, which an end cut would hide.
func ShortMiddle(s string, n int) string {
	r := []rune(s)
	if len(r) <= n || n < 3 {
		return Short(s, n)
	}
	head := (n - 1) * 2 / 5
	tail := n - 1 - head
	return string(r[:head]) + "…" + string(r[len(r)-tail:])
}

// LinePx is the type size of a node's small lines (its kind and namespace, its
// finalizers): 12 px, so that they stay 11 px or more on a laptop's fitted graph.
const LinePx = 12

// LineEm is the room for a node's small lines, in ems of LinePx: the box (NodeW) less the
// text's 14 px start and an 8 px end.
const LineEm = (NodeW - 14 - 8) / LinePx

// ShortEm shortens s at its end until it is at most em ems wide (TextEm).
func ShortEm(s string, em float64) string {
	if TextEm(s) <= em {
		return s
	}
	r, w, room := []rune(s), 0.0, em-TextEm("…")
	n := 0
	for n < len(r) && w+runeEm(r[n]) <= room {
		w += runeEm(r[n])
		n++
	}
	return string(r[:n]) + "…"
}

// FinalizerLabel is a node's finalizer line, at most em ems wide (TextEm): the first
// finalizer and how many more ("⚑ example.com/a +2 more"), the finalizer cut in its
// middle when it is too long (issue 22: a long name spilled out of its node); the page
// shows them all on hover.
func FinalizerLabel(fins []string, em float64) string {
	if len(fins) == 0 {
		return ""
	}
	more := ""
	if len(fins) > 1 {
		more = " +" + strconv.Itoa(len(fins)-1) + " more"
	}
	return ShortMiddleEm("⚑ "+fins[0], em-TextEm(more)) + more
}

// ShortMiddleEm shortens s by cutting its middle until it is at most em ems wide
// (TextEm), keeping about two fifths of the room for its start and the rest for its end.
func ShortMiddleEm(s string, em float64) string {
	if TextEm(s) <= em {
		return s
	}
	r := []rune(s)
	room := em - TextEm("…")
	head, headEm := 0, 0.0
	for head < len(r) && headEm+runeEm(r[head]) <= room*2/5 {
		headEm += runeEm(r[head])
		head++
	}
	tail, tailEm := len(r), 0.0
	for tail > head && tailEm+runeEm(r[tail-1]) <= room-headEm {
		tailEm += runeEm(r[tail-1])
		tail--
	}
	return string(r[:head]) + "…" + string(r[tail:])
}

// TextEm estimates how wide s is in ems of the page's sans-serif type, rounding up to
// DejaVu Sans's widths (the widest common fallback): enough to keep a label in its box.
func TextEm(s string) float64 {
	w := 0.0
	for _, r := range s {
		w += runeEm(r)
	}
	return w
}

func runeEm(r rune) float64 {
	switch {
	case strings.ContainsRune("iljI.,:;'|!", r):
		return 0.33
	case strings.ContainsRune("frt/-()[] ", r):
		return 0.42
	case r == 'm' || r == 'M' || r == 'W':
		return 1.0
	case r == 'w':
		return 0.84
	case r >= 'A' && r <= 'Z':
		return 0.78
	case r < 0x80:
		return 0.66
	}
	return 1.05 // ⚑, CJK and the rest: about a square
}

// Ref names the object the node stands for.
func (n Node) Ref() gccore.ObjectRef {
	return gccore.ObjectRef{APIVersion: n.APIVersion, Kind: n.Kind, Namespace: n.Namespace, Name: n.Name}
}
