package ui

import (
	"github.com/gcplay/gcplay/app/session"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ExportPanel offers the session as a scenario file, the objects as YAML, the GC's graph
// as DOT, the drawn graph as SVG, and a link that reopens the session.
type ExportPanel struct {
	app.Compo

	Lang     string
	View     *workspace.View
	OnExport func(app.Context, string)
	Link     string // the #scenario= link of the session
}

// Render draws the export buttons.
func (x *ExportPanel) Render() (ui app.UI) {
	defer recoverRender(&ui, "export")
	item := func(format, label, about string) app.UI {
		return app.Li().Body(
			app.Button().Class("btn").Text(tr(x.Lang, label)).
				OnClick(func(ctx app.Context, e app.Event) { x.OnExport(ctx, format) }, app.EventScope(format)),
			app.Span().Class("muted", "small").Text(" "+tr(x.Lang, about)),
		)
	}
	return app.Div().Class("panel", "export").Body(
		app.H2().Text(tr(x.Lang, "Export")),
		app.Ul().Class("export-list").Body(
			item(session.ExportScenario, "Session as scenario", "a scenario file that gcplay sim replays to the same end state"),
			item(session.ExportYAML, "Objects as YAML", "the stored objects as a v1 List, as gcplay sim prints them"),
			item(session.ExportDOT, "GC graph as DOT", "uidToNode, like kube-controller-manager's debug handler"),
			item(session.ExportSVG, "Graph as SVG", "the graph as drawn now"),
		),
		app.H3().Text(tr(x.Lang, "Link to this session")),
		app.P().Class("muted", "small").Text(tr(x.Lang, "The link carries the session as a scenario; it opens paused at tick 0.")),
		app.Textarea().Class("link-box").ReadOnly(true).Rows(3).Aria("label", tr(x.Lang, "Session link")).Text(x.Link),
	)
}
