//go:build !js

package e2e

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"sigs.k8s.io/yaml"
)

// TestExport downloads every export of a session caught mid-cascade (a Foreground
// delete of the Deployment under way, so Terminating objects are in it) through the
// Export tab, as a browser saves them, and checks each file: the objects YAML is the
// page's objects; the DOT is a digraph; the SVG is XML with one node per object; the
// scenario file, run as `gcplay sim` runs it, ends with the objects and tick the page
// reaches with Run until idle.
func TestExport(t *testing.T) {
	ctx := newTab(t)
	dir := t.TempDir()
	allowDownloads(t, ctx, dir)

	openScenario(t, ctx, example(t, "deployment"))
	click(t, ctx, "Run until idle")
	waitIdle(t, ctx)
	deleteWith(t, ctx, "Deployment", "web", "Foreground")
	for i := 0; i < 2; i++ {
		step(t, ctx)
	}
	page := objects(t, ctx)
	terminating := 0
	for _, o := range page {
		if o.State == "terminating" {
			terminating++
		}
	}
	if terminating == 0 {
		t.Fatalf("nothing is Terminating mid-cascade: %v", page)
	}
	do(t, ctx, "open the Export tab", chromedp.Click(tab("Export")))

	name, data := download(t, ctx, dir, "Objects as YAML")
	if name != "link-objects.yaml" {
		t.Errorf("objects file named %q", name)
	}
	var list struct {
		APIVersion, Kind string
		Items            []struct {
			Kind     string
			Metadata struct {
				Name, Namespace, UID string
				DeletionTimestamp    *string `json:"deletionTimestamp"`
			}
		}
	}
	if err := yaml.Unmarshal(data, &list); err != nil {
		t.Fatalf("the objects YAML does not parse: %v\n%s", err, data)
	}
	var got []pageObject
	for _, it := range list.Items {
		md := it.Metadata
		state := "live"
		if md.DeletionTimestamp != nil {
			state = "terminating"
		}
		got = append(got, pageObject{Kind: it.Kind, Namespace: &md.Namespace, Name: md.Name, UID: md.UID, State: state})
	}
	sortObjects(got)
	if list.APIVersion != "v1" || list.Kind != "List" || !sameObjects(got, page) {
		t.Errorf("objects YAML (%s %s):\n%spage:\n%s", list.APIVersion, list.Kind, listObjects(got), listObjects(page))
	}

	name, data = download(t, ctx, dir, "GC graph as DOT")
	if !strings.HasSuffix(name, ".dot") || !regexp.MustCompile(`^(strict\s+)?digraph\b`).Match(data) {
		t.Errorf("DOT file %q starts with %.40q", name, data)
	}
	for _, o := range page { // the GC has seen every object: it ran until idle before the delete
		if o.Kind == "Node" {
			continue // node-a has no owner and no dependent: not a vertex (DUMP-1)
		}
		if !bytes.Contains(data, []byte(`"`+o.UID+`"`)) {
			t.Errorf("the DOT has no node for %s", o)
		}
	}

	name, data = download(t, ctx, dir, "Graph as SVG")
	if !strings.HasSuffix(name, ".svg") {
		t.Errorf("SVG file named %q", name)
	}
	titles := svgNodeTitles(t, data)
	if len(titles) != len(page) {
		t.Errorf("the SVG has %d nodes for %d objects: %q", len(titles), len(page), titles)
	}
	for _, o := range page {
		n := 0
		for _, title := range titles {
			if strings.HasSuffix(title, " uid "+o.UID) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("the SVG has %d nodes for %s", n, o)
		}
	}

	name, data = download(t, ctx, dir, "Session as scenario")
	if name != "link-session.yaml" {
		t.Errorf("scenario file named %q", name)
	}
	sim := headless(t, name, data)
	click(t, ctx, "Run until idle")
	waitIdle(t, ctx)
	if got, want := objects(t, ctx), simObjects(sim.Objects()); !sameObjects(got, want) {
		t.Errorf("page after Run until idle:\n%sgcplay sim on the exported scenario:\n%s", listObjects(got), listObjects(want))
	}
	if got := tick(t, ctx); got != sim.CurrentTick() {
		t.Errorf("page idle at tick %d, gcplay sim on the export at %d", got, sim.CurrentTick())
	}
}

// allowDownloads makes the tab's browser context save downloads into dir, named by
// their guid, and report them.
func allowDownloads(t *testing.T, ctx context.Context, dir string) {
	t.Helper()
	c := chromedp.FromContext(ctx)
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior:         browser.SetDownloadBehaviorBehaviorAllowAndName,
		BrowserContextID: c.BrowserContextID,
		DownloadPath:     dir,
		EventsEnabled:    new(true),
	}); err != nil {
		t.Fatalf("allowing downloads: %v", err)
	}
}

// download clicks an export button and returns the suggested file name and the bytes
// the browser saved.
func download(t *testing.T, ctx context.Context, dir, label string) (string, []byte) {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	begins := chromedp.BrowserEvents(sctx, browser.DownloadWillBegin)
	progress := chromedp.BrowserEvents(sctx, browser.DownloadProgress)
	click(t, ctx, label)
	var begin browser.EventDownloadWillBegin
	for ev, err := range begins {
		if err != nil {
			failShot(t, ctx)
			t.Fatalf("%s: no download began: %v", label, err)
		}
		begin = ev
		break
	}
	for ev, err := range progress {
		if err != nil {
			t.Fatalf("%s: download %s did not finish: %v", label, begin.SuggestedFilename, err)
		}
		if ev.GUID != begin.GUID {
			continue
		}
		if ev.State == browser.DownloadProgressStateCanceled {
			t.Fatalf("%s: download %s was canceled", label, begin.SuggestedFilename)
		}
		if ev.State == browser.DownloadProgressStateCompleted {
			break
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, begin.GUID))
	if err != nil {
		t.Fatalf("%s: %v", label, err)
	}
	return begin.SuggestedFilename, data
}

// svgNodeTitles parses an SVG export as XML and returns the title of every node (a <g>
// with a <title>: "Kind namespace/name uid UID").
func svgNodeTitles(t *testing.T, data []byte) []string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var titles []string
	var stack []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if tok.Name.Local == "title" && len(stack) > 0 && stack[len(stack)-1] == "g" {
				var s string
				if err := dec.DecodeElement(&s, &tok); err != nil {
					t.Fatalf("SVG title: %v", err)
				}
				titles = append(titles, s)
				continue
			}
			stack = append(stack, tok.Name.Local)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) != 0 || len(titles) == 0 {
		t.Fatalf("the SVG has unclosed elements %v or no nodes", stack)
	}
	return titles
}
