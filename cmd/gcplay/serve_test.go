package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gcplay/gcplay/app/ui"
	"github.com/gcplay/gcplay/internal/fixtures"
)

// newRepo makes a working directory shaped like the repository after make wasm (go.mod,
// .git, web/ with a stand-in wasm and the page's assets) plus a folder of the user's, and
// changes into it.
func newRepo(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	fixtures.PlaygroundTree(t, root, filepath.Join("..", "..", "web"), ui.Assets, map[string]string{
		"go.mod":         "module example.com/x\n",
		".git/HEAD":      "ref: refs/heads/main\n",
		"web/app.wasm":   strings.Repeat("\x00asm fake module ", 5000),
		"notes/todo.txt": "my work",
	})
	t.Chdir(root)
	return root
}

// tree lists every file under dir with its content.
func tree(t *testing.T, dir string) string {
	t.Helper()
	var lines []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			lines = append(lines, p+" "+string(b))
		}
		return nil
	})
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// The finding: build emptied --out whatever it was. Every one of these is refused
// with one line and nothing changes, anywhere under the parent of the working directory.
func TestBuildRefusesFoldersItDidNotWrite(t *testing.T) {
	root := newRepo(t)
	parent := filepath.Dir(root)
	for _, out := range []string{".", "..", root, "./", "web", "web/", "notes", filepath.Join(root, "notes", ".."), "/"} {
		before := tree(t, parent)
		code, stdout, stderr := runCLI(t, "", "build", "--out", out)
		if code != 1 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "gcplay: build: --out ") {
			t.Errorf("build --out %q: exit %d, stdout %q, stderr %q; want exit 1 and one line", out, code, stdout, stderr)
		}
		if tree(t, parent) != before {
			t.Fatalf("build --out %q changed files", out)
		}
	}
}

// The findings: a base path injected markup into index.html, or sent the page to
// another host for its scripts. Both are refused before anything is written.
func TestBuildRefusesUnsafeBasePaths(t *testing.T) {
	newRepo(t)
	for _, p := range []string{`/"><img src=x onerror=alert(1)>/`, `/\evil.com/`, "//evil.com/", "/a/../b/", "gcplay", "/%2e%2e/"} {
		code, stdout, stderr := runCLI(t, "", "build", "--out", "dist", "--base-path", p)
		if code != 1 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "--base-path") {
			t.Errorf("--base-path %q: exit %d, stderr %q; want exit 1 and one line", p, code, stderr)
		}
		if _, err := os.Stat("dist"); err == nil {
			t.Fatalf("--base-path %q wrote dist", p)
		}
	}
}

// An absent folder, an empty one and the site of an earlier build are written.
func TestBuildWritesAndReplacesItsSite(t *testing.T) {
	newRepo(t)
	if err := os.Mkdir("empty", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--out", "dist", "--base-path", "/gcplay/"},
		{"--out", "dist"}, // again: replaces the earlier site
		{"--out", "empty"},
	} {
		code, stdout, stderr := runCLI(t, "", append([]string{"build"}, args...)...)
		if code != 0 || stderr != "" || !strings.HasPrefix(stdout, "static site in ") {
			t.Fatalf("build %v: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
	for _, name := range []string{"index.html", "app.js", "web/app.wasm", "web/app.wasm.br", "web/app.wasm.gz", "web/playground.css", ".gcplay-site.json"} {
		if _, err := os.Stat(filepath.Join("dist", name)); err != nil {
			t.Errorf("dist lacks %s", name)
		}
	}
	if b, _ := os.ReadFile("dist/index.html"); bytes.Contains(b, []byte("/gcplay/")) {
		t.Error("the second build kept the first one's base path")
	}
}

// lockedBuffer is written by serve's goroutines and read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startServe runs `gcplay serve` with args until the test ends and returns the address it
// listens on and its stderr.
func startServe(t *testing.T, args ...string) (addr string, stderr *lockedBuffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stdout, stderr := &lockedBuffer{}, &lockedBuffer{}
	done := make(chan struct{})
	var serveErr error // set before done closes
	go func() { serveErr = serve(ctx, args, stdout, stderr); close(done) }()
	t.Cleanup(func() {
		cancel()
		<-done
		if serveErr != nil {
			t.Errorf("serve ended with %v", serveErr)
		}
	})
	url := regexp.MustCompile(`http://(\S+)/`)
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if m := url.FindStringSubmatch(stdout.String()); m != nil {
			return m[1], stderr
		}
		select {
		case <-done:
			t.Fatalf("serve ended early (stderr %q)", stderr.String())
		default:
		}
	}
	t.Fatal("serve printed no address")
	return "", nil
}

func rawStatus(t *testing.T, addr, path string) (int, http.Header) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "GET "+path+" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode, res.Header
}

// The finding: serve answered /web/..%2fgo.mod and listed directories. It serves
// the playground, with its security headers, and nothing of the working directory.
func TestServeServesOnlyThePlayground(t *testing.T) {
	newRepo(t)
	addr, stderr := startServe(t, "--addr", "127.0.0.1:0")
	code, h := rawStatus(t, addr, "/")
	if code != http.StatusOK || h.Get("Content-Security-Policy") == "" || h.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("GET /: %d, headers %v", code, h)
	}
	for _, p := range []string{"/web/..%2fgo.mod", "/web/..%2f.git%2fHEAD", "/web/", "/notes/todo.txt", "/web/..%2fnotes%2ftodo.txt", "/web/%2e%2e/go.mod"} {
		if code, _ := rawStatus(t, addr, p); code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", p, code)
		}
	}
	if s := stderr.String(); s != "" {
		t.Errorf("a loopback serve wrote %q on stderr", s)
	}
}

func TestServeWarnsOffLoopback(t *testing.T) {
	newRepo(t)
	_, stderr := startServe(t, "--addr", "0.0.0.0:0")
	if s := stderr.String(); strings.Count(s, "\n") != 1 || !strings.Contains(s, "warning") || !strings.Contains(s, "other machines") {
		t.Fatalf("stderr %q, want one warning line", s)
	}
}

func TestServeWithoutWasm(t *testing.T) {
	newRepo(t)
	os.Remove("web/app.wasm")
	code, _, stderr := runCLI(t, "", "serve", "--addr", "127.0.0.1:0")
	if code != 1 || !strings.Contains(stderr, "make wasm") || strings.Count(stderr, "\n") != 1 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}

// Issue 23 §3: serve compresses before it answers, so the very first request for
// app.wasm gets it compressed (it used to go out as it is until a background compression
// ended).
func TestServeCompressesBeforeItAnswers(t *testing.T) {
	newRepo(t)
	addr, _ := startServe(t, "--addr", "127.0.0.1:0")
	for _, enc := range []string{"br", "gzip"} {
		req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/web/app.wasm", nil)
		req.Header.Set("Accept-Encoding", enc)
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if got := res.Header.Get("Content-Encoding"); got != enc {
			t.Errorf("the first answer for app.wasm accepting %s: Content-Encoding %q", enc, got)
		}
	}
}
