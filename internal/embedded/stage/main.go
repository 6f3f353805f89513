// Command stage prepares the assets a release binary embeds (package embedded): it
// copies the files of web/ the page loads (ui.Assets) into a folder, app.wasm only
// compressed (app.wasm.gz at gzip 9, app.wasm.br at the brotli quality asked), and writes
// beside them overlay.json, which maps internal/embedded/web/NAME to each staged file for
// `go build -overlay`: nothing is generated inside the source tree.
//
//	go run ./internal/embedded/stage -web web -out .bin/embed -brotli 11
//	go build -tags gcplay_embed -overlay .bin/embed/overlay.json ./cmd/gcplay
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gcplay/gcplay/app/ui"
	"github.com/gcplay/gcplay/internal/site"
)

func main() {
	web := flag.String("web", "web", "the folder holding app.wasm (make wasm) and the page's assets")
	out := flag.String("out", ".bin/embed", "the folder to stage the files in (replaced)")
	pkg := flag.String("pkg", "internal/embedded", "the embedded package's folder, whose web/ the overlay fills")
	quality := flag.Int("brotli", 11, "brotli quality for app.wasm, 0-11 (11: minutes; 5: a second)")
	flag.Parse()
	if err := stage(*web, *out, *pkg, *quality); err != nil {
		fmt.Fprintf(os.Stderr, "stage: %v\n", err)
		os.Exit(1)
	}
}

func stage(web, out, pkg string, quality int) error {
	out, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	target, err := filepath.Abs(filepath.Join(pkg, "web"))
	if err != nil {
		return err
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	replace := map[string]string{}
	put := func(name string, b []byte) error {
		p := filepath.Join(out, name)
		replace[filepath.Join(target, name)] = p
		return os.WriteFile(p, b, 0o644)
	}
	for _, name := range ui.Assets {
		b, err := os.ReadFile(filepath.Join(web, name))
		if err != nil {
			if name == ui.WasmAsset {
				return fmt.Errorf("%v (run make wasm first)", err)
			}
			return err
		}
		if name != ui.WasmAsset {
			if err := put(name, b); err != nil {
				return err
			}
			continue
		}
		start := time.Now()
		gz, err := site.Gzip(b, 9)
		if err != nil {
			return err
		}
		br, err := site.Brotli(b, quality)
		if err != nil {
			return err
		}
		fmt.Printf("app.wasm: %d bytes, gzip -9 %d, brotli %d %d (%v)\n", len(b), len(gz), quality, len(br), time.Since(start).Round(100*time.Millisecond))
		if err := put(name+".gz", gz); err != nil {
			return err
		}
		if err := put(name+".br", br); err != nil {
			return err
		}
	}
	j, err := json.MarshalIndent(map[string]any{"Replace": replace}, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "overlay.json"), append(j, '\n'), 0o644)
}
