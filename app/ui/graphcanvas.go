package ui

import (
	"github.com/gcplay/gcplay/app/scene"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"k8s.io/apimachinery/pkg/types"
)

// GraphCanvas draws a scene: edges, then nodes. Its props change only when the picture
// does (scene.BuildFrom returns the same *Scene otherwise), so an idle tick or a pan does
// not re-render thousands of nodes.
//
// Edges and nodes are SVG markup kept in step by two domLists: a cascade tick removes
// the deleted objects' nodes and edges and re-parses the few nodes whose data changed,
// and leaves the thousands of others alone. Clicks are delegated to the panel
// (data-node, data-toggle).
type GraphCanvas struct {
	app.Compo

	Lang      string // the page's language: the nodes' badges (i18n.go)
	Scene     *scene.Scene
	Selected  types.UID
	Collapsed map[string]bool
	// Marked are the nodes compare mode marks (fate-differs); nil outside it.
	Marked map[types.UID]bool
	// Ghosts are the objects compare mode draws though this run no longer stores them.
	Ghosts map[types.UID]bool

	edges, nodes domList
	// nodeMarks caches the markup of each node by its data, nodePos its transform by
	// its position.
	nodeMarks markupCache[NodeData]
	nodePos   markupCache[[2]float64]
	// nodeRows and edgeRows are reused each tick: domList.plan copies what it keeps.
	nodeRows, edgeRows []keyedMarkup
}

// Render draws the two empty groups the edges and the nodes go into (sync).
func (c *GraphCanvas) Render() app.UI {
	return svgEl("g").Body(
		svgEl("g").Class("edges"),
		svgEl("g").Class("nodes"),
	)
}

// OnMount and OnUpdate draw the scene once go-app has rendered the groups it goes in.
// A moved node gets its transform set, and a bent edge its path data, instead of
// being parsed again (keyedMarkup).
func (c *GraphCanvas) OnMount(ctx app.Context) {
	c.nodes.attr, c.nodes.whole = "transform", nodeWhole
	c.edges.attr, c.edges.whole = "d", edgeWhole
	ctx.Defer(c.sync)
}
func (c *GraphCanvas) OnUpdate(ctx app.Context) { ctx.Defer(c.sync) }

func (c *GraphCanvas) sync(ctx app.Context) {
	root := c.JSValue()
	if root == nil || !root.Truthy() || c.Scene == nil {
		return
	}
	c.edges.sync(root.Call("querySelector", ":scope > g.edges"), c.keyedEdges())
	c.nodes.sync(root.Call("querySelector", ":scope > g.nodes"), c.keyedNodes())
}

// keyedEdges is the edge paths, one per dependent and class: the class as markup, the
// path data as the attribute.
func (c *GraphCanvas) keyedEdges() []keyedMarkup {
	out := c.edgeRows[:0]
	for _, e := range c.Scene.Edges {
		out = append(out, keyedMarkup{key: e.ID, markup: edgeClass(e.Class), attr: e.D})
	}
	c.edgeRows = out
	return out
}

// edgeWhole is an edge's path: the graph's edges list's whole.
func edgeWhole(r keyedMarkup) string {
	return `<path class="edge ` + r.markup + `" d="` + r.attr + `"/>`
}

// keyedNodes is every node's markup, rebuilt only for nodes whose data changed, and its
// position.
func (c *GraphCanvas) keyedNodes() []keyedMarkup {
	out := c.nodeRows[:0]
	for _, n := range c.Scene.Nodes {
		d := nodeData(n, n.UID == c.Selected && c.Selected != "", c.Collapsed[n.ID])
		d.Lang, d.FateDiffers = c.Lang, c.Marked[n.UID]
		if n.Object && c.Ghosts[n.UID] {
			d = d.asGhost()
		}
		out = append(out, keyedMarkup{key: n.ID, markup: c.nodeMarks.markup(n.ID, d, NodeData.text),
			attr: c.nodePos.markup(n.ID, [2]float64{n.X, n.Y}, translate)})
	}
	c.nodeMarks.done()
	c.nodePos.done()
	c.nodeRows = out
	return out
}

func legend(open bool, lang string) app.UI {
	item := func(cls, text string) app.UI {
		return app.Span().Class("lg").Body(app.Span().Class("lg-line", cls), app.Text(tr(lang, text)))
	}
	return app.Details().Class("legend").Open(open).Body(
		app.Summary().Text(tr(lang, "Legend")),
		app.Div().Class("legend-body").Body(
			item("e-controller", "controller"),
			item("e-block", "blockOwnerDeletion"),
			item("e-controller-block", "both"),
			item("e-plain", "neither"),
			app.Span().Class("lg").Body(app.Span().Class("lg-box", "lg-term"), app.Text("Terminating")),
			app.Span().Class("lg").Body(app.Span().Class("lg-box", "lg-lag"), app.Text(tr(lang, "GC catching up: its informer has not delivered this object yet (normal for a tick)"))),
			app.Span().Class("lg").Body(app.Span().Class("lg-box", "lg-virtual"), app.Text(tr(lang, "virtual / absent owner"))),
		),
	)
}

func edgeClass(c scene.EdgeClass) string {
	switch c {
	case scene.Controller:
		return "e-controller"
	case scene.Block:
		return "e-block"
	case scene.ControllerBlock:
		return "e-controller-block"
	}
	return "e-plain"
}
