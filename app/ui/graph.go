package ui

import (
	"fmt"
	"math"

	"github.com/gcplay/gcplay/app/scene"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"k8s.io/apimachinery/pkg/types"
)

// GraphPanel draws the object graph (API objects or the GC's graph) as SVG, with pan
// (drag), zoom (wheel, buttons) and collapsible subtrees. Clicks are delegated: one
// listener on the SVG finds the node under the pointer.
type GraphPanel struct {
	app.Compo

	View      *workspace.View
	Mode      scene.Mode
	Selected  types.UID
	Collapsed map[string]bool // replaced, never changed in place, so go-app sees changes
	// LegendOpen opens the legend (a first visit); the reader may close it.
	LegendOpen bool

	onSelect func(app.Context, types.UID)
	onToggle func(app.Context, string)
	onMode   func(app.Context, scene.Mode)

	// scene is cached per (view version, mode, collapsed map).
	scene    *scene.Scene
	sceneKey string
	// The viewport: screen = world*zoom + (panX, panY).
	panX, panY, zoom float64
	fitted           string // the workspace name the view was last fitted for
	drag             dragState
	release          []func()
}

type dragState struct {
	active bool
	moved  bool
	x, y   float64 // last pointer position
}

// OnMount installs the raw wheel and pointer listeners (a wheel listener must be able
// to preventDefault, which go-app's asynchronous handlers cannot).
func (g *GraphPanel) OnMount(ctx app.Context) {
	g.zoom = 1
	el := ctx.JSSrc()
	g.release = append(g.release,
		listen(el, "wheel", func(e app.Value) {
			e.Call("preventDefault")
			x, y := localPoint(el, e)
			dy := e.Get("deltaY").Float()
			ctx.Dispatch(func(ctx app.Context) { g.zoomAt(x, y, math.Exp(-dy/500)) })
		}),
		listen(el, "pointerdown", func(e app.Value) {
			// Every press starts afresh: a drag that ended outside the graph got no
			// click to clear moved, and must not swallow this press's click.
			t := e.Get("target")
			onNode := t.Call("closest", "[data-node]").Truthy() || t.Call("closest", "button").Truthy()
			x, y := localPoint(el, e)
			ctx.Dispatch(func(ctx app.Context) { g.drag = dragState{active: !onNode, x: x, y: y} })
		}),
		listen(el, "pointermove", func(e app.Value) {
			x, y := localPoint(el, e)
			ctx.Dispatch(func(ctx app.Context) {
				if !g.drag.active {
					ctx.PreventUpdate()
					return
				}
				g.panX += x - g.drag.x
				g.panY += y - g.drag.y
				g.drag.x, g.drag.y, g.drag.moved = x, y, true
			})
		}),
		listen(app.Window(), "pointerup", func(e app.Value) {
			ctx.Dispatch(func(ctx app.Context) { g.drag.active = false })
		}),
	)
	ctx.Defer(g.afterRender)
}

// OnDismount removes the listeners.
func (g *GraphPanel) OnDismount() {
	for _, r := range g.release {
		r()
	}
}

// OnUpdate runs when the page hands new props down.
func (g *GraphPanel) OnUpdate(ctx app.Context) { ctx.Defer(g.afterRender) }

// afterRender fits a newly opened workspace into the panel. (The nodes' markup carries
// data-namespace="" for cluster-scoped objects: the page contract wants the attribute.)
func (g *GraphPanel) afterRender(ctx app.Context) {
	el := ctx.JSSrc()
	if !el.Truthy() {
		return
	}
	if g.View != nil && g.fitted != g.View.Name+g.Mode.String() && g.scene != nil {
		g.fitted = g.View.Name + g.Mode.String()
		g.fit(el)
		ctx.Update()
	}
}

func localPoint(el, e app.Value) (float64, float64) {
	r := el.Call("getBoundingClientRect")
	return e.Get("clientX").Float() - r.Get("left").Float(), e.Get("clientY").Float() - r.Get("top").Float()
}

func (g *GraphPanel) zoomAt(x, y, factor float64) {
	z := math.Max(0.05, math.Min(4, g.zoom*factor))
	f := z / g.zoom
	g.panX = x - (x-g.panX)*f
	g.panY = y - (y-g.panY)*f
	g.zoom = z
}

// fit scales the scene to the panel (never above 1:1) and centers it horizontally.
func (g *GraphPanel) fit(el app.Value) {
	w, h := el.Get("clientWidth").Float(), el.Get("clientHeight").Float()-36
	if w <= 0 || h <= 0 || g.scene == nil {
		return
	}
	g.zoom = math.Max(0.05, math.Min(1, math.Min(w/g.scene.Width, h/g.scene.Height)))
	g.panX = (w - g.scene.Width*g.zoom) / 2
	g.panY = 0
}

func (g *GraphPanel) currentScene() *scene.Scene {
	key := fmt.Sprintf("%d/%d/%p", g.View.Version, g.Mode, g.Collapsed)
	if g.scene == nil || g.sceneKey != key {
		g.scene = scene.BuildFrom(g.scene, g.View, g.Mode, g.Collapsed)
		g.sceneKey = key
	}
	return g.scene
}

// Render draws the panel header (mode switch, zoom, legend) and the SVG.
func (g *GraphPanel) Render() (ui app.UI) {
	defer recoverRender(&ui, "graph")
	if g.zoom == 0 {
		g.zoom = 1
	}
	s := g.currentScene()
	apiOnly, graphOnly := g.View.Diff()
	return app.Div().Class("graph").Body(
		app.Div().Class("graph-head").Body(
			app.Div().Class("seg").Role("group").Aria("label", "Graph to show").Body(
				g.modeButton(scene.API, "API objects", "What the API server stores"),
				g.modeButton(scene.GC, "GC graph", "The garbage collector's own graph (uidToNode)"),
			),
			app.Span().Class("graph-diff").Title("Differences while the GC's informers lag behind the API server").
				Textf("%d not yet in the GC graph · %d in the GC graph only", apiOnly, graphOnly),
			app.If(s.Hidden > 0, func() app.UI { return app.Span().Class("graph-hidden").Textf("%d collapsed", s.Hidden) }),
			app.Span().Class("spacer"),
			g.zoomButton("−", "Zoom out", 1/1.25),
			g.zoomButton("+", "Zoom in", 1.25),
			app.Button().Class("btn", "btn-small").Title("Fit the graph to the panel (f)").Text("Fit").
				OnClick(func(ctx app.Context, e app.Event) { g.fit(ctx.JSSrc().Call("closest", ".graph")) }),
			legend(g.LegendOpen),
		),
		svgEl("svg").Class("graph-svg", g.detail()).Attr("role", "img").Aria("label", fmt.Sprintf("%s graph, %d nodes", g.Mode, len(s.Nodes))).
			OnClick(g.onClick).Body(
			svgEl("g").Attr("transform", fmt.Sprintf("translate(%.1f %.1f) scale(%.4f)", g.panX, g.panY, g.zoom)).Body(
				&GraphCanvas{Scene: s, Selected: g.Selected, Collapsed: g.Collapsed},
			),
		),
		app.If(len(s.Nodes) == 0, func() app.UI {
			return app.P().Class("graph-empty").Text("No objects. Create some in the Create tab or the Console, or open an example.")
		}),
	)
}

// farZoom is the zoom below which node labels are not drawn (class "far"): they are
// unreadable there, and thousands of them make every redraw slow.
const farZoom = 0.3

// detail is the SVG's class for the zoom level: "far" draws nodes as boxes only.
func (g *GraphPanel) detail() string {
	if g.zoom < farZoom {
		return "far"
	}
	return "near"
}

// onClick selects the node under the pointer, or folds/unfolds its subtree.
func (g *GraphPanel) onClick(ctx app.Context, e app.Event) {
	if g.drag.moved {
		g.drag.moved = false
		return
	}
	t := e.Get("target")
	if tg := t.Call("closest", "[data-toggle]"); tg.Truthy() {
		g.onToggle(ctx, tg.Call("getAttribute", "data-toggle").String())
		return
	}
	if n := t.Call("closest", "[data-node]"); n.Truthy() {
		id := n.Call("getAttribute", "data-node").String()
		for _, sn := range g.scene.Nodes {
			if sn.ID == id {
				g.onSelect(ctx, sn.UID)
				return
			}
		}
	}
}

func (g *GraphPanel) modeButton(m scene.Mode, label, title string) app.UI {
	cls := "seg-btn"
	if g.Mode == m {
		cls += " seg-on"
	}
	return app.Button().Class(cls).Title(title+" (v)").Aria("pressed", g.Mode == m).Text(label).
		OnClick(func(ctx app.Context, e app.Event) { g.onMode(ctx, m) }, app.EventScope(label))
}

func (g *GraphPanel) zoomButton(label, title string, f float64) app.UI {
	return app.Button().Class("btn", "btn-small").Title(title).Aria("label", title).Text(label).
		OnClick(func(ctx app.Context, e app.Event) {
			el := ctx.JSSrc().Call("closest", ".graph")
			g.zoomAt(el.Get("clientWidth").Float()/2, el.Get("clientHeight").Float()/2, f)
		}, app.EventScope(label))
}
