package main

// BenchmarkSimCLI runs `gcplay sim` end to end, in process, on a generated scenario file of
// 100k ConfigMaps: reading and parsing the file, creating the objects, the GC observing
// them, the cascade from the root, and printing the final (empty) List. The tree has the
// fixed fanout of gccore's BenchmarkCascade "wide" shape (object i > 0 is owned by object
// (i-1)/10). docs/benchmarks.md also times the built binary on the same file.

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func BenchmarkSimCLI(b *testing.B) {
	for _, policy := range []string{"Foreground", "Background"} {
		b.Run(policy+"/wide/100k", func(b *testing.B) {
			const n = 100_000
			file := filepath.Join(b.TempDir(), "tree.yaml")
			if err := os.WriteFile(file, treeScenario(n, 10, policy), 0o644); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				var stderr bytes.Buffer
				if code := run([]string{"sim", "-f", file}, nil, io.Discard, &stderr); code != 0 {
					b.Fatalf("exit %d: %s", code, stderr.String())
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/object")
		})
	}
}

// treeScenario writes a scenario of n ConfigMaps, object i > 0 owned by object (i-1)/fanout
// with blockOwnerDeletion, whose only step deletes the root with policy.
func treeScenario(n, fanout int, policy string) []byte {
	var b bytes.Buffer
	b.WriteString("objects:\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: cm-%d\n    uid: uid-%d\n", i, i)
		if i > 0 {
			o := (i - 1) / fanout
			fmt.Fprintf(&b, "    ownerReferences:\n    - {apiVersion: v1, kind: ConfigMap, name: cm-%d, uid: uid-%d, blockOwnerDeletion: true}\n", o, o)
		}
	}
	fmt.Fprintf(&b, "steps:\n- delete: {apiVersion: v1, kind: ConfigMap, name: cm-0, propagationPolicy: %s}\n", policy)
	return b.Bytes()
}
