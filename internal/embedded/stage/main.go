// Command stage prepares the assets a release binary embeds (embedded.Stage): the files
// of web/ the page loads, app.wasm only compressed, and overlay.json for
// `go build -overlay`, in a folder outside the source tree (make embed: .bin/embed).
//
//	go run ./internal/embedded/stage -web web -out .bin/embed -brotli 11
//	go build -tags gcplay_embed -overlay .bin/embed/overlay.json ./cmd/gcplay
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/gcplay/gcplay/internal/embedded"
)

func main() {
	web := flag.String("web", "web", "the folder holding app.wasm (make wasm) and the page's assets")
	out := flag.String("out", ".bin/embed", "the folder to stage the files in (replaced)")
	pkg := flag.String("pkg", "internal/embedded", "the embedded package's folder, whose web/ the overlay fills")
	quality := flag.Int("brotli", 11, "brotli quality for app.wasm, 0-11 (11: minutes; 5: a second)")
	flag.Parse()
	sizes, err := embedded.Stage(*web, *out, *pkg, *quality)
	if err != nil {
		fmt.Fprintf(os.Stderr, "stage: %v\n", err)
		os.Exit(1)
	}
	fmt.Println(sizes)
}
