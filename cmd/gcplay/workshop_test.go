package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/lessons"
)

// writeWorkshop writes a teacher's folder, "class", of two built-in lessons (read from
// builtin, an absolute path) into the working directory.
func writeWorkshop(t *testing.T, builtin string) {
	t.Helper()
	os.Mkdir("class", 0o755)
	ids := []string{"background-deletion", "owners-and-dependents"}
	for _, id := range ids {
		data, err := os.ReadFile(filepath.Join(builtin, id+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join("class", id+".yaml"), data, 0o644)
	}
	os.WriteFile(filepath.Join("class", lessons.OrderFile), []byte("lessons: ["+strings.Join(ids, ", ")+"]\n"), 0o644)
}

// TestServeAndBuildShipAWorkshop: --lessons DIR puts the checked folder at
// web/lessons.json, served and built, and the page's reader (FromBundle) reads it.
func TestServeAndBuildShipAWorkshop(t *testing.T) {
	builtin, _ := filepath.Abs(filepath.Join("..", "..", "lessons", "builtin"))
	newRepo(t)
	writeWorkshop(t, builtin)
	addr, _ := startServe(t, "--addr", "127.0.0.1:0", "--lessons", "class")
	res, err := http.Get("http://" + addr + "/web/" + lessons.BundleName)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("GET lessons.json: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if ls, err := lessons.FromBundle("served", body); err != nil || len(ls) != 2 || ls[0].ID != "background-deletion" {
		t.Fatalf("served bundle: %v, %d lessons", err, len(ls))
	}
	code, stdout, stderr := runCLI(t, "", "build", "--lessons", "class", "--out", "dist")
	if code != 0 || stderr != "" {
		t.Fatalf("build: exit %d, %q %q", code, stdout, stderr)
	}
	if b, err := os.ReadFile(filepath.Join("dist", "web", lessons.BundleName)); err != nil || !strings.Contains(string(b), "owners-and-dependents") {
		t.Fatalf("dist/web/lessons.json: %v", err)
	}
}

// TestBadWorkshopIsRefused: a folder `lessons check` fails is refused by serve and build
// with the check's one line, and build writes nothing.
func TestBadWorkshopIsRefused(t *testing.T) {
	builtin, _ := filepath.Abs(filepath.Join("..", "..", "lessons", "builtin"))
	newRepo(t)
	writeWorkshop(t, builtin)
	os.WriteFile(filepath.Join("class", "extra.yaml"), []byte("id: extra\n"), 0o644)
	for _, args := range [][]string{
		{"serve", "--addr", "127.0.0.1:0", "--lessons", "class"},
		{"build", "--lessons", "class", "--out", "dist"},
	} {
		code, stdout, stderr := runCLI(t, "", args...)
		if code == 0 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, `--lessons class: class/order.yaml: lesson "extra"`) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
	if _, err := os.Stat("dist"); err == nil {
		t.Error("build wrote dist for a bad folder")
	}
}
