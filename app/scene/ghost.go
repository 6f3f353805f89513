package scene

import (
	"maps"
	"slices"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
)

// WithGhosts is v with ghosts added as if stored: in compare mode, the objects the other
// run still stores and v's run no longer does, so the scene lays each out where it would
// sit, under its owners, and the page draws it as a ghost (an object gone here). A ghost
// whose uid v stores is left out. The copy keeps v's Version: a cache keyed on it must
// key on the ghosts too.
func WithGhosts(v *workspace.View, ghosts []*gccore.Object) *workspace.View {
	if len(ghosts) == 0 {
		return v
	}
	w := *v
	w.Objects, w.InAPI = slices.Clip(v.Objects), maps.Clone(v.InAPI)
	for _, o := range ghosts {
		if _, taken := w.InAPI[o.UID]; !taken {
			w.Objects, w.InAPI[o.UID] = append(w.Objects, o), o
		}
	}
	return &w
}
