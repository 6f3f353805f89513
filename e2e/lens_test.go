//go:build !js

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/app/workspace"
)

// TestVersionLensRestart: the cross-namespace example under Kubernetes 1.16, in English
// and Chinese at 1366×657. The header names the release the workspace plays; Run until
// idle changes nothing; Restart controller-manager (SYNC-7) lists stray before the
// Secret, and the next Run until idle deletes stray and the valid children in b (V-2a,
// issue #65200), leaving Secret parent.
func TestVersionLensRestart(t *testing.T) {
	for _, lang := range []string{"en", "zh-CN"} {
		t.Run(lang, func(t *testing.T) {
			ctx := newTab(t)
			do(t, ctx, "a 1366×657 laptop", chromedp.EmulateViewport(1366, 657))
			query, runIdle, badge, queues := "", "Run until idle", "Kubernetes 1.16 rules", "Queues"
			if lang == "zh-CN" {
				query, runIdle, badge, queues = "?lang=zh-CN", "运行至空闲", "Kubernetes 1.16 的规则", "队列"
			}
			openURL(t, ctx, baseURL+"/"+query+"#scenario="+workspace.EncodeLink(example(t, "cross-namespace-1.16")))
			waitJS(t, ctx, "the release badge", fmt.Sprintf(`document.querySelector('#release')?.dataset.release === '1.16' && document.querySelector('#release').textContent === %q`, badge), 10*time.Second)
			click(t, ctx, runIdle)
			waitIdle(t, ctx)
			all := present("ConfigMap", "stray") + " && " + present("ConfigMap", "child-1") + " && " + present("ConfigMap", "child-2") + " && " + present("Secret", "parent")
			waitJS(t, ctx, "all four objects kept before the restart", all, 10*time.Second)
			if !eval[bool](t, ctx, `document.querySelector('#restart-cm') !== null`) {
				do(t, ctx, "open the Queues tab", chromedp.Click(tab(queues)))
			}
			screenshot(t, ctx, "lens-restart-before-"+lang)
			doHandled(t, ctx, "restart the controller-manager", chromedp.Click(chromedp.CSS(`#restart-cm`)))
			click(t, ctx, runIdle)
			waitIdle(t, ctx)
			waitJS(t, ctx, "stray and the children in b deleted, the Secret kept",
				"!("+present("ConfigMap", "stray")+") && !("+present("ConfigMap", "child-1")+") && !("+present("ConfigMap", "child-2")+") && "+present("Secret", "parent"), 10*time.Second)
			screenshot(t, ctx, "lens-restart-after-"+lang)
		})
	}
}
