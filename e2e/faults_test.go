//go:build !js

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/app/workspace"
)

// golden is the golden scenario file of gccore/testdata/scenarios.
func golden(t *testing.T, file string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(repoRoot, "gccore", "testdata", "scenarios", file))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// faultsWords are the Faults panel's texts the test reads, per language.
var faultsWords = map[string]struct{ query, tab, seed30, seed31, runIdle, step, queues, lost, lostBadge, relist, del, trace string }{
	"en": {"", "Faults", "Seed 30:", "Seed 31:", "Run until idle", "Step", "Queues", "1 lost, until the relist at tick 10", "lost",
		"relist at tick 10: 1 lost, 1 repaired; next relist at tick 20", "Delete", "Trace"},
	"zh-CN": {"?lang=zh-CN", "故障", "种子 30：", "种子 31：", "运行至空闲", "单步", "队列", "1 个已丢失，等待第 10 个 tick 的重新列举", "已丢失",
		"第 10 个 tick 重新列举：1 个已丢失，1 个已修复；下次重新列举在第 20 个 tick", "删除", "轨迹"},
}

// stepTo clicks the Step button labelled label until the page shows tick n, each click
// waiting for its tick.
func stepTo(t *testing.T, ctx context.Context, label string, n int64) {
	t.Helper()
	for now := tick(t, ctx); now < n; now++ {
		click(t, ctx, label)
		waitTick(t, ctx, now+1)
	}
}

// laneLostJS is true when the informer lane marks the owner's DELETED lost with badge.
func laneLostJS(badge string) string {
	return `(r => r !== null && r.querySelector('.qs-lost').textContent === ` + quote(badge) +
		` && r.querySelector('.qk').textContent === 'DELETED v1/ConfigMap default/owner')(document.querySelector('#informer-lane .ie-lost'))`
}

// TestFaultsPanel: the fault lab's panel and informer lane (issue 26 §2) in English and
// Chinese at 1366×657. The dropped-event golden (FAULT-2, FAULT-3) opens as a link; the
// Faults tab shows its seed 30; stepped to tick 5, the informer lane above graphChanges
// says the owner's DELETED is lost until the relist at tick 10 and marks it lost; at tick
// 10 it draws that relist (1 lost, 1 repaired) and the next, with a child's DELETED in
// flight; a dropWatch of 1 is refused inline, naming faults.dropWatch; Re-roll replays it
// with seed 31 from tick 0, and Run until idle still ends with the owner and its
// dependents gone, as without faults.
func TestFaultsPanel(t *testing.T) {
	src := golden(t, "faults-dropped-event-relist.yaml")
	for _, lang := range []string{"en", "zh-CN"} {
		t.Run(lang, func(t *testing.T) {
			w := faultsWords[lang]
			ctx := newTab(t)
			do(t, ctx, "a 1366×657 laptop", chromedp.EmulateViewport(1366, 657))
			openURL(t, ctx, baseURL+"/"+w.query+"#scenario="+workspace.EncodeLink(src))
			do(t, ctx, "open the Faults tab", chromedp.Click(tab(w.tab)))
			status := `document.querySelector('#faults-status')?.textContent.startsWith(`
			waitJS(t, ctx, "the file's seed", status+quote(w.seed30)+`)`, 10*time.Second)
			do(t, ctx, "open the Queues tab", chromedp.Click(tab(w.queues)))
			stepTo(t, ctx, w.step, 5)
			waitJS(t, ctx, "the lost event", `document.querySelector('#lost-watch')?.textContent === `+quote(w.lost), 10*time.Second)
			waitJS(t, ctx, "the lost event marked in the informer lane", laneLostJS(w.lostBadge), 10*time.Second)
			screenshot(t, ctx, "faults-lost-"+lang)
			stepTo(t, ctx, w.step, 10)
			waitJS(t, ctx, "the relist drawn", `document.querySelector('#relist-row.ie-now')?.textContent.endsWith(`+quote(w.relist)+`)`, 10*time.Second)
			waitJS(t, ctx, "a DELETED in flight", `[...document.querySelectorAll('#informer-lane .ie-flight .qk')].some(e => e.textContent.startsWith('DELETED v1/ConfigMap default/child-'))`, 10*time.Second)
			screenshot(t, ctx, "faults-relist-"+lang)
			do(t, ctx, "back to the Faults tab", chromedp.Click(tab(w.tab)))
			waitJS(t, ctx, "the form", `document.querySelector('#fl-drop') !== null`, 10*time.Second)
			eval[bool](t, ctx, `(() => { const e = document.querySelector('#fl-drop'); e.value = '1'; e.dispatchEvent(new Event('input', {bubbles: true})); return true })()`)
			do(t, ctx, "apply dropWatch 1", chromedp.Click(chromedp.CSS(`#fl-apply`)))
			waitJS(t, ctx, "the error naming the field", `document.querySelector('#faults-error')?.textContent.startsWith('faults.dropWatch:')`, 10*time.Second)
			screenshot(t, ctx, "faults-panel-error-"+lang)
			do(t, ctx, "re-roll", chromedp.Click(chromedp.CSS(`#fl-reroll`)))
			waitJS(t, ctx, "the next seed, the error gone", status+quote(w.seed31)+`) && !document.querySelector('#faults-error')`, 10*time.Second)
			screenshot(t, ctx, "faults-panel-rerolled-"+lang)
			click(t, ctx, w.runIdle)
			waitIdle(t, ctx)
			waitJS(t, ctx, "the cascade ends as without faults",
				"!("+present("ConfigMap", "owner")+") && !("+present("ConfigMap", "child-a")+") && !("+present("ConfigMap", "child-b")+")", 20*time.Second)
			screenshot(t, ctx, "faults-panel-idle-"+lang)
		})
	}
}

// TestFaultsLesson: the dropped-event-relist lesson grants the Faults tab (the lesson
// control faults), in English and Chinese, on the full page at 1280×720 and embedded at
// 960×600. The learner deletes owner, sees its DELETED marked lost in the informer lane
// (FAULT-2), runs until idle and meets the goals; Re-roll then starts the attempt again
// at rest with seed 31, still in the lesson, and deleting owner once more meets them
// again (FAULT-3: the outcome stays). Embedded, the Faults tab is offered and re-rolls
// too, and the Queues tab with the informer lane.
func TestFaultsLesson(t *testing.T) {
	for _, lang := range []string{"en", "zh-CN"} {
		t.Run(lang, func(t *testing.T) {
			w := faultsWords[lang]
			ctx := newTab(t)
			do(t, ctx, "a 1280×720 screen", chromedp.EmulateViewport(1280, 720))
			openURL(t, ctx, baseURL+"/"+w.query+"#lesson=dropped-event-relist")
			waitLesson(t, ctx, "dropped-event-relist")
			deleteWithButton(t, ctx, "ConfigMap", "owner", "Background", w.del)
			if eval[bool](t, ctx, `document.querySelector('.pg-compact') !== null`) { // the queues are a tab
				do(t, ctx, "open the Queues tab", chromedp.Click(tab(w.queues)))
			}
			stepTo(t, ctx, w.step, tick(t, ctx)+2)
			waitJS(t, ctx, "the lost event marked in the informer lane", laneLostJS(w.lostBadge), 10*time.Second)
			screenshot(t, ctx, "faults-lesson-lost-1280x720-"+lang)
			click(t, ctx, w.runIdle)
			waitAllMet(t, ctx, "the lesson with seed 30")
			do(t, ctx, "open the Faults tab", chromedp.Click(tab(w.tab)))
			do(t, ctx, "re-roll", chromedp.Click(chromedp.CSS(`#fl-reroll`)))
			waitJS(t, ctx, "seed 31, the attempt at rest again", `document.querySelector('#faults-status')?.textContent.startsWith(`+quote(w.seed31)+`) && `+
				`document.querySelector('#lesson')?.dataset.lesson === 'dropped-event-relist' && `+present("ConfigMap", "owner"), 10*time.Second)
			screenshot(t, ctx, "faults-lesson-rerolled-1280x720-"+lang)
			deleteWithButton(t, ctx, "ConfigMap", "owner", "Background", w.del)
			click(t, ctx, w.runIdle)
			waitAllMet(t, ctx, "the lesson with seed 31")
			screenshot(t, ctx, "faults-lesson-done-1280x720-"+lang)

			do(t, ctx, "a 960×600 frame", chromedp.EmulateViewport(960, 600))
			embed := map[string]string{"en": "?embed=1", "zh-CN": "?embed=1&lang=zh-CN"}[lang]
			openURL(t, ctx, baseURL+"/"+embed+"#lesson=dropped-event-relist")
			waitLesson(t, ctx, "dropped-event-relist")
			if tabs := eval[string](t, ctx, `[...document.querySelectorAll('[role=tab]')].map(b => b.textContent).join(',')`); !strings.HasSuffix(tabs, ","+w.queues+","+w.trace+","+w.tab) {
				t.Errorf("tabs of the embedded lesson: %s, want the Queues, Trace and Faults tabs", tabs)
			}
			do(t, ctx, "open the Faults tab", chromedp.Click(tab(w.tab)))
			do(t, ctx, "re-roll", chromedp.Click(chromedp.CSS(`#fl-reroll`)))
			waitJS(t, ctx, "seed 31 embedded", `document.querySelector('#faults-status')?.textContent.startsWith(`+quote(w.seed31)+`) && `+
				`document.querySelector('#lesson')?.dataset.lesson === 'dropped-event-relist'`, 10*time.Second)
			if !eval[bool](t, ctx, fitsJS) {
				t.Errorf("the compact page scrolls in 960×600 with the Faults tab")
			}
			screenshot(t, ctx, "faults-lesson-embed-960x600-"+lang)
			deleteWithButton(t, ctx, "ConfigMap", "owner", "Background", w.del)
			do(t, ctx, "open the Queues tab", chromedp.Click(tab(w.queues)))
			stepTo(t, ctx, w.step, tick(t, ctx)+1)
			waitJS(t, ctx, "the lane embedded", `document.querySelector('#informer-lane') !== null`, 10*time.Second)
			if !eval[bool](t, ctx, fitsJS) {
				t.Errorf("the compact page scrolls in 960×600 with the Queues tab")
			}
			screenshot(t, ctx, "faults-lesson-embed-queues-960x600-"+lang)
		})
	}
}
