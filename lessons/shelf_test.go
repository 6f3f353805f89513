package lessons

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestShelfParsesOnDemand: a shelf opens without parsing its lessons, so a broken lesson
// fails only when it is asked for (with Parse's error, naming the file), the others still
// open, each lesson is parsed once, and All fails on the first broken one in order.
func TestShelfParsesOnDemand(t *testing.T) {
	good := &fstest.MapFile{Data: []byte(strings.Replace(base, "id: tiny", "id: good", 1))}
	broken := &fstest.MapFile{Data: []byte("id: broken\nlevel: expert\n")}
	s, err := OpenFS(fstest.MapFS{"order.yaml": {Data: []byte("lessons: [good, broken]")}, "good.yaml": good, "broken.yaml": broken}, "ws")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(s.IDs(), " "); got != "good broken" {
		t.Errorf("IDs %q, want the order's", got)
	}
	if len(s.parsed) != 0 {
		t.Errorf("opening parsed %d lessons, want none", len(s.parsed))
	}
	l, ok, err := s.Lesson("good")
	if err != nil || !ok || l.ID != "good" {
		t.Fatalf("good: %v %v %v", l, ok, err)
	}
	if again, _, _ := s.Lesson("good"); again != l {
		t.Error("the lesson was parsed twice")
	}
	if _, ok, err := s.Lesson("broken"); !ok || err == nil || !strings.HasPrefix(err.Error(), "ws/broken.yaml: ") {
		t.Errorf("broken: ok %v, err %v; want Parse's error naming ws/broken.yaml", ok, err)
	}
	if _, ok, err := s.Lesson("absent"); ok || err != nil {
		t.Errorf("absent: ok %v, err %v; want not listed", ok, err)
	}
	if _, err := s.All(); err == nil || !strings.Contains(err.Error(), "ws/broken.yaml") {
		t.Errorf("All: %v, want the broken lesson's error", err)
	}
}

// TestBuiltinShelfMatchesBuiltin: the page's lazy shelf gives the lessons Builtin does.
func TestBuiltinShelfMatchesBuiltin(t *testing.T) {
	data, err := BuiltinBundle()
	if err != nil {
		t.Fatal(err)
	}
	s, err := OpenBundle("web/lessons.json", data)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.All()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d lessons, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].ID != want[i].ID || string(got[i].Start) != string(want[i].Start) || len(got[i].Solution) != len(want[i].Solution) {
			t.Errorf("lesson %d: %s, want %s", i, got[i].ID, want[i].ID)
		}
	}
}
