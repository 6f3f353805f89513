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
	app.Route("/", func() app.Composer { return NewPlayground() })
}

// WasmAsset is the browser binary's name in web/ (`make wasm` writes it).
const WasmAsset = "app.wasm"

// Assets are the files of web/ the page loads (the wasm, and what Handler and the
// components name under /web/): the only ones served and copied into a static site.
// WasmGzScript is loaded by a static site's page only.
var Assets = []string{WasmAsset, "playground.css", "icon.svg", "dom.js", "crash.js", WasmGzScript}

// WasmGzScript unzips app.wasm in the page of a static site (web/wasmgz.js).
const WasmGzScript = "wasmgz.js"

// Handler serves the playground. basePath is the URL prefix the site lives under ("/"
// for a server of its own, "/gcplay/" for a project page); it is used by static builds.
//
// A static page (static true, `gcplay build`) asks for web/app.wasm.gz instead of
// web/app.wasm, and web/wasmgz.js unzips it in the page unless the host already did
// (it looks at the bytes): a plain file server sends 4 MB instead of 20 (issue 23).
// `gcplay serve` compresses app.wasm itself (brotli or gzip, as the browser accepts), so
// its page asks for app.wasm.
func Handler(basePath string, static bool) *app.Handler {
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
	h.Resources = app.LocalDir("")
	if p := strings.Trim(basePath, "/"); p != "" {
		h.Resources = app.GitHubPages(p)
	}
	if static {
		// After crash.js, undeferred so before app.js: it wraps fetch for the one URL
		// app.js asks app.wasm.gz at.
		h.Scripts = []string{crashScript, "/web/" + WasmGzScript, "/web/dom.js defer"}
		h.Resources = gzWasm{h.Resources}
	}
	// go-app's app.js, its service worker's cache list and the preload below all name
	// the wasm through Resources.
	wasm := h.Resources.Resolve("/web/" + WasmAsset)
	// Ask for the wasm with the page, not once app.js runs: on a 40 ms link that is
	// a few round trips earlier. The request must be the one app.js's fetch makes (same
	// URL, cors mode, same-origin credentials), or the browser downloads it twice
	// (e2e TestStartupNetwork counts the requests).
	// (A static page's wasm is a gzip file, whatever type its host gives it.)
	typ := ` type="application/wasm"`
	if static {
		typ = ""
	}
	h.RawHeaders = append(h.RawHeaders, `<link rel="preload" href="`+wasm+`" as="fetch"`+typ+` crossorigin>`)
	return h
}

// gzWasm resolves the wasm's URL to its gzip copy (web/app.wasm.gz), every other
// resource as r does.
type gzWasm struct{ r app.ResourceResolver }

func (g gzWasm) Resolve(location string) string {
	if location == "/web/"+WasmAsset {
		location += ".gz"
	}
	return g.r.Resolve(location)
}
