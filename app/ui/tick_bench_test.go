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
// (docs/playground.md budgets): the tick and the view, the scene, and the markup of the
// nodes, trace rows and queue rows. The DOM work is measured in the browser (e2e
// TestBudgets); this is what can be profiled natively and as wasm under node.
func BenchmarkCascadeTick(b *testing.B) {
	for _, pods := range []int{500, 5000} {
		b.Run(fmt.Sprintf("objects=%d", pods+pods/50+1), func(b *testing.B) {
			var w *workspace.Workspace
			var canvas *GraphCanvas
			var tr *TracePanel
			var prev *scene.Scene
			start := func() {
				var err error
				if w, err = workspace.New("bench", []byte(fixtures.Tree(pods))); err != nil {
					b.Fatal(err)
				}
				if err := w.Step(); err != nil { // the GC observes the objects
					b.Fatal(err)
				}
				bg := metav1.DeletePropagationBackground
				if err := w.Do(gccore.DeleteInput(gccore.ObjectRef{APIVersion: "apps/v1", Kind: "Deployment", Namespace: "default", Name: "d"},
					metav1.DeleteOptions{PropagationPolicy: &bg})); err != nil {
					b.Fatal(err)
				}
				canvas, tr, prev = &GraphCanvas{}, &TracePanel{}, nil
			}
			b.StopTimer()
			start()
			for i := 0; i < b.N; i++ {
				if w.View().Settled {
					start()
				}
				b.StartTimer()
				if err := w.Step(); err != nil {
					b.Fatal(err)
				}
				v := w.View()
				prev = scene.BuildFrom(prev, v, scene.API, nil)
				canvas.Scene = prev
				canvas.keyedNodes()
				canvas.keyedEdges()
				tr.View = v
				tr.rowMarkup()
				q := &QueuesPanel{View: v}
				for _, qv := range v.Queues {
					q.items(qv)
				}
				b.StopTimer()
			}
		})
	}
}
