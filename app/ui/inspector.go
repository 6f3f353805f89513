package ui

import (
	"fmt"
	"github.com/gcplay/gcplay/app/session"
	"strings"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/rules"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"k8s.io/apimachinery/pkg/types"
)

// Inspector shows the selected object: why it is still there, its owners, dependents,
// finalizers (with add / remove: you play the controller that owns a finalizer) and its
// YAML; for a GC-only node, what the GC's graph holds.
type Inspector struct {
	app.Compo

	View     *workspace.View
	Selected types.UID
	Lang     string            // the page's language (i18n.go)
	Why      []session.WhyLine // session.Why: the selected object's reasons in Lang, with their rule ids
	YAML     string

	onSelect    func(app.Context, types.UID)
	onFinalizer func(ctx app.Context, ref gccore.ObjectRef, finalizer string, add bool)
	onRule      func(app.Context, string)

	newFinalizer string
}

// Render draws the inspector.
func (in *Inspector) Render() (ui app.UI) {
	defer recoverRender(&ui, "inspector")
	o, ok := in.View.ObjectByUID(in.Selected)
	if !ok {
		if n, inGraph := in.View.InGraph[in.Selected]; inGraph {
			return in.renderNode(n)
		}
		return app.Div().Class("panel", "inspector").Body(
			app.P().Class("muted").Text(tr(in.Lang, "Select an object in the graph to see its YAML, owners, dependents and finalizers, and why it is not deleted yet.")),
		)
	}
	state := tr(in.Lang, "live")
	if o.Terminating() {
		state = fmt.Sprintf(tr(in.Lang, "Terminating since %s (tick %d)"), o.DeletionTimestamp.UTC().Format("15:04:05"), o.DeletionTimestamp.Unix()-gccore.Epoch.Unix())
	}
	return app.Div().Class("panel", "inspector").Body(
		app.H2().Text(o.Kind+" "+o.Name),
		app.P().Class("muted").Textf("%s · %s · uid %s · %s", o.APIVersion, nsOrCluster(in.Lang, o.Namespace), o.UID, state),
		app.H3().Text(tr(in.Lang, "Why is it not deleted yet?")),
		app.Ul().Class("why").Body(in.whyItems()...),
		app.H3().Text(tr(in.Lang, "Owners")),
		in.owners(o),
		app.H3().Text(tr(in.Lang, "Dependents")),
		in.dependents(o),
		app.H3().Text(tr(in.Lang, "Finalizers")),
		in.finalizers(o),
		app.H3().Text("YAML"),
		app.Pre().Class("yaml").Text(in.YAML),
	)
}

// citedText is ruleText for the page's own sentences: it finds the ids they cite.
func citedText(text string, onRule func(app.Context, string)) []app.UI {
	return ruleText(text, rules.CitedIDs(text), onRule)
}

func (in *Inspector) whyItems() []app.UI {
	var out []app.UI
	for _, s := range in.Why {
		out = append(out, app.Li().Body(ruleText(s.Text, s.Rules, in.onRule)...))
	}
	return out
}

func (in *Inspector) owners(o *gccore.Object) app.UI {
	if len(o.OwnerReferences) == 0 {
		return app.P().Class("muted").Body(citedText(tr(in.Lang, "None: the GC never collects it (DEL-7)."), in.onRule)...)
	}
	var items []app.UI
	for _, r := range o.OwnerReferences {
		flags := []string{}
		if r.Controller != nil && *r.Controller {
			flags = append(flags, "controller")
		}
		if r.BlockOwnerDeletion != nil && *r.BlockOwnerDeletion {
			flags = append(flags, "blockOwnerDeletion")
		}
		label := r.Kind + " " + r.Name
		if len(flags) > 0 {
			label += " (" + strings.Join(flags, ", ") + ")"
		}
		items = append(items, in.link(r.UID, label))
	}
	return app.Ul().Class("refs").Body(items...)
}

func (in *Inspector) dependents(o *gccore.Object) app.UI {
	var items []app.UI
	for _, d := range in.View.Objects {
		for _, r := range d.OwnerReferences {
			if r.UID == o.UID {
				items = append(items, in.link(d.UID, d.Kind+" "+d.Name))
				break
			}
		}
	}
	if len(items) == 0 {
		return app.P().Class("muted").Text(tr(in.Lang, "None stored."))
	}
	return app.Ul().Class("refs").Body(items...)
}

// link is a list item that selects uid, or says the object is absent.
func (in *Inspector) link(uid types.UID, label string) app.UI {
	if _, ok := in.View.InAPI[uid]; !ok {
		return app.Li().Body(app.Span().Text(label), app.Span().Class("muted").Text(tr(in.Lang, " — not stored")))
	}
	return app.Li().Body(app.Button().Class("linkish").Text(label).
		OnClick(func(ctx app.Context, e app.Event) { in.onSelect(ctx, uid) }, app.EventScope(string(uid))))
}

func (in *Inspector) finalizers(o *gccore.Object) app.UI {
	var items []app.UI
	for _, f := range o.Finalizers {
		f := f
		items = append(items, app.Li().Body(
			app.Code().Text(f),
			app.Button().Class("btn", "btn-small").Title(tr(in.Lang, "Remove this finalizer, as its controller would")).
				Aria("label", tr(in.Lang, "Remove finalizer")+" "+f).Text(tr(in.Lang, "Remove")).
				OnClick(func(ctx app.Context, e app.Event) { in.onFinalizer(ctx, o.Ref(), f, false) }, app.EventScope(f)),
		))
	}
	if len(items) == 0 {
		items = append(items, app.Li().Class("muted").Text(tr(in.Lang, "None.")))
	}
	return app.Div().Body(
		app.Ul().Class("finalizers").Body(items...),
		app.Form().Class("inline-form").OnSubmit(func(ctx app.Context, e app.Event) {
			e.PreventDefault()
		}).Body(
			app.Input().ID("finalizer-input").Type("text").Placeholder("example.com/hold").Aria("label", tr(in.Lang, "Finalizer to add")).
				Value(in.newFinalizer).OnInput(in.ValueTo(&in.newFinalizer)),
			app.Button().Type("button").Class("btn", "btn-small").Text(tr(in.Lang, "Add finalizer")).
				OnClick(func(ctx app.Context, e app.Event) {
					if f := strings.TrimSpace(in.newFinalizer); f != "" {
						in.onFinalizer(ctx, o.Ref(), f, true)
						in.newFinalizer = ""
						setFieldValue("finalizer-input", "")
					}
				}),
		),
	)
}

func (in *Inspector) renderNode(n gccore.NodeView) app.UI {
	return app.Div().Class("panel", "inspector").Body(
		app.H2().Text(n.Kind+" "+n.Name),
		app.P().Class("muted").Textf(tr(in.Lang, "GC graph node · %s · uid %s"), nsOrCluster(in.Lang, n.Namespace), n.UID),
		app.P().Body(citedText(tr(in.Lang, nodeText(n)), in.onRule)...),
		app.Pre().Class("yaml").Text(gccore.NodeLine(n)),
	)
}

func nodeText(n gccore.NodeView) string {
	if n.Virtual {
		return "A virtual node: the GC knows this owner only from a dependent's ownerReference and will look it up (N-3, DEL-8)."
	}
	return "The API server no longer stores this object; the GC's graph still has it until its informer delivers the deletion (GB-1, GB-10)."
}

func nsOrCluster(lang, ns string) string {
	if ns == "" {
		return tr(lang, "cluster-scoped")
	}
	return tr(lang, "namespace") + " " + ns
}
