//go:build !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
)

// pageObject is one graph element of the contract.
type pageObject struct {
	Kind      string  `json:"kind"`
	Namespace *string `json:"namespace"` // nil when the attribute is missing (a contract bug)
	Name      string  `json:"name"`
	UID       string  `json:"uid"`
	State     string  `json:"state"`
}

func (o pageObject) String() string {
	ns := "<missing>"
	if o.Namespace != nil {
		ns = *o.Namespace
	}
	return fmt.Sprintf("%s %s/%s uid=%s %s", o.Kind, ns, o.Name, o.UID, o.State)
}

// do runs actions, failing the test on error.
func do(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(sctx, actions...); err != nil {
		failShot(t, ctx)
		t.Fatalf("%s: %v", what, err)
	}
}

// stepTimeout bounds one action or evaluation.
const stepTimeout = 20 * time.Second

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	v, err := chromedp.Run(sctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// readyJS is true once the wasm has opened a workspace (the prerendered page has no
// data-status).
const readyJS = `document.querySelector('#status[data-status]') !== null`

// openURL navigates and waits for the playground to be ready.
func openURL(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	start := time.Now()
	short := url
	if len(short) > 80 {
		short = short[:80] + "…"
	}
	// about:blank first: a URL that differs only in its fragment would otherwise be a
	// same-document navigation, not a page load.
	do(t, ctx, "open "+short, chromedp.Navigate("about:blank"), chromedp.Navigate(url))
	waitJS(t, ctx, "the playground to load ("+short+")", readyJS, 60*time.Second)
	t.Logf("page ready in %v", time.Since(start).Round(time.Millisecond))
}

// waitJS evaluates a boolean expression until it is true. Errors while the page is
// between documents ("Cannot find context with specified id") are retried.
func waitJS(t *testing.T, ctx context.Context, what, expr string, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	var lastErr error
	for time.Now().Before(deadline) {
		sctx, cancel := context.WithTimeout(ctx, stepTimeout)
		ok, err := chromedp.Run(sctx, chromedp.Evaluate[bool](expr))
		cancel()
		if err == nil && ok {
			return
		}
		lastErr = err
		time.Sleep(25 * time.Millisecond)
	}
	failShot(t, ctx)
	t.Fatalf("timed out after %v waiting for %s (last error: %v)", timeout, what, lastErr)
}

// openScenario opens a scenario through the #scenario= link.
func openScenario(t *testing.T, ctx context.Context, yaml []byte) {
	t.Helper()
	openURL(t, ctx, baseURL+"/#scenario="+workspace.EncodeLink(yaml))
}

// button finds a button by its accessible name (its text).
func button(name string) chromedp.Search {
	return chromedp.Search(fmt.Sprintf(`//button[normalize-space(.)=%q]`, name))
}

// radio finds the radio input labelled name.
func radio(name string) chromedp.Search {
	return chromedp.Search(fmt.Sprintf(`//label[normalize-space(.)=%q]/input[@type="radio"]`, name))
}

func click(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	do(t, ctx, "click "+name, chromedp.Click(button(name)))
}

// objectSel selects the graph element of an object.
func objectSel(kind, name string) chromedp.CSS {
	return chromedp.CSS(fmt.Sprintf(`[data-kind=%q][data-name=%q]`, kind, name))
}

func tick(t *testing.T, ctx context.Context) int64 {
	t.Helper()
	s := eval[string](t, ctx, `document.querySelector('[data-tick]').dataset.tick`)
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("data-tick %q: %v", s, err)
	}
	return n
}

// waitTick waits until the page shows tick n.
func waitTick(t *testing.T, ctx context.Context, n int64) {
	t.Helper()
	waitJS(t, ctx, fmt.Sprintf("tick %d", n), fmt.Sprintf(`document.querySelector('[data-tick]')?.dataset.tick === '%d'`, n), 20*time.Second)
}

// step clicks Step and waits for the next tick, which it returns.
func step(t *testing.T, ctx context.Context) int64 {
	t.Helper()
	next := tick(t, ctx) + 1
	click(t, ctx, "Step")
	waitTick(t, ctx, next)
	return next
}

// deleteWith selects the object, picks the propagation policy and presses Delete.
//
// It returns once the page has handled the delete: a click is handled in a later frame,
// and a "Run until idle" clicked before that finds the button still disabled (the view
// settled), after which the page read as idle with the cascade not run (a flake of
// TestServedUnderCSP). The delete adds to the trace and leaves the GC work to do.
//
// It first makes sure the object is selected and the policy picked: a click that lands
// while a notice or the layout still moves the graph misses the node (a flake of
// TestForegroundAuthoring in CI, where Delete then had nothing to delete).
func deleteWith(t *testing.T, ctx context.Context, kind, name, policy string) {
	t.Helper()
	deleteWithButton(t, ctx, kind, name, policy, "Delete")
}

// deleteWithButton is deleteWith with the Delete button's label in the page's language.
func deleteWithButton(t *testing.T, ctx context.Context, kind, name, policy, deleteLabel string) {
	t.Helper()
	selectObject(t, ctx, kind, name)
	do(t, ctx, "pick "+policy, chromedp.Click(radio(policy)))
	waitJS(t, ctx, policy+" picked", fmt.Sprintf(`document.evaluate(%q, document, null, 9, null).singleNodeValue?.checked === true`,
		fmt.Sprintf(`//label[normalize-space(.)=%q]/input[@type="radio"]`, policy)), 10*time.Second)
	doHandled(t, ctx, fmt.Sprintf("delete %s %s with %s", kind, name, policy), chromedp.Click(button(deleteLabel)))
}

// selectObject clicks the object's node until the graph marks it selected.
func selectObject(t *testing.T, ctx context.Context, kind, name string) {
	t.Helper()
	selected := fmt.Sprintf(`document.querySelector('[data-kind=%q][data-name=%q]')?.classList.contains('sel') === true`, kind, name)
	for try := 0; try < 5; try++ {
		do(t, ctx, "select "+kind+" "+name, chromedp.Click(objectSel(kind, name)))
		var ok bool
		for wait := 0; wait < 20 && !ok; wait++ {
			if ok = eval[bool](t, ctx, selected); !ok {
				time.Sleep(50 * time.Millisecond)
			}
		}
		if ok {
			return
		}
	}
	t.Fatalf("%s %s is not selected after 5 clicks", kind, name)
}

// doHandled runs actions that change the cluster and returns once the page has
// handled them (the trace or the status changed), so that a "Run until idle"
// clicked next does not find its button still disabled.
func doHandled(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	const state = `(document.querySelector('.trace .count')?.textContent ?? '') + '/' + document.querySelector('#status')?.dataset.status`
	before := eval[string](t, ctx, state)
	do(t, ctx, what, actions...)
	waitJS(t, ctx, what+" handled", fmt.Sprintf(`%s !== %q`, state, before), 10*time.Second)
}

func waitIdle(t *testing.T, ctx context.Context) {
	t.Helper()
	waitJS(t, ctx, "idle", `document.querySelector('#status')?.dataset.status === 'idle'`, 60*time.Second)
}

// objects reads every graph object of the contract, sorted by kind, namespace, name.
func objects(t *testing.T, ctx context.Context) []pageObject {
	t.Helper()
	objs := eval[[]pageObject](t, ctx, `[...document.querySelectorAll('[data-kind]')].map(e => ({
		kind: e.dataset.kind, namespace: e.getAttribute('data-namespace'), name: e.dataset.name,
		uid: e.dataset.uid, state: e.dataset.state}))`)
	sortObjects(objs)
	return objs
}

func sortObjects(objs []pageObject) {
	sort.Slice(objs, func(i, j int) bool { return objs[i].String() < objs[j].String() })
}

// simObjects is what the page should show for sim's objects.
func simObjects(objs []*gccore.Object) []pageObject {
	var out []pageObject
	for _, o := range objs {
		ns, state := o.Namespace, "live"
		if o.Terminating() {
			state = "terminating"
		}
		out = append(out, pageObject{Kind: o.Kind, Namespace: &ns, Name: o.Name, UID: string(o.UID), State: state})
	}
	sortObjects(out)
	return out
}

func sameObjects(a, b []pageObject) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].String() != b[i].String() {
			return false
		}
	}
	return true
}

func listObjects(objs []pageObject) string {
	var b strings.Builder
	for _, o := range objs {
		b.WriteString("  " + o.String() + "\n")
	}
	return b.String()
}

// headless runs a scenario as `gcplay sim` does and returns the simulation.
func headless(t *testing.T, name string, src []byte) *gccore.Sim {
	t.Helper()
	r, err := scenario.Run(name, src, gccore.Config{}, scenario.DefaultMaxTicks)
	if err != nil {
		t.Fatal(err)
	}
	return r.Sim
}

// screenshotDir is where screenshots go: $GCPLAY_SCREENSHOTS, or e2e/testdata/screenshots.
func screenshotDir() string {
	if d := os.Getenv("GCPLAY_SCREENSHOTS"); d != "" {
		return d
	}
	return filepath.Join(repoRoot, "e2e", "testdata", "screenshots")
}

// screenshot saves the viewport as NAME.png, to be looked at: overlapping or clipped
// layout is a bug.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	png, err := chromedp.Run(sctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	dir := screenshotDir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// failShot saves a screenshot of a failing test, with a fresh timeout.
func failShot(t *testing.T, ctx context.Context) {
	sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if png, err := chromedp.Run(sctx, chromedp.CaptureScreenshot()); err == nil {
		dir := screenshotDir()
		_ = os.MkdirAll(dir, 0o755)
		name := "FAIL-" + strings.NewReplacer("/", "_", " ", "_").Replace(t.Name()) + ".png"
		_ = os.WriteFile(filepath.Join(dir, name), png, 0o644)
		t.Logf("screenshot of the failure: %s", filepath.Join(dir, name))
	}
}
