// Package ui is the playground's go-app v10 user interface. The same components run in
// the browser (compiled into web/app.wasm by app/cmd/wasm) and on the server, which
// prerenders the page and serves it (cmd/gcplay serve/build).
package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Register declares the playground's routes. Call it before app.RunWhenOnBrowser and
// before serving.
func Register() {
	app.Route("/", func() app.Composer { return &Playground{} })
}

// WasmAsset is the browser binary's name in web/ (`make wasm` writes it).
const WasmAsset = "app.wasm"

// Assets are the files of web/ the page loads (the wasm, and what Handler and the
// components name under /web/): the only ones served and copied into a static site.
var Assets = []string{WasmAsset, "playground.css", "icon.svg", "dom.js", "crash.js"}

// Handler serves the playground. basePath is the URL prefix the site lives under ("/"
// for a server of its own, "/gcplay/" for a project page); it is used by static builds.
func Handler(basePath string) *app.Handler {
	h := &app.Handler{
		Name:        "gcplay",
		ShortName:   "gcplay",
		Title:       "gcplay — the Kubernetes garbage collector, tick by tick",
		Description: "Step the Kubernetes garbage collector tick by tick: author objects, delete with a policy, watch the queues and the GC's graph.",
		Icon:        app.Icon{Default: "/web/icon.svg", SVG: "/web/icon.svg"},
		Styles:      []string{"/web/playground.css"},
		// crash.js first, undeferred: it must catch what fails while the rest loads. dom.js
		// holds helpers the wasm calls (domlist.go falls back to slower calls without them).
		Scripts: []string{crashScript, "/web/dom.js defer"},
		// The wasm is large; the label shows its download progress.
		LoadingLabel:    "Loading the simulator… {progress}%",
		BackgroundColor: "#f6f7f9",
		ThemeColor:      "#1f2a44",
	}
	wasm := "/web/" + WasmAsset
	if p := strings.Trim(basePath, "/"); p != "" {
		h.Resources = app.GitHubPages(p)
		wasm = h.Resources.Resolve(wasm)
	}
	// Ask for the wasm with the page, not once app.js runs: on a 40 ms link that is
	// a few round trips earlier. The request must be the one app.js's fetch makes (same
	// URL, cors mode, same-origin credentials), or the browser downloads it twice
	// (e2e TestStartupNetwork counts the requests).
	h.RawHeaders = append(h.RawHeaders, `<link rel="preload" href="`+wasm+`" as="fetch" type="application/wasm" crossorigin>`)
	return h
}
