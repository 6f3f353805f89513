// Command stage writes the files the page's build uses to trim its dependencies
// (internal/pagedeps) and prints the go build flags that use them.
//
//	go run ./internal/pagedeps/stage -out .bin/pagedeps
//	GOOS=js GOARCH=wasm go build -modfile .bin/pagedeps/go.mod -overlay .bin/pagedeps/overlay.json ./app/cmd/wasm
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/gcplay/gcplay/internal/pagedeps"
)

func main() {
	out := flag.String("out", ".bin/pagedeps", "the folder to stage the files in")
	root := flag.String("root", ".", "the repository (it holds go.mod)")
	gobin := flag.String("go", "go", "the go command")
	flag.Parse()
	flags, err := pagedeps.Stage(*gobin, *root, *out, pagedeps.Plan)
	if err != nil {
		fmt.Fprintf(os.Stderr, "stage: %v\n", err)
		os.Exit(1)
	}
	fmt.Println(strings.Join(flags, " "))
}
