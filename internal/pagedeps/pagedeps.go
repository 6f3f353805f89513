// Package pagedeps trims the page's dependencies at build time (make wasm): files of a
// dependency that the page never runs but that keep large parts of the standard library
// or other modules in app.wasm are dropped, or stood in for by a small file of ours, in a
// copy of the module outside the source tree. Only the page's build (and the core's
// tests as wasm, make wasm-node) uses the copy; every other build reads the module as it
// is. A change that drops or replaces something the page refers to fails the build, so
// the page can only lose code it does not reach.
//
// Go refuses -overlay for files in the module cache, hence the copy: Stage copies each
// module the plan touches into out/mod, writes out/go.mod (the repository's go.mod with a
// replace directive per copied module, for go build -modfile), out/go.sum, and
// out/overlay.json (for go build -overlay) with the plan's changes.
package pagedeps

// Change is one file of a dependency that the page's build drops or replaces.
type Change struct {
	Module string // module path, as in go.mod
	File   string // the file inside the module, slash-separated
	With   string // our stand-in, relative to the repository root; "" drops the file
	Why    string // what the page loses by it, and why that is nothing it runs
}

// Plan is what the page's build changes. Sizes are of app.wasm after gzip -9
// (docs/benchmarks.md, issue 23).
var Plan = []Change{
	{
		Module: "k8s.io/apimachinery",
		File:   "pkg/watch/streamwatcher.go",
		Why: "StreamWatcher decodes watch events from an HTTP response body. Its import of " +
			"pkg/util/net, whose package variables hold net/http's DefaultTransport, keeps the " +
			"HTTP client, HTTP/2, TLS and x509 in app.wasm (about 420 KB gzip). Nothing in " +
			"the page makes a StreamWatcher: the simulated API server hands out its own watches.",
	},
	{
		Module: "k8s.io/apimachinery",
		File:   "pkg/runtime/serializer/cbor/direct/direct.go",
		With:   "internal/pagedeps/cbordirect/direct.go",
		Why: "meta/v1, resource.Quantity, intstr and runtime give their types MarshalCBOR and " +
			"UnmarshalCBOR methods through this package, which brings the CBOR codec " +
			"(fxamacker/cbor and the encode and decode modes built at start-up, about 145 KB " +
			"gzip). Only a CBOR encoder or decoder calls those methods, and the page has none: " +
			"it reads YAML and JSON. The stand-in answers every call with an error.",
	},
}
