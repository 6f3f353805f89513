//go:build !js

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// wsEntry is one entry of the Workspaces menu (contract: data-workspace holds the id).
type wsEntry struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Current bool   `json:"current"`
}

func openMenu(t *testing.T, ctx context.Context) []wsEntry {
	t.Helper()
	if !eval[bool](t, ctx, `document.querySelector('.ws-panel') !== null`) {
		click(t, ctx, "Workspaces")
	}
	waitJS(t, ctx, "the Workspaces menu", `document.querySelector('.ws-panel [data-workspace]') !== null`, 10*time.Second)
	return menuEntries(t, ctx)
}

func menuEntries(t *testing.T, ctx context.Context) []wsEntry {
	t.Helper()
	return eval[[]wsEntry](t, ctx, `[...document.querySelectorAll('[data-workspace]')].map(e => ({
		id: e.dataset.workspace, name: e.querySelector('.ws-open, .ws-name-input')?.textContent ?? '',
		current: e.getAttribute('aria-current') === 'true'}))`)
}

func current(t *testing.T, entries []wsEntry) wsEntry {
	t.Helper()
	for _, e := range entries {
		if e.Current {
			return e
		}
	}
	t.Fatalf("no current workspace among %+v", entries)
	return wsEntry{}
}

// entryButton is the button labelled label in the menu entry of workspace id.
func entryButton(id, label string) chromedp.Search {
	return chromedp.Search(fmt.Sprintf(`//li[@data-workspace=%q]//button[normalize-space(.)=%q]`, id, label))
}

func waitEntries(t *testing.T, ctx context.Context, what string, n int) []wsEntry {
	t.Helper()
	waitJS(t, ctx, what, fmt.Sprintf(`document.querySelectorAll('[data-workspace]').length === %d`, n), 10*time.Second)
	return menuEntries(t, ctx)
}

func waitSaved(t *testing.T, ctx context.Context) {
	t.Helper()
	waitJS(t, ctx, "the save", `(s => s && s.dataset.saved === s.dataset.saveSeq)(document.querySelector('#status'))`, 10*time.Second)
}

// waitName waits until the status line names the open workspace name.
func waitName(t *testing.T, ctx context.Context, prefix string) {
	t.Helper()
	waitJS(t, ctx, "workspace "+prefix, fmt.Sprintf(`document.querySelector('#status')?.textContent.startsWith(%q)`, prefix), 10*time.Second)
}

// idbDump reads every record of the page's IndexedDB store as key → JSON of the value.
func idbDump(t *testing.T, ctx context.Context) map[string]string {
	t.Helper()
	return evalAsync[map[string]string](t, ctx, `new Promise((res, rej) => {
		const r = indexedDB.open('gcplay');
		r.onerror = () => rej(r.error);
		r.onsuccess = () => {
			const db = r.result, st = db.transaction('workspaces').objectStore('workspaces');
			const ks = st.getAllKeys(), vs = st.getAll();
			vs.onsuccess = () => { const out = {}; ks.result.forEach((k, i) => out[k] = JSON.stringify(vs.result[i])); db.close(); res(out); };
		};
	})`)
}

// idbPut writes a JavaScript value (an expression) under key, as another program might.
func idbPut(t *testing.T, ctx context.Context, key, valueJS string) {
	t.Helper()
	evalAsync[bool](t, ctx, fmt.Sprintf(`new Promise((res, rej) => {
		const r = indexedDB.open('gcplay');
		r.onsuccess = () => {
			const db = r.result, tx = db.transaction('workspaces', 'readwrite');
			tx.objectStore('workspaces').put(%s, %q);
			tx.oncomplete = () => { db.close(); res(true); }; tx.onerror = () => rej(tx.error);
		};
	})`, valueJS, key))
}

func evalAsync[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	v, err := chromedp.Run(sctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// TestWorkspaces creates, renames, duplicates, deletes (and undoes), switches
// workspaces through the menu, and finds them all again after a reload.
func TestWorkspaces(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "configmap-family"))
	if h := eval[string](t, ctx, `location.hash`); h != "" {
		t.Errorf("the consumed link stays in the address (%q): a reload would make another copy", h)
	}
	step(t, ctx)
	step(t, ctx)
	waitSaved(t, ctx)
	es := openMenu(t, ctx)
	if len(es) != 1 || !strings.HasPrefix(es[0].Name, "Link ") || !es[0].Current {
		t.Fatalf("after opening a link: %+v, want one current workspace named Link …", es)
	}
	link := es[0]

	// New from an example.
	eval[bool](t, ctx, `(s => { s.value = 'cycle'; s.dispatchEvent(new Event('change', {bubbles: true})); return true })(document.querySelector('.ws-new select'))`)
	click(t, ctx, "Create")
	waitName(t, ctx, "An ownership cycle")
	es = openMenu(t, ctx)
	cycle := current(t, es)
	if len(es) != 2 || cycle.ID == link.ID {
		t.Fatalf("after Create: %+v", es)
	}
	if len(objects(t, ctx)) != 3 || tick(t, ctx) != 0 {
		t.Fatalf("the new workspace is not the cycle example at tick 0")
	}

	// Rename.
	do(t, ctx, "rename", chromedp.Click(entryButton(cycle.ID, "Rename")))
	setField(t, ctx, ".ws-name-input", "My cycle")
	click(t, ctx, "Save name")
	waitJS(t, ctx, "the new name", fmt.Sprintf(`document.querySelector('[data-workspace=%q] .ws-open')?.textContent === 'My cycle'`, cycle.ID), 10*time.Second)

	// Duplicate: the copy opens.
	do(t, ctx, "duplicate", chromedp.Click(entryButton(cycle.ID, "Duplicate")))
	es = waitEntries(t, ctx, "the copy", 3)
	cp := current(t, es)
	if cp.Name != "My cycle (copy)" {
		t.Fatalf("the copy is %+v", cp)
	}
	screenshot(t, ctx, "workspaces-menu")

	// Delete the copy (the open one), undo, delete again.
	do(t, ctx, "delete", chromedp.Click(entryButton(cp.ID, "Delete")))
	waitEntries(t, ctx, "the deletion", 2)
	waitJS(t, ctx, "the undo notice", `document.querySelector('.snote-deleted')?.textContent.includes('My cycle (copy)')`, 10*time.Second)
	screenshot(t, ctx, "workspace-deleted-undo")
	click(t, ctx, "Undo")
	// The press on Undo, outside the menu, closes it: wait for that before opening it
	// again, or the close lands after openMenu saw the menu still open.
	waitJS(t, ctx, "the menu to close", `document.querySelector('.ws-panel') === null`, 10*time.Second)
	openMenu(t, ctx)
	waitEntries(t, ctx, "the undone deletion", 3)
	do(t, ctx, "delete again", chromedp.Click(entryButton(cp.ID, "Delete")))
	waitEntries(t, ctx, "the deletion", 2)

	// Switch back to the link's workspace: at tick 2, as left.
	do(t, ctx, "switch", chromedp.Click(chromedp.Search(fmt.Sprintf(`//li[@data-workspace=%q]//button[contains(@class,"ws-open")]`, link.ID))))
	waitName(t, ctx, link.Name)
	waitTick(t, ctx, 2)
	waitSaved(t, ctx)

	// All of it after a reload.
	openURL(t, ctx, baseURL+"/")
	waitName(t, ctx, link.Name)
	if got := tick(t, ctx); got != 2 {
		t.Fatalf("after reload: tick %d, want 2", got)
	}
	es = openMenu(t, ctx)
	if len(es) != 2 || es[0].ID != link.ID || es[1].ID != cycle.ID || es[1].Name != "My cycle" || !es[0].Current {
		t.Fatalf("after reload the menu lists %+v", es)
	}
}

// TestLinkMakesNewWorkspace: a link opens as a new workspace and the open one is kept
// as it was; an empty or invalid link changes nothing stored.
func TestLinkMakesNewWorkspace(t *testing.T) {
	ctx := newTab(t)
	openScenario(t, ctx, example(t, "configmap-family"))
	step(t, ctx)
	waitSaved(t, ctx)
	first := current(t, openMenu(t, ctx))
	before := idbDump(t, ctx)

	for _, frag := range []string{"#scenario=", "#scenario=%25%25not-base64"} {
		openURL(t, ctx, baseURL+"/"+frag)
		waitJS(t, ctx, "the link's error", `document.querySelector('.notice-error')?.textContent.includes('could not be opened')`, 10*time.Second)
		waitSaved(t, ctx)
		time.Sleep(400 * time.Millisecond) // past the save delay
		if after := idbDump(t, ctx); !sameDump(before, after) {
			t.Fatalf("link %q changed the storage:\nbefore %v\nafter  %v", frag, before, after)
		}
		if es := openMenu(t, ctx); len(es) != 1 || tick(t, ctx) != 1 {
			t.Fatalf("link %q: menu %+v at tick %d", frag, es, tick(t, ctx))
		}
	}

	openScenario(t, ctx, example(t, "cycle"))
	es := openMenu(t, ctx)
	if len(es) != 2 || current(t, es).ID == first.ID {
		t.Fatalf("a second link: %+v, want a second workspace, current", es)
	}
	if after := idbDump(t, ctx); after["ws/"+first.ID] != before["ws/"+first.ID] {
		t.Fatalf("opening a link changed the open workspace's record")
	}
	do(t, ctx, "switch back", chromedp.Click(chromedp.Search(fmt.Sprintf(`//li[@data-workspace=%q]//button[contains(@class,"ws-open")]`, first.ID))))
	waitName(t, ctx, first.Name)
	waitTick(t, ctx, 1)
}

func sameDump(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestUnreadableRecordKeptAside: garbage written over a workspace's record and a
// number planted as another are kept aside, not dropped; the page still opens, offers
// each one raw for download and discards it on request.
func TestUnreadableRecordKeptAside(t *testing.T) {
	ctx := newTab(t)
	dir := t.TempDir()
	allowDownloads(t, ctx, dir)
	openScenario(t, ctx, example(t, "cycle"))
	waitSaved(t, ctx)
	id := current(t, openMenu(t, ctx)).ID
	idbPut(t, ctx, "ws/"+id, `'{garbage'`)
	idbPut(t, ctx, "ws/planted", `42`)

	openURL(t, ctx, baseURL+"/")
	waitJS(t, ctx, "two notices", `document.querySelectorAll('[data-quarantine]').length === 2`, 10*time.Second)
	screenshot(t, ctx, "quarantine-notices")
	text := eval[string](t, ctx, `[...document.querySelectorAll('[data-quarantine]')].map(e => e.textContent).join('\n')`)
	if !strings.Contains(text, "ws/"+id) || !strings.Contains(text, "ws/planted") || !strings.Contains(text, "a number, not text") {
		t.Fatalf("notices: %s", text)
	}
	dump := idbDump(t, ctx)
	kept := 0
	for k, v := range dump {
		if strings.HasPrefix(k, "quarantine/") && (v == `"{garbage"` || v == "42") {
			kept++
		}
		if k == "ws/"+id || k == "ws/planted" {
			t.Errorf("%s is still in place", k)
		}
	}
	if kept != 2 {
		t.Fatalf("the records were not kept aside untouched: %v", dump)
	}
	got := map[string]bool{}
	for i := 0; i < 2; i++ {
		_, data := download(t, ctx, dir, "Download")
		got[string(data)] = true
		click(t, ctx, "Discard")
		waitJS(t, ctx, "the discard", fmt.Sprintf(`document.querySelectorAll('[data-quarantine]').length === %d`, 1-i), 10*time.Second)
	}
	if !got["{garbage"] || !got["42"] {
		t.Fatalf("downloads: %v", got)
	}
	for k := range idbDump(t, ctx) {
		if strings.HasPrefix(k, "quarantine/") {
			t.Errorf("%s was not discarded", k)
		}
	}
	step(t, ctx) // the page works
}

// TestTwoTabsConflict: two tabs on one workspace. When one saves, the other says so at
// once (BroadcastChannel) and writes nothing until the person chooses; without a
// BroadcastChannel the revision check refuses the stale tab's save all the same.
func TestTwoTabsConflict(t *testing.T) {
	a := newTab(t)
	openScenario(t, a, example(t, "deployment"))
	waitSaved(t, a)
	id := current(t, openMenu(t, a)).ID

	b := sameStorageTab(t, a, "")
	openURL(t, b, baseURL+"/")
	if got := current(t, openMenu(t, b)).ID; got != id {
		t.Fatalf("tab b opened %s, want %s", got, id)
	}
	c := sameStorageTab(t, a, `delete window.BroadcastChannel;`)
	openURL(t, c, baseURL+"/")

	step(t, a)
	waitSaved(t, a)
	stored := idbDump(t, a)["ws/"+id]
	waitJS(t, b, "the conflict notice", `document.querySelector('.snote-conflict') !== null`, 10*time.Second)
	step(t, b) // paused: written nowhere
	waitJS(t, b, "the menu closed", `document.querySelector('.ws-panel') === null`, 5*time.Second)
	screenshot(t, b, "two-tabs-conflict")

	step(t, c)
	step(t, c)
	waitJS(t, c, "the conflict notice (revision check)", `document.querySelector('.snote-conflict') !== null`, 10*time.Second)
	time.Sleep(400 * time.Millisecond)
	if got := idbDump(t, a)["ws/"+id]; got != stored {
		t.Fatal("a stale tab overwrote the workspace")
	}

	// b keeps its work as a copy; c reloads theirs.
	click(t, b, "Keep mine as a copy")
	waitJS(t, b, "the notice gone", `document.querySelector('.snote-conflict') === null`, 10*time.Second)
	openMenu(t, b)
	es := waitEntries(t, b, "the copy", 2)
	if len(es) != 2 || current(t, es).ID == id || !strings.HasSuffix(current(t, es).Name, "(this tab)") {
		t.Fatalf("after Keep mine: %+v", es)
	}
	click(t, c, "Reload theirs")
	waitTick(t, c, 1)
	waitJS(t, c, "the notice gone", `document.querySelector('.snote-conflict') === null`, 10*time.Second)
	if got := idbDump(t, a)["ws/"+id]; got != stored {
		t.Fatal("resolving the conflict changed the workspace")
	}
}

// sameStorageTab opens another tab in tab's browser context (same origin storage),
// running script before the page's own.
func sameStorageTab(t *testing.T, tab context.Context, script string) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(tab)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a second tab: %v", err)
	}
	if script != "" {
		addScript(t, ctx, script)
	}
	return ctx
}

func addScript(t *testing.T, ctx context.Context, script string) {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	if _, err := chromedp.Call(sctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script}); err != nil {
		t.Fatalf("adding a script: %v", err)
	}
}

// TestStorageRefused: a browser that refuses IndexedDB (a private window) and one whose
// quota is full: a visible notice, the work goes on in memory, export still works.
func TestStorageRefused(t *testing.T) {
	t.Run("no IndexedDB", func(t *testing.T) {
		ctx := newTab(t)
		addScript(t, ctx, `IDBFactory.prototype.open = function() { throw new DOMException('The user denied permission to access the database.', 'SecurityError') };`)
		openScenario(t, ctx, example(t, "cycle"))
		waitJS(t, ctx, "the storage notice", `document.querySelector('.snote-storage')?.textContent.includes('Storage is unavailable')`, 10*time.Second)
		if kind := eval[string](t, ctx, `document.querySelector('#status').dataset.storage`); kind != "memory" {
			t.Fatalf("data-storage = %q", kind)
		}
		screenshot(t, ctx, "storage-unavailable")
		step(t, ctx)
		exportWorks(t, ctx)
	})
	t.Run("quota full", func(t *testing.T) {
		ctx := newTab(t)
		addScript(t, ctx, `(() => { const put = IDBObjectStore.prototype.put;
			IDBObjectStore.prototype.put = function(...a) {
				if (window.gcplayFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
				return put.apply(this, a) } })();`)
		openScenario(t, ctx, example(t, "configmap-family"))
		waitSaved(t, ctx)
		eval[bool](t, ctx, `window.gcplayFull = true`)
		step(t, ctx)
		waitJS(t, ctx, "the quota notice", `document.querySelector('.snote-storage')?.textContent.includes('QuotaExceededError')`, 10*time.Second)
		if kind := eval[string](t, ctx, `document.querySelector('#status').dataset.storage`); kind != "memory" {
			t.Fatalf("data-storage = %q", kind)
		}
		screenshot(t, ctx, "storage-quota-full")
		// A new workspace and back: the first one's ticks are kept in memory.
		first := current(t, openMenu(t, ctx))
		click(t, ctx, "Create")
		waitName(t, ctx, "Blank canvas")
		openMenu(t, ctx)
		do(t, ctx, "switch back", chromedp.Click(chromedp.Search(fmt.Sprintf(`//li[@data-workspace=%q]//button[contains(@class,"ws-open")]`, first.ID))))
		waitName(t, ctx, first.Name)
		waitTick(t, ctx, 1)
		exportWorks(t, ctx)
	})
}

// exportWorks downloads the session as a scenario file.
func exportWorks(t *testing.T, ctx context.Context) {
	t.Helper()
	dir := t.TempDir()
	allowDownloads(t, ctx, dir)
	do(t, ctx, "open the Export tab", chromedp.Click(tab("Export")))
	name, data := download(t, ctx, dir, "Session as scenario")
	if !strings.Contains(string(data), "objects:") {
		t.Fatalf("export %s: %.200s", name, data)
	}
}
