package ui

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/faults"
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

// TestQueueShowsFaults: the informer lane marks a lost watch event until the relist
// that repairs it (FAULT-2, FAULT-3), lists an event in flight with the tick it arrives
// (FAULT-1), draws the last relist and the next, and counts the controllers' informers'
// events (CM-1); a controller's key that backs off after a failed write shows its next
// attempt's tick (FAULT-4); in English and Chinese.
func TestQueueShowsFaults(t *testing.T) {
	ev := func(name string, written, due int64) gccore.LaneEvent {
		return gccore.LaneEvent{Type: "DELETED", Object: gccore.ObjectRef{APIVersion: "v1", Kind: "ConfigMap", Namespace: "default", Name: name},
			UID: types.UID(name + "-uid"), ResourceVersion: "4", Written: written, Due: due}
	}
	v := &workspace.View{Tick: 10, Faults: faults.Config{Seed: 1, DropWatch: 0.5, RelistEvery: 10},
		Informers: gccore.InformerLane{Lost: []gccore.LaneEvent{ev("owner", 1, 0)}, LostLen: 2, InFlight: []gccore.LaneEvent{ev("child", 10, 11)}, InFlightLen: 1,
			LastRelist: gccore.Relist{Tick: 10, Lost: 1, Repaired: 1}, NextRelist: 20},
		ControllerInformers: gccore.InformerLane{InFlightLen: 3, LostLen: 1, NextRelist: 20},
		ControllerQueues: []gccore.ControllerQueue{
			{Name: gccore.CompQueue, Items: []gccore.ControllerQueueItem{{Key: "default/web", UID: "u", NextAttemptTick: 7}}},
		}}
	for lang, want := range map[string][]string{
		"en": {"2 lost, until the relist at tick 20", `data-select="owner-uid">DELETED v1/ConfigMap default/owner`, `>lost<`, "→ tick 11",
			"relist at tick 10: 1 lost, 1 repaired; next relist at tick 20", `ie-relist ie-now`, "Controllers&#39; informers (CM-1): 3 in flight, 1 lost, until the relist at tick 20"},
		"zh-CN": {"2 个已丢失，等待第 20 个 tick 的重新列举", ">已丢失<", "→ 第 11 个 tick", "第 10 个 tick 重新列举：1 个已丢失，1 个已修复；下次重新列举在第 20 个 tick",
			"控制器的 informer（CM-1）：3 个传输中，1 个已丢失，等待第 20 个 tick 的重新列举"},
	} {
		q := &QueuesPanel{Lang: lang, View: v}
		got := app.HTMLString(q.Render())
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: no %q in %s", lang, w, got)
			}
		}
		backoff := map[string]string{"en": "write failed: next attempt at tick 7", "zh-CN": "写入失败：下次尝试在第 7 个 tick"}[lang]
		if got := app.HTMLString(q.controllers()); !strings.Contains(got, backoff) {
			t.Errorf("%s: no %q in %s", lang, backoff, got)
		}
	}
	// Without faults the lane is the count alone.
	if got := app.HTMLString((&QueuesPanel{Lang: "en", View: &workspace.View{PendingWatch: 2}}).Render()); strings.Contains(got, "inlist") || !strings.Contains(got, "2 watch event(s) not delivered yet") {
		t.Errorf("no faults: %s", got)
	}
}
