package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/gcplay/gcplay/app/store/catalog"
)

// TestWorkspacesMenuContract: each workspace is an element with data-workspace holding
// its id, the open one marked aria-current, with its actions; names are text, not markup.
func TestWorkspacesMenuContract(t *testing.T) {
	at := time.Date(2026, 11, 24, 18, 0, 0, 0, time.UTC)
	html := render(&WorkspacesMenu{Open: true, Current: "b", Entries: []catalog.Entry{
		{ID: "a", Name: "First", Updated: at}, {ID: "b", Name: "<b>bold</b>", Updated: at}}})
	// go-app writes attributes in no fixed order: look at the whole start tag.
	if tag := startTag(html, `data-workspace="b"`); !strings.Contains(tag, "aria-current") {
		t.Errorf("the open workspace is not marked aria-current: %s", tag)
	}
	mustContain(t, html, `data-workspace="a"`,
		">Rename<", ">Duplicate<", ">Delete<", ">Create<", "&lt;b&gt;bold&lt;/b&gt;")
	if strings.Count(html, `aria-current`) != 1 {
		t.Error("more than one workspace is marked current")
	}
	if closed := render(&WorkspacesMenu{Entries: []catalog.Entry{{ID: "a", Name: "First"}}}); strings.Contains(closed, "data-workspace") {
		t.Error("a closed menu lists the workspaces")
	}
}

// TestStorageNotices: a record kept aside offers Download and Discard and names the
// key; a conflict offers both ways out (only Keep mine when theirs is gone).
func TestStorageNotices(t *testing.T) {
	html := render(&StorageNotices{Kept: []catalog.Quarantined{{Key: "quarantine/x/ws/1", From: "ws/1", Reason: "not JSON"}},
		Conflict: "this workspace was changed in another tab"})
	mustContain(t, html, `data-quarantine="quarantine/x/ws/1"`, "ws/1", "not JSON", ">Download<", ">Discard<",
		">Reload theirs<", ">Keep mine as a copy<")
	gone := render(&StorageNotices{Conflict: "deleted", Gone: true})
	if strings.Contains(gone, "Reload theirs") || !strings.Contains(gone, "Keep mine as a copy") {
		t.Errorf("a deletion elsewhere: %s", gone)
	}
	if empty := render(&StorageNotices{}); strings.Contains(empty, "snote ") {
		t.Errorf("notices with nothing to say: %s", empty)
	}
}

// startTag is the start tag of the element whose attributes include attr.
func startTag(html, attr string) string {
	i := strings.Index(html, attr)
	if i < 0 {
		return ""
	}
	start := strings.LastIndex(html[:i], "<")
	end := strings.Index(html[i:], ">")
	return html[start : i+end+1]
}
