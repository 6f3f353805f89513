package probe

import (
	"testing"

	"github.com/gcplay/gcplay/app/workspace"
)

func BenchmarkDefaultExample(b *testing.B) {
	for i := 0; i < b.N; i++ {
		w, _, err := workspace.OpenExample(workspace.DefaultExample)
		if err != nil {
			b.Fatal(err)
		}
		_ = w.Marshal()
	}
}
