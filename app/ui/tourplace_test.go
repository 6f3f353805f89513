package ui

import "testing"

// TestTourPlace: a card goes under a small target, beside a tall one, inside one as
// large as the window, and always stays in the window.
func TestTourPlace(t *testing.T) {
	const vw, vh, w, h = 1366.0, 657.0, 340.0, 160.0
	for _, tc := range []struct {
		name   string
		target rect
		side   string
	}{
		{"the Step buttons", rect{14, 50, 375, 80}, "below"},
		{"the graph", rect{9, 258, 939, 598}, "right"},
		{"the side panel", rect{948, 180, 1358, 648}, "left"},
		{"a footer across the window", rect{9, 600, 1358, 650}, "above"},
		{"the whole window", rect{0, 0, vw, vh}, "inside"},
	} {
		l, tp, side, _ := tourPlace(tc.target, w, h, vw, vh)
		if side != tc.side {
			t.Errorf("%s: the card is %s it, want %s", tc.name, side, tc.side)
		}
		if l < 0 || tp < 0 || l+w > vw || tp+h > vh {
			t.Errorf("%s: the card at (%.0f, %.0f) leaves the window", tc.name, l, tp)
		}
	}
}
