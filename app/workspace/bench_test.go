package workspace

import (
	"fmt"
	"strings"
	"testing"
)

// longHistory is the deployment example with a delete half-way through a 10,000-tick run.
func longHistory(tb testing.TB, pods int) *Workspace {
	tb.Helper()
	var b strings.Builder
	b.WriteString("objects:\n- {apiVersion: apps/v1, kind: Deployment, metadata: {name: d, uid: d}}\n")
	b.WriteString("- {apiVersion: apps/v1, kind: ReplicaSet, metadata: {name: rs, uid: rs, ownerReferences: [{apiVersion: apps/v1, kind: Deployment, name: d, uid: d, controller: true, blockOwnerDeletion: true}]}}\n")
	for p := 0; p < pods; p++ {
		fmt.Fprintf(&b, "- {apiVersion: v1, kind: Pod, metadata: {name: p%d, ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: rs, uid: rs, controller: true, blockOwnerDeletion: true}]}}\n", p)
	}
	b.WriteString("steps:\n- run: 5000\n- delete: {apiVersion: apps/v1, kind: Deployment, name: d, propagationPolicy: Foreground}\n- run: 5000\n")
	w, err := New("long", []byte(b.String()))
	if err != nil {
		tb.Fatal(err)
	}
	if err := w.RunUntilIdle(); err != nil {
		tb.Fatal(err)
	}
	if w.View().Tick < 10000 {
		tb.Fatalf("history ends at tick %d", w.View().Tick)
	}
	return w
}

// BenchmarkRewind10k measures the worst rewind of a 10,000-tick history: to the tick
// before the end, which replays every command from the start (no checkpoints).
func BenchmarkRewind10k(b *testing.B) {
	for _, pods := range []int{10, 500} {
		b.Run(fmt.Sprintf("pods=%d", pods), func(b *testing.B) {
			w := longHistory(b, pods)
			last := w.View().LastTick
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := w.Rewind(last - 1); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				if err := w.Rewind(last); err != nil { // forward: replays one tick
					b.Fatal(err)
				}
				b.StartTimer()
			}
		})
	}
}

// BenchmarkStep measures one tick plus publishing the view, at 500 and 5,000 objects.
func BenchmarkStep(b *testing.B) {
	for _, pods := range []int{500, 5000} {
		b.Run(fmt.Sprintf("objects=%d", pods), func(b *testing.B) {
			var s strings.Builder
			s.WriteString("objects:\n")
			for p := 0; p < pods; p++ {
				fmt.Fprintf(&s, "- {apiVersion: v1, kind: ConfigMap, metadata: {name: c%d}}\n", p)
			}
			w, err := New("big", []byte(s.String()))
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := w.Step(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
