package rules

import "testing"

func TestIndex(t *testing.T) {
	if n := len(All()); n < 150 {
		t.Fatalf("indexed %d rules, want the ~156 of gc-behavior.md", n)
	}
	r, ok := Lookup("DEL-9")
	if !ok || r.Title == "" || len(r.Text) < 100 {
		t.Fatalf("DEL-9 = %+v, %v", r, ok)
	}
	if _, ok := Lookup("S-45"); !ok {
		t.Fatal("S-45 missing")
	}
}
