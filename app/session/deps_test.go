package session

import (
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// TestPlainGo: the session imports neither go-app nor syscall/js, directly or through
// another package, so that it runs natively and two sessions cost two values.
func TestPlainGo(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("no go command under node")
	}
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if dep == "syscall/js" || strings.HasPrefix(dep, "github.com/maxence-charriere/go-app") {
			t.Errorf("app/session depends on %s", dep)
		}
	}
}
