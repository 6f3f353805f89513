package ui

import (
	"strings"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/yaml"
)

// AuthorPanel creates objects, with a form (kind, name, namespace, owners picked from
// the stored objects with their controller / blockOwnerDeletion toggles, finalizers) or
// as YAML (one object, a List, or a multi-document dump). Errors show under the text,
// which is kept as typed.
type AuthorPanel struct {
	app.Compo

	Lang     string
	View     *workspace.View
	OnCreate func(app.Context, string) error
	// OnDeclare declares a custom kind; its error is shown under the declaration form.
	OnDeclare func(app.Context, gccore.ResourceDecl) error

	kind       string // "apiVersion/Kind"
	name       string
	namespace  string
	finalizers string
	owners     map[types.UID]ownerChoice
	yamlText   string
	formErr    string
	yamlErr    string

	// The custom kind declaration form. declCluster is the negation of the Namespaced
	// checkbox, so that its zero value is the default (namespaced).
	declAPIVersion string
	declKind       string
	declCluster    bool
	declErr        string
}

type ownerChoice struct{ on, controller, block bool }

// maxOwnerChoices bounds the owner list; more objects are reachable through YAML.
const maxOwnerChoices = 200

// Render draws the form, then the YAML editor.
func (a *AuthorPanel) Render() (ui app.UI) {
	defer recoverRender(&ui, "create")
	if a.kind == "" {
		a.kind = "v1/ConfigMap"
	}
	kind, _ := a.selectedKind()
	var kinds []app.UI
	for _, k := range a.View.Kinds {
		id := k.APIVersion + "/" + k.Kind
		label := k.Kind + " (" + k.APIVersion + ")"
		if !k.Namespaced {
			label += tr(a.Lang, " · cluster")
		}
		kinds = append(kinds, app.Option().Value(id).Selected(id == a.kind).Text(label))
	}
	return app.Div().Class("panel", "author").Body(
		app.H2().Text(tr(a.Lang, "Create an object")),
		app.Form().Class("form").OnSubmit(func(ctx app.Context, e app.Event) {
			e.PreventDefault()
			a.submitForm(ctx)
		}).Body(
			field(tr(a.Lang, "Kind"), app.Select().ID("f-kind").OnChange(a.ValueTo(&a.kind)).Body(kinds...)),
			field(tr(a.Lang, "Name"), app.Input().ID("f-name").Type("text").Value(a.name).Placeholder("my-object").OnInput(a.ValueTo(&a.name))),
			field(tr(a.Lang, "Namespace"), app.Input().ID("f-namespace").Type("text").Value(a.namespace).Placeholder("default").
				Disabled(!kind.Namespaced).OnInput(a.ValueTo(&a.namespace))),
			field(tr(a.Lang, "Finalizers"), app.Input().ID("f-finalizers").Type("text").Value(a.finalizers).
				Placeholder("example.com/hold, …").OnInput(a.ValueTo(&a.finalizers))),
			app.FieldSet().Class("owners").Body(
				app.Legend().Text(tr(a.Lang, "Owners")),
				a.ownerList(),
			),
			app.If(a.formErr != "", func() app.UI {
				return app.P().Class("inline-error").Role("alert").ID("form-error").Text(a.formErr)
			}),
			app.Div().Class("form-actions").Body(
				app.Button().Type("submit").Class("btn", "btn-primary").Text(tr(a.Lang, "Create")),
				app.Button().Type("button").Class("btn").Text(tr(a.Lang, "Edit as YAML")).
					OnClick(func(ctx app.Context, e app.Event) {
						a.yamlText = a.formYAML()
						setFieldValue("yaml-input", a.yamlText)
					}),
			),
		),
		app.H2().Text(tr(a.Lang, "Or paste YAML")),
		app.P().Class("muted", "small").Text(tr(a.Lang, "One object, a kind: List, or several documents separated by --- (a kubectl get -o yaml dump: server fields are dropped, uids kept).")),
		app.Textarea().ID("yaml-input").Class("yaml-input").Rows(12).Spellcheck(false).
			Aria("label", tr(a.Lang, "Objects as YAML")).Aria("invalid", a.yamlErr != "").Aria("describedby", "yaml-error").
			Text(a.yamlText).OnInput(a.ValueTo(&a.yamlText)),
		app.If(a.yamlErr != "", func() app.UI {
			return app.P().Class("inline-error").Role("alert").ID("yaml-error").Text(a.yamlErr)
		}),
		app.Div().Class("form-actions").Body(
			app.Button().Class("btn", "btn-primary").Text(tr(a.Lang, "Create from YAML")).
				OnClick(func(ctx app.Context, e app.Event) {
					a.yamlErr = ""
					if err := a.OnCreate(ctx, a.yamlText); err != nil {
						a.yamlErr = err.Error() // the text stays as typed
					}
				}),
		),
		a.declareForm(),
	)
}

// declareForm declares a custom kind, as a scenario's `resources:` entry (or a CRD) would.
func (a *AuthorPanel) declareForm() app.UI {
	return app.Div().Class("declare-kind").Style("margin-top", "18px").Style("padding-top", "10px").
		Style("border-top", "1px solid var(--line)").Body(
		app.H2().ID("declare-kind-title").Text(tr(a.Lang, "Declare a custom kind")),
		app.P().Class("muted", "small").Style("margin", "0 0 8px").
			Text(tr(a.Lang, "Like a CRD: the kind is served from tick 0, and the session is replayed with it.")),
		app.Form().Class("form").Aria("labelledby", "declare-kind-title").OnSubmit(func(ctx app.Context, e app.Event) {
			e.PreventDefault()
			a.declare(ctx)
		}).Body(
			field("apiVersion", app.Input().ID("k-apiversion").Type("text").Value(a.declAPIVersion).Placeholder("example.com/v1").
				Spellcheck(false).OnInput(a.ValueTo(&a.declAPIVersion))),
			field(tr(a.Lang, "Kind"), app.Input().ID("k-kind").Type("text").Value(a.declKind).Placeholder("Widget").
				Spellcheck(false).OnInput(a.ValueTo(&a.declKind))),
			app.Label().Class("owner-pick").Body(
				app.Input().ID("k-namespaced").Type("checkbox").Checked(!a.declCluster).
					OnChange(func(ctx app.Context, e app.Event) { a.declCluster = !a.declCluster }),
				app.Text(tr(a.Lang, "Namespaced")),
			),
			app.If(a.declErr != "", func() app.UI {
				return app.P().Class("inline-error").Role("alert").ID("kind-error").Text(a.declErr)
			}),
			app.Div().Class("form-actions").Body(
				app.Button().Type("submit").Class("btn").Text(tr(a.Lang, "Declare kind")),
			),
		),
	)
}

// declare submits the declaration form. On error the fields stay as typed; on success
// the new kind is picked in the Kind select.
func (a *AuthorPanel) declare(ctx app.Context) {
	d := gccore.ResourceDecl{APIVersion: strings.TrimSpace(a.declAPIVersion), Kind: strings.TrimSpace(a.declKind),
		Namespaced: boolPtr(!a.declCluster)}
	a.declErr = ""
	if err := a.OnDeclare(ctx, d); err != nil {
		a.declErr = err.Error()
		return
	}
	a.kind = d.APIVersion + "/" + d.Kind
	a.declKind = ""
	setFieldValue("k-kind", "")
	if !app.IsServer {
		// go-app updates the options by position, and a new kind shifts them: set the
		// select's value once they are drawn, whatever order the updates came in.
		ctx.Defer(func(ctx app.Context) { setFieldValue("f-kind", a.kind) })
	}
}

func field(label string, input app.UI) app.UI {
	return app.Label().Class("field").Body(app.Span().Text(label), input)
}

func (a *AuthorPanel) selectedKind() (workspace.Kind, bool) {
	for _, k := range a.View.Kinds {
		if k.APIVersion+"/"+k.Kind == a.kind {
			return k, true
		}
	}
	return workspace.Kind{Namespaced: true}, false
}

func (a *AuthorPanel) ownerList() app.UI {
	if len(a.View.Objects) == 0 {
		return app.P().Class("muted", "small").Text(tr(a.Lang, "No objects to own this one yet."))
	}
	var rows []app.UI
	for i, o := range a.View.Objects {
		if i == maxOwnerChoices {
			rows = append(rows, app.Li().Class("muted", "small").Textf(tr(a.Lang, "… %d more: use YAML to name them"), len(a.View.Objects)-i))
			break
		}
		o := o
		c := a.owners[o.UID]
		scope := app.EventScope(string(o.UID))
		label := o.Kind + " " + o.Name
		if o.Namespace != "" {
			label = o.Kind + " " + o.Namespace + "/" + o.Name
		}
		rows = append(rows, app.Li().Class("owner-row").Body(
			app.Label().Class("owner-pick").Body(
				app.Input().Type("checkbox").Checked(c.on).OnChange(func(ctx app.Context, e app.Event) {
					a.setOwner(o.UID, func(c *ownerChoice) { c.on = !c.on })
				}, scope),
				app.Text(label),
			),
			app.If(c.on, func() app.UI {
				return app.Span().Class("owner-flags").Body(
					app.Label().Body(app.Input().Type("checkbox").Checked(c.controller).OnChange(func(ctx app.Context, e app.Event) {
						a.setOwner(o.UID, func(c *ownerChoice) { c.controller = !c.controller })
					}, scope), app.Text("controller")),
					app.Label().Body(app.Input().Type("checkbox").Checked(c.block).OnChange(func(ctx app.Context, e app.Event) {
						a.setOwner(o.UID, func(c *ownerChoice) { c.block = !c.block })
					}, scope), app.Text("blockOwnerDeletion")),
				)
			}),
		))
	}
	return app.Ul().Class("owner-list").Body(rows...)
}

func (a *AuthorPanel) setOwner(uid types.UID, f func(*ownerChoice)) {
	if a.owners == nil {
		a.owners = map[types.UID]ownerChoice{}
	}
	c := a.owners[uid]
	f(&c)
	a.owners[uid] = c
}

// formObject builds the object the form describes.
func (a *AuthorPanel) formObject() *gccore.Object {
	k, _ := a.selectedKind()
	apiVersion, kind, _ := strings.Cut(a.kind, "/")
	if i := strings.LastIndex(a.kind, "/"); i >= 0 {
		apiVersion, kind = a.kind[:i], a.kind[i+1:]
	}
	o := &gccore.Object{TypeMeta: metav1.TypeMeta{APIVersion: apiVersion, Kind: kind},
		ObjectMeta: metav1.ObjectMeta{Name: strings.TrimSpace(a.name)}}
	if k.Namespaced {
		o.Namespace = strings.TrimSpace(a.namespace)
	}
	for _, f := range strings.Split(a.finalizers, ",") {
		if f = strings.TrimSpace(f); f != "" {
			o.Finalizers = append(o.Finalizers, f)
		}
	}
	for _, ow := range a.View.Objects {
		c, ok := a.owners[ow.UID]
		if !ok || !c.on {
			continue
		}
		r := metav1.OwnerReference{APIVersion: ow.APIVersion, Kind: ow.Kind, Name: ow.Name, UID: ow.UID}
		if c.controller {
			r.Controller = boolPtr(true)
		}
		if c.block {
			r.BlockOwnerDeletion = boolPtr(true)
		}
		o.OwnerReferences = append(o.OwnerReferences, r)
	}
	return o
}

func boolPtr(b bool) *bool { return &b }

func (a *AuthorPanel) formYAML() string {
	u := a.formObject().Unstructured().Object
	b, err := yaml.Marshal(u)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

func (a *AuthorPanel) submitForm(ctx app.Context) {
	a.formErr = ""
	if err := a.OnCreate(ctx, a.formYAML()); err != nil {
		a.formErr = err.Error()
		return
	}
	a.name, a.finalizers, a.owners = "", "", nil
	setFieldValue("f-name", "")
	setFieldValue("f-finalizers", "")
}
