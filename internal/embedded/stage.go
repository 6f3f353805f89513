package embedded

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gcplay/gcplay/app/ui"
	"github.com/gcplay/gcplay/internal/site"
)

// Stage writes into out the files a release binary embeds, read from web (the folder
// holding app.wasm and the page's assets): the assets as they are, app.wasm only as
// app.wasm.gz (gzip 9) and app.wasm.br (brotli at quality), and out/overlay.json, which
// maps pkg/web/NAME (pkg: this package's folder) to each staged file for
// `go build -overlay`. It replaces out if out is empty or an earlier Stage's. It returns a line on the wasm's sizes.
func Stage(web, out, pkg string, quality int) (string, error) {
	out, err := filepath.Abs(out)
	if err != nil {
		return "", err
	}
	target, err := filepath.Abs(filepath.Join(pkg, "web"))
	if err != nil {
		return "", err
	}
	// Replace only a folder Stage wrote (it holds overlay.json), or an empty one.
	if entries, err := os.ReadDir(out); err == nil && len(entries) > 0 {
		if _, err := os.Stat(filepath.Join(out, "overlay.json")); err != nil {
			return "", fmt.Errorf("%s is not empty and was not staged before (no overlay.json): choose another folder", out)
		}
	}
	if err := os.RemoveAll(out); err != nil {
		return "", err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", err
	}
	replace := map[string]string{}
	sizes := ""
	put := func(name string, b []byte) error {
		p := filepath.Join(out, name)
		replace[filepath.Join(target, name)] = p
		return os.WriteFile(p, b, 0o644)
	}
	for _, name := range ui.Assets {
		b, err := os.ReadFile(filepath.Join(web, name))
		if err != nil {
			if name == ui.WasmAsset {
				return "", fmt.Errorf("%v (run make wasm first)", err)
			}
			return "", err
		}
		if name != ui.WasmAsset {
			if err := put(name, b); err != nil {
				return "", err
			}
			continue
		}
		start := time.Now()
		gz, err := site.Gzip(b, 9)
		if err != nil {
			return "", err
		}
		br, err := site.Brotli(b, quality)
		if err != nil {
			return "", err
		}
		sizes = fmt.Sprintf("app.wasm: %d bytes, gzip -9 %d, brotli %d %d (compressed in %v)", len(b), len(gz), quality, len(br), time.Since(start).Round(100*time.Millisecond))
		if err := put(name+".gz", gz); err != nil {
			return "", err
		}
		if err := put(name+".br", br); err != nil {
			return "", err
		}
	}
	j, err := json.MarshalIndent(map[string]any{"Replace": replace}, "", "  ")
	if err != nil {
		return "", err
	}
	return sizes, os.WriteFile(filepath.Join(out, "overlay.json"), append(j, '\n'), 0o644)
}
