//go:build !js

package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// versionLessons are the lessons of issue 26 §4: four play an older release's garbage
// collector (the version lens), one the node lifecycle controller's taint-based eviction,
// and two the fault lab: a lost watch event and its relist (FAULT-2, FAULT-3), a
// ReplicaSet's expectations under informer lag (RS-5).
var versionLessons = []string{"cross-namespace-restart", "cluster-scoped-dependent", "new-owner-race", "broken-resource", "taint-eviction", "dropped-event-relist", "rs-expectations"}

// TestVersionLessonScreens opens each lesson of issue 26 §4 at 1366×657, in Chinese and
// in English, as a learner sees it: its start, its first hint, and the recap after Show
// solution (演示答案), each screenshot to be looked at.
func TestVersionLessonScreens(t *testing.T) {
	ctx := newTab(t)
	do(t, ctx, "a 1366×657 window", chromedp.EmulateViewport(1366, 657))
	for _, c := range []struct{ lang, hint, solve, restart string }{{"zh-CN", "提示", "演示答案", "重新开始"}, {"en", "Hint", "Show solution", "Restart lesson"}} {
		for _, id := range versionLessons {
			openURL(t, ctx, baseURL+"/?lang="+c.lang+"#lesson="+id)
			waitLesson(t, ctx, id)
			// The attempt the other language left solved: back to the start at rest.
			click(t, ctx, c.restart)
			waitJS(t, ctx, "the start", `[...document.querySelectorAll('#lesson-goals [data-goal]')].some(g => g.dataset.goalState === 'unmet')`, 10*time.Second)
			if got := eval[[]string](t, ctx, goalsJS); !slices.Contains(got, "unmet") {
				t.Errorf("%s %s: every goal met at the start: %v", c.lang, id, got)
			}
			screenshot(t, ctx, "version-lesson-"+c.lang+"-"+id+"-start")
			click(t, ctx, c.hint)
			waitJS(t, ctx, "a hint", `document.querySelectorAll('#lesson-hints li').length === 1`, 5*time.Second)
			do(t, ctx, "scroll to the hint", chromedp.ScrollIntoView(chromedp.CSS(`#lesson-hints`)))
			screenshot(t, ctx, "version-lesson-"+c.lang+"-"+id+"-hint")
			click(t, ctx, c.solve)
			waitAllMet(t, ctx, "the solution of "+id)
			waitJS(t, ctx, "the recap", `document.querySelector('#lesson-recap') !== null`, 10*time.Second)
			waitJS(t, ctx, "the solution played out", settledJS, 20*time.Second)
			do(t, ctx, "scroll to the recap", chromedp.ScrollIntoView(chromedp.CSS(`#lesson-recap`)))
			screenshot(t, ctx, "version-lesson-"+c.lang+"-"+id+"-recap")
		}
	}
}

// settledJS is true once Run until idle (运行至空闲) is disabled: the simulation is idle.
const settledJS = `[...document.querySelectorAll('button')].some(b => ['Run until idle', '运行至空闲'].includes(b.textContent.trim()) && b.disabled)`

// TestCrossNamespaceRestartByHand plays cross-namespace-restart as its intro tells a
// learner: Restart controller-manager (SYNC-7) under 1.16 first deletes the valid children
// in b (V-2a, V-3b, DEL-9c); after Restart lesson, stray's reference removed in the
// Console, the same restart deletes nothing. On the full page and embedded in a 960×600
// frame (issue 22: the compact page had no Queues tab, so no Restart controller-manager).
func TestCrossNamespaceRestartByHand(t *testing.T) {
	for _, v := range pageVariants {
		t.Run(v.name, func(t *testing.T) {
			ctx := lessonIn(t, v.query, "cross-namespace-restart")
			// The lesson plays 1.16's rules: the page says so, embedded too.
			waitJS(t, ctx, "the release badge", `document.querySelector('#release[data-release="1.16"]') !== null`, 10*time.Second)
			// ... on the header's one line (the title gives way)
			if mids := eval[[]float64](t, ctx, `[...document.querySelector('.pg-header').children].map(c => c.getBoundingClientRect()).filter(r => r.height > 0).map(r => r.top + r.height / 2)`); slices.Max(mids)-slices.Min(mids) > 4 {
				t.Errorf("the header takes two lines with the release badge: its items' middles %v", mids)
			}
			restart := func() {
				do(t, ctx, "open the Queues tab", chromedp.Click(tab("Queues")))
				do(t, ctx, "press Restart controller-manager", chromedp.Click(chromedp.CSS(`#restart-cm`)))
				waitJS(t, ctx, "the informers' lists pending", "!("+settledJS+")", 10*time.Second)
				click(t, ctx, "Run until idle")
				waitJS(t, ctx, "idle", settledJS, 10*time.Second)
			}
			restart()
			waitJS(t, ctx, "child-1 deleted", `document.querySelector('[data-kind="ConfigMap"][data-name="child-1"]') === null`, 10*time.Second)
			screenshot(t, ctx, "version-lesson-cross-namespace-restart-incident-"+v.name)

			click(t, ctx, "Restart lesson")
			waitJS(t, ctx, "child-1 back", `document.querySelector('[data-kind="ConfigMap"][data-name="child-1"]') !== null`, 10*time.Second)
			do(t, ctx, "open the Console tab", chromedp.Click(tab("Console")))
			out, errText := typeCommand(t, ctx, `kubectl patch configmap stray -n a --type=merge -p '{"metadata":{"ownerReferences":null}}'`)
			if errText != "" || !strings.Contains(out, "patched") {
				t.Fatalf("patch: %q %q", out, errText)
			}
			restart()
			waitAllMet(t, ctx, "cross-namespace-restart played by hand")
			screenshot(t, ctx, "version-lesson-cross-namespace-restart-defused-"+v.name)
		})
	}
}

// TestTaintEvictionByHand plays taint-eviction as its hints tell a learner: node-a set
// NotReady in the nodes lane is tainted (NODE-1), the Queues tab lists web-a with the tick
// of its eviction (NODE-2, NODE-3), and Run until idle ends with web-a Terminating and its
// replacement on node-b (RS-1, RS-2, KUBELET-2).
func TestTaintEvictionByHand(t *testing.T) {
	for _, v := range pageVariants {
		t.Run(v.name, func(t *testing.T) {
			ctx := lessonIn(t, v.query, "taint-eviction")
			do(t, ctx, "set node-a NotReady", chromedp.Click(chromedp.CSS(`[data-node-toggle="no:node-a"]`)))
			for range 3 {
				click(t, ctx, "Step")
			}
			do(t, ctx, "open the Queues tab", chromedp.Click(tab("Queues")))
			waitJS(t, ctx, "web-a waiting for its eviction", `document.body.textContent.includes('web-a') && /NODE-3/.test(document.body.textContent)`, 10*time.Second)
			screenshot(t, ctx, "version-lesson-taint-eviction-queues-"+v.name)
			click(t, ctx, "Run until idle")
			waitAllMet(t, ctx, "taint-eviction played by hand")
		})
	}
}

// TestNewOwnerRaceByHand plays new-owner-race as its intro and hints tell a learner:
// first the race itself, with Read item (the worker reads dependent and decides, holding
// its DELETE; the adoption typed in the Console then comes too late and 1.33 deletes
// dependent, V-6a, a goal left unmet); then, after Restart lesson, the answer: delete
// old-owner in the Background, the fine steps Event and Graph change (GB-10 queues
// dependent), the adoption while dependent waits in attemptToDelete, then Delete item:
// the worker reads the new owner and only removes the dangling reference (DEL-5, DEL-9a).
func TestNewOwnerRaceByHand(t *testing.T) {
	for _, v := range pageVariants {
		t.Run(v.name, func(t *testing.T) {
			ctx := lessonIn(t, v.query, "new-owner-race")
			adopt := func() {
				do(t, ctx, "open the Console tab", chromedp.Click(tab("Console")))
				if out, errText := typeCommand(t, ctx, adoptDependent); errText != "" || !strings.Contains(out, "patched") {
					t.Fatalf("patch: %q %q", out, errText)
				}
			}
			queue := func() {
				deleteWith(t, ctx, "ConfigMap", "old-owner", "Background")
				click(t, ctx, "Event")
				waitJS(t, ctx, "the event delivered", "!("+buttonDisabled("Graph change")+")", 10*time.Second)
				click(t, ctx, "Graph change")
				waitJS(t, ctx, "dependent queued", "!("+buttonDisabled("Read item")+")", 10*time.Second)
			}
			queue()
			click(t, ctx, "Read item")
			waitJS(t, ctx, "the worker's write held", buttonDisabled("Read item"), 10*time.Second)
			adopt()
			click(t, ctx, "Delete item")
			waitJS(t, ctx, "dependent deleted although adopted", "!("+present("ConfigMap", "dependent")+")", 10*time.Second)
			if got := eval[[]string](t, ctx, goalsJS); !slices.Contains(got, "unmet") {
				t.Fatalf("the race met every goal: %v", got)
			}
			screenshot(t, ctx, "version-lesson-new-owner-race-read-item-"+v.name)

			click(t, ctx, "Restart lesson")
			waitJS(t, ctx, "dependent back", present("ConfigMap", "dependent"), 10*time.Second)
			queue()
			adopt()
			click(t, ctx, "Delete item")
			click(t, ctx, "Run until idle")
			waitAllMet(t, ctx, "new-owner-race played by hand")
			screenshot(t, ctx, "version-lesson-new-owner-race-by-hand-"+v.name)
		})
	}
}

// TestBrokenResourceByHand plays broken-resource as its hints tell a learner, in English
// and Chinese at 1366×657: owner deleted in the Background and Run until idle leave
// dependent queued, and its why in the Inspector cites V-5a (no worker runs while
// Widget's monitor never syncs); dependent deleted by hand meets the goals.
func TestBrokenResourceByHand(t *testing.T) {
	for _, c := range []struct{ lang, del, idle, inspector, why string }{
		{"en", "Delete", "Run until idle", "Inspector", "No garbage-collector worker runs"},
		{"zh-CN", "删除", "运行至空闲", "检查器", "没有任何垃圾回收 worker 在运行"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			ctx := newTab(t)
			do(t, ctx, "a 1366×657 window", chromedp.EmulateViewport(1366, 657))
			openURL(t, ctx, baseURL+"/?lang="+c.lang+"#lesson=broken-resource")
			waitLesson(t, ctx, "broken-resource")
			deleteWithButton(t, ctx, "ConfigMap", "owner", "Background", c.del)
			click(t, ctx, c.idle)
			waitJS(t, ctx, "idle", settledJS, 20*time.Second)
			selectObject(t, ctx, "ConfigMap", "dependent")
			do(t, ctx, "open the Inspector", chromedp.Click(tab(c.inspector)))
			waitJS(t, ctx, "the why citing V-5a", fmt.Sprintf(`(b => b.includes(%q) && b.includes('V-5a'))(document.body.textContent)`, c.why), 10*time.Second)
			screenshot(t, ctx, "version-lesson-broken-resource-why-"+c.lang)
			deleteWithButton(t, ctx, "ConfigMap", "dependent", "Background", c.del)
			click(t, ctx, c.idle)
			waitAllMet(t, ctx, "broken-resource played by hand")
			screenshot(t, ctx, "version-lesson-broken-resource-done-"+c.lang)
		})
	}
}

// TestDroppedEventRelistByHand plays dropped-event-relist as its hints tell a learner:
// owner deleted in the Background, one Step: its DELETED is lost (FAULT-2), so the graph's
// bar counts owner in the GC graph only; Run until idle: the relist repairs it (FAULT-3)
// and the GC collects the children (GB-10, DEL-9c) with the learner's one action.
func TestDroppedEventRelistByHand(t *testing.T) {
	for _, v := range pageVariants {
		t.Run(v.name, func(t *testing.T) {
			ctx := lessonIn(t, v.query, "dropped-event-relist")
			deleteWith(t, ctx, "ConfigMap", "owner", "Background")
			click(t, ctx, "Step")
			waitJS(t, ctx, "owner in the GC graph only", `document.body.textContent.includes('1 in the GC graph only')`, 10*time.Second)
			do(t, ctx, "open the Trace tab", chromedp.Click(tab("Trace")))
			waitJS(t, ctx, "the lost event in the trace", `/FAULT-2/.test(document.body.textContent)`, 10*time.Second)
			screenshot(t, ctx, "version-lesson-dropped-event-relist-lost-"+v.name)
			click(t, ctx, "Run until idle")
			waitAllMet(t, ctx, "dropped-event-relist played by hand")
		})
	}
}

// TestRSExpectationsByHand plays rs-expectations as its hints tell a learner: replicas 3
// patched in the Console, one Step, replicas 4: the controller's second sync is held back
// by its expectations (RS-5, cited in the Trace tab) and it creates the fourth Pod only
// once its cache shows the first two (CM-1, RS-2).
func TestRSExpectationsByHand(t *testing.T) {
	for _, v := range pageVariants {
		t.Run(v.name, func(t *testing.T) {
			ctx := lessonIn(t, v.query, "rs-expectations")
			do(t, ctx, "open the Console tab", chromedp.Click(tab("Console")))
			for i, replicas := range []string{"3", "4"} {
				if i > 0 {
					click(t, ctx, "Step")
				}
				out, errText := typeCommand(t, ctx, `kubectl patch rs web --type=merge -p '{"spec":{"replicas":`+replicas+`}}'`)
				if errText != "" || !strings.Contains(out, "patched") {
					t.Fatalf("patch replicas %s: %q %q", replicas, out, errText)
				}
			}
			click(t, ctx, "Run until idle")
			waitAllMet(t, ctx, "rs-expectations played by hand")
			do(t, ctx, "open the Trace tab", chromedp.Click(tab("Trace")))
			waitJS(t, ctx, "RS-5 in the trace", `/RS-5/.test(document.body.textContent)`, 10*time.Second)
			screenshot(t, ctx, "version-lesson-rs-expectations-by-hand-"+v.name)
		})
	}
}
