//go:build !js

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/gcplay/gcplay/app/workspace"
)

// setField sets a text field's value the way typing does (an input event follows).
func setField(t *testing.T, ctx context.Context, sel, value string) {
	t.Helper()
	waitJS(t, ctx, sel, fmt.Sprintf(`document.querySelector(%q) !== null`, sel), 10*time.Second)
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q;
		e.dispatchEvent(new Event('input', {bubbles: true})); return true })()`, sel, value))
}

func example(t *testing.T, id string) []byte {
	t.Helper()
	ex, ok := workspace.ExampleByID(id)
	if !ok {
		t.Fatalf("no example %q", id)
	}
	return ex.Source
}

// TestBadPaste: invalid YAML and an invalid object get one inline message naming the
// line; the text stays as pasted and nothing is created. A valid multi-document paste
// then creates every object.
func TestBadPaste(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, []byte("{}\n"))
	do(t, ctx, "open the Create tab", chromedp.Click(tab("Create")))
	fromYAML := button("Create from YAML")
	cases := []struct{ text, want string }{
		{"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: [unclosed\n", "line 3"},
		{"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {namespace: x}\n", "line 5: ConfigMap: metadata.name is required"},
	}
	prev := ""
	for i, c := range cases {
		setField(t, ctx, "#yaml-input", c.text)
		do(t, ctx, "create from YAML", chromedp.Click(fromYAML))
		// The previous case's message stays until this paste is judged: wait for a new one.
		waitJS(t, ctx, "the inline error", fmt.Sprintf(`(e => e !== null && e.textContent !== %q)(document.querySelector('#yaml-error'))`, prev), 10*time.Second)
		msg := eval[string](t, ctx, `document.querySelector('#yaml-error').textContent`)
		prev = msg
		if !strings.Contains(msg, c.want) {
			t.Errorf("case %d: error %q, want it to contain %q", i, msg, c.want)
		}
		if got := eval[string](t, ctx, `document.querySelector('#yaml-input').value`); got != c.text {
			t.Errorf("case %d: the pasted text changed to %q", i, got)
		}
		if n := len(objects(t, ctx)); n != 0 {
			t.Errorf("case %d: a bad paste created %d object(s)", i, n)
		}
		if i == 1 {
			screenshot(t, ctx, "bad-paste-inline-error")
		}
	}
	setField(t, ctx, "#yaml-input", "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: a, uid: a-uid}}\n---\n"+
		"apiVersion: v1\nkind: Secret\nmetadata:\n  name: b\n  resourceVersion: \"7\"\n  ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: a, uid: a-uid}]\n")
	do(t, ctx, "create from YAML", chromedp.Click(fromYAML), chromedp.WaitVisible(objectSel("Secret", "b")))
	if n := eval[int](t, ctx, `document.querySelectorAll('#yaml-error').length`); n != 0 {
		t.Errorf("an error is still shown after a good paste")
	}
}

// TestRewind runs an example to idle, rewinds with the timeline to tick 1 and finds the
// state the workspace has at tick 1; moving the slider to the end restores the end.
func TestRewind(t *testing.T) {
	src := example(t, "foreground-stuck")
	w, err := workspace.New("link", src)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	end := simObjects(w.View().Objects)
	endTick := w.View().Tick
	if err := w.Rewind(1); err != nil {
		t.Fatal(err)
	}
	atOne := simObjects(w.View().Objects)

	ctx := newTab(t)
	openScenario(t, ctx, src)
	click(t, ctx, "Run until idle")
	waitIdle(t, ctx)
	if got := objects(t, ctx); !sameObjects(got, end) {
		t.Fatalf("end state:\n%swant\n%s", listObjects(got), listObjects(end))
	}
	setSlider := func(n int64) {
		eval[bool](t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector('input.timeline'); e.value = '%d';
			e.dispatchEvent(new Event('input', {bubbles: true})); return true })()`, n))
		waitTick(t, ctx, n)
	}
	setSlider(1)
	if got := objects(t, ctx); !sameObjects(got, atOne) {
		t.Fatalf("rewound to tick 1:\n%swant\n%s", listObjects(got), listObjects(atOne))
	}
	screenshot(t, ctx, "rewind-tick-1")
	setSlider(endTick)
	if got := objects(t, ctx); !sameObjects(got, end) {
		t.Fatalf("forward to tick %d:\n%swant\n%s", endTick, listObjects(got), listObjects(end))
	}
}

// TestReload: the workspace is saved in IndexedDB as you go and is there again after a
// reload without the link.
func TestReload(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "configmap-family"))
	if kind := eval[string](t, ctx, `document.querySelector('#status').dataset.storage`); kind != "IndexedDB" {
		t.Fatalf("storage = %q, want IndexedDB", kind)
	}
	click(t, ctx, "Run until idle")
	waitIdle(t, ctx)
	deleteWith(t, ctx, "ConfigMap", "parent-a", "Background")
	for i := 0; i < 2; i++ {
		step(t, ctx)
	}
	wantTick, want := tick(t, ctx), objects(t, ctx)
	waitJS(t, ctx, "the save", `(s => s.dataset.saved === s.dataset.saveSeq)(document.querySelector('#status'))`, 10*time.Second)
	openURL(t, ctx, baseURL+"/")
	if got := tick(t, ctx); got != wantTick {
		t.Fatalf("after reload: tick %d, want %d", got, wantTick)
	}
	if got := objects(t, ctx); !sameObjects(got, want) {
		t.Fatalf("after reload:\n%swant\n%s", listObjects(got), listObjects(want))
	}
	screenshot(t, ctx, "after-reload")
}

// TestStaticSite builds the site with `gcplay build --base-path /gcplay/`, serves the
// folder from a plain file server under that prefix and runs a scenario there.
func TestStaticSite(t *testing.T) {
	ctx := newTab(t)
	bin := filepath.Join(t.TempDir(), "gcplay")
	build := exec.Command("go", "build", "-o", bin, "./cmd/gcplay")
	build.Dir = repoRoot
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building gcplay: %v\n%s", err, out)
	}
	root := t.TempDir()
	site := filepath.Join(root, "gcplay")
	cmd := exec.Command(bin, "build", "--out", site, "--base-path", "/gcplay/")
	cmd.Dir = siteRoot // holds web/app.wasm, as the repository root does after make wasm
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gcplay build: %v\n%s", err, out)
	}
	for _, f := range []string{"index.html", "app.js", "wasm_exec.js", "web/app.wasm", "web/playground.css"} {
		if _, err := os.Stat(filepath.Join(site, f)); err != nil {
			t.Fatalf("static site lacks %s: %v", f, err)
		}
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(root)))
	defer srv.Close()
	src := example(t, "cycle")
	openURL(t, ctx, srv.URL+"/gcplay/#scenario="+workspace.EncodeLink(src))
	if href := eval[string](t, ctx, `document.querySelector('link[href$="playground.css"]').getAttribute('href')`); !strings.HasPrefix(href, "/gcplay/") {
		t.Errorf("stylesheet at %q, want it under /gcplay/", href)
	}
	deleteWith(t, ctx, "ConfigMap", "a", "Background")
	click(t, ctx, "Run until idle")
	waitIdle(t, ctx)
	if n := len(objects(t, ctx)); n != 0 {
		t.Fatalf("the cycle left %d object(s) after deleting one member in the background", n)
	}
	screenshot(t, ctx, "static-site")
}

// TestConsoleAndKeys drives the kubectl console and the keyboard shortcuts.
func TestConsoleAndKeys(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "configmap-family"))
	run := func(cmd string) string {
		t.Helper()
		setField(t, ctx, "#console-input", cmd)
		before := eval[int](t, ctx, `document.querySelectorAll('.con-entry').length`)
		do(t, ctx, "run "+cmd, chromedp.Click(button("Run command")))
		waitJS(t, ctx, "the console output", fmt.Sprintf(`document.querySelectorAll('.con-entry').length > %d`, before), 10*time.Second)
		return eval[string](t, ctx, `[...document.querySelectorAll('.con-out')].pop().textContent`)
	}
	do(t, ctx, "open the console", chromedp.Click(tab("Console")))
	if out := run("kubectl get cm"); !strings.Contains(out, "parent-a") || !strings.Contains(out, "shared") {
		t.Fatalf("get cm printed %q", out)
	}
	if out := run("kubectl delete cm/parent-a --cascade=sideways"); !strings.Contains(out, "invalid --cascade value") {
		t.Fatalf("a bad --cascade printed %q", out)
	}
	if got := eval[string](t, ctx, `document.querySelector('#console-input').value`); got != "kubectl delete cm/parent-a --cascade=sideways" {
		t.Fatalf("a failed command was not kept in the input: %q", got)
	}
	run("kubectl create -f - <<EOF\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra\n  finalizers: [example.com/hold]\nEOF")
	do(t, ctx, "extra created", chromedp.WaitVisible(objectSel("ConfigMap", "extra")))
	run("kubectl delete cm/extra --cascade=foreground")
	waitJS(t, ctx, "extra terminating", `document.querySelector('[data-name="extra"]')?.dataset.state === 'terminating'`, 10*time.Second)
	run(`kubectl patch cm/extra --type=merge -p '{"metadata":{"finalizers":null}}'`)
	waitJS(t, ctx, "extra gone", `document.querySelector('[data-name="extra"]') === null`, 10*time.Second)
	screenshot(t, ctx, "console")

	// Keyboard: s steps, ? opens the help, Escape closes it. Keys go to the page, not
	// the console field.
	eval[bool](t, ctx, `(document.activeElement?.blur(), true)`)
	before := tick(t, ctx)
	do(t, ctx, "press s", chromedp.KeyEvent("s"))
	waitTick(t, ctx, before+1)
	do(t, ctx, "press ?", chromedp.KeyEvent("?"))
	waitJS(t, ctx, "the help overlay", `document.querySelector('.dialog[aria-label="Help"]') !== null`, 5*time.Second)
	screenshot(t, ctx, "help-overlay")
	do(t, ctx, "press Escape", chromedp.KeyEvent(kb.Escape))
	waitJS(t, ctx, "the overlay closed", `document.querySelector('.overlay') === null`, 5*time.Second)
}

// TestGCViewAndRules toggles to the GC's own graph (virtual nodes, lag) and opens a
// rule's text from the trace.
func TestGCViewAndRules(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "cross-namespace"))
	click(t, ctx, "Step")
	waitTick(t, ctx, 1)
	click(t, ctx, "Step")
	waitTick(t, ctx, 2)
	do(t, ctx, "show the GC graph", chromedp.Click(button("GC graph")))
	waitJS(t, ctx, "GC nodes", `document.querySelectorAll('[data-node]').length > 0 && document.querySelectorAll('[data-kind]').length === 0`, 10*time.Second)
	screenshot(t, ctx, "gc-graph")
	do(t, ctx, "back to API objects", chromedp.Click(button("API objects")))
	do(t, ctx, "open a rule from the trace", chromedp.Click(chromedp.CSS(`.trace-list button.rule[data-rule="GB-1"]`)))
	waitJS(t, ctx, "the rule overlay", `document.querySelector('.rule-text')?.textContent.includes('GB-1')`, 5*time.Second)
	screenshot(t, ctx, "rule-overlay")
	do(t, ctx, "close", chromedp.Click(button("Close")))
	waitJS(t, ctx, "the overlay closed", `document.querySelector('.overlay') === null`, 5*time.Second)
	if eval[bool](t, ctx, `document.querySelector('[data-name="stray"]') !== null`) {
		t.Fatal("stray, whose owner uid lives in another namespace, was not collected (GB-9a, XNS-2)")
	}
	selectObject(t, ctx, "Secret", "valid")
	waitJS(t, ctx, "the inspector", `document.querySelector('.inspector h2')?.textContent === 'Secret valid'`, 5*time.Second)
	screenshot(t, ctx, "inspector-valid")
}

// TestRunPauseReset: Run advances by itself, Pause stops it, Reset goes back to tick 0.
func TestRunPauseReset(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "foreground-stuck"))
	click(t, ctx, "Run")
	waitJS(t, ctx, "two ticks", `+document.querySelector('[data-tick]').dataset.tick >= 2`, 10*time.Second)
	click(t, ctx, "Pause")
	stopped := tick(t, ctx)
	time.Sleep(600 * time.Millisecond) // at 4 ticks/s, two more would have run
	if now := tick(t, ctx); now != stopped {
		t.Fatalf("ticks ran on after Pause: %d then %d", stopped, now)
	}
	click(t, ctx, "Reset")
	waitTick(t, ctx, 0)
	if n := len(objects(t, ctx)); n != 3 {
		t.Fatalf("after Reset: %d objects, want the scenario's 3", n)
	}
}
