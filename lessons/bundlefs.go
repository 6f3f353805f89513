package lessons

import (
	"bytes"
	"io/fs"
	"slices"
	"strings"
	"time"
)

// bundleFS is a bundle's files as a flat, read-only folder (fs.FS, fs.StatFS,
// fs.ReadDirFS), so that the page reads a bundle with the reader and checks of a folder
// on disk (OpenFS). Every name is a file at the top: OpenBundle refuses any other.
type bundleFS map[string][]byte

// Open opens the file name; the folder itself is listed by ReadDir, not opened.
func (b bundleFS) Open(name string) (fs.File, error) {
	data, ok := b[name]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &bundleFile{Reader: bytes.NewReader(data), info: bundleInfo{name, int64(len(data))}}, nil
}

// Stat describes the file name.
func (b bundleFS) Stat(name string) (fs.FileInfo, error) {
	data, ok := b[name]
	if !ok {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
	}
	return bundleInfo{name, int64(len(data))}, nil
}

// ReadDir lists the folder "." by name (fs.Glob's "*.yaml").
func (b bundleFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name != "." {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	out := make([]fs.DirEntry, 0, len(b))
	for n, data := range b {
		out = append(out, fs.FileInfoToDirEntry(bundleInfo{n, int64(len(data))}))
	}
	slices.SortFunc(out, func(x, y fs.DirEntry) int { return strings.Compare(x.Name(), y.Name()) })
	return out, nil
}

// bundleFile is an open file of a bundleFS.
type bundleFile struct {
	*bytes.Reader
	info bundleInfo
}

func (f *bundleFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *bundleFile) Close() error               { return nil }

// bundleInfo describes a regular file of a bundleFS: read-only, no time.
type bundleInfo struct {
	name string
	size int64
}

func (i bundleInfo) Name() string       { return i.name }
func (i bundleInfo) Size() int64        { return i.size }
func (i bundleInfo) Mode() fs.FileMode  { return 0o444 }
func (i bundleInfo) ModTime() time.Time { return time.Time{} }
func (i bundleInfo) IsDir() bool        { return false }
func (i bundleInfo) Sys() any           { return nil }
