package ui

import (
	"github.com/gcplay/gcplay/app/session"
	"github.com/gcplay/gcplay/gccore"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"k8s.io/apimachinery/pkg/types"
)

// SelectionBar names the selected object and deletes it with the chosen propagation
// policy. The radio labels (Orphan, Background, Foreground) and the Delete button are
// part of the browser-test contract.
type SelectionBar struct {
	app.Compo

	// Object is the selected object, nil when none is selected or it is gone (Selected
	// says which): the bar takes no view, so a tick that leaves the selection alone does
	// not render it again.
	Object   *gccore.Object
	Selected types.UID
	Policy   string // "" is the API server's default for the kind (API-10)

	onPolicy func(app.Context, string)
	Lang     string // the page's language (i18n.go)
	Locked   bool   // the open lesson does not use Delete
	onCmd    func(app.Context, session.Cmd)
}

// Render draws the bar.
func (b *SelectionBar) Render() (ui app.UI) {
	defer recoverRender(&ui, "selection")
	o := b.Object
	what := app.Span().Class("sel-none").Text(tr(b.Lang, "Click an object to select it."))
	if o != nil {
		label := o.Kind + " " + o.Name
		if o.Namespace != "" {
			label = o.Kind + " " + o.Namespace + "/" + o.Name
		}
		what = app.Span().Class("sel-name").Title(o.Ref().String()).Text(label)
	} else if b.Selected != "" {
		what = app.Span().Class("sel-none").Text(tr(b.Lang, "The selected object is gone."))
	}
	radios := []app.UI{app.Span().Class("tb-label").Text(tr(b.Lang, "Policy"))}
	for _, pol := range session.Policies {
		pol := pol
		label := pol
		title := "propagationPolicy: " + pol
		if pol == "" {
			label = tr(b.Lang, "Default")
			title = tr(b.Lang, "No propagationPolicy: the API server's default for the kind (Orphan for ReplicationController, ReplicaSet, StatefulSet, DaemonSet and Deployment in extensions/v1beta1 and apps/v1beta1/2; Background otherwise; API-10)")
		}
		radios = append(radios, app.Label().Class("radio").Title(title).Body(
			app.Input().Type("radio").Name("policy").Value(label).Checked(pol == b.Policy).
				OnChange(func(ctx app.Context, e app.Event) { b.onPolicy(ctx, pol) }, app.EventScope(label)),
			app.Text(label),
		))
	}
	return app.Div().Class("selbar").Body(
		app.Div().Class("sel-what").Body(app.Span().Class("tb-label").Text(tr(b.Lang, "Selected")), what),
		app.Div().Class("sel-policy").Role("radiogroup").Aria("label", tr(b.Lang, "Deletion propagation policy")).Body(radios...),
		app.Button().Class("btn", "btn-danger").Title(tr(b.Lang, "Delete the selected object with the chosen policy (Delete key)")).
			Disabled(o == nil || b.Locked).Text(tr(b.Lang, "Delete")).
			OnClick(func(ctx app.Context, e app.Event) { b.onCmd(ctx, session.CmdDelete) }),
	)
}
