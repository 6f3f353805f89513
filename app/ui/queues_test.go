package ui

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"k8s.io/apimachinery/pkg/types"
)

// TestQueueMarksStaleItems: an item whose object the API server no longer stores is
// marked stale (the GC has not observed the deletion yet); a stored one and a virtual
// one are not (issue 11, item 4).
func TestQueueMarksStaleItems(t *testing.T) {
	v := &workspace.View{InAPI: map[types.UID]*gccore.Object{"kept": {}}}
	q := &QueuesPanel{View: v}
	rows := q.items(gccore.QueueView{Name: "attemptToDelete", Items: []gccore.QueueItem{
		{Key: "v1/Pod default/gone", UID: "gone", State: "queued"},
		{Key: "v1/Pod default/kept", UID: "kept", State: "queued"},
		{Key: "v1/ConfigMap default/never", UID: "never", State: "queued", Virtual: true},
	}})
	if len(rows) != 3 {
		t.Fatalf("%d rows", len(rows))
	}
	if m := rows[0].markup; !strings.Contains(m, "qi-stale") || !strings.Contains(m, "stale: already deleted, the GC has not observed it yet") {
		t.Errorf("a deleted Pod's item is not marked stale: %s", m)
	}
	for _, r := range rows[1:] {
		if strings.Contains(r.markup, "stale") {
			t.Errorf("marked stale: %s", r.markup)
		}
	}
}
