package ui

import (
	"fmt"
	"testing"

	"github.com/gcplay/gcplay/app/scene"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/internal/fixtures"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// BenchmarkCascadeTick is the Go side of one playground tick during a background cascade
// (docs/playground.md budgets): the tick and the view, the scene, the markup of the
// nodes, trace rows and queue rows, and the graph's DOM edit worked out (domList.plan).
// The DOM work itself is measured in the browser (e2e TestBudgets); rows/tick is how many
// nodes and edges the edit parses there, moved/tick how many it moves by setting their
// transform or path data. "folded" is the tree as the page opens it
// (scene.Fold for a 1200×700 panel): the ReplicaSets folded, their Pods shown when the
// ReplicaSets go.
func BenchmarkCascadeTick(b *testing.B) {
	for _, pods := range []int{500, 5000} {
		for _, folded := range []bool{false, true} {
			name := fmt.Sprintf("objects=%d", pods+pods/50+1)
			if folded {
				name += "/folded"
			}
			b.Run(name, func(b *testing.B) { benchCascadeTick(b, pods, folded) })
		}
	}
}

func benchCascadeTick(b *testing.B, pods int, folded bool) {
	var w *workspace.Workspace
	var canvas *GraphCanvas
	var tr *TracePanel
	var prev *scene.Scene
	var collapsed map[string]bool
	start := func() {
		var err error
		if w, err = workspace.New("bench", []byte(fixtures.Tree(pods))); err != nil {
			b.Fatal(err)
		}
		if collapsed = nil; folded {
			collapsed = scene.Fold(w.View(), scene.API, nil, 1200, 700, farZoom)
		}
		if err := w.Step(); err != nil { // the GC observes the objects
			b.Fatal(err)
		}
		bg := metav1.DeletePropagationBackground
		if err := w.Do(gccore.DeleteInput(gccore.ObjectRef{APIVersion: "apps/v1", Kind: "Deployment", Namespace: "default", Name: "d"},
			metav1.DeleteOptions{PropagationPolicy: &bg})); err != nil {
			b.Fatal(err)
		}
		// The page has drawn the graph before the first tick.
		canvas, tr = &GraphCanvas{Collapsed: collapsed}, &TracePanel{}
		prev = scene.BuildFrom(nil, w.View(), scene.API, collapsed)
		canvas.Scene = prev
		canvas.edges.plan(canvas.keyedEdges())
		canvas.nodes.plan(canvas.keyedNodes())
	}
	b.StopTimer()
	start()
	rows, moved := 0, 0
	for i := 0; i < b.N; i++ {
		if w.View().Settled {
			start()
		}
		b.StartTimer()
		if err := w.Step(); err != nil {
			b.Fatal(err)
		}
		v := w.View()
		prev = scene.BuildFrom(prev, v, scene.API, collapsed)
		canvas.Scene = prev
		edges, nodes := canvas.keyedEdges(), canvas.keyedNodes()
		ee, ne := canvas.edges.plan(edges), canvas.nodes.plan(nodes)
		rows += ee.parsed(edges) + ne.parsed(nodes)
		moved += len(ee.moved) + len(ne.moved)
		tr.View = v
		tr.rowMarkup()
		q := &QueuesPanel{View: v}
		for _, qv := range v.Queues {
			q.items(qv)
		}
		b.StopTimer()
	}
	b.ReportMetric(float64(rows)/float64(b.N), "rows/tick")
	b.ReportMetric(float64(moved)/float64(b.N), "moved/tick")
}
