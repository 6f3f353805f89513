//go:build !js

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/app/workspace"
)

// adoptDependent is the Console's adoption of dependent by new-owner (the example's
// header and the new-owner-race lesson's hint).
const adoptDependent = `kubectl patch configmap dependent --type=merge -p '{"metadata":{"ownerReferences":[{"apiVersion":"v1","kind":"ConfigMap","name":"old-owner","uid":"old-uid"},{"apiVersion":"v1","kind":"ConfigMap","name":"new-owner","uid":"new-uid"}]}}'`

// raceLabels are the page's words the new-owner race is played with, per language.
var raceLabels = map[string]map[string]string{
	"en": {"Run until idle": "Run until idle", "Delete": "Delete", "Event": "Event", "Graph change": "Graph change",
		"Read item": "Read item", "Delete item": "Delete item", "Queues": "Queues", "Console": "Console",
		"held": "read, its write held"},
	"zh-CN": {"Run until idle": "运行至空闲", "Delete": "删除", "Event": "事件", "Graph change": "图变更",
		"Read item": "读取条目", "Delete item": "删除条目", "Queues": "队列", "Console": "控制台",
		"held": "已读取，写入暂缓"},
}

// toolbarInside is true when nothing of the toolbar sticks out of the window.
const toolbarInside = `[...document.querySelectorAll('.toolbar *')].every(e => e.getBoundingClientRect().right <= window.innerWidth + 1)`

// buttonDisabled is true when the button named name is disabled.
func buttonDisabled(name string) string {
	return fmt.Sprintf(`document.evaluate(%q, document, null, 9, null).singleNodeValue?.disabled === true`,
		fmt.Sprintf(`//button[normalize-space(.)=%q]`, name))
}

// TestNewOwnerRaceExample plays the new-owner-race-1.33 example, chosen in the examples
// menu, as its guide says, in English and Chinese at 1366×657: old-owner deleted, the
// fine steps Event and Graph change queue dependent (GB-10), Read item lets the worker
// read it and decide (DEL-5, DEL-9c) and holds its DELETE, shown in the Queues tab; Read
// item is then disabled and Delete item is not. The adoption typed in the Console comes
// between the read and the DELETE, and Delete item deletes dependent anyway (V-6a).
func TestNewOwnerRaceExample(t *testing.T) {
	for _, lang := range []string{"en", "zh-CN"} {
		t.Run(lang, func(t *testing.T) {
			l := raceLabels[lang]
			ctx := newTab(t)
			do(t, ctx, "a 1366×657 laptop", chromedp.EmulateViewport(1366, 657))
			openURL(t, ctx, baseURL+"/?lang="+lang)
			waitJS(t, ctx, "the examples menu", `document.querySelector('.pg-examples select') !== null`, 20*time.Second)
			do(t, ctx, "choose the new-owner race", chromedp.SetValue(chromedp.CSS(".pg-examples select"), "new-owner-race-1.33"))
			waitJS(t, ctx, "its guide", `document.querySelector('.guide')?.dataset.example === "new-owner-race-1.33" && `+present("ConfigMap", "dependent"), 10*time.Second)
			ex, _ := workspace.ExampleByID("new-owner-race-1.33")
			if want, got := ex.Try, eval[string](t, ctx, `document.querySelector('.guide .guide-try').textContent`); lang == "en" && got != want {
				t.Errorf("guide shows %q, want %q", got, want)
			}
			screenshot(t, ctx, "race-example-"+lang+"-open")
			click(t, ctx, l["Run until idle"])
			waitIdle(t, ctx)
			deleteWithButton(t, ctx, "ConfigMap", "old-owner", "Background", l["Delete"])
			// Each fine step enables the next: the event delivered, dependent queued, read.
			for _, b := range [][2]string{{"Event", "Graph change"}, {"Graph change", "Read item"}} {
				click(t, ctx, l[b[0]])
				waitJS(t, ctx, b[0]+" done", "!("+buttonDisabled(l[b[1]])+")", 10*time.Second)
			}
			click(t, ctx, l["Read item"])
			do(t, ctx, "open the Queues tab", chromedp.Click(tab(l["Queues"])))
			waitJS(t, ctx, "dependent held by its worker", fmt.Sprintf(`[...document.querySelectorAll('.qi')].some(i => i.textContent.includes('default/dependent') && i.textContent.includes(%q))`, l["held"]), 10*time.Second)
			waitJS(t, ctx, "Read item disabled, Delete item enabled", buttonDisabled(l["Read item"])+" && !("+buttonDisabled(l["Delete item"])+")", 10*time.Second)
			screenshot(t, ctx, "race-example-"+lang+"-read")
			do(t, ctx, "a 1280×720 window", chromedp.EmulateViewport(1280, 720))
			waitJS(t, ctx, "the toolbar inside the window", toolbarInside, 10*time.Second)
			screenshot(t, ctx, "race-example-"+lang+"-read-1280x720")
			do(t, ctx, "back to 1366×657", chromedp.EmulateViewport(1366, 657))
			waitJS(t, ctx, "the toolbar inside the window", toolbarInside, 10*time.Second)
			do(t, ctx, "open the Console tab", chromedp.Click(tab(l["Console"])))
			if out, errText := typeCommand(t, ctx, adoptDependent); errText != "" || !strings.Contains(out, "patched") {
				t.Fatalf("adoption: %q %q", out, errText)
			}
			click(t, ctx, l["Delete item"])
			waitJS(t, ctx, "the held DELETE made", "!("+present("ConfigMap", "dependent")+")", 10*time.Second)
			waitJS(t, ctx, "dependent deleted although adopted, new-owner kept", "!("+present("ConfigMap", "dependent")+") && "+present("ConfigMap", "new-owner"), 10*time.Second)
			do(t, ctx, "open the Queues tab", chromedp.Click(tab(l["Queues"])))
			screenshot(t, ctx, "race-example-"+lang+"-deleted")
		})
	}
}

// TestNewOwnerRaceEmbedded: the race example embedded at 960×600, in English and Chinese:
// the compact page shows the three ConfigMaps, with nothing outside the frame (the fine
// steps are the full page's, which its Open in gcplay link opens).
func TestNewOwnerRaceEmbedded(t *testing.T) {
	for _, lang := range []string{"en", "zh-CN"} {
		t.Run(lang, func(t *testing.T) {
			ctx := newTab(t)
			do(t, ctx, "a 960×600 frame", chromedp.EmulateViewport(960, 600))
			openURL(t, ctx, baseURL+"/?embed=1&lang="+lang+"#scenario="+workspace.EncodeLink(example(t, "new-owner-race-1.33")))
			waitJS(t, ctx, "the three ConfigMaps", present("ConfigMap", "old-owner")+" && "+present("ConfigMap", "new-owner")+" && "+present("ConfigMap", "dependent")+
				` && document.querySelector('[data-open-full]') !== null`, 20*time.Second)
			waitJS(t, ctx, "the toolbar inside the frame", toolbarInside, 10*time.Second)
			screenshot(t, ctx, "race-example-embed-960x600-"+lang)
		})
	}
}
