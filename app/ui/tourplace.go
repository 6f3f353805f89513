package ui

import (
	"math"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The tour's card sits beside the part of the page it describes (issue 22: every card
// sat in the window's corner, far from what it named), with a notch pointing at it.

// tourGap is the room between a card and its target, where the notch points.
const tourGap = 10.0

// rect is an element's box in the window (getBoundingClientRect).
type rect struct{ left, top, right, bottom float64 }

func rectOf(e app.Value) rect {
	r := e.Call("getBoundingClientRect")
	return rect{r.Get("left").Float(), r.Get("top").Float(), r.Get("right").Float(), r.Get("bottom").Float()}
}

// placeTour moves the tour's card next to its target (data-tour-target), after a render
// drew it. It reads and writes only the DOM.
func placeTour() {
	doc := app.Window().Get("document")
	card := doc.Call("querySelector", ".tour[data-tour-target]")
	if !card.Truthy() {
		return
	}
	target := doc.Call("querySelector", card.Get("dataset").Get("tourTarget").String())
	if !target.Truthy() {
		return
	}
	c := rectOf(card)
	left, top, side, notch := tourPlace(rectOf(target), c.right-c.left, c.bottom-c.top,
		app.Window().Get("innerWidth").Float(), app.Window().Get("innerHeight").Float())
	st := card.Get("style")
	st.Set("left", px(left))
	st.Set("top", px(top))
	st.Set("right", "auto")
	st.Set("bottom", "auto")
	st.Call("setProperty", "--notch", px(notch))
	card.Get("dataset").Set("side", side)
}

func px(v float64) string { return strconv.FormatFloat(math.Round(v), 'f', 0, 64) + "px" }

// tourPlace puts a w × h card beside the target t in a vw × vh window: under it, else to
// its right, its left, above it, else inside its bottom-right corner (a target as large
// as the window). side says where the card is ("below", "right", "left", "above",
// "inside"); notch is where along the card's edge its notch points at the target.
func tourPlace(t rect, w, h, vw, vh float64) (left, top float64, side string, notch float64) {
	const m = 8.0 // the window's margin
	clamp := func(v, lo, hi float64) float64 { return math.Max(lo, math.Min(v, hi)) }
	alongX := func() float64 { return clamp(t.left, m, vw-w-m) }
	alongY := func() float64 { return clamp(t.top, m, vh-h-m) }
	notchX := func(l float64) float64 { return clamp((t.left+t.right)/2-l, 16, w-16) }
	notchY := func(tp float64) float64 { return clamp((t.top+t.bottom)/2-tp, 16, h-16) }
	switch {
	case t.bottom+tourGap+h <= vh-m:
		l := alongX()
		return l, t.bottom + tourGap, "below", notchX(l)
	case t.right+tourGap+w <= vw-m:
		tp := alongY()
		return t.right + tourGap, tp, "right", notchY(tp)
	case t.left-tourGap-w >= m:
		tp := alongY()
		return t.left - tourGap - w, tp, "left", notchY(tp)
	case t.top-tourGap-h >= m:
		l := alongX()
		return l, t.top - tourGap - h, "above", notchX(l)
	}
	return clamp(t.right-w-m, m, vw-w-m), clamp(t.bottom-h-m, m, vh-h-m), "inside", 0
}
