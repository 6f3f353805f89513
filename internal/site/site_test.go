package site

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gcplay/gcplay/app/ui"
	"github.com/gcplay/gcplay/internal/fixtures"
)

// fakeWasm stands for app.wasm: large and compressible, as the real one is.
var fakeWasm = bytes.Repeat([]byte("\x00asm\x01\x00\x00\x00 not a real module, compressible "), 2000)

// newWeb makes a site root holding web/ with the page's assets (the styles and icon from
// the repository, a fake wasm) and, around it, files that must never be served or
// copied: a go.mod and .git/config beside web/, a secret inside it.
func newWeb(t *testing.T) (root, web string) {
	t.Helper()
	root = t.TempDir()
	web = filepath.Join(root, "web")
	fixtures.PlaygroundTree(t, root, filepath.Join("..", "..", "web"), ui.Assets, map[string]string{
		"web/app.wasm":   string(fakeWasm),
		"web/secret.txt": "SECRET-IN-WEB",
		"go.mod":         "module SECRET-GO-MOD\n",
		".git/config":    "SECRET-GIT-CONFIG",
	})
	return root, web
}

func load(t *testing.T, web, basePath string) *Site {
	t.Helper()
	s, err := Load(web, basePath, Served)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestLoadTakesOnlyThePlaygroundsFiles(t *testing.T) {
	_, web := newWeb(t)
	s := load(t, web, "/")
	var names []string
	for _, f := range s.Files() {
		names = append(names, f.Name)
		if bytes.Contains(f.Body, []byte("SECRET")) {
			t.Errorf("%s holds a file from outside the site", f.Name)
		}
	}
	want := "app-worker.js app.css app.js index.html manifest.webmanifest wasm_exec.js web/app.wasm web/crash.js web/dom.js web/icon.svg web/lessons.json web/playground.css web/rules.md"
	if got := strings.Join(names, " "); got != want {
		t.Fatalf("files %s\nwant %s", got, want)
	}
	if got := s.File("web/app.wasm").ContentType; got != "application/wasm" {
		t.Errorf("app.wasm as %q", got)
	}
}

func TestLoadWithoutWasmSaysMakeWasm(t *testing.T) {
	_, web := newWeb(t)
	os.Remove(filepath.Join(web, "app.wasm"))
	_, err := Load(web, "/", Served)
	if err == nil || !strings.Contains(err.Error(), "make wasm") {
		t.Fatalf("got %v, want a hint to run make wasm", err)
	}
}

// The page's URLs carry the base path, and go-app's progress label divides by the
// uncompressed size of the wasm (it is sent compressed).
func TestLoadPrefixesEveryURL(t *testing.T) {
	_, web := newWeb(t)
	s := load(t, web, "/gcplay/")
	page := string(s.File("index.html").Body)
	// The preload of the wasm asks for the URL app.js fetches (or it is downloaded twice).
	for _, want := range []string{`"/gcplay/web/playground.css"`, `"/gcplay/app.js"`, `"/gcplay/wasm_exec.js"`, `"/gcplay/manifest.webmanifest"`,
		`<link rel="preload" href="/gcplay/web/app.wasm" as="fetch" type="application/wasm" crossorigin>`} {
		if !strings.Contains(page, want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	js := string(s.File("app.js").Body)
	for _, want := range []string{`"/gcplay/web/app.wasm"`, `"/gcplay/app-worker.js"`, `const goappWasmContentLength = "` + strconv.Itoa(len(fakeWasm)) + `"`} {
		if !strings.Contains(js, want) {
			t.Errorf("app.js lacks %s", want)
		}
	}
}

// The version is the content's: the same files give the same version (the service
// worker keeps its cache over a restart), other files another one.
func TestVersionFollowsContent(t *testing.T) {
	_, web := newWeb(t)
	a, b := load(t, web, "/"), load(t, web, "/")
	if !bytes.Equal(a.File("app-worker.js").Body, b.File("app-worker.js").Body) {
		t.Fatal("two loads of the same files gave different service workers")
	}
	if err := os.WriteFile(filepath.Join(web, "app.wasm"), append(fakeWasm, 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if c := load(t, web, "/"); bytes.Equal(a.File("app-worker.js").Body, c.File("app-worker.js").Body) {
		t.Fatal("a new wasm kept the service worker's version")
	}
}

// A static site's page asks for web/app.wasm.gz everywhere it names the wasm (app.js's
// fetch, the preload, the service worker's cache list) and loads wasmgz.js, which unzips
// it, before app.js; Write refuses to write it without that gzip copy.
func TestStaticPageAsksForGzip(t *testing.T) {
	_, web := newWeb(t)
	s, err := Load(web, "/gcplay/", Static)
	if err != nil {
		t.Fatal(err)
	}
	page := string(s.File("index.html").Body)
	for _, want := range []string{`<link rel="preload" href="/gcplay/web/app.wasm.gz" as="fetch" crossorigin>`, `<script src="/gcplay/web/wasmgz.js"></script>`} {
		if !strings.Contains(page, want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	if i, j := strings.Index(page, "wasmgz.js"), strings.Index(page, "crash.js"); i < j {
		t.Errorf("wasmgz.js before crash.js:\n%s", page)
	}
	for _, name := range []string{"app.js", "app-worker.js"} {
		body := string(s.File(name).Body)
		if !strings.Contains(body, `"/gcplay/web/app.wasm.gz"`) || strings.Contains(body, `"/gcplay/web/app.wasm"`) {
			t.Errorf("%s does not name the wasm as /gcplay/web/app.wasm.gz", name)
		}
	}
	out := filepath.Join(t.TempDir(), "site")
	if err := s.Write(out, web); err == nil || !strings.Contains(err.Error(), "app.wasm.gz") {
		t.Fatalf("Write before Precompress: got %v, want a refusal naming app.wasm.gz", err)
	}
	if err := s.Precompress(ServeQuality); err != nil {
		t.Fatal(err)
	}
	if err := s.Write(out, web); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "web", "app.wasm.gz")); err != nil {
		t.Fatal(err)
	}
	// The served page is unchanged: it asks for app.wasm, which the server compresses.
	if page := string(load(t, web, "/").File("index.html").Body); strings.Contains(page, "wasmgz.js") || !strings.Contains(page, `href="/web/app.wasm"`) {
		t.Errorf("the served page changed:\n%s", page)
	}
}

// A release binary holds app.wasm only compressed: LoadFS unzips the gzip copy and keeps
// both copies as the file's forms, which Precompress then leaves alone.
func TestLoadFSFromCompressedWasm(t *testing.T) {
	gz, err := gzipBytes(fakeWasm, 9)
	if err != nil {
		t.Fatal(err)
	}
	br := []byte("brotli stand-in")
	fsys := fstest.MapFS{"app.wasm.gz": {Data: gz}, "app.wasm.br": {Data: br}}
	for _, name := range ui.Assets {
		if name != ui.WasmAsset {
			b, err := os.ReadFile(filepath.Join("..", "..", "web", name))
			if err != nil {
				t.Fatal(err)
			}
			fsys[name] = &fstest.MapFile{Data: b}
		}
	}
	s, err := LoadFS(fsys, "embedded", "/", Served)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Precompress(ServeQuality); err != nil {
		t.Fatal(err)
	}
	w := s.File("web/app.wasm")
	if !bytes.Equal(w.Body, fakeWasm) {
		t.Fatal("app.wasm is not the gzip copy unzipped")
	}
	if g, b := w.CompressedSizes(); g != len(gz) || b != len(br) {
		t.Fatalf("forms of %d and %d bytes, want the copies (%d, %d)", g, b, len(gz), len(br))
	}
	if _, err := LoadFS(fstest.MapFS{}, "embedded", "/", Served); err == nil || !strings.Contains(err.Error(), "make wasm") {
		t.Fatalf("no wasm: got %v", err)
	}
}
