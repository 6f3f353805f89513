package lessons

import (
	"os"
	"strings"
	"testing"
)

// TestCheckNamesUnchangedStep: a solution that removes a misspelled finalizer, or one from
// a misspelled object, fails check at the step that changed nothing, with the near name
// (issue 22: check said only "goals[0] unmet").
func TestCheckNamesUnchangedStep(t *testing.T) {
	src, err := os.ReadFile("builtin/finalizers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	good := "removeFinalizer: {apiVersion: v1, kind: ConfigMap, name: bucket, finalizer: storage.example.com/cleanup}"
	for _, c := range []struct{ step, want string }{
		{"removeFinalizer: {apiVersion: v1, kind: ConfigMap, name: bukcet, finalizer: storage.example.com/cleanup}",
			`(removeFinalizer v1/ConfigMap default/bukcet): 404 NotFound: configmaps "bukcet" not found: did you mean ConfigMap/bucket?`},
		{"removeFinalizer: {apiVersion: v1, kind: ConfigMap, name: bucket, finalizer: storage.example.com/claenup}",
			"the solution leaves goals[0] (ConfigMap bucket is deleted) unmet; solution[0] (removeFinalizer v1/ConfigMap default/bucket) changed nothing: did you mean finalizer storage.example.com/cleanup?"},
	} {
		l, err := Parse("finalizers.yaml", []byte(strings.Replace(string(src), good, c.step, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if err := Check(l); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("check: %v\nwant %q", err, c.want)
		}
	}
	if d := editDistance("lokc", "lock"); d != 2 {
		t.Errorf("editDistance(lokc, lock) = %d", d)
	}
}
