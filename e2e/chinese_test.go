//go:build !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestChineseFirstVisit: a browser that prefers Chinese opens the page in Chinese on a
// first visit (no ?lang, nothing remembered) with <html lang="zh-CN">; what the page
// writes is Chinese (the Create notice, a lesson's workspace name, the menu's dates),
// and the links it makes carry ?lang=zh-CN, so they open in Chinese in any browser.
func TestChineseFirstVisit(t *testing.T) {
	ctx := newTab(t)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `Object.defineProperty(navigator, 'languages', {get: () => ['zh-CN', 'zh', 'en']})`,
	}); err != nil {
		t.Fatal(err)
	}
	openScenario(t, ctx, []byte("{}\n"))
	if lang := eval[string](t, ctx, `document.documentElement.lang`); lang != "zh-CN" {
		t.Errorf("<html lang=%q>, want zh-CN", lang)
	}
	if l := eval[string](t, ctx, `document.querySelector('#lessons-open').textContent`); l != "课程" {
		t.Errorf("the Lessons button reads %q: the page is not in Chinese", l)
	}
	do(t, ctx, "open the Create tab", chromedp.Click(tab("创建")))
	do(t, ctx, "create one", chromedp.SendKeys(chromedp.CSS("#f-name"), "a"),
		chromedp.Click(chromedp.Search(`//form//button[normalize-space(.)="创建"]`)))
	waitJS(t, ctx, "the Chinese notice", `document.querySelector('.notice')?.textContent.includes('已创建 1 个对象')`, 10*time.Second)

	click(t, ctx, "分享")
	waitJS(t, ctx, "the share link", `document.querySelector('[data-share-url]') !== null`, 10*time.Second)
	if u := eval[string](t, ctx, `document.querySelector('[data-share-url]').dataset.shareUrl`); !strings.Contains(u, "lang=zh-CN") {
		t.Errorf("share link %.80s…: no lang=zh-CN", u)
	}
	screenshot(t, ctx, "zh-CN-share-dialog")

	openURL(t, ctx, baseURL+"/#lesson=background-deletion")
	waitLesson(t, ctx, "background-deletion")
	click(t, ctx, "工作区")
	waitJS(t, ctx, "the Workspaces menu", `document.querySelector('.ws-panel [data-workspace]') !== null`, 10*time.Second)
	entries := menuEntries(t, ctx)
	if name := current(t, entries).Name; !strings.HasPrefix(name, "课程：后台级联删除") {
		t.Errorf("the lesson's workspace is named %q, want 课程：后台级联删除…", name)
	}
	if d := eval[string](t, ctx, `document.querySelector('[aria-current="true"] .ws-updated').textContent`); !strings.Contains(d, "月") {
		t.Errorf("date %q, want 11月27日 09:15", d)
	}
	screenshot(t, ctx, "zh-CN-workspaces-menu")
	click(t, ctx, "工作区")
	do(t, ctx, "open the lesson picker", chromedp.Click(chromedp.CSS(`#lessons-open`)))
	waitJS(t, ctx, "the picker", `document.querySelector('#lessons-next') !== null`, 10*time.Second)
	if next := eval[string](t, ctx, `document.querySelector('#lessons-next').textContent`); !strings.HasPrefix(next, "下一课：") {
		t.Errorf("the picker's next lesson reads %q, want 下一课：…", next)
	}

	// Chosen English stays English, the browser's preference notwithstanding.
	openURL(t, ctx, baseURL+"/?lang=en")
	openURL(t, ctx, baseURL+"/")
	if lang := eval[string](t, ctx, `document.documentElement.lang`); lang != "en" {
		t.Errorf("after choosing English: <html lang=%q>", lang)
	}
}
