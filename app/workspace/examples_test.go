package workspace

import (
	"testing"

	"github.com/gcplay/gcplay/gccore/rules"
)

// TestExamples: every built-in example has a title, cites only existing rules, opens at
// tick 0 and runs until idle.
func TestExamples(t *testing.T) {
	ex := Examples()
	if len(ex) != 7 {
		t.Fatalf("%d examples, want 7", len(ex))
	}
	for _, e := range ex {
		if e.Title == "" || e.About == "" {
			t.Errorf("%s: no title or header comment", e.ID)
		}
		for _, id := range rules.Cited.FindAllString(string(e.Source), -1) {
			if _, ok := rules.Lookup(id); !ok {
				t.Errorf("%s cites unknown rule %s", e.ID, id)
			}
		}
		w, err := New(e.ID, e.Source)
		if err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
		if err := w.RunUntilIdle(); err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
	}
	if _, ok := ExampleByID(DefaultExample); !ok {
		t.Fatalf("default example %q missing", DefaultExample)
	}
}
