//go:build !js

package e2e

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestWasmSizeBudget builds app.wasm exactly as `make wasm` ships it and checks the issue's
// budget: at most 4 MiB after gzip -9.
func TestWasmSizeBudget(t *testing.T) {
	out := filepath.Join(t.TempDir(), "app.wasm")
	cmd := exec.Command("make", "--no-print-directory", "-C", repoRoot, "wasm", "WASM_OUT="+out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make wasm: %v\n%s", err, b)
	}
	raw, err := os.ReadFile(out)
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
