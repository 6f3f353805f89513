//go:build !js

package e2e

// Issue 21 §1 and §2 in the page: a short `#ws=` link that asks for 10^15 ticks, a link
// whose ReplicaSet has replicas -1, and Run until idle on Pods held by finalizers on a
// Ready node each end with the page usable: one notice, no frozen tab, no crash screen.

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// wsLink is the `#ws=` value of a saved session with one history entry.
func wsLink(t *testing.T, scenario, entry string) string {
	t.Helper()
	sc, _ := json.Marshal(scenario)
	var buf bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&buf, zlib.BestCompression)
	fmt.Fprintf(zw, `{"version":1,"name":"x","scenario":%s,"history":[%s],"position":1}`, sc, entry)
	zw.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

func TestOversizedShareLinks(t *testing.T) {
	const cm = "objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: mine}}]\n"
	ticks := wsLink(t, cm, `{"op":"tick","ticks":1000000000000000,"pos":{}}`)
	if len(ticks) > 200 {
		t.Fatalf("the issue's link is about 200 characters; this one is %d", len(ticks))
	}
	t.Run("full page", func(t *testing.T) {
		ctx := newTab(t)
		openScenario(t, ctx, []byte(cm))
		step(t, ctx)
		want, wantTick := objects(t, ctx), tick(t, ctx)
		eval[string](t, ctx, fmt.Sprintf(`location.hash = %q`, "ws="+ticks)) // pasted into the address bar
		waitJS(t, ctx, "the link's notice", `document.querySelector('.notice-error')?.textContent.includes('would run past tick 100000')`, 20*time.Second)
		if got := objects(t, ctx); !sameObjects(got, want) || tick(t, ctx) != wantTick {
			t.Errorf("the link changed the page: tick %d, objects\n%s", tick(t, ctx), listObjects(got))
		}
		screenshot(t, ctx, "bounds-ticks-link")
		// A plain visit afterwards opens the workspace the person had, not the link, once
		// the person's step is saved (a visit before that reopened tick 0: a CI flake).
		waitJS(t, ctx, "the save", `(s => s && s.dataset.saved === s.dataset.saveSeq)(document.querySelector('#status'))`, 10*time.Second)
		openURL(t, ctx, baseURL+"/")
		if got := objects(t, ctx); !sameObjects(got, want) || tick(t, ctx) != wantTick {
			t.Errorf("the next visit shows tick %d,\n%s", tick(t, ctx), listObjects(got))
		}
	})
	t.Run("embedded", func(t *testing.T) {
		ctx := newTab(t)
		openURL(t, ctx, baseURL+"/?embed=1#ws="+ticks)
		waitJS(t, ctx, "the link's notice", `document.querySelector('.notice-error')?.textContent.includes('would run past tick 100000')`, 20*time.Second)
		if tick(t, ctx) != 0 {
			t.Errorf("the embedded page is at tick %d, want the default example at 0", tick(t, ctx))
		}
		screenshot(t, ctx, "bounds-ticks-link-embedded")
	})

	t.Run("replicas -1", func(t *testing.T) {
		ctx := newTab(t)
		openScenario(t, ctx, []byte("version: 2\ncontrollers: [replicaset]\nobjects:\n- {apiVersion: apps/v1, kind: ReplicaSet, metadata: {name: web}, spec: {replicas: -1, selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}}}}\n"))
		msg := eval[string](t, ctx, `document.querySelector('.notice-error')?.textContent ?? ''`)
		if !strings.Contains(msg, "spec.replicas: Invalid value: -1: must be greater than or equal to 0") {
			t.Errorf("notice %q", msg)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll('#crash-screen').length`); n != 0 {
			t.Error("crash screen shown")
		}
	})
}

// TestFinalizedPodsOnReadyNodeGoIdle (issue 21 §2): 50 Pods with a finalizer, deleted on
// a Ready node, leave Run until idle idle with the Pods Terminating; the kubelet deleted
// each once (it used to delete them every tick until the tab froze or crashed).
func TestFinalizedPodsOnReadyNodeGoIdle(t *testing.T) {
	var b strings.Builder
	b.WriteString("version: 2\ncontrollers: [kubelet]\nnodes: [{name: node-a, ready: true}]\nobjects:\n")
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&b, "- {apiVersion: v1, kind: Pod, metadata: {name: p%02d, finalizers: [example.com/hold]}, spec: {nodeName: node-a, terminationGracePeriodSeconds: 2}}\n", i)
	}
	b.WriteString("steps:\n")
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&b, "- delete: {apiVersion: v1, kind: Pod, name: p%02d}\n", i)
	}
	ctx := newTab(t)
	openScenario(t, ctx, []byte(b.String()))
	do(t, ctx, "Run until idle", chromedp.Click(button("Run until idle")))
	waitIdle(t, ctx)
	if n := eval[int](t, ctx, `document.querySelectorAll('[data-kind="Pod"][data-state="terminating"]').length`); n != 50 {
		t.Errorf("%d Pods Terminating, want 50", n)
	}
	if got := tick(t, ctx); got > 10 {
		t.Errorf("idle at tick %d, want a few ticks after the grace period", got)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#crash-screen').length`); n != 0 {
		t.Error("crash screen shown")
	}
	screenshot(t, ctx, "bounds-finalized-pods-idle")
}
