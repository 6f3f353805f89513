//go:build gcplay_embed

package embedded

import (
	"embed"
	"io/fs"
)

//go:embed web
var files embed.FS

func web() fs.FS {
	sub, err := fs.Sub(files, "web")
	if err != nil {
		panic(err) // "web" is a valid path: fs.Sub cannot fail on it
	}
	return sub
}
