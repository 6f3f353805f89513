package ui

import (
	"fmt"

	"github.com/gcplay/gcplay/app/session"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Compare mode's own Delete (issue 26 §3) and the legend of its marks: the parts of
// CompareView about the objects themselves rather than the runs' time.

// legend explains the graphs' two compare marks, at the banner's end.
func (v *CompareView) legend() app.UI {
	return app.Span().Class("lg", "cmp-legend").Body(
		app.Span().Class("lg-box", "lg-fate"), app.Text(tr(v.Lang, "fate differs in the other run")),
		app.Span().Class("lg-box", "lg-ghost"), app.Text(tr(v.Lang, "gone here, stored in the other run")),
	)
}

// deleteGroup names the object selected in either graph and deletes it in both runs,
// each with its policy: A with the workspace's, B with its own (the compared one when
// the setting is policy).
func (v *CompareView) deleteGroup() app.UI {
	c := v.Compare
	ref, ok := c.Selected()
	what := app.Span().Class("sel-none").Text(tr(v.Lang, "Click an object to select it."))
	if ok {
		label := ref.Kind + " " + ref.Name
		if ref.Namespace != "" {
			label = ref.Kind + " " + ref.Namespace + "/" + ref.Name
		}
		what = app.Span().Class("sel-name").DataSet("compare-selected", ref.String()).Title(ref.String()).Text(label)
	}
	policies := fmt.Sprintf(tr(v.Lang, "A: %s · B: %s"), v.policyName(c.A.Policy), v.policyName(c.B.Policy))
	title := tr(v.Lang, "Delete the selected object in both runs, each with its policy (Delete key)")
	cannot := c.CanDelete()
	if ok && cannot != nil {
		title = cannot.Error() // gone in a run: say which
	}
	return app.Div().Class("tb-group", "cmp-delete").Body(
		what,
		app.Button().Class("btn", "btn-danger").DataSet("compare-delete", "1").Disabled(cannot != nil).Title(title).
			Text(tr(v.Lang, "Delete")).OnClick(func(ctx app.Context, e app.Event) { v.onCmd(ctx, session.CmdDelete) }),
		app.Span().Class("cmp-policies").DataSet("policies", c.A.Policy+"|"+c.B.Policy).Text(policies),
	)
}

// policyName is a policy as the Delete bar names it: "" is the API server's default.
func (v *CompareView) policyName(policy string) string {
	if policy == "" {
		return tr(v.Lang, "Default")
	}
	return policy
}
