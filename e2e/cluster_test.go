//go:build !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/app/workspace"
)

// gcOnlyDeployment is the Deployment example without its controllers and node, as it
// was before issue 15, for the tests of the GC alone: unscheduled Pods go at once
// (API-13) and every object is in one tree.
func gcOnlyDeployment(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "e2e", "testdata", "deployment-gc-only.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// present is true while the graph draws the object.
func present(kind, name string) string {
	return fmt.Sprintf(`document.querySelector('[data-kind=%q][data-name=%q]') !== null`, kind, name)
}

// stateIs is true when the graph draws the object in that data-state.
func stateIs(kind, name, state string) string {
	return fmt.Sprintf(`document.querySelector('[data-kind=%q][data-name=%q]')?.dataset.state === %q`, kind, name, state)
}

// laneReady is true when the node lane draws node with data-ready yes or no.
func laneReady(node, ready string) string {
	return fmt.Sprintf(`document.querySelector('.lane[data-node=%q]')?.dataset.ready === %q`, node, ready)
}

// holdFlow opens the NotReady example in lang and plays the experiment up to the hold:
// Deployment web deleted in the Foreground, run until idle. The Pod on NotReady node-a
// stays Terminating (KUBELET-2), and the ReplicaSet and the Deployment wait behind it with
// their foregroundDeletion finalizers (FG-1); the Pod on Ready node-b is gone (KUBELET-1).
func holdFlow(t *testing.T, ctx context.Context, lang string) {
	t.Helper()
	label := map[string]string{"Delete": "Delete", "Run until idle": "Run until idle",
		"held": "node-a is NotReady (KUBELET-2)", "why": "held by the kubelet of NotReady node node-a (KUBELET-2)"}
	query := ""
	if lang == "zh-CN" {
		label = map[string]string{"Delete": "删除", "Run until idle": "运行至空闲",
			"held": "节点 node-a 处于 NotReady（KUBELET-2）", "why": "被 NotReady 节点 node-a 的 kubelet 扣住（KUBELET-2）"}
		query = "?lang=zh-CN"
	}
	openURL(t, ctx, baseURL+"/"+query+"#scenario="+workspace.EncodeLink(example(t, "notready-node")))
	waitJS(t, ctx, "node-a NotReady in the lane, with its Pod",
		laneReady("node-a", "no")+` && document.querySelector('.lane[data-node="node-a"] [data-pod="web-z882z7k-a"]') !== null && `+laneReady("node-b", "yes"), 10*time.Second)
	deleteWithButton(t, ctx, "Deployment", "web", "Foreground", label["Delete"])
	click(t, ctx, label["Run until idle"])
	waitIdle(t, ctx)
	waitJS(t, ctx, "the Deployment and the ReplicaSet Terminating behind the held Pod",
		stateIs("Deployment", "web", "terminating")+" && "+stateIs("ReplicaSet", "web-z882z7k", "terminating")+" && "+
			stateIs("Pod", "web-z882z7k-a", "terminating")+" && !("+present("Pod", "web-z882z7k-b")+")", 10*time.Second)
	// The kubelet's queue, beside the GC's, holds the Pod and says why.
	waitJS(t, ctx, "the kubelet's queue holding the Pod",
		fmt.Sprintf(`(q => q !== null && q.textContent.includes('default/web-z882z7k-a') && q.textContent.includes(%q))(document.querySelector('[data-controller="kubelet"]'))`, label["held"]), 10*time.Second)
	do(t, ctx, "select the held Pod in the lane", chromedp.Click(chromedp.CSS(`.lane [data-pod="web-z882z7k-a"]`)))
	waitJS(t, ctx, "why: held by the kubelet of NotReady node-a",
		fmt.Sprintf(`[...document.querySelectorAll('.why li')].some(li => li.textContent.includes(%q))`, label["why"]), 10*time.Second)
}

// TestNotReadyNodeExperiment: the NotReady experiment in the page (issue 15): the hold,
// the controllers' queues and the trace under the controllers' names, then a click on
// node-a sets it Ready (a setNodeReady input) and the Foreground deletion finishes.
func TestNotReadyNodeExperiment(t *testing.T) {
	ctx := newTab(t)
	holdFlow(t, ctx, "en")
	for _, c := range []string{"deployment-controller", "replicaset-controller", "kubelet"} {
		if !eval[bool](t, ctx, fmt.Sprintf(`document.querySelector('[data-controller=%q]') !== null`, c)) {
			t.Errorf("no queue for %s", c)
		}
	}
	// The trace marks the kubelet's records as a controller's, under its name, KUBELET-2
	// linking to its rule; the filter finds them by that name.
	setField(t, ctx, ".trace-head input", "kubelet")
	waitJS(t, ctx, "the kubelet's records", `(rows => rows.length > 0 && rows.every(r => r.classList.contains('tr-ctrl') === (r.querySelector('.tr-comp').textContent === 'kubelet')) &&
		rows.some(r => r.classList.contains('tr-ctrl') && r.querySelector('[data-rule="KUBELET-2"]') !== null))([...document.querySelectorAll('.trace-list .tr')])`, 10*time.Second)
	screenshot(t, ctx, "cluster-notready-held-en")

	do(t, ctx, "click node-a", chromedp.Click(chromedp.CSS(`[data-node-toggle$=":node-a"]`)))
	waitJS(t, ctx, "node-a Ready", laneReady("node-a", "yes"), 10*time.Second)
	if n := eval[string](t, ctx, `document.querySelector('.notice')?.textContent ?? ''`); !strings.Contains(n, "Node node-a is Ready") {
		t.Errorf("notice after the click: %q", n)
	}
	click(t, ctx, "Run until idle")
	waitIdle(t, ctx)
	waitJS(t, ctx, "the Pod, the ReplicaSet and the Deployment gone",
		"!("+present("Pod", "web-z882z7k-a")+") && !("+present("ReplicaSet", "web-z882z7k")+") && !("+present("Deployment", "web")+")", 10*time.Second)
	if q := eval[string](t, ctx, `document.querySelector('[data-controller="kubelet"]').textContent`); strings.Contains(q, "web-z882z7k") {
		t.Errorf("the kubelet's queue still holds a Pod: %s", q)
	}
	screenshot(t, ctx, "cluster-notready-ready-en")
}

// TestNotReadyNodeChinese: the same hold in Simplified Chinese: the lane, the
// controllers' queues, the kubelet's note and the why are in Chinese.
func TestNotReadyNodeChinese(t *testing.T) {
	ctx := newTab(t)
	holdFlow(t, ctx, "zh-CN")
	if h := eval[string](t, ctx, `document.querySelector('.nodelane h3').textContent + '|' + document.querySelector('.cqueues h3').textContent`); h != "节点|控制器" {
		t.Errorf("headings %q", h)
	}
	screenshot(t, ctx, "cluster-notready-held-zh-CN")
}

// TestNamespaceStuckOnFinalizer: a deleted Namespace waits for the finalizer of its
// ConfigMap (NS-3), says so in the Inspector, and goes once the finalizer is removed
// (NS-4).
func TestNamespaceStuckOnFinalizer(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "namespace-stuck"))
	deleteWith(t, ctx, "Namespace", "team", "Background")
	click(t, ctx, "Run until idle")
	waitIdle(t, ctx)
	waitJS(t, ctx, "team and settings Terminating, token gone",
		stateIs("Namespace", "team", "terminating")+" && "+stateIs("ConfigMap", "settings", "terminating")+" && !("+present("Secret", "token")+")", 10*time.Second)
	selectObject(t, ctx, "Namespace", "team")
	waitJS(t, ctx, "why: the namespace waits for finalizer example.com/hold",
		`[...document.querySelectorAll('.why li')].some(li => li.textContent.includes('waits for finalizers: ConfigMap settings (finalizer example.com/hold)'))`, 10*time.Second)
	screenshot(t, ctx, "cluster-namespace-stuck-en")
	doHandled(t, ctx, "remove the finalizer", chromedp.Click(objectSel("ConfigMap", "settings")),
		chromedp.Click(chromedp.CSS(`button[aria-label="Remove finalizer example.com/hold"]`)))
	click(t, ctx, "Run until idle")
	waitIdle(t, ctx)
	waitJS(t, ctx, "the Namespace gone", "!("+present("Namespace", "team")+") && !("+present("ConfigMap", "settings")+")", 10*time.Second)
}
