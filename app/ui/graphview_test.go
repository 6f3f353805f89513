package ui

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/scene"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/internal/fixtures"
)

// TestFoldedNodeCountsByKind: a folded node's toggle says what it hides by kind, in a
// pill wide enough for the words.
func TestFoldedNodeCountsByKind(t *testing.T) {
	w, err := workspace.New("tree", []byte(fixtures.Tree(500)))
	if err != nil {
		t.Fatal(err)
	}
	s := scene.Build(w.View(), scene.API, map[string]bool{"rs3": true})
	for _, n := range s.Nodes {
		if n.Name != "rs3" {
			continue
		}
		m := nodeMarkup(n, false, true)
		mustContain(t, m, `data-toggle="rs3"`, `>+50 Pods</text>`)
		if strings.Contains(m, `width="30"`) {
			t.Fatalf("the pill is too narrow for its label: %s", m)
		}
		return
	}
	t.Fatal("rs3 not drawn")
}

// TestGraphHeaderHasSearch: the graph's header carries the search box.
func TestGraphHeaderHasSearch(t *testing.T) {
	w := exampleWorkspace(t, "deployment")
	mustContain(t, render(&GraphPanel{View: w.View(), Collapsed: map[string]bool{}}), `placeholder="Find object…"`)
}
