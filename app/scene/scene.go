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
	X, Y          float64
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

	// pos and sig let the next Build keep positions (see Build).
	pos map[string]*placed
	sig map[string]nodeSig
}

// nodeSig is what a kept layout requires of a node to stay the same: its owners by uid
// and the class of each reference (the GC's unblock patch, DEL-10, changes a class).
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
	size := len(v.Objects)
	if mode == GC {
		size = len(v.Graph)
	}
	nodes := make([]Node, 0, size)
	edges := make([]edge, 0, size)
	vs := make([]vertex, 0, size)
	classesOf := make([]string, 0, size) // per vertex
	add := func(n Node, owners []metav1.OwnerReference) {
		nodes = append(nodes, n)
		vx := vertex{id: n.ID} // key: only a new layout needs it
		if len(owners) > 0 {
			vx.owners = make([]string, 0, len(owners))
		}
		classes := ""
		for _, r := range owners {
			classes += classKeys[classOf(r)] // one owner: a constant, no allocation
		}
		classesOf = append(classesOf, classes)
		for _, r := range owners {
			id := string(r.UID)
			if mode == API {
				if _, ok := v.InAPI[r.UID]; !ok {
					id = absentPrefix + string(r.UID)
				}
			}
			vx.owners = append(vx.owners, id)
			edges = append(edges, edge{owner: id, dep: n.ID, class: classOf(r)})
		}
		vs = append(vs, vx)
	}
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
			add(n, o.OwnerReferences)
			for _, r := range o.OwnerReferences {
				if _, ok := v.InAPI[r.UID]; !ok {
					id := absentPrefix + string(r.UID)
					if _, seen := absent[id]; !seen {
						absent[id] = Node{ID: id, APIVersion: r.APIVersion, Kind: r.Kind, Namespace: o.Namespace, Name: r.Name, UID: r.UID, Status: Absent}
					}
				}
			}
		}
		for _, n := range absent {
			add(n, nil)
		}
	} else {
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
			add(n, g.Owners)
		}
	}
	sig := make(map[string]nodeSig, len(vs))
	for i, vx := range vs {
		sig[vx.id] = nodeSig{owners: signature(vx.owners), classes: classesOf[i]}
	}
	var pos map[string]*placed
	var order []string
	var w, h float64
	kept := prev.canKeep(mode, sig, collapsed)
	if kept {
		pos, w, h = prev.pos, prev.Width, prev.Height
		for _, n := range prev.Nodes {
			if _, ok := sig[n.ID]; ok {
				order = append(order, n.ID)
			} else if _, ok := sig[absentPrefix+n.ID]; ok { // the owner's placeholder takes its place
				pos = withPlaceholder(pos, n.ID)
				order = append(order, absentPrefix+n.ID)
			}
		}
	} else {
		for i := range vs {
			vs[i].key = sortKey(nodes[i])
		}
		pos, order, w, h = layout(vs, collapsed)
	}
	s := &Scene{Mode: mode, Width: w, Height: h, Nodes: make([]Node, 0, len(order)), pos: pos, sig: sig}
	byID := make(map[string]int, len(nodes))
	for i, n := range nodes {
		byID[n.ID] = i
	}
	for _, id := range order { // drawing order: by layer, then left to right
		n, p := nodes[byID[id]], pos[id]
		n.X, n.Y, n.HasDependents, n.HiddenBelow = p.x, p.y, p.hasDependents, p.hiddenBelow
		s.Nodes = append(s.Nodes, n)
	}
	s.Hidden = len(nodes) - len(order)
	s.Edges = edgePaths(prev, kept, nodes, edges, pos, order)
	if prev.same(s) {
		return prev // nothing to redraw: the page compares one pointer
	}
	versions++
	s.Version = versions
	return s
}

// edgePaths draws the edges of the nodes in order. When the layout was kept, no position
// moved and a survivor's owners are the same (an owner may have turned into its
// placeholder, at the same place), so its paths are prev's.
func edgePaths(prev *Scene, kept bool, nodes []Node, edges []edge, pos map[string]*placed, order []string) []EdgePath {
	var out []EdgePath
	if kept {
		byDep := make(map[string][]EdgePath, len(prev.Nodes))
		for i := 0; i < len(prev.Edges); {
			j := i
			for j < len(prev.Edges) && prev.Edges[j].Dep == prev.Edges[i].Dep {
				j++
			}
			byDep[prev.Edges[i].Dep] = prev.Edges[i:j]
			i = j
		}
		out = make([]EdgePath, 0, len(prev.Edges))
		for _, id := range order {
			out = append(out, byDep[id]...)
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

// signature is a node's owners by uid, for telling a structural change: an owner turning
// into its placeholder is none.
func signature(owners []string) string {
	switch len(owners) {
	case 0:
		return ""
	case 1:
		return strings.TrimPrefix(owners[0], absentPrefix)
	}
	return strings.ReplaceAll(strings.Join(owners, ","), absentPrefix, "")
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
			a.HiddenBelow != b.HiddenBelow || a.Name != b.Name || !slices.Equal(a.Finalizers, b.Finalizers) {
			return false
		}
	}
	return true
}

// absentPrefix marks the id of a placeholder for an owner nothing stores.
const absentPrefix = "absent:"

// withPlaceholder returns pos with the placeholder of a deleted owner where the owner was.
func withPlaceholder(pos map[string]*placed, id string) map[string]*placed {
	out := make(map[string]*placed, len(pos)+1)
	for k, v := range pos {
		out[k] = v
	}
	p := *pos[id]
	out[absentPrefix+id] = &p
	return out
}

// canKeep reports whether a scene with these node signatures can reuse s's positions:
// no node is new, except placeholders of owners that were drawn.
func (s *Scene) canKeep(mode Mode, sig map[string]nodeSig, collapsed map[string]bool) bool {
	if s == nil || s.Mode != mode || len(sig) > len(s.sig) || len(sig) < len(s.sig)/2 {
		return false
	}
	if s.Hidden > 0 { // a subtree was folded: unfolding it needs a new layout
		return false
	}
	for _, c := range collapsed {
		if c {
			return false
		}
	}
	for id, owners := range sig {
		old, ok := s.sig[id]
		if !ok && strings.HasPrefix(id, absentPrefix) {
			_, ok = s.pos[strings.TrimPrefix(id, absentPrefix)]
			old = owners
		}
		if !ok || old != owners {
			return false
		}
	}
	return true
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

// Ref names the object the node stands for.
func (n Node) Ref() gccore.ObjectRef {
	return gccore.ObjectRef{APIVersion: n.APIVersion, Kind: n.Kind, Namespace: n.Namespace, Name: n.Name}
}
