package site

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// snapshot lists every path under dir with its content (links as their target), to
// tell that a refused Write left it untouched.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			lines = append(lines, rel+" -> "+target)
		case d.IsDir():
			lines = append(lines, rel+"/")
		default:
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			lines = append(lines, rel+" "+string(b))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func writeFile(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The finding: build removed --out whole (., .., $PWD, web, any folder of the
// user's). Each of these is refused with one line and left as it was.
func TestWriteRefuses(t *testing.T) {
	root, web := newWeb(t)
	s := load(t, web, "/")
	writeFile(t, filepath.Join(root, "notes", "todo.txt"), "my work")
	writeFile(t, filepath.Join(root, "mod", "go.mod"), "module x\n")
	writeFile(t, filepath.Join(root, "repo", ".git", "HEAD"), "ref: refs/heads/main\n")
	writeFile(t, filepath.Join(root, "repo", ManifestName), `{"generator":"gcplay build","files":["README"]}`)
	writeFile(t, filepath.Join(root, "forged", ManifestName), `{"generator":"something else","files":["todo.txt"]}`)
	writeFile(t, filepath.Join(root, "forged", "todo.txt"), "mine")
	writeFile(t, filepath.Join(root, "broken", ManifestName), `{"generator":`)
	writeFile(t, filepath.Join(root, "afile"), "a file")
	sub := filepath.Join(root, "sub")
	writeFile(t, filepath.Join(sub, "keep"), "x")
	for _, link := range []struct{ name, target string }{{"here", "."}, {"up", ".."}, {"webLink", web}, {"dangling", "missing/nowhere"}} {
		if err := os.Symlink(link.target, filepath.Join(sub, link.name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(root, filepath.Join(root, "rootLink")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(sub) // the working directory is sub, inside root
	for _, c := range []struct{ out, why string }{
		{".", "working directory"},
		{"..", "working directory"},
		{sub, "working directory"},
		{"/", "working directory"},
		{"here", "working directory"},
		{"up", "working directory"},
		{filepath.Join(root, "rootLink"), "working directory"},
		{web, "input folder"},
		{"webLink", "input folder"},
		{filepath.Join(web, "out"), "inside the input"},
		{filepath.Join(root, "notes"), "not empty"},
		{filepath.Join(root, "mod"), "go.mod"},
		{filepath.Join(root, "repo"), ".git"},
		{filepath.Join(root, "forged"), "cannot be read"},
		{filepath.Join(root, "broken"), "cannot be read"},
		{filepath.Join(root, "afile"), "not a folder"},
		{"dangling", "cannot be resolved"},
		{"", "--out is empty"},
	} {
		before := snapshot(t, root)
		err := s.Write(c.out, web)
		if err == nil {
			t.Errorf("--out %q accepted", c.out)
		} else if msg := err.Error(); !strings.Contains(msg, c.why) || strings.ContainsAny(msg, "\n\r") {
			t.Errorf("--out %q: %q, want one line saying %q", c.out, msg, c.why)
		}
		if after := snapshot(t, root); after != before {
			t.Errorf("--out %q changed the files:\n%s\nwant\n%s", c.out, after, before)
		}
	}
	// The web folder's parent is also where the tests run from in a repository.
	t.Chdir(t.TempDir())
	if err := s.Write(root, web); err == nil || !strings.Contains(err.Error(), "holds the input folder") {
		t.Errorf("--out the parent of web/: %v", err)
	}
}

// An absent folder and an empty one are written; the files listed in the manifest are the
// site's, with .gz and .br copies of the compressed ones that decode to the file.
func TestWriteNewSite(t *testing.T) {
	_, web := newWeb(t)
	s := load(t, web, "/gcplay/")
	if err := s.Precompress(ServeQuality); err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	empty := t.TempDir()
	for _, out := range []string{filepath.Join(t.TempDir(), "a", "b"), empty} {
		if err := s.Write(out, web); err != nil {
			t.Fatalf("--out %s: %v", out, err)
		}
		var m manifest
		b, err := os.ReadFile(filepath.Join(out, ManifestName))
		if err == nil {
			err = json.Unmarshal(b, &m)
		}
		if err != nil || m.Generator != generator || m.BasePath != "/gcplay/" {
			t.Fatalf("manifest %+v, %v", m, err)
		}
		for _, f := range s.Files() {
			got, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(f.Name)))
			if err != nil || !bytes.Equal(got, f.Body) {
				t.Errorf("%s: %v", f.Name, err)
			}
		}
		for _, name := range []string{"web/app.wasm", "index.html", "app.js", "wasm_exec.js", "web/playground.css"} {
			for _, enc := range []struct{ ext, name string }{{".gz", "gzip"}, {".br", "br"}} {
				b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(name+enc.ext)))
				if err != nil {
					t.Errorf("no %s%s: %v", name, enc.ext, err)
					continue
				}
				if !bytes.Equal(decode(t, enc.name, b), s.File(name).Body) {
					t.Errorf("%s%s does not decode to %s", name, enc.ext, name)
				}
			}
		}
		if _, err := os.Stat(filepath.Join(out, "web", "secret.txt")); err == nil {
			t.Error("a file of web/ that the page does not use was copied")
		}
	}
}

// A site Write made is replaced: its files are rewritten, the ones the new site lacks are
// removed, and files added by hand (a CNAME for GitHub Pages) are kept. A manifest that
// names paths outside the folder removes nothing there.
func TestWriteReplacesAPreviousSite(t *testing.T) {
	root, web := newWeb(t)
	t.Chdir(t.TempDir())
	out := filepath.Join(t.TempDir(), "dist")
	if err := load(t, web, "/").Write(out, web); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(out, "CNAME"), "gc.example.com")
	writeFile(t, filepath.Join(out, "web", "old.css"), "stale")
	writeFile(t, filepath.Join(root, "outside.txt"), "keep me")
	var m manifest
	b, _ := os.ReadFile(filepath.Join(out, ManifestName))
	json.Unmarshal(b, &m)
	rel, _ := filepath.Rel(out, filepath.Join(root, "outside.txt"))
	m.Files = append(m.Files, "web/old.css", filepath.ToSlash(rel), "/etc/hostname")
	b, _ = json.Marshal(m)
	writeFile(t, filepath.Join(out, ManifestName), string(b))

	s := load(t, web, "/gcplay/")
	if err := s.Write(out, web); err != nil {
		t.Fatalf("replacing a previous site: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "index.html")); !bytes.Equal(b, s.File("index.html").Body) {
		t.Error("index.html not replaced")
	}
	if _, err := os.Stat(filepath.Join(out, "web", "old.css")); err == nil {
		t.Error("a file of the previous site survived")
	}
	if b, _ := os.ReadFile(filepath.Join(out, "CNAME")); string(b) != "gc.example.com" {
		t.Error("a file added by hand was removed")
	}
	if b, _ := os.ReadFile(filepath.Join(root, "outside.txt")); string(b) != "keep me" {
		t.Error("a manifest removed a file outside the folder")
	}
}

// A folder without the manifest is refused whatever it holds (issue 21 §6): a site
// written by hand (index.html, app.css, app.js: go-app's names) was taken for a build
// from before manifests and overwritten, and so is a whole such build now.
func TestWriteRefusesAFolderWithoutManifest(t *testing.T) {
	_, web := newWeb(t)
	t.Chdir(t.TempDir())
	for _, names := range [][]string{
		{"index.html", "app.css", "app.js"},
		{"index.html", "app.js", "app-worker.js", "wasm_exec.js", "app.css", "manifest.webmanifest", "web/app.wasm", "web/icon.svg"},
		{"index.html", "thesis.tex"},
	} {
		out := t.TempDir()
		for _, name := range names {
			writeFile(t, filepath.Join(out, filepath.FromSlash(name)), "mine")
		}
		before := snapshot(t, out)
		err := load(t, web, "/").Write(out, web)
		if err == nil || !strings.Contains(err.Error(), "holds no site of gcplay build (no "+ManifestName+")") {
			t.Errorf("%v: %v, want a refusal", names, err)
		}
		if snapshot(t, out) != before {
			t.Errorf("%v: a refused folder changed", names)
		}
	}
}
