package lessons

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// workshop writes a folder with two built-in lessons, in reverse order.
func workshop(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, id := range []string{"owners-and-dependents", "background-deletion"} {
		data, err := builtin.ReadFile("builtin/" + id + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, id+".yaml"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, OrderFile), []byte("lessons: [background-deletion, owners-and-dependents]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestBundleRoundTrip: a checked folder comes back from its bundle in its order.
func TestBundleRoundTrip(t *testing.T) {
	data, err := Bundle(context.Background(), workshop(t))
	if err != nil {
		t.Fatal(err)
	}
	ls, err := FromBundle("web/lessons.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 2 || ls[0].ID != "background-deletion" || ls[1].ID != "owners-and-dependents" {
		t.Fatalf("got %d lessons %v", len(ls), ls)
	}
}

// TestBundleRefusesWhatCheckRefuses: a folder that fails `lessons check` is no bundle, and
// the error is one line naming the file.
func TestBundleRefusesWhatCheckRefuses(t *testing.T) {
	dir := workshop(t)
	os.WriteFile(filepath.Join(dir, "stray.yaml"), []byte("id: stray\n"), 0o644)
	if _, err := Bundle(context.Background(), dir); err == nil || !strings.Contains(err.Error(), `lesson "stray"`) || strings.Contains(err.Error(), "\n") {
		t.Errorf("unlisted file: got %v", err)
	}
	os.Remove(filepath.Join(dir, "stray.yaml"))
	// A solution that no longer meets the goals (the check's replay, not the parser).
	file := filepath.Join(dir, "background-deletion.yaml")
	data, _ := os.ReadFile(file)
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "solution:") {
			lines[i+1] = strings.Replace(lines[i+1], "Background", "Orphan", 1)
		}
	}
	os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o644)
	_, err := Bundle(context.Background(), dir)
	if err == nil || !strings.Contains(err.Error(), "background-deletion") || strings.Contains(err.Error(), "\n") {
		t.Errorf("broken solution: got %v", err)
	}
	t.Log(err)
	if _, err := FromBundle("x", []byte(`{"version":1,"files":{"../a.yaml":""}}`)); err == nil {
		t.Error("a path outside the folder was read")
	}
	if _, err := FromBundle("x", []byte(`nope`)); err == nil || !strings.Contains(err.Error(), "not a lessons bundle") {
		t.Errorf("got %v", err)
	}
}
