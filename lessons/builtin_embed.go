//go:build !gcplay_page

package lessons

import (
	"embed"
	"io/fs"
)

//go:embed builtin/*.yaml
var builtin embed.FS

// builtinFS is the built-in lessons' folder, compiled into the gcplay binary.
func builtinFS() (fs.FS, error) { return fs.Sub(builtin, "builtin") }
