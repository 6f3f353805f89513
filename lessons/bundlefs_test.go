package lessons

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoTestPackageInProduction: the code that ships (the lessons, the page, the CLI)
// imports no testing package; a bundle was read through testing/fstest.MapFS (issue 24).
// gctest and internal/fixtures are test support, like raft's rafttest, and not listed.
func TestNoTestPackageInProduction(t *testing.T) {
	for _, dir := range []string{".", "../app", "../cmd"} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			for _, im := range f.Imports {
				if path, _ := strconv.Unquote(im.Path.Value); path == "testing" || strings.HasPrefix(path, "testing/") {
					t.Errorf("%s imports %s", p, path)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestBundleFS: a bundle's folder lists its files in order, opens and sizes each, and
// has nothing else.
func TestBundleFS(t *testing.T) {
	b := bundleFS{"order.yaml": []byte("lessons: [b, a]\n"), "b.yaml": []byte("id: b\n"), "a.yaml": nil}
	got, err := fs.Glob(b, "*.yaml")
	if err != nil || strings.Join(got, " ") != "a.yaml b.yaml order.yaml" {
		t.Fatalf("Glob = %v, %v", got, err)
	}
	fi, err := fs.Lstat(b, "b.yaml")
	if err != nil || !fi.Mode().IsRegular() || fi.Size() != 6 {
		t.Fatalf("Lstat = %v, %v", fi, err)
	}
	data, err := fs.ReadFile(b, "order.yaml")
	if err != nil || string(data) != "lessons: [b, a]\n" {
		t.Fatalf("ReadFile = %q, %v", data, err)
	}
	if _, err := b.Open("c.yaml"); !os.IsNotExist(err) {
		t.Errorf("Open(missing) = %v, want not exist", err)
	}
	if _, err := fs.ReadDir(b, "sub"); err == nil {
		t.Error("a bundle has a sub-folder")
	}
}
