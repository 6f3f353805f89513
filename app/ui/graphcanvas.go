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
// Nodes are drawn as SVG markup (app.Raw) in chunks of chunkSize slots: go-app
// replaces a raw element only when its text changed, so a tick that deletes a few
// objects re-parses a few chunks instead of diffing every node attribute by attribute
// through syscall/js. Clicks are delegated to the panel (data-node, data-toggle).
type GraphCanvas struct {
	app.Compo

	Scene     *scene.Scene
	Selected  types.UID
	Collapsed map[string]bool

	// slots keeps each node in the same slot (and so the same chunk) while it exists,
	// so that a deleted node changes only its own chunk. slotIDs[i] is the node in
	// slot i ("" when free).
	slots   map[string]int
	slotIDs []string
	// marks caches each slot's last data and markup.
	marks []slotMarkup
}

type slotMarkup struct {
	data NodeData
	text string
}

// chunkSize is the number of node slots per raw SVG chunk: small enough that a change
// re-parses little, large enough that 5,000 nodes make few DOM children.
const chunkSize = 64

// Render draws the edges (one path per edge class) and the nodes in chunks.
func (c *GraphCanvas) Render() app.UI {
	s := c.Scene
	byID := c.assignSlots(s)
	if len(c.marks) > len(c.slotIDs) {
		c.marks = c.marks[:len(c.slotIDs)]
	}
	for len(c.marks) < len(c.slotIDs) {
		c.marks = append(c.marks, slotMarkup{})
	}
	chunks := make([]app.UI, 0, len(c.slotIDs)/chunkSize+1)
	var b strings.Builder
	for start := 0; start < len(c.slotIDs); start += chunkSize {
		b.Reset()
		b.WriteString(`<svg class="chunk" overflow="visible">`)
		for i := start; i < start+chunkSize && i < len(c.slotIDs); i++ {
			n, ok := byID[c.slotIDs[i]]
			if !ok {
				c.marks[i] = slotMarkup{}
				continue
			}
			d := nodeData(n, n.UID == c.Selected && c.Selected != "", c.Collapsed[n.ID])
			if c.marks[i].text == "" || c.marks[i].data != d {
				var nb strings.Builder
				d.markup(&nb)
				c.marks[i] = slotMarkup{data: d, text: nb.String()}
			}
			b.WriteString(c.marks[i].text)
		}
		b.WriteString(`</svg>`)
		chunks = append(chunks, app.Raw(b.String()))
	}
	edges := make([]app.UI, 0, len(s.Paths))
	for i, d := range s.Paths {
		edges = append(edges, svgLeaf("path").Class("edge", edgeClass(scene.EdgeClass(i))).Attr("d", orNone(d)))
	}
	return svgEl("g").Body(
		svgEl("g").Class("edges").Body(edges...),
		svgEl("g").Class("nodes").Body(chunks...),
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
