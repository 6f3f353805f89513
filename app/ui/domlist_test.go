package ui

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// applyModel makes a domEdit to a model of the host's children (their markup).
func applyModel(children []string, e domEdit, want []keyedMarkup) []string {
	if e.all {
		children = children[:0]
		for _, w := range want {
			children = append(children, w.markup)
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
			children[op.from] = want[op.from].markup
			continue
		}
		var run []string
		for _, w := range want[op.from:op.to] {
			run = append(run, w.markup)
		}
		children = slices.Insert(children, op.from, run...)
	}
	return children
}

// TestDomListPlan: whatever the change (rows gone, new, changed, moved), the planned
// edit turns the children into want; a tick that only removes rows parses none.
func TestDomListPlan(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var l domList
	var children []string
	var want []keyedMarkup
	for i := 0; i < 40; i++ {
		want = append(want, keyedMarkup{fmt.Sprint("k", i), fmt.Sprint("<g>", i, "</g>")})
	}
	next := 40
	for round := 0; round < 3000; round++ {
		var w []keyedMarkup
		switch round % 4 {
		case 0: // only removals
			for _, r := range want {
				if rng.IntN(5) > 0 {
					w = append(w, r)
				}
			}
		default: // removals, changes, insertions, sometimes a move
			for _, r := range want {
				switch rng.IntN(12) {
				case 0:
				case 1:
					w = append(w, keyedMarkup{r.key, r.markup + "'"})
				case 2:
					w = append(w, keyedMarkup{fmt.Sprint("k", next), fmt.Sprint("<g>", next, "</g>")}, r)
					next++
				default:
					w = append(w, r)
				}
			}
			if len(w) > 2 && rng.IntN(4) == 0 {
				a, b := rng.IntN(len(w)), rng.IntN(len(w))
				w[a], w[b] = w[b], w[a]
			}
			for len(w) < 10 {
				w = append(w, keyedMarkup{fmt.Sprint("k", next), fmt.Sprint("<g>", next, "</g>")})
				next++
			}
		}
		e := l.plan(w)
		children = applyModel(children, e, w)
		var got []string
		for _, r := range w {
			got = append(got, r.markup)
		}
		if !slices.Equal(children, got) {
			t.Fatalf("round %d: children\n%v\nwant\n%v", round, children, got)
		}
		if round%4 == 0 && round > 0 && (e.all || e.parsed(w) != 0) {
			t.Fatalf("round %d: removing rows parsed %d (all %v)", round, e.parsed(w), e.all)
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
