package pagedeps

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPageLeavesOutTransportAndCBOR stages the plan and lists the page's packages with
// the flags make wasm uses: the HTTP client (pkg/util/net, HTTP/2) and the CBOR codec are
// gone, and the page still builds against the trimmed copy (go list -e reports no error).
func TestPageLeavesOutTransportAndCBOR(t *testing.T) {
	if testing.Short() {
		t.Skip("lists the page's packages with the go command")
	}
	root, _ := filepath.Abs("../..")
	out := t.TempDir()
	flags, err := Stage("go", root, out, Plan)
	if err != nil {
		t.Fatal(err)
	}
	args := append([]string{"list", "-e", "-deps", "-tags", "gcplay_page", "-f", "{{.ImportPath}} {{if .Error}}ERROR {{.Error}}{{end}}"}, flags...)
	cmd := exec.Command("go", append(args, "./app/cmd/wasm")...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	b, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, b)
	}
	deps := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.Contains(line, " ERROR ") {
			t.Errorf("the page does not build against the trimmed copy: %s", line)
		}
		deps[strings.Fields(line)[0]] = true
	}
	for _, gone := range []string{"k8s.io/apimachinery/pkg/util/net", "golang.org/x/net/http2", "github.com/fxamacker/cbor/v2", "k8s.io/apimachinery/pkg/runtime/serializer/cbor/internal/modes"} {
		if deps[gone] {
			t.Errorf("the page still imports %s", gone)
		}
	}
	for _, kept := range []string{"k8s.io/apimachinery/pkg/watch", "k8s.io/apimachinery/pkg/runtime/serializer/cbor/direct", "github.com/gcplay/gcplay/gccore"} {
		if !deps[kept] {
			t.Errorf("the page no longer imports %s: the listing is wrong", kept)
		}
	}
}

// TestStageWritesModfileAndOverlay checks the files Stage writes: a replace directive per
// copied module, the overlay's drops ("") and stand-ins, and a second Stage reusing the copy.
func TestStageWritesModfileAndOverlay(t *testing.T) {
	if testing.Short() {
		t.Skip("asks the go command where the module is")
	}
	root, _ := filepath.Abs("../..")
	out := t.TempDir()
	for range 2 {
		if _, err := Stage("go", root, out, Plan); err != nil {
			t.Fatal(err)
		}
	}
	gomod, _ := os.ReadFile(filepath.Join(out, "go.mod"))
	if n := strings.Count(string(gomod), "replace k8s.io/apimachinery => "+filepath.Join(out, "mod", "k8s.io", "apimachinery@")); n != 1 {
		t.Errorf("go.mod has %d replace directives for apimachinery, want 1:\n%s", n, gomod)
	}
	var overlay struct{ Replace map[string]string }
	b, _ := os.ReadFile(filepath.Join(out, "overlay.json"))
	if err := json.Unmarshal(b, &overlay); err != nil {
		t.Fatal(err)
	}
	if len(overlay.Replace) != len(Plan) {
		t.Errorf("overlay has %d entries for a plan of %d", len(overlay.Replace), len(Plan))
	}
	for target, with := range overlay.Replace {
		if !strings.HasPrefix(target, filepath.Join(out, "mod")) {
			t.Errorf("overlay changes %s, outside the copy", target)
		}
		if strings.HasSuffix(target, "streamwatcher.go") && with != "" {
			t.Errorf("streamwatcher.go is replaced by %q, want dropped", with)
		}
	}
	entries, _ := os.ReadDir(filepath.Join(out, "mod", "k8s.io"))
	if len(entries) != 1 {
		t.Errorf("mod/k8s.io holds %d entries after two stages, want one copy", len(entries))
	}
}

func TestStageNamesAMissingFile(t *testing.T) {
	if testing.Short() {
		t.Skip("asks the go command where the module is")
	}
	root, _ := filepath.Abs("../..")
	_, err := Stage("go", root, t.TempDir(), []Change{{Module: "k8s.io/apimachinery", File: "pkg/watch/gone.go"}})
	if err == nil || !strings.Contains(err.Error(), "k8s.io/apimachinery has no pkg/watch/gone.go") {
		t.Errorf("err = %v", err)
	}
}
