package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimWhy: --why prints each object left after the run with the reasons Inspector.Why gives,
// citing the rules the GC applied: a Foreground owner waiting on a blocker (FG-1, FG-4), a
// cluster-scoped object whose owner is of a namespaced kind (DEL-8, XNS-3).
func TestSimWhy(t *testing.T) {
	stuck, err := os.ReadFile(filepath.Join("..", "..", "app", "workspace", "examples", "05-foreground-stuck.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, string(stuck), "sim", "-f", "-", "--why")
	if code != 0 || errOut != "" {
		t.Fatalf("%d %q", code, errOut)
	}
	for _, want := range []string{"v1/ConfigMap default/owner\n", "  Finalizer foregroundDeletion: it waits for 1 dependent(s) with blockOwnerDeletion: ConfigMap blocker (terminating) (FG-1, FG-4).\n", "v1/ConfigMap default/blocker\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("--why output lacks %q:\n%s", want, out)
		}
	}
	pv := `objects:
- {apiVersion: v1, kind: ConfigMap, metadata: {name: claim, uid: claim-uid}}
- apiVersion: v1
  kind: PersistentVolume
  metadata: {name: data, ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: claim, uid: claim-uid}]}
`
	if code, out, _ := runCLI(t, pv, "sim", "-f", "-", "--why"); code != 0 || !strings.Contains(out, "v1/PersistentVolume data\n  It is cluster-scoped") || !strings.Contains(out, "(DEL-8, XNS-3)") {
		t.Errorf("--why on an invalid owner: %d\n%s", code, out)
	}
	if code, _, errOut := runCLI(t, pv, "sim", "-f", "-", "--why", "--trace"); code == 0 || !strings.Contains(errOut, "cannot be combined") {
		t.Errorf("--why --trace: %d %q", code, errOut)
	}
}
