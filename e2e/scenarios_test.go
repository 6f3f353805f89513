//go:build !js

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/internal/fixtures"
)

// TestScenariosMatchSim opens every scenario of gccore/testdata by URL, checks it is
// paused at tick 0 with the scenario's objects, runs it until idle and compares the
// page's objects (data-kind/namespace/name/uid/state) and tick with `gcplay sim`.
func TestScenariosMatchSim(t *testing.T) {
	ctx := newTab(t)
	files, err := fixtures.ScenarioFiles(filepath.Join(repoRoot, "gccore", "testdata", "scenarios"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		n++
		name := strings.TrimSuffix(filepath.Base(f), ".yaml")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want := headless(t, f, src)
			openScenario(t, ctx, src)
			if got := tick(t, ctx); got != 0 {
				t.Fatalf("opened at tick %d, want 0", got)
			}
			click(t, ctx, "Run until idle")
			waitIdle(t, ctx)
			if got := tick(t, ctx); got != want.CurrentTick() {
				t.Errorf("page stopped at tick %d, gcplay sim at %d", got, want.CurrentTick())
			}
			got, exp := objects(t, ctx), simObjects(want.Objects())
			if !sameObjects(got, exp) {
				t.Errorf("page objects differ from gcplay sim:\npage:\n%sgcplay sim:\n%s", listObjects(got), listObjects(exp))
			}
			if name == "example-foreground-held" {
				screenshot(t, ctx, "scenario-"+name+"-idle")
			}
		})
	}
	if n < 10 {
		t.Fatalf("only %d scenarios found", n)
	}
}

// TestBadLink: a tampered #scenario= link gets a clear message, and the page still
// opens a workspace (never a blank page).
func TestBadLink(t *testing.T) {
	ctx := newTab(t)
	openURL(t, ctx, baseURL+"/#scenario=!!!not-base64")
	msg := eval[string](t, ctx, `document.querySelector('.notice-error')?.textContent ?? ''`)
	if !strings.Contains(msg, "#scenario= link") {
		t.Fatalf("notice = %q, want a message about the link", msg)
	}
	openScenario(t, ctx, []byte("objects:\n- {apiVersion: v1, kind: Nope, metadata: {name: x}}\n"))
	msg = eval[string](t, ctx, `document.querySelector('.notice-error')?.textContent ?? ''`)
	if !strings.Contains(msg, "unknown kind v1 Nope") {
		t.Fatalf("notice = %q, want the scenario error", msg)
	}
	screenshot(t, ctx, "bad-link")
	do(t, ctx, "graph present", chromedp.WaitVisible(chromedp.CSS(".graph-svg")))
}
