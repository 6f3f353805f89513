// Package compare sets two runs of one scenario side by side (issue 26, compare mode):
// where their traces first diverge, and which objects end differently. It only reads
// what the runs produced, so the page's two sessions and `gcplay sim --compare` share it.
package compare

import (
	"slices"
	"strings"

	"github.com/gcplay/gcplay/gccore"
)

// Fate is how an object ends a run.
type Fate string

const (
	Live        Fate = "live"
	Terminating Fate = "terminating" // stored with a deletionTimestamp (held by finalizers)
	Gone        Fate = "gone"        // not stored at the end
)

// FateOf is o's fate; nil is Gone.
func FateOf(o *gccore.Object) Fate {
	switch {
	case o == nil:
		return Gone
	case o.Terminating():
		return Terminating
	}
	return Live
}

// Difference is an object that ends differently in the two runs. Objects are matched by
// apiVersion, kind, namespace and name: a setting that changes the order of creation
// changes generated uids, not what an object is to the person comparing.
type Difference struct {
	Ref  gccore.ObjectRef
	A, B Fate
}

// Fates lists the objects stored at the end of either run whose fates differ, sorted by
// reference.
func Fates(a, b []*gccore.Object) []Difference {
	byRef := func(objs []*gccore.Object) map[gccore.ObjectRef]*gccore.Object {
		m := make(map[gccore.ObjectRef]*gccore.Object, len(objs))
		for _, o := range objs {
			m[o.Ref()] = o
		}
		return m
	}
	inA, inB := byRef(a), byRef(b)
	var out []Difference
	add := func(ref gccore.ObjectRef) {
		if fa, fb := FateOf(inA[ref]), FateOf(inB[ref]); fa != fb {
			out = append(out, Difference{Ref: ref, A: fa, B: fb})
		}
	}
	for ref := range inA {
		add(ref)
	}
	for ref := range inB {
		if inA[ref] == nil {
			add(ref)
		}
	}
	slices.SortFunc(out, func(x, y Difference) int { return strings.Compare(x.Ref.String(), y.Ref.String()) })
	return out
}

// Divergence is the first tick at which the two traces differ, with each run's records
// of that tick; the first Same of them are alike in both.
type Divergence struct {
	Tick int64
	Same int
	A, B []gccore.Record
}

// Diverge finds the first tick whose records differ in their rendering (their sequence
// numbers aside); ok is false when the traces are the same. A trace that ends first
// diverges at the other's next tick.
func Diverge(a, b []gccore.Record) (d Divergence, ok bool) {
	for len(a) > 0 || len(b) > 0 {
		tick := firstTick(a, b)
		var ra, rb []gccore.Record
		ra, a = cutTick(a, tick)
		rb, b = cutTick(b, tick)
		if same := commonPrefix(ra, rb); same < len(ra) || same < len(rb) {
			return Divergence{Tick: tick, Same: same, A: ra, B: rb}, true
		}
	}
	return Divergence{}, false
}

func firstTick(a, b []gccore.Record) int64 {
	switch {
	case len(a) == 0:
		return b[0].Tick
	case len(b) == 0:
		return a[0].Tick
	}
	return min(a[0].Tick, b[0].Tick)
}

// cutTick splits off the leading records of tick.
func cutTick(rs []gccore.Record, tick int64) (at, rest []gccore.Record) {
	n := 0
	for n < len(rs) && rs[n].Tick == tick {
		n++
	}
	return rs[:n], rs[n:]
}

// commonPrefix counts the leading records whose renderings are equal.
func commonPrefix(a, b []gccore.Record) int {
	n := 0
	for n < len(a) && n < len(b) && a[n].String() == b[n].String() {
		n++
	}
	return n
}
