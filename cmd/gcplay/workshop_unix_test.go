//go:build unix

package main

// The workshop tests that need a FIFO or a signal (syscall.Mkfifo, syscall.Kill).

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gcplay/gcplay/internal/fixtures"
	"github.com/gcplay/gcplay/lessons"
)

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
