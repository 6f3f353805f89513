package ui

import (
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/app/scene"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"k8s.io/apimachinery/pkg/types"
)

// GraphPanel draws the object graph (API objects or the GC's graph) as SVG, with pan
// (drag), zoom (wheel, buttons) and collapsible subtrees. Clicks are delegated: one
// listener on the SVG finds the node under the pointer.
type GraphPanel struct {
	app.Compo

	View      *workspace.View
	Lang      string // the page's language (i18n.go)
	Mode      scene.Mode
	Selected  types.UID
	Collapsed map[string]bool // replaced, never changed in place, so go-app sees changes
	// LegendOpen opens the legend (a first visit); the reader may close it.
	LegendOpen bool
	// Marked are the nodes compare mode marks as ending differently; nil outside it.
	Marked map[types.UID]bool
	// Empty is what an empty graph says, naming only the controls the page offers.
	Empty string
	// Ghosts are compare mode's objects gone in this run that the other still stores:
	// drawn dashed where they would sit (scene.WithGhosts). Nil outside it.
	Ghosts []*gccore.Object
	// Side tells the graphs of one page apart in their element ids: "" on the page,
	// "a" and "b" in compare mode (the search box is graph-find, graph-find-a, ...).
	Side string

	onSelect func(app.Context, types.UID)
	onToggle func(app.Context, string)
	onMode   func(app.Context, scene.Mode)
	// onCollapse replaces the collapsed map: Fit and the search fold and unfold.
	onCollapse func(app.Context, map[string]bool)

	// scene is cached per (view version, mode, collapsed map).
	scene    *scene.Scene
	sceneKey string
	// vp maps the scene onto the SVG (graphview.go).
	vp     scene.Viewport
	fitVP  scene.Viewport // the viewport the last fit set (fitNow): vp until a pan or zoom
	fitted string         // the workspace name the view was last fitted for
	drag   dragState
	// later is the view change to redo once the page has re-rendered (graphview.go).
	later   viewChange
	ctx     app.Context
	mounted bool
	release []func()
}

// OnMount installs the raw wheel and pointer listeners (graphview.go).
func (g *GraphPanel) OnMount(ctx app.Context) {
	g.vp.Zoom = 1
	g.ctx, g.mounted = ctx, true
	g.release = append(g.release, g.listenViewport(ctx)...)
	g.release = append(g.release, g.refitOnResize(ctx))
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

// afterRender fits a newly opened workspace into the panel, redoes a pending view change,
// or fits a scene grown past the panel (refitIfOutgrown). (The nodes' markup carries
// data-namespace="" for cluster-scoped objects: the page contract wants the attribute.)
func (g *GraphPanel) afterRender(ctx app.Context) {
	el := ctx.JSSrc()
	if !el.Truthy() {
		return
	}
	if g.View != nil && !g.isFitted() {
		g.fitted = g.View.Name + g.Mode.String()
		g.foldAndFit(ctx)
		ctx.Update()
		return
	}
	if g.later != (viewChange{}) {
		g.redo(ctx)
		return
	}
	g.refitIfOutgrown(ctx)
}

// syncTransform writes the viewport's transform when the DOM holds another: a pan's
// release writes it behind go-app's back (graphview.go), so when its viewport and the next
// one (a Fit clicked at once) reach go-app in one update, go-app sees the old value
// unchanged and keeps the panned one on the page.
func (g *GraphPanel) syncTransform(ctx app.Context) {
	el := ctx.JSSrc()
	if !el.Truthy() {
		return
	}
	top := el.Call("querySelector", ".graph-svg > g")
	if want := transformOf(g.vp); top.Truthy() && top.Call("getAttribute", "transform").String() != want {
		top.Call("setAttribute", "transform", want)
	}
}

func (g *GraphPanel) isFitted() bool { return g.fitted == g.View.Name+g.Mode.String() }

// unfolded is an empty scene drawn in place of a large view's first one: until the SVG
// is measured the view cannot be folded (foldAndFit), and drawing all of a 20,000-object
// link first, to fold it away at once, was most of the time it took to open.
var unfolded = &scene.Scene{}

func (g *GraphPanel) currentScene() *scene.Scene { return g.sceneWith(nil) }

// sceneWith is currentScene, built from what a fold made ready when it must be built
// (scene.BuildPrepared).
func (g *GraphPanel) sceneWith(prepared *scene.Prepared) *scene.Scene {
	if g.View != nil && !g.isFitted() && scene.Large(g.View, g.Mode) {
		return unfolded
	}
	key := fmt.Sprintf("%d/%d/%p/%s", g.View.Version, g.Mode, g.Collapsed, ghostKey(g.Ghosts))
	if g.scene == nil || g.sceneKey != key {
		g.scene = scene.BuildPrepared(g.scene, prepared, g.drawn(), g.Mode, g.Collapsed)
		g.sceneKey = key
	}
	return g.scene
}

// drawn is the view the scene is laid out from: the page's, with compare mode's ghosts.
func (g *GraphPanel) drawn() *workspace.View {
	if g.Mode != scene.API {
		return g.View
	}
	return scene.WithGhosts(g.View, g.Ghosts)
}

// ghostKey tells one set of ghosts from another in the scene's cache key.
func ghostKey(ghosts []*gccore.Object) string {
	var b strings.Builder
	for _, o := range ghosts {
		b.WriteString(string(o.UID))
		b.WriteByte(',')
	}
	return b.String()
}

// ghostUIDs are the ghosts' uids, for the canvas to draw them as ghosts.
func ghostUIDs(ghosts []*gccore.Object) map[types.UID]bool {
	if len(ghosts) == 0 {
		return nil
	}
	m := make(map[types.UID]bool, len(ghosts))
	for _, o := range ghosts {
		m[o.UID] = true
	}
	return m
}

// Render draws the panel header (mode switch, zoom, legend) and the SVG.
func (g *GraphPanel) Render() (ui app.UI) {
	defer recoverRender(&ui, "graph")
	if g.vp.Zoom == 0 {
		g.vp.Zoom = 1
	}
	s := g.currentScene()
	apiOnly, graphOnly := g.View.Diff()
	if g.mounted {
		g.ctx.Defer(g.syncTransform)
	}
	return app.Div().Class("graph").Body(
		app.Div().Class("graph-head").Body(
			app.Div().Class("seg").Role("group").Aria("label", tr(g.Lang, "Graph to show")).Body(
				g.modeButton(scene.API, tr(g.Lang, "API objects"), tr(g.Lang, "What the API server stores")),
				g.modeButton(scene.GC, tr(g.Lang, "GC graph"), tr(g.Lang, "The garbage collector's own graph (uidToNode)")),
			),
			app.Span().Class("graph-diff").Title(tr(g.Lang, "Differences while the GC's informers lag behind the API server")).
				Textf(tr(g.Lang, "%d not yet in the GC graph · %d in the GC graph only"), apiOnly, graphOnly),
			app.If(s.Hidden > 0, func() app.UI { return app.Span().Class("graph-hidden").Textf(tr(g.Lang, "%d collapsed"), s.Hidden) }),
			app.Span().Class("spacer"),
			&GraphFind{Lang: g.Lang, View: g.View, Mode: g.Mode, ID: g.elementID("graph-find"), onPick: g.jumpTo},
			g.zoomButton("−", tr(g.Lang, "Zoom out"), 1/1.25),
			g.zoomButton("+", tr(g.Lang, "Zoom in"), 1.25),
			app.Button().Class("btn", "btn-small").Title(tr(g.Lang, "Fit the graph to the panel (f)")).Text(tr(g.Lang, "Fit")).
				OnClick(func(ctx app.Context, e app.Event) { g.foldAndFit(ctx) }),
			legend(g.LegendOpen, g.Lang),
		),
		svgEl("svg").Class("graph-svg", g.detail()).Attr("data-graph", g.Mode.String()).Attr("role", "img").Aria("label", fmt.Sprintf("%s graph, %d nodes", g.Mode, len(s.Nodes))).
			OnClick(g.onClick).Body(
			svgEl("g").Attr("transform", transformOf(g.vp)).Body(
				&GraphCanvas{Lang: g.Lang, Scene: s, Selected: g.Selected, Collapsed: g.Collapsed, Marked: g.Marked, Ghosts: ghostUIDs(g.Ghosts)},
			),
		),
		app.If(len(s.Nodes) == 0 && s != unfolded, func() app.UI {
			return app.P().Class("graph-empty").Text(g.Empty)
		}),
	)
}

// elementID is id made unique to this graph on its page (Side).
func (g *GraphPanel) elementID(id string) string {
	if g.Side == "" {
		return id
	}
	return id + "-" + g.Side
}

// farZoom is the zoom below which node labels are not drawn (class "far"): they are
// unreadable there, and thousands of them make every redraw slow.
const farZoom = 0.3

// detail is the SVG's class for the zoom level: "far" draws nodes as boxes only.
func (g *GraphPanel) detail() string {
	if g.vp.Zoom < farZoom {
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
			w, h := svgSize(ctx)
			g.vp = g.vp.ZoomAt(w/2, h/2, f)
		}, app.EventScope(label))
}
