package catalog

import (
	"testing"

	"github.com/gcplay/gcplay/app/store"
)

func TestProgress(t *testing.T) {
	st := &store.Memory{}
	c := open(t, st, "a")
	if got, err := c.Progress(); err != nil || len(got) != 0 {
		t.Fatalf("no record: %v, %v", got, err)
	}
	for _, id := range []string{"orphan-deletion", "background-deletion", "orphan-deletion"} {
		if err := c.MarkDone(id); err != nil {
			t.Fatal(err)
		}
	}
	// Another tab reads it, and the workspaces do not list it.
	d := open(t, st, "b")
	got, err := d.Progress()
	if err != nil || len(got) != 2 || !got["orphan-deletion"] || !got["background-deletion"] {
		t.Fatalf("progress = %v, %v", got, err)
	}
	for _, e := range d.Entries() {
		if e.ID == progressKey {
			t.Fatalf("the progress record is listed as a workspace: %v", d.Entries())
		}
	}
	if len(d.Quarantined()) != 0 {
		t.Fatalf("quarantined: %v", d.Quarantined())
	}
}
