package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gcplay/gcplay/internal/fixtures"
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

// TestWorkshopFilesAreLookedAt: check, serve and build refuse the same folders, in one
// line, and never hang (issue 21 §7, §10): a lesson file that is a FIFO, and an empty
// order.yaml (which check passed while serve and build refused it).
func TestWorkshopFilesAreLookedAt(t *testing.T) {
	builtin, _ := filepath.Abs(filepath.Join("..", "..", "lessons", "builtin"))
	newRepo(t)
	for _, c := range []struct {
		name  string
		setup func()
		want  string
	}{
		{"FIFO", func() {
			os.Remove(filepath.Join("class", "background-deletion.yaml"))
			if err := syscall.Mkfifo(filepath.Join("class", "background-deletion.yaml"), 0o644); err != nil {
				t.Skip(err)
			}
		}, "class/background-deletion.yaml: not a regular file (a named pipe)"},
		{"empty order", func() {
			os.RemoveAll("class")
			os.Mkdir("class", 0o755)
			os.WriteFile(filepath.Join("class", lessons.OrderFile), nil, 0o644)
		}, "class/order.yaml: lists no lesson"},
	} {
		os.RemoveAll("class")
		writeWorkshop(t, builtin)
		c.setup()
		for _, args := range [][]string{
			{"lessons", "check", "class"},
			{"serve", "--addr", "127.0.0.1:0", "--lessons", "class"},
			{"build", "--lessons", "class", "--out", "dist"},
		} {
			code, stdout, stderr := runCLI(t, "", args...)
			if code == 0 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
				t.Errorf("%s: %v: exit %d, stdout %q, stderr %q, want one line with %q", c.name, args, code, stdout, stderr, c.want)
			}
		}
	}
}

// TestServeStopsCheckingOnSignal: Ctrl-C (SIGINT) while serve --lessons checks a slow
// folder ends serve promptly with one line naming the folder (issue 21 §4: the signal
// was caught and dropped, and only kill -9 ended it).
func TestServeStopsCheckingOnSignal(t *testing.T) {
	newRepo(t)
	os.Mkdir("class", 0o755)
	// 401 replays of a start of 2,001 objects: seconds of checking.
	os.WriteFile(filepath.Join("class", "big.yaml"), []byte(fixtures.BigLesson(2000, 1, 400)), 0o644)
	os.WriteFile(filepath.Join("class", lessons.OrderFile), []byte("lessons: [big]\n"), 0o644)
	type result struct {
		code           int
		stdout, stderr string
	}
	done := make(chan result, 1)
	go func() {
		var out, errOut lockedBuffer
		code := run([]string{"serve", "--addr", "127.0.0.1:0", "--lessons", "class"}, strings.NewReader(""), &out, &errOut)
		done <- result{code, out.String(), errOut.String()}
	}()
	time.Sleep(300 * time.Millisecond) // serve is checking: the folder takes seconds
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case r := <-done:
		if r.code == 0 || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "serve: --lessons class: ") || !strings.Contains(r.stderr, "interrupted") {
			t.Errorf("exit %d, stdout %q, stderr %q: want one line saying the check was interrupted", r.code, r.stdout, r.stderr)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("serve still checking 2 s after SIGINT")
	}
}
