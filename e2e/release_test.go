//go:build !js

package e2e

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gcplay/gcplay/internal/embedded"
)

// TestReleaseBinaryAlone builds the release binary for this machine as `make release`
// does (the embed tag, the staged assets through -overlay; the wasm is the one the
// browser tests built, brotli at its fastest; cgo as the machine has it, so that the
// build reuses the test's cache), copies it alone into an empty folder and
// runs it there: version, serve (the page opened in the browser and stepped), build
// --out site, lessons list and sim. Nothing of the checkout is in reach: the folder
// holds only the binary, and the binary runs with that folder as its working directory.
func TestReleaseBinaryAlone(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason) // no wasm was built
	}
	tmp := t.TempDir()
	start := time.Now()
	if _, err := embedded.Stage(filepath.Join(siteRoot, "web"), filepath.Join(tmp, "embed"), filepath.Join(repoRoot, "internal", "embedded"), 1); err != nil {
		t.Fatalf("staging: %v", err)
	}
	bin := filepath.Join(tmp, "bin", "gcplay")
	build := exec.Command("go", "build", "-tags", "gcplay_embed", "-overlay", filepath.Join(tmp, "embed", "overlay.json"),
		"-ldflags", "-X main.version=e2e", "-o", bin, "./cmd/gcplay")
	build.Dir = repoRoot
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building: %v\n%s", err, out)
	}
	t.Logf("staged and built in %v", time.Since(start).Round(time.Millisecond))

	alone := filepath.Join(tmp, "alone")
	if err := os.MkdirAll(alone, 0o755); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(alone, "gcplay"), b, 0o755); err != nil {
		t.Fatal(err)
	}
	gcplay := func(stdin string, args ...string) *exec.Cmd {
		c := exec.Command("./gcplay", args...)
		c.Dir = alone
		c.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + tmp}
		c.Stdin = strings.NewReader(stdin)
		return c
	}
	run := func(stdin string, args ...string) string {
		t.Helper()
		out, err := gcplay(stdin, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("gcplay %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}

	if out := run("", "version"); !strings.Contains(out, "gcplay e2e\n") || !strings.Contains(out, "Kubernetes v1.37") || !strings.Contains(out, "built in") {
		t.Errorf("version printed %q", out)
	}

	serve := gcplay("", "serve", "--addr", "127.0.0.1:0")
	stdout, err := serve.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	serve.Stderr = &stderr
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			serve.Process.Signal(syscall.SIGTERM)
			serve.Wait()
		}
	}
	defer stop()
	lines := bufio.NewScanner(stdout)
	url := ""
	for url == "" && lines.Scan() {
		if m := regexp.MustCompile(`on (http://\S+/) `).FindStringSubmatch(lines.Text()); m != nil {
			url = m[1]
		}
	}
	if url == "" {
		t.Fatalf("serve printed no address; stderr: %s", stderr.String())
	}
	go io.Copy(io.Discard, stdout)
	ctx := newTab(t)
	openURL(t, ctx, url)
	step(t, ctx)
	stop()

	run("", "build", "--out", "site")
	for _, name := range []string{"index.html", "app.js", "web/app.wasm.gz", "web/wasmgz.js", "web/lessons.json", "web/rules.md"} {
		if _, err := os.Stat(filepath.Join(alone, "site", filepath.FromSlash(name))); err != nil {
			t.Errorf("build wrote no %s: %v", name, err)
		}
	}
	if out := run("", "lessons", "list"); !strings.Contains(out, "background-deletion") {
		t.Errorf("lessons list printed %q", out)
	}
	const scenario = `objects:
- {apiVersion: v1, kind: ConfigMap, metadata: {name: owner, uid: o1}}
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: child, ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: owner, uid: o1}]}
steps:
- delete: {apiVersion: v1, kind: ConfigMap, name: owner}
`
	if out := run(scenario, "sim", "-f", "-"); strings.Contains(out, "name: child") || !strings.Contains(out, "kind: List") {
		t.Errorf("sim printed %q, want an empty List (the child collected)", out)
	}
	entries, _ := os.ReadDir(alone)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "gcplay site" {
		t.Errorf("the folder holds %s, want the binary and the site", got)
	}
}
