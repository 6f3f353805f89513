package ui

import (
	"fmt"
	"maps"
	"math"

	"github.com/gcplay/gcplay/app/scene"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The graph's viewport: wheel zoom about the cursor, pan by dragging from anywhere in
// the SVG, Fit that folds large trees instead of zooming below legibility, and the jump
// to a searched object.

// dragSlop is how far (px) a press must move to be a pan rather than a click.
const dragSlop = 4.0

// dragState is a press on the graph. It is touched only by the raw listeners and the
// click handler, both on the page's single thread. While dragging, the pan moves the
// whole SVG element with a CSS transform, which the browser composites without
// repainting the thousands of nodes inside; at pointerup it writes the final transform
// of the top <g>, drops the CSS one (in the same task: one frame) and hands the
// viewport to the component once. A re-render per move cost ~210 ms at 5,000 objects,
// and even a <g> transform written directly repaints every node per move. (Areas the
// drag uncovers stay blank until the release.)
type dragState struct {
	active, moved bool
	x0, y0        float64        // the press, in client pixels
	from, to      scene.Viewport // the viewport at the press, and now
	svg, g        app.Value      // the SVG, and its top <g> whose transform the pan ends with
}

// transformOf is the top <g>'s transform for a viewport.
func transformOf(v scene.Viewport) string {
	return fmt.Sprintf("translate(%.1f %.1f) scale(%.4f)", v.X, v.Y, v.Zoom)
}

// listenViewport installs the wheel and pointer listeners on the panel (raw listeners:
// the wheel's must be able to preventDefault, which go-app's asynchronous handlers
// cannot; the pan's must not dispatch per move).
func (g *GraphPanel) listenViewport(ctx app.Context) []func() {
	el := ctx.JSSrc()
	return []func(){
		listen(el, "wheel", func(e app.Value) {
			e.Call("preventDefault")
			svg := el.Call("querySelector", ".graph-svg")
			if !svg.Truthy() {
				return
			}
			// The point is measured against the SVG, not the panel: the panel's header
			// sits above it, and measuring from there shifted every notch by the header.
			r := svg.Call("getBoundingClientRect")
			x, y := e.Get("clientX").Float()-r.Get("left").Float(), e.Get("clientY").Float()-r.Get("top").Float()
			f := math.Exp(-e.Get("deltaY").Float() / 500)
			ctx.Dispatch(func(ctx app.Context) { g.vp = g.vp.ZoomAt(x, y, f) })
		}),
		listen(el, "pointerdown", func(e app.Value) {
			// Every press starts afresh: a drag that ended outside the graph got no
			// click to clear moved, and must not swallow this press's click. A press
			// anywhere in the SVG, on a node too, may become a pan.
			g.drag = dragState{}
			svg := el.Call("querySelector", ".graph-svg")
			if e.Get("button").Int() != 0 || !svg.Truthy() || !svg.Call("contains", e.Get("target")).Bool() {
				return
			}
			g.drag = dragState{active: true, x0: e.Get("clientX").Float(), y0: e.Get("clientY").Float(),
				from: g.vp, to: g.vp, svg: svg, g: svg.Call("querySelector", ":scope > g")}
		}),
		listen(app.Window(), "pointermove", func(e app.Value) {
			d := &g.drag
			if !d.active {
				return
			}
			dx, dy := e.Get("clientX").Float()-d.x0, e.Get("clientY").Float()-d.y0
			if !d.moved && math.Hypot(dx, dy) < dragSlop {
				return
			}
			d.moved = true
			d.to = scene.Viewport{X: d.from.X + dx, Y: d.from.Y + dy, Zoom: d.from.Zoom}
			d.svg.Get("style").Set("transform", fmt.Sprintf("translate(%.1fpx, %.1fpx)", dx, dy))
		}),
		listen(app.Window(), "pointerup", func(e app.Value) {
			d := &g.drag
			if !d.active {
				return
			}
			d.active = false
			if d.moved {
				d.g.Call("setAttribute", "transform", transformOf(d.to))
				d.svg.Get("style").Set("transform", "")
				to := d.to
				ctx.Dispatch(func(ctx app.Context) { g.vp = to })
			}
		}),
	}
}

// panelOf is the graph panel's element, from an event on it or the panel itself.
func panelOf(ctx app.Context) app.Value {
	return ctx.JSSrc().Call("closest", ".graph")
}

// svgSize is the size of the graph's SVG in pixels.
func svgSize(ctx app.Context) (float64, float64) {
	p := panelOf(ctx)
	if !p.Truthy() {
		return 0, 0
	}
	svg := p.Call("querySelector", ".graph-svg")
	if !svg.Truthy() {
		return 0, 0
	}
	return svg.Get("clientWidth").Float(), svg.Get("clientHeight").Float()
}

// foldAndFit shows the whole scene, centred, at a legible zoom: a tree too large for
// that (more than scene.MinFold nodes) is folded to the deepest layer that fits, except
// the nodes the learner unfolded.
func (g *GraphPanel) foldAndFit(ctx app.Context) {
	w, h := svgSize(ctx)
	if w <= 0 || h <= 0 || g.View == nil {
		return
	}
	collapsed, prepared := scene.FoldPrepared(g.drawn(), g.Mode, g.Collapsed, w, h, farZoom)
	g.setCollapsed(ctx, collapsed)
	g.fitNow(w, h, prepared)
	g.again(viewChange{fit: true})
}

// fitNow fits the scene, built from prepared if it must be built, to a w × h panel.
func (g *GraphPanel) fitNow(w, h float64, prepared *scene.Prepared) {
	s := g.sceneWith(prepared)
	g.vp = scene.Fit(s.Width, s.Height, w, h, farZoom)
	g.fitVP = g.vp
}

// refitIfOutgrown fits the view again when the scene has grown past the panel since the
// last fit and the person has not panned or zoomed since: objects created after the fit
// (a controller's Pods, a comparison's run) must not sit off screen until Fit is
// pressed. A view the person moved stays where they put it, and a scene that still fits
// keeps its place: no refit per tick.
func (g *GraphPanel) refitIfOutgrown(ctx app.Context) {
	if g.View == nil || g.vp != g.fitVP {
		return
	}
	w, h := svgSize(ctx)
	s := g.currentScene()
	if w <= 0 || h <= 0 || g.vp.Shows(s.Width, s.Height, w, h) {
		return
	}
	before := g.vp
	if g.fitNow(w, h, nil); g.vp != before {
		ctx.Update()
	}
}

// refitOnResize fits the view again when the SVG changes size while the view is still
// the fitted one (no pan or zoom since): a notice's strip above the graph, a resized
// window or a projector's resolution must not leave the graph cut off or small.
func (g *GraphPanel) refitOnResize(ctx app.Context) func() {
	svg := ctx.JSSrc().Call("querySelector", ".graph-svg")
	ro := app.Window().Get("ResizeObserver")
	if !svg.Truthy() || !ro.Truthy() {
		return func() {}
	}
	fn := app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) {
			w, h := svgSize(ctx)
			if w <= 0 || h <= 0 || g.View == nil || g.vp != g.fitVP || !g.isFitted() {
				return
			}
			g.fitNow(w, h, nil)
		})
		return nil
	})
	obs := ro.New(fn)
	obs.Call("observe", svg)
	return func() {
		obs.Call("disconnect")
		fn.Release()
	}
}

// viewChange is a fit or a centring to redo after the next render: the change may
// resize the SVG (the header's "N collapsed" comes and goes), and the view must be
// centred in the SVG as drawn.
type viewChange struct {
	fit    bool
	centre string // a node id
}

// again redoes c once the page has re-rendered.
func (g *GraphPanel) again(c viewChange) {
	g.later = c
	if g.mounted {
		g.ctx.Defer(g.afterRender)
	}
}

// redo makes the pending view change (afterRender).
func (g *GraphPanel) redo(ctx app.Context) {
	c := g.later
	if c == (viewChange{}) {
		return
	}
	g.later = viewChange{}
	w, h := svgSize(ctx)
	if w <= 0 || h <= 0 {
		return
	}
	switch {
	case c.fit:
		g.fitNow(w, h, nil)
	case c.centre != "":
		g.centreNow(c.centre, w, h)
	}
	ctx.Update()
}

// centreNow centres the view on the node at a legible zoom.
func (g *GraphPanel) centreNow(id string, w, h float64) bool {
	for _, n := range g.currentScene().Nodes {
		if n.ID == id {
			x, y := n.Centre()
			g.vp = scene.CentreOn(x, y, w, h, math.Max(g.vp.Zoom, 1))
			return true
		}
	}
	return false
}

// jumpTo unfolds the owners above the node, selects it and centres the view on it at a
// legible zoom (the search).
func (g *GraphPanel) jumpTo(ctx app.Context, id string) {
	g.setCollapsed(ctx, scene.Reveal(g.View, g.Mode, id, g.Collapsed))
	w, h := svgSize(ctx)
	if !g.centreNow(id, w, h) {
		return
	}
	for _, n := range g.currentScene().Nodes {
		if n.ID == id && n.UID != "" {
			g.onSelect(ctx, n.UID)
		}
	}
	g.again(viewChange{centre: id})
}

// setCollapsed hands a changed collapsed map to the page (and uses it at once).
func (g *GraphPanel) setCollapsed(ctx app.Context, m map[string]bool) {
	if maps.Equal(m, g.Collapsed) {
		return
	}
	g.Collapsed = m
	if g.onCollapse != nil {
		g.onCollapse(ctx, m)
	}
}

// toggleLabel is a folded node's toggle: what it hides by kind, or the count.
func toggleLabel(hidden int, kinds string) string {
	if kinds != "" {
		return kinds
	}
	return fmt.Sprintf("+%d", hidden)
}
