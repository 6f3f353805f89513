//go:build !js

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestClusterLessonSolution opens a controller lesson by its link (the NotReady node
// experiment, lesson 19): its goals start unmet behind the Pod the NotReady node's kubelet
// holds (KUBELET-2, FG-1), and Show solution (node-a Ready again: KUBELET-1, FG-2) meets
// them and shows the recap. Screenshots in Chinese before, in English after.
func TestClusterLessonSolution(t *testing.T) {
	ctx := newTab(t)
	openURL(t, ctx, baseURL+"/?lang=zh-CN#lesson=notready-node")
	waitLesson(t, ctx, "notready-node")
	if got := eval[[]string](t, ctx, goalsJS); len(got) != 2 || got[0] != "unmet" || got[1] != "unmet" {
		t.Fatalf("goals at the start: %v", got)
	}
	screenshot(t, ctx, "cluster-lesson-zh-CN-start")

	openURL(t, ctx, baseURL+"/?lang=en#lesson=notready-node")
	waitLesson(t, ctx, "notready-node")
	click(t, ctx, "Show solution")
	waitAllMet(t, ctx, "the solution of notready-node")
	waitJS(t, ctx, "the recap", `document.querySelector('#lesson-recap')?.textContent.includes('KUBELET-1')`, 10*time.Second)
	do(t, ctx, "scroll to the recap", chromedp.ScrollIntoView(chromedp.CSS(`#lesson-recap`)))
	screenshot(t, ctx, "cluster-lesson-en-solved")
}
