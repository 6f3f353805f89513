//go:build !js

package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoBrowserIsLoud runs scripts/e2e.sh (make e2e) on a PATH without Chromium and with a
// stub go: the browser tests skip, and the run must end with one loud line naming the fix,
// not pass quietly (issue: "A newcomer's make test"). Under CI it must fail instead.
func TestNoBrowserIsLoud(t *testing.T) {
	root := repoRoot // the test's working directory may be the site root by now
	bin := t.TempDir()
	for _, tool := range []string{"bash", "dirname", "id"} {
		p, err := exec.LookPath(tool)
		if err != nil {
			t.Skipf("%s not found: %v", tool, err)
		}
		if err := os.Symlink(p, filepath.Join(bin, tool)); err != nil {
			t.Fatal(err)
		}
	}
	goStub := filepath.Join(bin, "go")
	if err := os.WriteFile(goStub, []byte("#!/bin/sh\necho \"ok (stub go $*)\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	run := func(ci string) (string, error) {
		cmd := exec.Command(filepath.Join(bin, "bash"), filepath.Join(root, "scripts", "e2e.sh"), "-count=1")
		cmd.Env = []string{"PATH=" + bin, "GO=" + goStub, "GCPLAY_NO_INSTALL=1", "HOME=" + t.TempDir()}
		if ci != "" {
			cmd.Env = append(cmd.Env, "CI="+ci)
		}
		out, err := cmd.CombinedOutput()
		return string(out), err
	}

	out, err := run("")
	if err != nil {
		t.Fatalf("without CI the run should pass with a notice, got %v:\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	if !strings.Contains(last, "BROWSER TESTS DID NOT RUN") || !strings.Contains(last, "apt-get install chromium") {
		t.Errorf("last line = %q, want the loud notice with the fix", last)
	}
	if !strings.Contains(out, "stub go test -count=1 ./e2e/...") {
		t.Errorf("the e2e tests did not run (skipping) first:\n%s", out)
	}

	if out, err := run("true"); err == nil || !strings.Contains(out, "CI is set") {
		t.Errorf("under CI a missing browser must fail: err=%v\n%s", err, out)
	}
}
