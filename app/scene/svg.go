package scene

import (
	"fmt"
	"html"
	"strings"
)

// SVG renders the scene as a standalone SVG document, styled inline, for the export.
func (s *Scene) SVG() string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="system-ui, sans-serif">`+"\n",
		s.Width, s.Height, s.Width, s.Height)
	b.WriteString(`<rect width="100%" height="100%" fill="#ffffff"/>` + "\n")
	strokes := [numEdgeClasses]string{
		Plain:           `stroke="#9aa3b2" stroke-width="1.2" stroke-dasharray="4 3"`,
		Controller:      `stroke="#44506a" stroke-width="2.4"`,
		Block:           `stroke="#d9480f" stroke-width="1.4"`,
		ControllerBlock: `stroke="#d9480f" stroke-width="2.6"`,
	}
	for _, e := range s.Edges {
		fmt.Fprintf(&b, `<path d="%s" fill="none" %s/>`+"\n", e.D, strokes[e.Class])
	}
	for _, n := range s.Nodes {
		fill, stroke, dash := "#ffffff", "#8a94a6", ""
		switch {
		case n.Status == Terminating:
			fill, stroke = "#fff1f0", "#c92a2a"
		case n.Status == Virtual || n.Status == Absent:
			fill, dash = "#f4f5f7", ` stroke-dasharray="5 4"`
		case n.Lag || n.Stale:
			stroke, dash = "#e8590c", ` stroke-dasharray="6 3"`
		}
		kind := n.Kind
		if n.Namespace != "" {
			kind += " · " + n.Namespace
		}
		fmt.Fprintf(&b, `<g transform="translate(%.0f %.0f)"><title>%s</title>`, n.X, n.Y, html.EscapeString(n.Kind+" "+n.Namespace+"/"+n.Name+" uid "+string(n.UID)))
		fmt.Fprintf(&b, `<rect width="%.0f" height="%.0f" rx="7" fill="%s" stroke="%s" stroke-width="1.5"%s/>`, NodeW, NodeH, fill, stroke, dash)
		fmt.Fprintf(&b, `<text x="12" y="17" font-size="11" fill="#5b6477">%s</text>`, html.EscapeString(ShortEm(kind, LineEm)))
		fmt.Fprintf(&b, `<text x="12" y="36" font-size="14" font-weight="600" fill="#1f2a44">%s</text>`, html.EscapeString(ShortMiddle(n.Name, NameRunes)))
		if len(n.Finalizers) > 0 {
			fmt.Fprintf(&b, `<text x="12" y="53" font-size="11" fill="#8f5b00">%s</text>`, html.EscapeString(FinalizerLabel(n.Finalizers, LineEm)))
		}
		if n.Status == Terminating {
			fmt.Fprintf(&b, `<text x="%.0f" y="17" font-size="10" text-anchor="end" fill="#c92a2a">Terminating</text>`, NodeW-8)
		}
		b.WriteString("</g>\n")
	}
	b.WriteString("</svg>\n")
	return b.String()
}
