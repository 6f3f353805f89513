package ui

import (
	"strings"

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

	Scene     *scene.Scene
	Selected  types.UID
	Collapsed map[string]bool

	edges, nodes domList
	// marks caches each node's last data and markup, so unchanged nodes cost a
	// comparison, not a rebuild.
	marks map[string]slotMarkup
	// edgeMarks caches each edge path's markup by its id (key holds the path data).
	edgeMarks map[string]keyedMarkup
}

type slotMarkup struct {
	data NodeData
	text string
}

// Render draws the two empty groups the edges and the nodes go into (sync).
func (c *GraphCanvas) Render() app.UI {
	return svgEl("g").Body(
		svgEl("g").Class("edges"),
		svgEl("g").Class("nodes"),
	)
}

// OnMount and OnUpdate draw the scene once go-app has rendered the groups it goes in.
func (c *GraphCanvas) OnMount(ctx app.Context)  { ctx.Defer(c.sync) }
func (c *GraphCanvas) OnUpdate(ctx app.Context) { ctx.Defer(c.sync) }

func (c *GraphCanvas) sync(ctx app.Context) {
	root := c.JSValue()
	if root == nil || !root.Truthy() || c.Scene == nil {
		return
	}
	c.edges.sync(root.Call("querySelector", ":scope > g.edges"), c.keyedEdges())
	c.nodes.sync(root.Call("querySelector", ":scope > g.nodes"), c.keyedNodes())
}

// keyedEdges is the markup of the edge paths, one per dependent and class; a kept
// layout hands the same paths on, so their markup is reused.
func (c *GraphCanvas) keyedEdges() []keyedMarkup {
	next := make(map[string]keyedMarkup, len(c.Scene.Edges))
	out := make([]keyedMarkup, len(c.Scene.Edges))
	for i, e := range c.Scene.Edges {
		m, ok := c.edgeMarks[e.ID]
		if !ok || m.key != e.D {
			m = keyedMarkup{key: e.D, markup: `<path class="edge ` + edgeClass(e.Class) + `" d="` + e.D + `"/>`}
		}
		next[e.ID] = m
		out[i] = keyedMarkup{key: e.ID, markup: m.markup}
	}
	c.edgeMarks = next
	return out
}

// keyedNodes is every node's markup, rebuilt only for nodes whose data changed.
func (c *GraphCanvas) keyedNodes() []keyedMarkup {
	next := make(map[string]slotMarkup, len(c.Scene.Nodes))
	out := make([]keyedMarkup, 0, len(c.Scene.Nodes))
	for _, n := range c.Scene.Nodes {
		d := nodeData(n, n.UID == c.Selected && c.Selected != "", c.Collapsed[n.ID])
		m, ok := c.marks[n.ID]
		if !ok || m.data != d {
			var b strings.Builder
			d.markup(&b)
			m = slotMarkup{data: d, text: b.String()}
		}
		next[n.ID] = m
		out = append(out, keyedMarkup{key: n.ID, markup: m.text})
	}
	c.marks = next
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
