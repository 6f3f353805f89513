//go:build !js

package e2e

import (
	"os"
	"path/filepath"
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
var faultsWords = map[string]struct{ query, tab, seed30, seed31, runIdle, step, queues, lost string }{
	"en":    {"", "Faults", "Seed 30:", "Seed 31:", "Run until idle", "Step", "Queues", "1 lost, until the relist at tick 10"},
	"zh-CN": {"?lang=zh-CN", "故障", "种子 30：", "种子 31：", "运行至空闲", "单步", "队列", "1 个已丢失，等待第 10 个 tick 的重新列举"},
}

// TestFaultsPanel: the fault lab's panel (issue 26 §2) in English and Chinese at
// 1366×657. The dropped-event golden (FAULT-2, FAULT-3) opens as a link; the Faults tab
// shows its seed 30; a few Steps in, the Queues say the owner's DELETED is lost until
// the relist at tick 10; a dropWatch of 1 is refused inline, naming faults.dropWatch;
// Re-roll replays it with seed 31 from tick 0, and Run until idle still ends with the
// owner and its dependents gone, as without faults.
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
			for i := 0; i < 6 && !eval[bool](t, ctx, `document.querySelector('#lost-watch') !== null`); i++ {
				do(t, ctx, "step", chromedp.Click(button(w.step)))
				time.Sleep(200 * time.Millisecond) // a Step renders within a frame
			}
			waitJS(t, ctx, "the lost event", `document.querySelector('#lost-watch')?.textContent === `+quote(w.lost), 10*time.Second)
			screenshot(t, ctx, "faults-lost-"+lang)
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
