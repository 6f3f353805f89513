package workspace

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore/rules"
)

// tryObject finds "Kind name" in an example's first action.
var tryObject = regexp.MustCompile(`\b(Deployment|ReplicaSet|ConfigMap|ClusterRole|Secret|Pod|Namespace) ([a-z0-9][a-z0-9.-]*[a-z0-9])\b`)

// TestExamples: every built-in example has a title, cites only existing rules, opens at
// tick 0 and runs until idle.
func TestExamples(t *testing.T) {
	ex := Examples()
	if len(ex) != 13 {
		t.Fatalf("%d examples, want 13", len(ex))
	}
	for _, e := range ex {
		if e.Title == "" || e.About == "" || e.Purpose == "" || e.Try == "" {
			t.Errorf("%s: no title, purpose, first action or header comment", e.ID)
		}
		for _, text := range []string{e.Purpose, e.Try} {
			if strings.Contains(text, "\n") || len(text) > 200 {
				t.Errorf("%s: %q is not one short line", e.ID, text)
			}
		}
		for _, id := range rules.Cited().FindAllString(string(e.Source)+e.Try, -1) {
			if _, ok := rules.Lookup(id); !ok {
				t.Errorf("%s cites unknown rule %s", e.ID, id)
			}
		}
		w, err := New(e.ID, e.Source)
		if err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
		// The first action names real objects: "Select ConfigMap parent-a" must find one.
		for _, m := range tryObject.FindAllStringSubmatch(e.Try, -1) {
			found := false
			for _, o := range w.View().Objects {
				found = found || (o.Kind == m[1] && o.Name == m[2])
			}
			if !found {
				t.Errorf("%s: Try names %s %s, which the example does not hold", e.ID, m[1], m[2])
			}
		}
		if err := w.RunUntilIdle(); err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
	}
	if _, ok := ExampleByID(DefaultExample); !ok {
		t.Fatalf("default example %q missing", DefaultExample)
	}
}
