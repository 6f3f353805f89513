//go:build !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestCustomKind declares example.com/v1 Widget in the Create tab (a bad apiVersion
// first: inline error, fields kept), creates a Widget owner and a ConfigMap dependent
// with blockOwnerDeletion through the form, deletes the Widget in the foreground and
// steps until idle: the Widget turns Terminating (API-12), the ConfigMap goes first,
// then the Widget (FG-1).
func TestCustomKind(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, []byte("{}\n"))
	do(t, ctx, "open the Create tab", chromedp.Click(tab("Create")))

	setField(t, ctx, "#k-apiversion", "example.com/")
	setField(t, ctx, "#k-kind", "Widget")
	click(t, ctx, "Declare kind")
	waitJS(t, ctx, "the inline error", `document.querySelector('#kind-error[role="alert"]') !== null`, 10*time.Second)
	if msg := eval[string](t, ctx, `document.querySelector('#kind-error').textContent`); !strings.Contains(msg, `apiVersion "example.com/"`) {
		t.Errorf("error %q, want it to name the apiVersion", msg)
	}
	if a, k := eval[string](t, ctx, `document.querySelector('#k-apiversion').value`), eval[string](t, ctx, `document.querySelector('#k-kind').value`); a != "example.com/" || k != "Widget" {
		t.Errorf("the fields changed to %q, %q", a, k)
	}

	setField(t, ctx, "#k-apiversion", "example.com/v1")
	click(t, ctx, "Declare kind")
	waitJS(t, ctx, "the notice", `document.querySelector('.notice-info')?.textContent.includes('Declared example.com/v1 Widget; the session was replayed with it served from tick 0.')`, 10*time.Second)
	waitJS(t, ctx, "Widget picked in the Kind select", `document.querySelector('#f-kind').value === 'example.com/v1/Widget'`, 5*time.Second)
	if n := eval[int](t, ctx, `document.querySelectorAll('#kind-error').length`); n != 0 {
		t.Errorf("the error is still shown")
	}

	createButton := chromedp.Search(`//form//button[normalize-space(.)="Create"]`)
	do(t, ctx, "create the Widget",
		chromedp.SendKeys(chromedp.CSS("#f-name"), "owner"),
		chromedp.Click(createButton),
		chromedp.WaitVisible(objectSel("Widget", "owner")))
	eval[bool](t, ctx, `(() => { const s = document.querySelector('#f-kind'); s.value = 'v1/ConfigMap';
		s.dispatchEvent(new Event('change', {bubbles: true})); return true })()`)
	do(t, ctx, "create the ConfigMap dependent",
		chromedp.SendKeys(chromedp.CSS("#f-name"), "child"),
		chromedp.Click(chromedp.Search(`//label[contains(@class,"owner-pick") and normalize-space(.)="Widget default/owner"]/input`)),
		chromedp.Click(chromedp.Search(`//label[normalize-space(.)="blockOwnerDeletion"]/input`)),
		chromedp.Click(createButton),
		chromedp.WaitVisible(objectSel("ConfigMap", "child")))
	if got := eval[string](t, ctx, `document.querySelector('[data-kind="Widget"]').dataset.namespace`); got != "default" {
		t.Errorf("the Widget's data-namespace is %q", got)
	}
	eval[bool](t, ctx, `(document.querySelector('.declare-kind').scrollIntoView({block: 'end'}), true)`)
	screenshot(t, ctx, "custom-kind")

	click(t, ctx, "Run until idle")
	waitIdle(t, ctx)
	deleteWith(t, ctx, "Widget", "owner", "Foreground")
	owner := `document.querySelector('[data-kind="Widget"][data-name="owner"]')`
	child := `document.querySelector('[data-kind="ConfigMap"][data-name="child"]')`
	waitJS(t, ctx, "the Widget terminating", owner+`?.dataset.state === 'terminating'`, 10*time.Second)
	if label := eval[string](t, ctx, owner+`.getAttribute('aria-label')`); !strings.Contains(label, "foregroundDeletion") {
		t.Fatalf("the Widget's finalizers are not shown: %q", label)
	}
	screenshot(t, ctx, "custom-kind-terminating")

	childGone, ownerGone := int64(-1), int64(-1)
	for i := 0; i < 30 && ownerGone < 0; i++ {
		now := step(t, ctx)
		hasChild, hasOwner := eval[bool](t, ctx, child+` !== null`), eval[bool](t, ctx, owner+` !== null`)
		if !hasChild && childGone < 0 {
			childGone = now
		}
		if !hasOwner {
			ownerGone = now
		}
	}
	if childGone < 0 || ownerGone < 0 || childGone >= ownerGone {
		t.Fatalf("ConfigMap gone at tick %d, Widget at %d: want the ConfigMap first", childGone, ownerGone)
	}
	click(t, ctx, "Run until idle")
	waitIdle(t, ctx)
	if objs := objects(t, ctx); len(objs) != 0 {
		t.Fatalf("objects left: %v", objs)
	}
	t.Logf("ConfigMap gone at tick %d, Widget at tick %d", childGone, ownerGone)
}
