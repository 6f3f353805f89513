//go:build !js

package e2e

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"
)

// TestWasmSizeBudget weighs app.wasm as `make wasm` ships it (the one the tests drive)
// and checks its budget after gzip -9: 4 MiB. It was 4 MiB until workspaces (the
// catalog, its migrations and quarantine), the kubectl console, the YAML structure check
// and graph search came in (4.40 MiB at 2026-11-24, budget 4.5 MiB); 4.30 MiB at
// 2026-11-27 with the standard library's packages a tick does not use built without
// inlining (Makefile), 4.41 MiB with the version lens and the fault lab, and 3.87 MiB
// once make wasm trimmed the page's dependencies (internal/pagedeps: no HTTP client, TLS
// or CBOR codec). Dropping inlining in all of it makes a 5,000-object tick three times
// slower under node. The performance issue's 3.5 MiB target is not met
// (docs/benchmarks.md). Browsers get brotli (internal/site): 2.71 MiB.
func TestWasmSizeBudget(t *testing.T) {
	if os.Getenv("GCPLAY_PROFILE") != "" {
		t.Skip("a profiled run's app.wasm keeps its function names")
	}
	if skipReason != "" {
		t.Skip(skipReason) // no site was built
	}
	raw, err := os.ReadFile(filepath.Join(siteRoot, "web", "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(raw)
	zw.Close()
	const budget = 4 << 20
	t.Logf("app.wasm: %d bytes raw, %d bytes gzip (budget %d)", len(raw), buf.Len(), budget)
	if buf.Len() > budget {
		t.Fatalf("app.wasm is %d bytes gzipped, over the %d-byte budget", buf.Len(), budget)
	}
}
