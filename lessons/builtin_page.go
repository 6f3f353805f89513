//go:build gcplay_page

package lessons

import (
	"errors"
	"io/fs"
)

// builtinFS: app.wasm (built with -tags gcplay_page, make wasm) does not carry the
// built-in lessons, about 20 KB of its gzip budget and growing with every lesson; the
// page reads them from the site's web/lessons.json, which BuiltinBundle fills. The core's
// tests under node, built without the tag, have them.
func builtinFS() (fs.FS, error) {
	return nil, errors.New("the built-in lessons are not in app.wasm: the page reads them from web/lessons.json")
}
