package scenario_test

import (
	"testing"

	"github.com/gcplay/gcplay/gccore/scenario"
	"github.com/gcplay/gcplay/internal/fixtures"
)

// BenchmarkParseLink parses the 20,000-object `#scenario=` link (issue 14):
// anchors, aliases and merge keys, so the whole-file path, not the chunked one.
func BenchmarkParseLink(b *testing.B) {
	data := []byte(fixtures.LinkTree(19600))
	b.SetBytes(int64(len(data)))
	var objects int
	for b.Loop() {
		sc, err := scenario.Parse("link.yaml", data)
		if err != nil {
			b.Fatal(err)
		}
		objects = len(sc.Objects)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(objects), "ns/object")
}
