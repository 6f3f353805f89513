//go:build !js

package e2e

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/gcplay/gcplay/app/workspace"
)

// compareWords are compare mode's texts the test reads, per language.
var compareWords = map[string]struct{ compare, runIdle, diverge, share string }{
	"en":    {"Compare", "Run until idle", "Traces diverge at tick 1", "Share"},
	"zh-CN": {"对比", "运行至空闲", "轨迹在第 1 个 tick 出现分歧", "分享"},
}

// TestCompare: compare mode in English and Chinese (issue 26 §3). The cross-namespace
// lens golden opens as a link; Compare opens it twice with B under kubernetes=1.16; Run
// until idle on both; the banner says the traces diverge at tick 1, and child-1 and
// child-2, kept under today's rules and deleted under 1.16 (V-1), are marked
// fate-differs in A's graph, drawn as ghosts in B's, where they are gone, and listed
// A → B; no element id is used twice. The comparison's link reopens the same view in a
// new tab, and embedded (?embed=1) it fits 960×600.
func TestCompare(t *testing.T) {
	src := golden(t, "lens-cross-namespace-current.yaml")
	for _, lang := range []string{"en", "zh-CN"} {
		t.Run(lang, func(t *testing.T) {
			w := compareWords[lang]
			ctx := newTab(t)
			do(t, ctx, "a 1366×657 window", chromedp.EmulateViewport(1366, 657))
			openURL(t, ctx, baseURL+"/?lang="+lang+"#scenario="+workspace.EncodeLink(src))
			screenshot(t, ctx, "compare-button-"+lang)
			click(t, ctx, w.compare)
			waitJS(t, ctx, "compare mode", `document.querySelector('.cmp')?.dataset.compare === 'kubernetes=1.16'`, 10*time.Second)
			if n := eval[int](t, ctx, `document.querySelectorAll('.cmp-side .graph-svg').length`); n != 2 {
				t.Fatalf("%d graphs in compare mode, want 2", n)
			}
			click(t, ctx, w.runIdle)
			checkComparison(t, ctx, w.diverge)
			shoot(t, ctx, "compare-"+lang)

			embed := reopenComparison(t, ctx, func(ctx context.Context) { checkComparison(t, ctx, w.diverge) })
			screenshot(t, embed, "compare-embed-960x600-"+lang)

			// Another setting reopens both from the start: today's rules against
			// themselves never diverge. Close compare returns to the untouched workspace.
			waitJS(t, ctx, "pick kubernetes=current", `(s => { s.value = 'kubernetes=current'; s.dispatchEvent(new Event('change', {bubbles: true})); return true })(document.querySelector('.cmp-setting'))`, 10*time.Second)
			waitJS(t, ctx, "B under current", `document.querySelector('.cmp')?.dataset.compare === 'kubernetes=current' && document.querySelector('.cmp-banner')?.dataset.diverge === 'none'`, 10*time.Second)
			click(t, ctx, w.runIdle)
			waitJS(t, ctx, "both idle", `document.querySelector('#status')?.dataset.status === 'idle'`, 30*time.Second)
			if d := eval[string](t, ctx, `document.querySelector('.cmp-banner').dataset.diverge`); d != "none" {
				t.Errorf("current against current diverges at %s", d)
			}
			do(t, ctx, "close compare", chromedp.Click(chromedp.CSS(`[data-compare-close]`)))
			waitJS(t, ctx, "the page again", `document.querySelector('.cmp') === null && document.querySelector('[data-kind="ConfigMap"][data-name="stray"]') !== null`, 10*time.Second)
			if n := tick(t, ctx); n != 0 {
				t.Errorf("the workspace is at tick %d after compare mode, want 0 (untouched)", n)
			}
		})
	}
}

// checkComparison waits for the divergence at tick 1 and checks the marks and fates.
func checkComparison(t *testing.T, ctx context.Context, diverge string) {
	t.Helper()
	waitJS(t, ctx, "the divergence at tick 1", `document.querySelector('.cmp-banner')?.dataset.diverge === '1'`, 30*time.Second)
	if got := eval[string](t, ctx, `document.querySelector('.cmp-diverge').textContent`); got != diverge {
		t.Errorf("banner %q, want %q", got, diverge)
	}
	marked := func(side string) string {
		return eval[string](t, ctx, fmt.Sprintf(`[...document.querySelectorAll('.cmp-side[data-side=%q] .node.fate-differs')].map(e => e.dataset.namespace + '/' + e.dataset.name).sort().join(' ')`, side))
	}
	if a := marked("a"); a != "b/child-1 b/child-2" {
		t.Errorf("marked in A: %q, want b/child-1 b/child-2", a)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('.cmp-side[data-side="b"] [data-name^="child-"]:not(.ghost)').length`); n != 0 {
		t.Errorf("%d children in B's graph: under 1.16 they are deleted", n)
	}
	if g := ghosts(t, ctx, "b"); g != "b/child-1 b/child-2" {
		t.Errorf("ghosts in B: %q, want the two children drawn where they were", g)
	}
	if g := ghosts(t, ctx, "a"); g != "" {
		t.Errorf("ghosts in A: %q, want none", g)
	}
	checkCompareIDs(t, ctx)
	waitJS(t, ctx, "both graphs' nodes in view", nodesInViewJS, 10*time.Second)
	if g := eval[string](t, ctx, `document.querySelector('.cmp-side[data-side="b"] .cmp-gone')?.dataset.gone ?? ''`); g != "ConfigMap b/child-1, ConfigMap b/child-2" {
		t.Errorf("B says gone: %q, want the two children", g)
	}
	if f := eval[string](t, ctx, `[...document.querySelectorAll('.cmp-fates [data-fate]')].map(e => e.dataset.fate).join(' | ')`); f != "v1/ConfigMap b/child-1 | v1/ConfigMap b/child-2" {
		t.Errorf("fates listed: %q", f)
	}
}

// ghosts lists the ghosts in side's graph (objects gone there, stored in the other run),
// namespace/name, sorted; each must say data-state="gone".
func ghosts(t *testing.T, ctx context.Context, side string) string {
	t.Helper()
	return eval[string](t, ctx, fmt.Sprintf(`[...document.querySelectorAll('.cmp-side[data-side=%q] .node.ghost[data-state="gone"]')].map(e => e.dataset.namespace + '/' + e.dataset.name).sort().join(' ')`, side))
}

// checkCompareIDs: the page's element ids are unique (each graph has its own search box).
func checkCompareIDs(t *testing.T, ctx context.Context) {
	t.Helper()
	if dup := eval[[]string](t, ctx, `(ids => ids.filter((id, i) => ids.indexOf(id) !== i))([...document.querySelectorAll('[id]')].map(e => e.id))`); len(dup) > 0 {
		t.Errorf("element ids used twice in compare mode: %v", dup)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#graph-find-a, #graph-find-b').length`); n != 2 {
		t.Errorf("%d of the two graphs' search boxes found", n)
	}
}

// shoot takes the comparison at the two laptop sizes, once the graphs have refit.
func shoot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	for _, s := range laptopSizes {
		do(t, ctx, "resize", chromedp.EmulateViewport(s.w, s.h))
		waitJS(t, ctx, fmt.Sprintf("the graphs fitted to %dx%d", s.w, s.h), fmt.Sprintf(`innerWidth === %d && %s`, s.w, nodesInViewJS), 10*time.Second)
		screenshot(t, ctx, fmt.Sprintf("%s-%dx%d", name, s.w, s.h))
	}
}

// compareDeleteWords are the texts TestCompareDelete reads, per language.
var compareDeleteWords = map[string]struct{ compare, runIdle, policies string }{
	"en":    {"Compare", "Run until idle", "A: Default · B: Orphan"},
	"zh-CN": {"对比", "运行至空闲", "A：默认 · B：Orphan"},
}

// familyGhosts are configmap-family's objects that grandparent's Background delete takes
// (DEL-9c) and its Orphan delete leaves (ORPH-1).
const familyGhosts = "default/child-a default/child-b default/parent-a default/parent-b default/shared"

// TestCompareDelete: compare mode's own Delete (issue 26 §3), in English and Chinese. The
// configmap-family example has no delete, so policy=Orphan alone shows nothing; grandparent
// clicked in A's graph is selected in B's too, and Delete (the button in English, the
// Delete key in Chinese) deletes it in both runs, A with the workspace's policy (the
// default: Background) and B with Orphan. After Run until idle the family is gone in A,
// drawn there as ghosts where it stood, and live in B, marked; the comparison's link
// replays the delete in a new tab and embedded.
func TestCompareDelete(t *testing.T) {
	for _, lang := range []string{"en", "zh-CN"} {
		t.Run(lang, func(t *testing.T) {
			w := compareDeleteWords[lang]
			ctx := newTab(t)
			do(t, ctx, "a 1366×657 window", chromedp.EmulateViewport(1366, 657))
			openURL(t, ctx, baseURL+"/?lang="+lang+"#scenario="+workspace.EncodeLink(example(t, "configmap-family")))
			click(t, ctx, w.compare)
			waitJS(t, ctx, "pick policy=Orphan", `(s => { if (!s) return false; s.value = 'policy=Orphan'; s.dispatchEvent(new Event('change', {bubbles: true})); return true })(document.querySelector('.cmp-setting'))`, 10*time.Second)
			waitJS(t, ctx, "B under Orphan", `document.querySelector('.cmp')?.dataset.compare === 'policy=Orphan'`, 10*time.Second)
			click(t, ctx, w.runIdle)
			waitJS(t, ctx, "both idle", `document.querySelector('#status')?.dataset.status === 'idle'`, 30*time.Second)
			if d := eval[string](t, ctx, `document.querySelector('.cmp-banner').dataset.diverge`); d != "none" {
				t.Fatalf("with no delete the runs diverge at %s", d)
			}
			selectObject(t, ctx, "ConfigMap", "grandparent")
			waitJS(t, ctx, "grandparent selected in both graphs", `document.querySelectorAll('.cmp-side [data-name="grandparent"].sel').length === 2`, 10*time.Second)
			if got := eval[string](t, ctx, `document.querySelector('.cmp-policies').textContent`); got != w.policies {
				t.Errorf("the Delete bar says %q, want %q", got, w.policies)
			}
			shoot(t, ctx, "compare-delete-selected-"+lang)
			if lang == "en" {
				do(t, ctx, "delete in both runs", chromedp.Click(chromedp.CSS(`[data-compare-delete]`)))
			} else { // the Delete key, as on the page
				do(t, ctx, "press Delete", chromedp.KeyEvent(kb.Delete))
			}
			waitJS(t, ctx, "the delete done", `document.querySelector('.cmp-banner')?.dataset.diverge !== 'none'`, 10*time.Second)
			click(t, ctx, w.runIdle)
			checkFamily(t, ctx)
			shoot(t, ctx, "compare-delete-"+lang)

			embed := reopenComparison(t, ctx, func(ctx context.Context) { checkFamily(t, ctx) })
			screenshot(t, embed, "compare-delete-embed-960x600-"+lang)
		})
	}
}

// reopenComparison opens the comparison's link (Share in its header) in a new 1280×720
// tab and embedded (?embed=1) in a 960×600 one, checks each, and returns the embedded
// one, which must fit without scrolling and give each graph 250 px at least.
func reopenComparison(t *testing.T, ctx context.Context, check func(context.Context)) context.Context {
	t.Helper()
	do(t, ctx, "open the comparison's link", chromedp.Click(chromedp.CSS(`[data-compare-share]`)))
	waitJS(t, ctx, "the link", `document.querySelector('[data-compare-url]') !== null`, 10*time.Second)
	link := eval[string](t, ctx, `document.querySelector('[data-compare-url]').dataset.compareUrl`)
	other := newTab(t)
	do(t, other, "a 1280×720 window", chromedp.EmulateViewport(1280, 720))
	openURL(t, other, link)
	check(other)

	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("embed", "1")
	u.RawQuery = q.Encode()
	embed := newTab(t)
	do(t, embed, "a 960×600 frame", chromedp.EmulateViewport(960, 600))
	openURL(t, embed, u.String())
	check(embed)
	if eval[bool](t, embed, `document.documentElement.scrollHeight > innerHeight || document.documentElement.scrollWidth > innerWidth`) {
		t.Errorf("the embedded comparison scrolls in 960×600")
	}
	if h := eval[int](t, embed, `Math.min(...[...document.querySelectorAll('.cmp-side .graph-svg')].map(s => s.clientHeight))`); h < 250 {
		t.Errorf("an embedded graph is %d px tall, want at least 250", h)
	}
	return embed
}

// checkFamily waits for both runs to settle after grandparent's delete: the family gone
// in A, drawn as ghosts, and live in B, marked fate-differs.
func checkFamily(t *testing.T, ctx context.Context) {
	t.Helper()
	waitJS(t, ctx, "both idle after the delete", `document.querySelector('#status')?.dataset.status === 'idle' && document.querySelector('.cmp-banner')?.dataset.diverge !== 'none'`, 30*time.Second)
	waitJS(t, ctx, "the family's ghosts in A", fmt.Sprintf(`[...document.querySelectorAll('.cmp-side[data-side="a"] .node.ghost')].length === %d`, len(strings.Fields(familyGhosts))), 10*time.Second)
	if g := ghosts(t, ctx, "a"); g != familyGhosts {
		t.Errorf("ghosts in A: %q, want %q", g, familyGhosts)
	}
	if g := ghosts(t, ctx, "b"); g != "" {
		t.Errorf("ghosts in B: %q, want none", g)
	}
	marked := eval[string](t, ctx, `[...document.querySelectorAll('.cmp-side[data-side="b"] .node.fate-differs')].map(e => e.dataset.namespace + '/' + e.dataset.name).sort().join(' ')`)
	if marked != familyGhosts {
		t.Errorf("marked in B: %q, want %q", marked, familyGhosts)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('.cmp-side [data-name="grandparent"]').length`); n != 0 {
		t.Errorf("grandparent drawn %d times: it is gone in both runs", n)
	}
	checkCompareIDs(t, ctx)
	waitJS(t, ctx, "both graphs' nodes in view", nodesInViewJS, 10*time.Second)
}

// growingDeployment is a Deployment alone with its controllers: they create its
// ReplicaSet and then its four Pods (DEP-1, RS-2), so the graphs grow after their fit.
const growingDeployment = `version: 2
controllers: [deployment, replicaset]
objects:
- apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web, uid: web-deploy}
  spec:
    replicas: 4
    selector: {matchLabels: {app: web}}
    template:
      metadata: {labels: {app: web}}
      spec: {containers: [{name: c, image: nginx}]}
`

// TestCompareGraphsRefit: both graphs of compare mode, fitted to a lone Deployment, fit
// again when its controllers' ReplicaSet and Pods outgrow them (the graph's refit, not a
// Fit pressed), at 1366×657 in Chinese.
func TestCompareGraphsRefit(t *testing.T) {
	ctx := newTab(t)
	do(t, ctx, "a 1366×657 window", chromedp.EmulateViewport(1366, 657))
	openURL(t, ctx, baseURL+"/?lang=zh-CN#scenario="+workspace.EncodeLink([]byte(growingDeployment)))
	click(t, ctx, "对比")
	waitJS(t, ctx, "compare mode", `document.querySelectorAll('.cmp-side .graph-svg [data-kind="Deployment"]').length === 2`, 10*time.Second)
	waitJS(t, ctx, "the Deployments in view", nodesInViewJS, 10*time.Second)
	click(t, ctx, "运行至空闲")
	waitJS(t, ctx, "eight Pods drawn", `document.querySelectorAll('.cmp-side .graph-svg [data-kind="Pod"]').length === 8`, 30*time.Second)
	waitJS(t, ctx, "both graphs' nodes in view", nodesInViewJS, 10*time.Second)
	screenshot(t, ctx, "compare-refit-zh-CN-1366x657")
}
