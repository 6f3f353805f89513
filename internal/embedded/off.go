//go:build !gcplay_embed

package embedded

import "io/fs"

func web() fs.FS { return nil }
