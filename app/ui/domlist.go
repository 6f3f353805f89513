package ui

import (
	"html"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// esc escapes text for the markup the panels build.
var esc = html.EscapeString

// keyedMarkup is one child of a domList: a stable key and the child's whole markup. In
// a list with an attribute (domList.attr), attr is that attribute's value and markup is
// the rest, which the list's whole puts together: a child whose markup is the same and
// whose attr changed gets the attribute set instead of being parsed again. A graph laid
// out afresh moves every node and bends every edge; parsing them all again took 12-19 ms
// and the layout after it 17-22 ms at 511 objects, setting the attributes 2-6 and 2-5.
type keyedMarkup struct {
	key, markup, attr string
}

// domList keeps the children of one element in step with a list of keyed markup by
// direct DOM calls, outside go-app's virtual DOM. The busy panels (the graph's nodes, the
// trace, the queues) change dozens of rows per tick during a cascade: go-app diffs
// children by position and updates them attribute by attribute through syscall/js, and
// replacing app.Raw elements parses each row on its own. Here a tick removes the rows
// that are gone, re-parses the rows whose markup changed, sets the attribute of the rows
// where only it changed, and parses each run of new rows in one call; the rest are not
// touched. When most rows change, the whole list is parsed in one call.
//
// The host element is rendered by go-app with no children, so go-app never touches
// what domList puts in it. Clicks on the rows are delegated to a go-app handler on an
// ancestor (data-* attributes in the markup say what was clicked). Each row's markup is
// exactly one element; rows are found by index in the host's children.
type domList struct {
	// attr names the attribute the rows' attr values set, and whole makes a row's
	// markup from its markup and attr; both are unset in a list of plain markup.
	attr  string
	whole func(keyedMarkup) string

	host  app.Value
	rows  []keyedMarkup   // the children's keys and markup, in DOM order
	index map[string]bool // the keys of rows
}

// sync makes host's children the markup of want, in want's order. A different host
// (the panel was mounted again) starts over.
func (l *domList) sync(host app.Value, want []keyedMarkup) {
	if app.IsServer || host == nil || !host.Truthy() {
		return
	}
	if l.host == nil || !l.host.Equal(host) {
		l.host, l.rows, l.index = host, nil, nil
	}
	l.apply(l.plan(want), want)
}

// domEdit is what one sync does to the children, worked out before any DOM call.
type domEdit struct {
	all  bool  // parse the whole list in one call
	gone []any // indexes of the children to remove, from the last
	// ops, in want's order, after the removal: re-parse want[from] (to == from), or
	// insert the new rows want[from:to] before the child at from.
	ops []domOp
	// moved are the indexes in want of the rows whose attribute is set, once the ops
	// have made the children want's.
	moved []int
}

type domOp struct{ from, to int }

// parsed is the number of rows the edit parses: what a tick costs the browser, besides
// the removals.
func (e domEdit) parsed(want []keyedMarkup) int {
	if e.all {
		return len(want)
	}
	n := 0
	for _, op := range e.ops {
		n += max(1, op.to-op.from)
	}
	return n
}

// plan works out the edit from the children's rows to want's, and records want as the
// children's. A tick removes the rows that are gone, re-parses the rows whose markup
// changed and inserts each run of new rows in one call; the rest are not touched. When
// most rows change, the whole list is parsed.
//
// It walks the old rows and want side by side, so a tick that removes rows costs a
// string comparison per kept row (their markup is usually the same string) and a map
// lookup per row gone or new, not a map built of every row.
func (l *domList) plan(want []keyedMarkup) domEdit {
	if l.index == nil {
		l.index = map[string]bool{}
	}
	var e domEdit
	fresh, i := 0, 0 // rows to parse; the next old row
	for j := 0; j < len(want); {
		if i < len(l.rows) && l.rows[i].key == want[j].key { // in place
			if l.rows[i].markup != want[j].markup {
				e.ops = append(e.ops, domOp{j, j})
				fresh++
			} else if l.rows[i].attr != want[j].attr {
				e.moved = append(e.moved, j)
			}
			i, j = i+1, j+1
			continue
		}
		if i < len(l.rows) && l.index[want[j].key] {
			// want[j] is further down the old rows: the old row here goes (if it comes
			// back further down want, it is inserted there, as a new row).
			e.gone = append(e.gone, i)
			delete(l.index, l.rows[i].key)
			i++
			continue
		}
		// A run of new rows (the old row at i is in the index, so it ends the run).
		k := j
		for k < len(want) && !l.index[want[k].key] {
			l.index[want[k].key] = true
			k++
		}
		e.ops = append(e.ops, domOp{j, k})
		fresh += k - j
		j = k
	}
	for ; i < len(l.rows); i++ {
		e.gone = append(e.gone, i)
		delete(l.index, l.rows[i].key)
	}
	slices.Reverse(e.gone) // removed from the last, so that the indexes stay valid
	l.rows = append(l.rows[:0], want...)
	if fresh*4 > len(want)*3 {
		return domEdit{all: true}
	}
	return e
}

// apply makes the edit to the host's children.
func (l *domList) apply(e domEdit, want []keyedMarkup) {
	if e.all {
		var b strings.Builder
		for _, w := range want {
			b.WriteString(l.markupOf(w))
		}
		l.host.Set("innerHTML", b.String())
		return
	}
	if len(e.gone) > 0 {
		removeChildren(l.host, e.gone)
	}
	if len(e.ops) > 0 {
		children := l.host.Get("children")
		for _, op := range e.ops {
			if op.to == op.from {
				children.Index(op.from).Set("outerHTML", l.markupOf(want[op.from]))
				continue
			}
			var run strings.Builder
			for _, w := range want[op.from:op.to] {
				run.WriteString(l.markupOf(w))
			}
			if op.from == 0 {
				l.host.Call("insertAdjacentHTML", "afterbegin", run.String())
			} else {
				children.Index(op.from-1).Call("insertAdjacentHTML", "afterend", run.String())
			}
		}
	}
	if len(e.moved) > 0 {
		setAttributes(l.host, l.attr, e.moved, want)
	}
}

// markupOf is a row's whole markup.
func (l *domList) markupOf(r keyedMarkup) string {
	if l.whole == nil {
		return r.markup
	}
	return l.whole(r)
}

// setAttributes sets attribute name of host's children at those indexes to the rows'
// attr values: one call to web/dom.js's gcplaySetAttributes, the pairs in one string
// ("index value" lines), instead of two calls per row; a page without the script
// (go-app's test pages) sets them one by one.
func setAttributes(host app.Value, name string, indexes []int, want []keyedMarkup) {
	if fn := app.Window().Get("gcplaySetAttributes"); fn.Type() == app.TypeFunction {
		var b strings.Builder
		for _, i := range indexes {
			b.WriteString(strconv.Itoa(i))
			b.WriteByte(' ')
			b.WriteString(want[i].attr)
			b.WriteByte('\n')
		}
		fn.Invoke(host, name, b.String())
		return
	}
	children := host.Get("children")
	for _, i := range indexes {
		children.Index(i).Call("setAttribute", name, want[i].attr)
	}
}

// removeChildren removes host's children at those indexes, given from the last: one
// call to web/dom.js's gcplayRemoveChildren instead of two per row (a cascade removes
// dozens of nodes and edges per tick). It is a script file because the page's
// Content-Security-Policy lets no string become code (new Function); a page without it
// (go-app's test pages) removes the rows one by one.
func removeChildren(host app.Value, indexes []any) {
	if fn := app.Window().Get("gcplayRemoveChildren"); fn.Type() == app.TypeFunction {
		fn.Invoke(host, indexes)
		return
	}
	children := host.Get("children")
	for _, i := range indexes {
		children.Index(i.(int)).Call("remove")
	}
}
