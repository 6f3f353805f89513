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
// The edges are a few paths (one per edge class) drawn by go-app. The nodes are SVG
// markup kept in step by a domList: a cascade tick re-parses the few nodes whose data
// changed and removes the deleted ones, and leaves the thousands of others alone. Clicks
// are delegated to the panel (data-node, data-toggle).
type GraphCanvas struct {
	app.Compo

	Scene     *scene.Scene
	Selected  types.UID
	Collapsed map[string]bool

	nodes domList
	// marks caches each node's last data and markup, so unchanged nodes cost a
	// comparison, not a rebuild.
	marks map[string]slotMarkup
}

type slotMarkup struct {
	data NodeData
	text string
}

// Render draws the edges and the empty group the nodes go into (syncNodes).
func (c *GraphCanvas) Render() app.UI {
	s := c.Scene
	edges := make([]app.UI, 0, len(s.Paths))
	for i, d := range s.Paths {
		edges = append(edges, svgLeaf("path").Class("edge", edgeClass(scene.EdgeClass(i))).Attr("d", orNone(d)))
	}
	return svgEl("g").Body(
		svgEl("g").Class("edges").Body(edges...),
		svgEl("g").Class("nodes"),
	)
}

// OnMount and OnUpdate draw the nodes once go-app has rendered the group they go in.
func (c *GraphCanvas) OnMount(ctx app.Context)  { ctx.Defer(c.syncNodes) }
func (c *GraphCanvas) OnUpdate(ctx app.Context) { ctx.Defer(c.syncNodes) }

func (c *GraphCanvas) syncNodes(ctx app.Context) {
	root := c.JSValue()
	if root == nil || !root.Truthy() {
		return
	}
	c.nodes.sync(root.Call("querySelector", ":scope > g.nodes"), c.keyedNodes())
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

func legend() app.UI {
	item := func(cls, text string) app.UI {
		return app.Span().Class("lg").Body(app.Span().Class("lg-line", cls), app.Text(text))
	}
	return app.Details().Class("legend").Body(
		app.Summary().Text("Legend"),
		app.Div().Class("legend-body").Body(
			item("e-controller", "controller"),
			item("e-block", "blockOwnerDeletion"),
			item("e-controller-block", "both"),
			item("e-plain", "neither"),
			app.Span().Class("lg").Body(app.Span().Class("lg-box", "lg-term"), app.Text("Terminating")),
			app.Span().Class("lg").Body(app.Span().Class("lg-box", "lg-lag"), app.Text("GC has not seen it")),
			app.Span().Class("lg").Body(app.Span().Class("lg-box", "lg-virtual"), app.Text("virtual / absent owner")),
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

// orNone keeps an empty path valid: go-app drops empty attributes.
func orNone(d string) string {
	if d == "" {
		return "M0 0"
	}
	return d
}
