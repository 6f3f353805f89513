package scene

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
)

// TestWithGhosts: compare mode's ghosts are laid out as if stored, under their owners
// (pa, gone here and stored in the other run, below gp, and c's placeholder owner is pa
// again), without changing the view they are added to; a ghost whose uid the view
// stores is left out.
func TestWithGhosts(t *testing.T) {
	other := view(t, family)
	var lines []string
	for _, l := range strings.Split(family, "\n") {
		if !strings.Contains(l, "metadata: {name: pa,") {
			lines = append(lines, l)
		}
	}
	here := view(t, strings.Join(lines, "\n"))
	pa, ok := other.ObjectByUID("pa")
	if !ok {
		t.Fatal("no pa in the other run")
	}
	ghosts := []*gccore.Object{pa}
	if p := byName(Build(here, API, nil))["pa"]; p.Object || p.Status != Absent {
		t.Fatalf("pa here before it is a ghost: %+v, want its absent owner's placeholder", p)
	}
	n := byName(Build(WithGhosts(here, ghosts), API, nil))
	if g, ok := n["pa"]; !ok || !g.Object || g.Y <= n["gp"].Y || g.Status == Absent {
		t.Fatalf("pa's ghost %+v, want an object below gp %+v", g, n["gp"])
	}
	if _, stored := here.ObjectByUID("pa"); stored || len(here.Objects) != 4 {
		t.Errorf("WithGhosts changed the view: %d objects", len(here.Objects))
	}
	if v := WithGhosts(other, ghosts); len(v.Objects) != len(other.Objects) {
		t.Errorf("a ghost whose uid is stored was added: %d objects, want %d", len(v.Objects), len(other.Objects))
	}
}
