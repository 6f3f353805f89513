package ui

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// child is a model of one of the host's children: its markup and its attribute.
type child struct{ markup, attr string }

// applyModel makes a domEdit to a model of the host's children. A row set by its
// attribute keeps the markup it had, so a wrong plan shows in the result.
func applyModel(children []child, e domEdit, want []keyedMarkup) []child {
	row := func(w keyedMarkup) child { return child{w.markup, w.attr} }
	if e.all {
		children = children[:0]
		for _, w := range want {
			children = append(children, row(w))
		}
		return children
	}
	for k, g := range e.gone {
		if k > 0 && g.(int) >= e.gone[k-1].(int) {
			panic("removals not from the last")
		}
		children = slices.Delete(children, g.(int), g.(int)+1)
	}
	for _, op := range e.ops {
		if op.to == op.from {
			children[op.from] = row(want[op.from])
			continue
		}
		var run []child
		for _, w := range want[op.from:op.to] {
			run = append(run, row(w))
		}
		children = slices.Insert(children, op.from, run...)
	}
	for _, i := range e.moved {
		children[i].attr = want[i].attr
	}
	return children
}

// TestDomListPlan: whatever the change (rows gone, new, changed, moved in the list or
// by their attribute), the planned edit turns the children into want; a tick that only
// removes rows parses none, and one that only changes attributes parses none either.
func TestDomListPlan(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var l domList
	var children []child
	var want []keyedMarkup
	fresh := func(i int) keyedMarkup {
		return keyedMarkup{key: fmt.Sprint("k", i), markup: fmt.Sprint("<g>", i, "</g>"), attr: fmt.Sprint(i % 7)}
	}
	for i := 0; i < 40; i++ {
		want = append(want, fresh(i))
	}
	next := 40
	for round := 0; round < 4000; round++ {
		var w []keyedMarkup
		switch round % 5 {
		case 0: // only removals
			for _, r := range want {
				if rng.IntN(5) > 0 {
					w = append(w, r)
				}
			}
		case 1: // only attributes: a layout moved every row
			for _, r := range want {
				r.attr += "'"
				w = append(w, r)
			}
		default: // removals, changes, attributes, insertions, sometimes a move
			for _, r := range want {
				switch rng.IntN(12) {
				case 0:
				case 1:
					w = append(w, keyedMarkup{key: r.key, markup: r.markup + "'", attr: r.attr})
				case 2:
					w = append(w, fresh(next), r)
					next++
				case 3:
					w = append(w, keyedMarkup{key: r.key, markup: r.markup, attr: r.attr + "^"})
				default:
					w = append(w, r)
				}
			}
			if len(w) > 2 && rng.IntN(4) == 0 {
				a, b := rng.IntN(len(w)), rng.IntN(len(w))
				w[a], w[b] = w[b], w[a]
			}
			for len(w) < 10 {
				w = append(w, fresh(next))
				next++
			}
		}
		e := l.plan(w)
		children = applyModel(children, e, w)
		var got []child
		for _, r := range w {
			got = append(got, child{r.markup, r.attr})
		}
		if !slices.Equal(children, got) {
			t.Fatalf("round %d: children\n%v\nwant\n%v", round, children, got)
		}
		if round%5 <= 1 && round > 1 && (e.all || e.parsed(w) != 0) {
			t.Fatalf("round %d: removing rows or changing attributes parsed %d (all %v)", round, e.parsed(w), e.all)
		}
		if round%5 == 1 && round > 1 && len(e.moved) != len(w) {
			t.Fatalf("round %d: %d attributes set for %d rows moved", round, len(e.moved), len(w))
		}
		want = w
	}
}

// TestMarkupCache: every row's markup is its data's, whatever the change; a list that
// only lost rows builds none.
func TestMarkupCache(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var c markupCache[int]
	builds := 0
	build := func(d int) string { builds++; return fmt.Sprint("<", d, ">") }
	type row struct {
		key  string
		data int
	}
	var rows []row
	for i := 0; i < 200; i++ {
		rows = append(rows, row{fmt.Sprint("k", i), i})
	}
	next := 200
	for round := 0; round < 2000; round++ {
		var w []row
		for _, r := range rows {
			switch x := rng.IntN(40); {
			case x == 0 && round%3 != 0:
				w = append(w, row{r.key, r.data + 1})
			case x == 1 && round%3 != 0:
				w = append(w, row{fmt.Sprint("k", next), next}, r)
				next++
			case x < 5:
			default:
				w = append(w, r)
			}
		}
		if round%3 != 0 && len(w) > 1 {
			a, b := rng.IntN(len(w)), rng.IntN(len(w))
			w[a], w[b] = w[b], w[a]
		}
		for round%3 != 0 && len(w) < 50 {
			w = append(w, row{fmt.Sprint("k", next), next})
			next++
		}
		builds = 0
		for _, r := range w {
			if got := c.markup(r.key, r.data, build); got != fmt.Sprint("<", r.data, ">") {
				t.Fatalf("round %d: %s has %q, data %d", round, r.key, got, r.data)
			}
		}
		c.done()
		if round%3 == 0 && round > 0 && builds != 0 {
			t.Fatalf("round %d: removing rows built %d", round, builds)
		}
		if len(c.index) > 2*len(w)+64 {
			t.Fatalf("round %d: the index holds %d rows for %d", round, len(c.index), len(w))
		}
		rows = w
	}
}
