//go:build !js

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// sideQueues is what sideQueuesJS measures of the Queues tab in the side panel: the
// panel's width, each GC queue's and the informer lane's width, the header texts (name
// and count) that overlap one another or run out of their queue, whether Restart
// controller-manager is on screen and clickable, and the controllers' strip once the
// panel scrolls to it.
type sideQueues struct {
	Panel       float64
	Queues      []float64
	Lane        float64
	Overlaps    []string
	Restart     string // "" absent, "ok", or what hides it
	Controllers string
}

const sideQueuesJS = `(() => {
	const qs = document.querySelector('.pg-side .queues');
	if (!qs) return {Panel: 0, Queues: [], Overlaps: ['no queues in the side panel']};
	const cols = [...qs.querySelectorAll('.queue:not(.cqueues)')];
	const boxes = [], out = [];
	for (const q of cols) {
		const h = q.querySelector(':scope > h3'), qr = q.getBoundingClientRect(), rg = document.createRange();
		rg.selectNodeContents(h);
		for (const r of rg.getClientRects()) {
			boxes.push({q, name: h.textContent, r});
			if (r.right > qr.right + 1 || r.left < qr.left - 1) out.push(h.textContent + ' runs out of its queue');
		}
	}
	for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
		const a = boxes[i], b = boxes[j];
		if (a.q !== b.q && a.r.left < b.r.right - 1 && b.r.left < a.r.right - 1 && a.r.top < b.r.bottom - 1 && b.r.top < a.r.bottom - 1)
			out.push(a.name + ' over ' + b.name);
	}
	const onScreen = (sel, scroll) => {
		const e = document.querySelector(sel);
		if (!e) return '';
		if (scroll) e.scrollIntoView({block: 'nearest'});
		const r = e.getBoundingClientRect(), at = document.elementFromPoint(r.left + Math.min(r.width / 2, 30), r.top + Math.min(r.height / 2, 8));
		if (r.bottom > innerHeight || r.top < 0 || r.width < 1) return 'off screen (' + Math.round(r.top) + '..' + Math.round(r.bottom) + ' of ' + innerHeight + ')';
		return at && e.contains(at) ? 'ok' : 'covered by ' + (at ? at.className : 'nothing');
	};
	const lane = qs.querySelector('.inflane');
	return {Panel: qs.getBoundingClientRect().width, Queues: cols.map(q => q.getBoundingClientRect().width),
		Lane: lane ? lane.getBoundingClientRect().width : 0, Overlaps: out, Restart: onScreen('#restart-cm'), Controllers: onScreen('.cqueues > h3', true)};
})()`

// TestQueuesInSidePanel: the Queues tab in a narrow side panel (the compact page in a
// lesson at 1280×720 and 1366×657, an embedded lesson in a 960×600 frame), in English
// and Chinese, lays out the three GC queues so that no queue's header runs into
// another's and each queue and the informer lane have room (issue 22: three columns of
// about 120 px drew "attemptToDeleteattemptToOrphan" and a lane a word wide), with
// Restart controller-manager on screen and clickable, and the controllers' strip
// reachable by scrolling the panel.
func TestQueuesInSidePanel(t *testing.T) {
	sizes := []struct {
		name  string
		w, h  int64
		query string
	}{{"full", 1280, 720, ""}, {"full", 1366, 657, ""}, {"embedded", 960, 600, "?embed=1"}}
	lessonsTo := []string{"dropped-event-relist", "cross-namespace-restart", "rs-expectations"}
	for _, sz := range sizes {
		for _, lang := range []string{"en", "zh-CN"} {
			ctx := newTab(t)
			resize(t, ctx, sz.w, sz.h)
			sep := "?"
			if sz.query != "" {
				sep = "&"
			}
			openURL(t, ctx, baseURL+"/"+sz.query+sep+"lang="+lang)
			for _, id := range lessonsTo {
				checkSideQueues(t, ctx, fmt.Sprintf("%s-%s-%dx%d-%s", id, lang, sz.w, sz.h, sz.name), id, lang)
			}
		}
	}
}

// checkSideQueues opens lesson id, its Queues tab, and measures it.
func checkSideQueues(t *testing.T, ctx context.Context, shot, id, lang string) {
	t.Helper()
	eval[bool](t, ctx, `(location.hash = `+quote("#lesson="+id)+`, true)`)
	waitLesson(t, ctx, id)
	queues := tab(map[string]string{"en": "Queues", "zh-CN": "队列"}[lang])
	do(t, ctx, "open the Queues tab", chromedp.Click(queues))
	waitJS(t, ctx, shot+": the queues in the side panel", `document.querySelectorAll('.pg-side .queues .qlist').length === 3`, 10*time.Second)
	if id == "dropped-event-relist" { // a lost event and a relist in the lane
		eval[bool](t, ctx, `(document.querySelector('#lesson-solution').click(), true)`)
		waitJS(t, ctx, shot+": the relist row", `!!document.querySelector('#relist-row')`, 20*time.Second)
	}
	m := eval[sideQueues](t, ctx, sideQueuesJS)
	screenshot(t, ctx, "side-queues-"+shot)
	t.Logf("%s: panel %.0f px, queues %v, lane %.0f px, restart %q, controllers %q", shot, m.Panel, m.Queues, m.Lane, m.Restart, m.Controllers)
	if len(m.Overlaps) > 0 {
		t.Errorf("%s: queue headers overlap: %s", shot, strings.Join(m.Overlaps, "; "))
	}
	for i, w := range m.Queues {
		if w < 0.55*m.Panel {
			t.Errorf("%s: queue %d is %.0f px wide in a %.0f px panel, want at least 55 %%", shot, i, w, m.Panel)
		}
	}
	if m.Lane < 0.55*m.Panel {
		t.Errorf("%s: the informer lane is %.0f px wide in a %.0f px panel", shot, m.Lane, m.Panel)
	}
	if id == "cross-namespace-restart" && m.Restart != "ok" {
		t.Errorf("%s: Restart controller-manager: %s", shot, m.Restart)
	}
	if m.Controllers != "" && m.Controllers != "ok" {
		t.Errorf("%s: the controllers' strip: %s", shot, m.Controllers)
	}
}
