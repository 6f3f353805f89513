package gccore_test

// The oracle: an independent model of where the garbage collector ends up, written from
// gc-behavior.md alone. It knows nothing of gccore's informers, graph records, virtual
// nodes, absentOwnerCache or backoff: objects live in one table, the GC is one sequential
// worker over a deduplicated FIFO that reads that table directly, and each decision
// is the rule's plain reading. The property test (property_test.go) restricts its generator
// to graphs whose end state does not depend on the schedule, so this sequential model must
// agree with the simulator's end state whatever the informer delays and worker counts.

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

const (
	finOrphan     = "orphan"
	finForeground = "foregroundDeletion"
)

// oRef is an ownerReference as the oracle sees it.
type oRef struct {
	APIVersion, Kind, Name, UID string
	Controller                  *bool
	Block                       *bool
}

func (r oRef) blocks() bool { return r.Block != nil && *r.Block }

// oObj is one object of the oracle's table.
type oObj struct {
	APIVersion, Kind, Name, Namespace, UID string
	DefaultOrphan                          bool // API-10
	Exists, Terminating                    bool
	Finalizers                             []string
	Refs                                   []oRef
	// EverForeground is the graph's one-way deletingDependents flag (N-4).
	EverForeground bool
}

func (o *oObj) has(f string) bool { return slices.Contains(o.Finalizers, f) }

func (o *oObj) String() string {
	s := o.Kind + " " + o.Name
	if o.Namespace != "" {
		s = o.Kind + " " + o.Namespace + "/" + o.Name
	}
	return s + " (" + o.UID + ")"
}

// oracle is the model: the API server's table plus one attemptToDelete queue.
type oracle struct {
	objs   []*oObj
	served map[string]bool // "apiVersion kind" -> namespaced; absent means not served (XNS-4)
	queue  []*oObj
	queued map[*oObj]bool
	// orphans are owners whose orphan transition the graph builder saw (GB-8, ORPH-1).
	orphans []*oObj
	steps   int
	// racy is set when DEL-10 unblocks references: the item's DELETE then fails on its
	// resourceVersion precondition (OPS-2: the references changed) and is retried with
	// backoff, while the owner it stopped blocking may finish first. Which comes first
	// depends on the schedule, so the caller only keeps such a step where both orders end
	// alike.
	racy bool
}

// clone copies a settled oracle.
func (m *oracle) clone() *oracle {
	if len(m.queue) > 0 || len(m.orphans) > 0 {
		panic("clone of an unsettled oracle")
	}
	c := &oracle{served: m.served, queued: map[*oObj]bool{}}
	for _, o := range m.objs {
		cp := *o
		cp.Finalizers = append([]string(nil), o.Finalizers...)
		cp.Refs = append([]oRef(nil), o.Refs...)
		c.objs = append(c.objs, &cp)
	}
	return c
}

func newOracle(objs []*oObj, served map[string]bool) *oracle {
	m := &oracle{objs: objs, served: served, queued: map[*oObj]bool{}}
	for _, o := range m.sorted(objs) { // every object reaches the GC once after it is created
		m.enqueue(o)
	}
	return m
}

// sorted orders objects the way gcplay iterates dependents: (kind, apiVersion, namespace,
// name, uid), gc-behavior.md section 0.
func (m *oracle) sorted(in []*oObj) []*oObj {
	out := append([]*oObj(nil), in...)
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		for _, c := range [][2]string{{a.Kind, b.Kind}, {a.APIVersion, b.APIVersion}, {a.Namespace, b.Namespace}, {a.Name, b.Name}} {
			if c[0] != c[1] {
				return c[0] < c[1]
			}
		}
		return a.UID < b.UID
	})
	return out
}

func (m *oracle) enqueue(o *oObj) {
	if o != nil && o.Exists && !m.queued[o] {
		m.queued[o] = true
		m.queue = append(m.queue, o)
	}
}

func (m *oracle) byUID(uid string) *oObj {
	for _, o := range m.objs {
		if o.Exists && o.UID == uid {
			return o
		}
	}
	return nil
}

// citers are the existing objects with a reference to uid: the GC's dependents of that
// uid, whatever coordinates they cite (N-1).
func (m *oracle) citers(uid string) []*oObj {
	var out []*oObj
	for _, o := range m.objs {
		if !o.Exists {
			continue
		}
		for _, r := range o.Refs {
			if r.UID == uid {
				out = append(out, o)
				break
			}
		}
	}
	return m.sorted(out)
}

type refStatus int

const (
	solid refStatus = iota
	dangling
	waiting
	unmappable       // XNS-4: retried forever, decides nothing
	clusterNamespace // XNS-3: forgotten, decides nothing
)

// status is DEL-8 for one reference of d: XNS-1 says where the owner is looked up.
func (m *oracle) status(d *oObj, r oRef) refStatus {
	namespaced, ok := m.served[r.APIVersion+" "+r.Kind]
	if !ok {
		return unmappable
	}
	ns := ""
	if namespaced {
		if d.Namespace == "" {
			return clusterNamespace
		}
		ns = d.Namespace
	}
	for _, o := range m.objs {
		if o.Exists && o.APIVersion == r.APIVersion && o.Kind == r.Kind && o.Namespace == ns && o.Name == r.Name {
			switch {
			case o.UID != r.UID:
				return dangling
			case o.Terminating && o.has(finForeground):
				return waiting
			}
			return solid
		}
	}
	return dangling
}

// settle runs the GC until it has nothing left to do.
func (m *oracle) settle() {
	for {
		if m.steps++; m.steps > 100000 {
			panic("oracle does not settle")
		}
		if len(m.queue) > 0 {
			d := m.queue[0]
			m.queue = m.queue[1:]
			delete(m.queued, d)
			m.attemptToDelete(d)
			continue
		}
		if len(m.orphans) > 0 {
			o := m.orphans[0]
			m.orphans = m.orphans[1:]
			m.orphanDependents(o)
			continue
		}
		return
	}
}

// attemptToDelete is DEL-4 … DEL-11 for one item, read from the table.
func (m *oracle) attemptToDelete(d *oObj) {
	switch {
	case !d.Exists: // DEL-5: nothing to do once it is gone
		return
	case d.Terminating && !d.EverForeground: // DEL-4
		return
	case d.EverForeground: // DEL-6
		m.foreground(d)
		return
	case len(d.Refs) == 0: // DEL-7
		return
	}
	var nSolid, nWaiting int
	drop := map[string]bool{}
	for _, r := range d.Refs {
		switch m.status(d, r) {
		case unmappable, clusterNamespace:
			return
		case solid:
			nSolid++
		case waiting:
			nWaiting++
			drop[r.UID] = true
		case dangling:
			drop[r.UID] = true
		}
	}
	switch {
	case nSolid > 0: // DEL-9a
		if len(drop) == 0 {
			return
		}
		var keep []oRef
		for _, r := range d.Refs {
			if !drop[r.UID] {
				keep = append(keep, r)
			}
		}
		m.setRefs(d, keep)
	case nWaiting > 0 && len(m.citers(d.UID)) > 0: // DEL-9b
		for _, dep := range m.citers(d.UID) {
			if dep.EverForeground { // DEL-10: unblock own references before waiting
				refs := append([]oRef(nil), d.Refs...)
				for i := range refs {
					if refs[i].blocks() {
						f := false
						refs[i].Block = &f
						m.racy = true
					}
				}
				m.setRefs(d, refs)
				break
			}
		}
		m.delete(d, "Foreground")
	default: // DEL-9c with DEL-11's policy
		switch {
		case d.has(finOrphan):
			m.delete(d, "Orphan")
		case d.has(finForeground):
			m.delete(d, "Foreground")
		default:
			m.delete(d, "Background")
		}
	}
}

// foreground is FG-1.
func (m *oracle) foreground(o *oObj) {
	var blockers []*oObj
	for _, d := range m.citers(o.UID) {
		for _, r := range d.Refs {
			if r.UID == o.UID && r.blocks() {
				blockers = append(blockers, d)
				break
			}
		}
	}
	if len(blockers) == 0 {
		m.removeFinalizer(o, finForeground)
		return
	}
	for _, b := range blockers {
		if !b.EverForeground {
			m.enqueue(b)
		}
	}
}

// orphanDependents is ORPH-2 and ORPH-3.
func (m *oracle) orphanDependents(o *oObj) {
	for _, d := range m.citers(o.UID) {
		var keep []oRef
		for _, r := range d.Refs {
			if r.UID != o.UID {
				keep = append(keep, r)
			}
		}
		m.setRefs(d, keep)
	}
	m.removeFinalizer(o, finOrphan)
}

// setRefs writes d's references; the graph builder then wakes the owners that d stopped
// blocking (GB-6, GB-7).
func (m *oracle) setRefs(d *oObj, refs []oRef) {
	old := d.Refs
	d.Refs = refs
	for _, r := range old {
		if !r.blocks() {
			continue
		}
		still := false
		for _, n := range refs {
			still = still || (n.UID == r.UID && n.blocks())
		}
		if !still {
			m.enqueue(m.byUID(r.UID))
		}
	}
}

// delete is one DELETE request (API-11, API-12, API-14); policy "" is the kind's default.
func (m *oracle) delete(o *oObj, policy string) {
	if !o.Exists {
		return // 404
	}
	first := func() string { // API-11 rule 4: the first GC finalizer present decides
		for _, x := range o.Finalizers {
			if x == finOrphan || x == finForeground {
				return x
			}
		}
		return ""
	}
	orphan, fg := false, false
	switch policy {
	case "Orphan":
		orphan = true
	case "Foreground":
		fg = true
	case "Background":
	default:
		switch first() {
		case finOrphan:
			orphan = true
		case finForeground:
			fg = true
		default:
			orphan = o.DefaultOrphan
		}
	}
	var out []string
	for _, f := range o.Finalizers {
		if f != finOrphan && f != finForeground {
			out = append(out, f)
		}
	}
	if orphan {
		out = append(out, finOrphan)
	}
	if fg {
		out = append(out, finForeground)
	}
	if sameSet(out, o.Finalizers) {
		out = o.Finalizers
	}
	if len(out) == 0 {
		m.remove(o)
		return
	}
	wasOrphan := o.Terminating && o.has(finOrphan)
	wasFg := o.Terminating && o.has(finForeground)
	o.Terminating, o.Finalizers = true, append([]string(nil), out...)
	switch { // GB-8: only a transition starts the work
	case o.has(finOrphan) && !wasOrphan:
		m.orphans = append(m.orphans, o)
	case o.has(finForeground) && !wasFg:
		o.EverForeground = true
		for _, d := range m.citers(o.UID) {
			m.enqueue(d)
		}
		m.enqueue(o)
	}
}

// removeFinalizer drops f; the last finalizer of a terminating object removes it (API-15).
func (m *oracle) removeFinalizer(o *oObj, f string) {
	if !o.Exists || !o.has(f) {
		return
	}
	var out []string
	for _, x := range o.Finalizers {
		if x != f {
			out = append(out, x)
		}
	}
	o.Finalizers = out
	if o.Terminating && len(out) == 0 {
		m.remove(o)
	}
}

// remove takes o out of storage; the graph builder wakes its dependents and its waiting
// owners (GB-10).
func (m *oracle) remove(o *oObj) {
	o.Exists = false
	for _, d := range m.citers(o.UID) {
		m.enqueue(d)
	}
	for _, r := range o.Refs {
		if owner := m.byUID(r.UID); owner != nil && owner.EverForeground {
			m.enqueue(owner)
		}
	}
}

func sameSet(a, b []string) bool {
	in := func(x string, l []string) bool {
		for _, y := range l {
			if x == y {
				return true
			}
		}
		return false
	}
	for _, x := range a {
		if !in(x, b) {
			return false
		}
	}
	for _, x := range b {
		if !in(x, a) {
			return false
		}
	}
	return true
}

// line renders an object's end state for comparison with the simulator's.
func (o *oObj) line() string {
	if !o.Exists {
		return o.String() + ": gone"
	}
	var b strings.Builder
	b.WriteString(o.String() + ":")
	if o.Terminating {
		b.WriteString(" terminating")
	}
	fmt.Fprintf(&b, " finalizers=%v refs=[", o.Finalizers)
	for i, r := range o.Refs {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(r.UID)
		if r.blocks() {
			b.WriteString("(block)")
		}
	}
	b.WriteString("]")
	return b.String()
}
