package ui

import (
	"fmt"

	"github.com/gcplay/gcplay/app/scene"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"k8s.io/apimachinery/pkg/types"
)

// GraphCanvas draws a scene: edges, then nodes. Its props change only when the picture
// does (scene.BuildFrom returns the same *Scene otherwise), so an idle tick or a pan does
// not re-render thousands of nodes.
type GraphCanvas struct {
	app.Compo

	Scene     *scene.Scene
	Selected  types.UID
	Collapsed map[string]bool

	// slots keeps each node in the same DOM position while it exists: go-app diffs
	// children by position, so without slots one deleted object would re-render every
	// node after it. slotIDs[i] is the node in slot i ("" when free).
	slots   map[string]int
	slotIDs []string
}

// Render draws the edges (one path per edge class) and one positioned slot per node.
func (c *GraphCanvas) Render() app.UI {
	s := c.Scene
	byID := c.assignSlots(s)
	nodes := make([]app.UI, len(c.slotIDs))
	for i, id := range c.slotIDs {
		n, ok := byID[id]
		if !ok {
			nodes[i] = svgEl("g").Body(&GraphNode{})
			continue
		}
		nodes[i] = svgEl("g").Attr("transform", fmt.Sprintf("translate(%.0f %.0f)", n.X, n.Y)).Body(
			nodeProps(n, n.UID == c.Selected && c.Selected != "", c.Collapsed[n.ID]))
	}
	edges := make([]app.UI, 0, len(s.Paths))
	for i, d := range s.Paths {
		edges = append(edges, svgLeaf("path").Class("edge", edgeClass(scene.EdgeClass(i))).Attr("d", orNone(d)))
	}
	return svgEl("g").Body(
		svgEl("g").Class("edges").Body(edges...),
		svgEl("g").Class("nodes").Body(nodes...),
	)
}

// assignSlots gives new nodes a free slot and frees the slots of nodes that are gone.
func (c *GraphCanvas) assignSlots(s *scene.Scene) map[string]scene.Node {
	if c.slots == nil {
		c.slots = map[string]int{}
	}
	byID := make(map[string]scene.Node, len(s.Nodes))
	for _, n := range s.Nodes {
		byID[n.ID] = n
	}
	var free []int
	for i, id := range c.slotIDs {
		if _, ok := byID[id]; !ok {
			if id != "" {
				delete(c.slots, id)
				c.slotIDs[i] = ""
			}
			free = append(free, i)
		}
	}
	for _, n := range s.Nodes { // layout order: new nodes fill the lowest free slots
		if _, ok := c.slots[n.ID]; ok {
			continue
		}
		i := len(c.slotIDs)
		if len(free) > 0 {
			i, free = free[0], free[1:]
		} else {
			c.slotIDs = append(c.slotIDs, "")
		}
		c.slots[n.ID], c.slotIDs[i] = i, n.ID
	}
	for len(c.slotIDs) > 0 && c.slotIDs[len(c.slotIDs)-1] == "" {
		c.slotIDs = c.slotIDs[:len(c.slotIDs)-1]
	}
	return byID
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
