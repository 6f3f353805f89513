package ui

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
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

// TestQueueShowsFaults: the queues say how many watch events are lost until which relist
// (FAULT-2, FAULT-3), and a controller's key that backs off after a failed write shows
// its next attempt's tick (FAULT-4), in English and Chinese.
func TestQueueShowsFaults(t *testing.T) {
	v := &workspace.View{LostWatch: 2, NextRelist: 20, ControllerQueues: []gccore.ControllerQueue{
		{Name: gccore.CompQueue, Items: []gccore.ControllerQueueItem{{Key: "default/web", UID: "u", NextAttemptTick: 7}}},
	}}
	for lang, want := range map[string][2]string{
		"en":    {"2 lost, until the relist at tick 20", "write failed: next attempt at tick 7"},
		"zh-CN": {"2 个已丢失，等待第 20 个 tick 的重新列举", "写入失败：下次尝试在第 7 个 tick"},
	} {
		q := &QueuesPanel{Lang: lang, View: v}
		if got := app.HTMLString(q.Render()); !strings.Contains(got, want[0]) {
			t.Errorf("%s: no %q in %s", lang, want[0], got)
		}
		if got := app.HTMLString(q.controllers()); !strings.Contains(got, want[1]) {
			t.Errorf("%s: no %q in %s", lang, want[1], got)
		}
	}
}
