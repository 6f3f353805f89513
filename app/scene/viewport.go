package scene

import "math"

// Viewport maps the scene onto the graph's SVG: screen = world*Zoom + (X, Y), in the
// SVG's own pixels (not the panel's: its header sits above the SVG).
type Viewport struct {
	X, Y, Zoom float64
}

// Zoom limits of the wheel and the buttons.
const (
	MinZoom = 0.05
	MaxZoom = 4.0
)

// ZoomAt scales by factor about the SVG point (x, y): the scene point under it stays.
func (v Viewport) ZoomAt(x, y, factor float64) Viewport {
	z := math.Max(MinZoom, math.Min(MaxZoom, v.Zoom*factor))
	f := z / v.Zoom
	return Viewport{X: x - (x-v.X)*f, Y: y - (y-v.Y)*f, Zoom: z}
}

// FitMaxZoom is how far Fit enlarges a small scene: a lesson's two ConfigMaps fill a
// projector's graph with 21 px names instead of sitting at 14 px in its middle (issue
// 22: labels must read from the back of a room), yet a lone node does not become a
// poster.
const FitMaxZoom = 1.5

// Fit shows the whole w × h scene in a viewW × viewH SVG, centred, never above
// FitMaxZoom and never below minZoom: a scene too big at minZoom is centred across and
// shows its top.
func Fit(w, h, viewW, viewH, minZoom float64) Viewport {
	if w <= 0 || h <= 0 || viewW <= 0 || viewH <= 0 {
		return Viewport{Zoom: 1}
	}
	z := math.Max(minZoom, math.Min(FitMaxZoom, math.Min(viewW/w, viewH/h)))
	y := (viewH - h*z) / 2
	if y < 0 {
		y = 0
	}
	return Viewport{X: (viewW - w*z) / 2, Y: y, Zoom: z}
}

// Shows reports whether the whole w × h scene lies inside a viewW × viewH SVG under v
// (a pixel's rounding aside).
func (v Viewport) Shows(w, h, viewW, viewH float64) bool {
	const slack = 1
	return v.X >= -slack && v.Y >= -slack && v.X+w*v.Zoom <= viewW+slack && v.Y+h*v.Zoom <= viewH+slack
}

// CentreOn puts the scene point (x, y) at the centre of a viewW × viewH SVG at zoom z.
func CentreOn(x, y, viewW, viewH, z float64) Viewport {
	return Viewport{X: viewW/2 - x*z, Y: viewH/2 - y*z, Zoom: z}
}

// Centre is the scene point at the centre of the node's box.
func (n Node) Centre() (float64, float64) { return n.X + NodeW/2, n.Y + NodeH/2 }
