// Package site is the playground as a set of files: go-app's generated page and scripts
// plus the web/ assets the page needs, read once and held in memory. `gcplay serve`
// serves exactly these files (Handler, NewServer) and `gcplay build` writes them to a
// folder (Write); the browser tests serve them through the same Handler.
package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"sync/atomic"

	"github.com/gcplay/gcplay/app/ui"
	"github.com/gcplay/gcplay/gccore/rules"
	"github.com/gcplay/gcplay/lessons"
)

// Site is the playground's files under one base path.
type Site struct {
	// BasePath is the URL prefix every generated URL starts with ("/" or "/gcplay/").
	BasePath string
	// Target is the page the site holds (Served or Static), fixed by Load.
	Target Target
	// files by name relative to the site root ("index.html", "web/app.wasm"); fixed by
	// Load, only their compressed forms are added later (Precompress).
	files map[string]*File
}

// File is one file of the site.
type File struct {
	Name        string // relative to the site root, slash-separated
	ContentType string
	Body        []byte
	// hash identifies Body (ETags, the site version).
	hash string
	// enc holds the compressed forms once Precompress has made them (or LoadFS read
	// them, for a wasm held only compressed); nil before.
	enc atomic.Pointer[encodings]
}

// generated are go-app's files and the URL it answers each at; "/" is the prerendered
// page (the playground's only route).
var generated = map[string]string{
	"index.html":           "/",
	"app.js":               "/app.js",
	"app-worker.js":        "/app-worker.js",
	"wasm_exec.js":         "/wasm_exec.js",
	"manifest.webmanifest": "/manifest.webmanifest",
	"app.css":              "/app.css",
}

// Target says which page a site holds: the one `gcplay serve` answers or the one
// `gcplay build` writes. They differ only in how the page asks for app.wasm.
type Target int

const (
	// Served is the page of `gcplay serve`: it asks for web/app.wasm, which the server
	// sends brotli or gzip as the browser accepts (Handler).
	Served Target = iota
	// Static is the page of a static site: it asks for web/app.wasm.gz and unzips it
	// itself unless the host did (web/wasmgz.js), so that a plain file server sends the
	// compressed bytes too. Write needs the wasm's gzip form (Precompress, or a
	// precompressed copy read by LoadFS).
	Static
)

// Load reads the assets ui.Assets names from webDir (the folder holding app.wasm, as
// `make wasm` writes it) and renders go-app's files for basePath. Nothing else of webDir
// or of the working directory becomes part of the site.
func Load(webDir, basePath string, target Target) (*Site, error) {
	if err := CheckBasePath(basePath); err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(webDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s not found: run gcplay from the repository root, after 'make wasm'", webDir)
	}
	if err != nil {
		return nil, err
	}
	defer root.Close()
	return LoadFS(root.FS(), webDir, basePath, target)
}

// LoadFS is Load from web, a file system holding the assets (a folder, or the copy
// embedded in a release binary); where names it in errors. The wasm may be there as it
// is (app.wasm) or only compressed: app.wasm.gz, with app.wasm.br beside it or not. The
// compressed copies are then the file's forms, and Precompress leaves it as it is.
func LoadFS(web fs.FS, where, basePath string, target Target) (*Site, error) {
	if err := CheckBasePath(basePath); err != nil {
		return nil, err
	}
	s := &Site{BasePath: basePath, Target: target, files: map[string]*File{}}
	version := sha256.New()
	for _, name := range ui.Assets {
		if name == ui.WasmGzScript && target != Static {
			continue // the served page does not load it
		}
		var f *File
		if name == ui.WasmAsset {
			var err error
			if f, err = s.addWasm(web, where); err != nil {
				return nil, err
			}
		} else {
			b, err := fs.ReadFile(web, name)
			if err != nil {
				return nil, fmt.Errorf("reading asset: %v", err)
			}
			f = s.add("web/"+name, b)
		}
		fmt.Fprintf(version, "%s %s\n", f.Name, f.hash)
	}
	fmt.Fprintf(version, "base %s\n", basePath)

	ui.Register()
	h := ui.Handler(basePath, target == Static)
	// A content version, not go-app's default (the start time): the service worker
	// keeps its cache across server restarts until the files change.
	h.Version = hex.EncodeToString(version.Sum(nil))[:20]
	// The wasm may be sent compressed: go-app's progress label would divide the bytes
	// it reads (uncompressed) by the compressed Content-Length.
	h.WasmContentLength = strconv.Itoa(len(s.files["web/"+ui.WasmAsset].Body))
	for name, url := range generated {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, url, nil))
		if rec.Code != http.StatusOK {
			return nil, fmt.Errorf("go-app answered %s with status %d", url, rec.Code)
		}
		s.add(name, rec.Body.Bytes())
	}
	builtin, err := lessons.BuiltinBundle()
	if err != nil {
		return nil, err
	}
	s.add("web/"+lessons.BundleName, builtin) // AddLessons replaces it
	s.add("web/"+rules.DocumentName, []byte(rules.Document()))
	return s, nil
}

// addWasm adds app.wasm from web: the file as it is, or else its gzip copy unzipped (and
// its brotli copy, if there), both kept as its compressed forms.
func (s *Site) addWasm(web fs.FS, where string) (*File, error) {
	name := ui.WasmAsset
	b, err := fs.ReadFile(web, name)
	if err == nil {
		return s.add("web/"+name, b), nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("reading asset: %v", err)
	}
	gz, err := fs.ReadFile(web, name+".gz")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s not found: run 'make wasm' first, from the repository root", path.Join(filepath.ToSlash(where), name))
	}
	if err != nil {
		return nil, fmt.Errorf("reading asset: %v", err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("%s.gz: %v", name, err)
	}
	if b, err = io.ReadAll(zr); err != nil {
		return nil, fmt.Errorf("%s.gz: %v", name, err)
	}
	br, err := fs.ReadFile(web, name+".br")
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("reading asset: %v", err)
	}
	f := s.add("web/"+name, b)
	f.enc.Store(&encodings{gzip: gz, brotli: br})
	return f, nil
}

func (s *Site) add(name string, body []byte) *File {
	sum := sha256.Sum256(body)
	f := &File{Name: name, ContentType: contentType(name), Body: body, hash: hex.EncodeToString(sum[:16])}
	s.files[name] = f
	return f
}

// Files lists the site's files by name.
func (s *Site) Files() []*File {
	out := make([]*File, 0, len(s.files))
	for _, f := range s.files {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// File returns the file of that name, or nil.
func (s *Site) File(name string) *File { return s.files[name] }

// contentType is the media type sent for a file, by extension.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".html":
		return "text/html; charset=utf-8"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".wasm":
		return "application/wasm"
	case ".webmanifest":
		return "application/manifest+json"
	case ".json":
		return "application/json"
	case ".md":
		return "text/markdown; charset=utf-8"
	}
	return "application/octet-stream"
}

// AddLessons ships a workshop's lessons (lessons.Bundle) as web/lessons.json, which the
// page reads at start instead of the built-in lessons; without it the site ships
// lessons.BuiltinBundle() there.
func (s *Site) AddLessons(bundle []byte) {
	s.add("web/"+lessons.BundleName, bundle)
}
