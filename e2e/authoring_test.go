//go:build !js

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func tab(name string) chromedp.Search {
	return chromedp.Search(fmt.Sprintf(`//button[@role="tab" and normalize-space(.)=%q]`, name))
}

// TestForegroundAuthoring authors an owner and a blocking dependent through the form,
// deletes the owner in the foreground and steps tick by tick: the owner turns
// Terminating with the foregroundDeletion finalizer (API-12), the dependent goes first,
// and only then the owner (FG-1).
func TestForegroundAuthoring(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, []byte("{}\n"))
	do(t, ctx, "open the Create tab", chromedp.Click(tab("Create")))
	createButton := chromedp.Search(`//form//button[normalize-space(.)="Create"]`)
	do(t, ctx, "create owner",
		chromedp.SendKeys(chromedp.CSS("#f-name"), "owner"),
		chromedp.Click(createButton),
		chromedp.WaitVisible(objectSel("ConfigMap", "owner")))
	do(t, ctx, "create child",
		chromedp.SendKeys(chromedp.CSS("#f-name"), "child"),
		chromedp.Click(chromedp.Search(`//label[contains(@class,"owner-pick") and normalize-space(.)="ConfigMap default/owner"]/input`)),
		chromedp.Click(chromedp.Search(`//label[normalize-space(.)="blockOwnerDeletion"]/input`)),
		chromedp.Click(createButton),
		chromedp.WaitVisible(objectSel("ConfigMap", "child")))
	screenshot(t, ctx, "authoring-two-objects")

	// Let the GC see both objects, then delete the owner in the foreground.
	click(t, ctx, "Run until idle")
	waitIdle(t, ctx)
	deleteWith(t, ctx, "ConfigMap", "owner", "Foreground")
	owner := `document.querySelector('[data-kind="ConfigMap"][data-name="owner"]')`
	child := `document.querySelector('[data-kind="ConfigMap"][data-name="child"]')`
	waitJS(t, ctx, "owner terminating", owner+`?.dataset.state === 'terminating'`, 10*time.Second)
	if label := eval[string](t, ctx, owner+`.getAttribute('aria-label')`); !strings.Contains(label, "foregroundDeletion") {
		t.Fatalf("owner's finalizers are not shown: %q", label)
	}
	screenshot(t, ctx, "foreground-owner-terminating")

	childGone, ownerGone := int64(-1), int64(-1)
	for i := 0; i < 20 && ownerGone < 0; i++ {
		now := step(t, ctx)
		hasChild := eval[bool](t, ctx, child+` !== null`)
		hasOwner := eval[bool](t, ctx, owner+` !== null`)
		if !hasChild && childGone < 0 {
			childGone = now
		}
		if !hasOwner {
			ownerGone = now
		}
		if hasOwner && hasChild {
			if st := eval[string](t, ctx, owner+`.dataset.state`); st != "terminating" {
				t.Fatalf("tick %d: owner state %q while its blocking dependent exists", now, st)
			}
		}
		if hasOwner && !hasChild && childGone == now {
			screenshot(t, ctx, "foreground-child-gone-owner-waits")
		}
	}
	if childGone < 0 || ownerGone < 0 {
		t.Fatalf("after 20 ticks: child gone at %d, owner gone at %d", childGone, ownerGone)
	}
	if !(childGone < ownerGone) {
		t.Fatalf("deletion order: child gone at tick %d, owner at tick %d; want the child first", childGone, ownerGone)
	}
	t.Logf("child gone at tick %d, owner at tick %d", childGone, ownerGone)
}
