package ui

import (
	"github.com/gcplay/gcplay/app/session"
	"regexp"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestAuthorDeclaresKind: the Create tab's declaration form shows an error inline (role
// alert) with its fields kept and the workspace unchanged; a good declaration swaps in
// a workspace that serves the kind, keeps the selection and the paused state, says what
// happened, and picks the kind in the Kind select, so the form creates one.
func TestAuthorDeclaresKind(t *testing.T) {
	p := testPlayground(exampleWorkspace(t, "deployment"))
	p.s.Selected = p.s.View().Objects[0].UID
	a := &AuthorPanel{View: p.s.Workspace().View(), OnCreate: p.createObjects, OnDeclare: p.declareKind}
	html := render(a)
	mustContain(t, html, "Declare a custom kind", `id="k-apiversion"`, `id="k-kind"`, `placeholder="example.com/v1"`, `placeholder="Widget"`)
	if tag := regexp.MustCompile(`<input[^>]*"k-namespaced"[^>]*>`).FindString(html); !regexp.MustCompile(`\schecked[\s>]`).MatchString(tag) {
		t.Errorf("Namespaced is not checked by default")
	}
	if !regexp.MustCompile(`<button[^>]*type="submit"[^>]*>\s*Declare kind\s*</button>`).MatchString(html) {
		t.Errorf("no Declare kind submit button")
	}

	before := p.s.Workspace()
	a.declAPIVersion, a.declKind = "example.com/", "Widget"
	a.declare(app.Context{})
	if a.declErr == "" || !strings.Contains(a.declErr, `apiVersion "example.com/"`) {
		t.Fatalf("declaration error %q", a.declErr)
	}
	if p.s.Workspace() != before || a.declAPIVersion != "example.com/" || a.declKind != "Widget" {
		t.Fatalf("a refused declaration changed the workspace or the fields (%q, %q)", a.declAPIVersion, a.declKind)
	}
	mustContain(t, render(a), `role="alert"`, `id="kind-error"`)

	a.declAPIVersion = " example.com/v1 "
	a.declare(app.Context{})
	if a.declErr != "" {
		t.Fatal(a.declErr)
	}
	if p.s.Workspace() == before || p.s.Selected != before.View().Objects[0].UID || p.s.Run != session.Paused {
		t.Fatalf("workspace swapped %v, selection %q, run %v", p.s.Workspace() != before, p.s.Selected, p.s.Run)
	}
	if want := "Declared example.com/v1 Widget; the session was replayed with it served from tick 0."; p.s.Notice.Text != want {
		t.Fatalf("notice %q, want %q", p.s.Notice.Text, want)
	}
	if a.kind != "example.com/v1/Widget" || a.declKind != "" || a.declAPIVersion != " example.com/v1 " {
		t.Fatalf("after declaring: kind %q, fields %q %q", a.kind, a.declAPIVersion, a.declKind)
	}
	a.View = p.s.Workspace().View()
	if tag := regexp.MustCompile(`<option[^>]*"example.com/v1/Widget"[^>]*>`).FindString(render(a)); !regexp.MustCompile(`\sselected[\s>]`).MatchString(tag) {
		t.Errorf("the Widget option is not selected: %q", tag)
	}
	if strings.Contains(render(a), `id="kind-error"`) {
		t.Errorf("the error is still shown")
	}

	a.name, a.namespace = "w1", "default"
	a.submitForm(app.Context{})
	if a.formErr != "" {
		t.Fatal(a.formErr)
	}
	if _, err := p.s.Workspace().Sim().Get(gccore.ObjectRef{APIVersion: "example.com/v1", Kind: "Widget", Namespace: "default", Name: "w1"}); err != nil {
		t.Fatalf("the form did not create a Widget: %v", err)
	}

	// Declaring it again is refused, inline.
	a.declKind = "Widget"
	a.declare(app.Context{})
	if !strings.Contains(a.declErr, "already served") {
		t.Fatalf("a duplicate declaration: %q", a.declErr)
	}
}
