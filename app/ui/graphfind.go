package ui

import (
	"fmt"

	"github.com/gcplay/gcplay/app/scene"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// findLimit is how many matches the search lists.
const findLimit = 12

// GraphFind is the graph header's search box: it lists the objects whose kind,
// namespace or name contain what is typed; choosing one hands its node id to onPick,
// which unfolds, selects and centres it. Enter picks the first match, Escape clears.
type GraphFind struct {
	app.Compo

	View *workspace.View
	Mode scene.Mode
	Lang string // the page's language (i18n.go)
	// ID is the box's element id: "graph-find" on the page, one per graph where a page
	// shows two (compare mode), since an id names one element.
	ID string

	onPick func(app.Context, string)

	query string
}

// Render draws the box and, while something is typed, the matches under it.
func (f *GraphFind) Render() app.UI {
	var matches []scene.Match
	total := 0
	if f.query != "" && f.View != nil {
		matches, total = scene.Find(f.View, f.Mode, f.query, findLimit)
	}
	return app.Div().Class("graph-find").Body(
		app.Input().ID(f.ID).Type("search").Class("graph-find-input").Placeholder(tr(f.Lang, "Find object…")).
			Aria("label", tr(f.Lang, "Find an object in the graph")).AutoComplete(false).
			OnInput(func(ctx app.Context, e app.Event) { f.query = ctx.JSSrc().Get("value").String() }).
			OnKeyDown(func(ctx app.Context, e app.Event) {
				switch e.Get("key").String() {
				case "Escape":
					f.clear()
				case "Enter":
					if len(matches) > 0 {
						f.pick(ctx, matches[0].ID)
					}
				}
			}),
		app.If(f.query != "", func() app.UI {
			return app.Div().Class("graph-find-list").Role("listbox").Aria("label", tr(f.Lang, "Matching objects")).Body(
				app.Range(matches).Slice(func(i int) app.UI {
					m := matches[i]
					where := m.Name
					if m.Namespace != "" {
						where = m.Namespace + "/" + m.Name
					}
					return app.Button().Class("graph-find-item").Role("option").DataSet("match", m.ID).Title(m.Kind+" "+where).Body(
						app.Span().Class("gf-kind").Text(m.Kind),
						app.Span().Class("gf-name").Text(where),
					).OnClick(func(ctx app.Context, e app.Event) { f.pick(ctx, m.ID) }, app.EventScope(m.ID))
				}),
				app.If(total == 0, func() app.UI {
					return app.P().Class("graph-find-note").Text(tr(f.Lang, "No object matches. Words match a kind, namespace or name."))
				}),
				app.If(total > len(matches), func() app.UI {
					return app.P().Class("graph-find-note").Text(fmt.Sprintf("%d more: type more of the name.", total-len(matches)))
				}),
			)
		}),
	)
}

func (f *GraphFind) pick(ctx app.Context, id string) {
	f.clear()
	if f.onPick != nil {
		f.onPick(ctx, id)
	}
}

func (f *GraphFind) clear() {
	f.query = ""
	setFieldValue(f.ID, "")
}
