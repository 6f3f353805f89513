package main

import (
	"fmt"
	"io"

	"github.com/gcplay/gcplay/internal/embedded"
)

// version is the build's version: `git describe` at build time, set by `make release`
// (-ldflags -X main.version=...); "dev" for a plain go build.
var version = "dev"

// kubernetesVersion is the Kubernetes release whose garbage collector gcplay models
// (README: "Kubernetes v1.37", the real GC the goldens are compared with); its
// apimachinery types are v0.37 (go.mod; TestKubernetesVersionMatchesGoMod).
const kubernetesVersion = "v1.37"

// versionCommand prints the version, the Kubernetes version modelled and whether the
// playground's assets are in the binary.
func versionCommand(args []string, stdout io.Writer) error {
	if len(args) > 0 {
		return fmt.Errorf("version: takes no arguments, got %q", args[0])
	}
	assets := "reads web/ (a checkout's build: run from the repository root after make wasm)"
	if embedded.Web() != nil {
		assets = "the playground built in"
	}
	fmt.Fprintf(stdout, "gcplay %s\nmodels the garbage collector of Kubernetes %s\n%s\n", version, kubernetesVersion, assets)
	return nil
}
