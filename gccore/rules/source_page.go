//go:build gcplay_page

package rules

// source: app.wasm (built with -tags gcplay_page, make wasm) does not carry the
// documents, about 30 KB of its gzip budget; the page fetches web/rules.md and gives it
// with SetSource.
func source() (string, bool) {
	return given, given != ""
}
