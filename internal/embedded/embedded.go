// Package embedded is the playground's web assets inside a release binary: app.wasm
// compressed (app.wasm.gz and app.wasm.br, never as it is) and the files of web/ the
// page loads (ui.Assets). `make release` stages them in internal/embedded/web/ (generated,
// not in git) and builds with the tag gcplay_embed; a checkout's `go build`, `make run`
// and `make test` build without it and read the repository's web/ as before. The
// built-in lessons and the rules are in every binary already (go:embed in lessons and
// gccore/rules).
package embedded

import "io/fs"

// Web returns the embedded assets, or nil when the binary was built without them (no
// gcplay_embed tag).
func Web() fs.FS { return web() }
