package ui

import (
	"time"

	"github.com/gcplay/gcplay/app/store/catalog"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// WorkspacesMenu lists the stored workspaces and makes, renames, duplicates, deletes
// and switches them. Each entry is an element with data-workspace holding its id (the
// browser-test contract); the open one has aria-current.
type WorkspacesMenu struct {
	app.Compo

	Entries []catalog.Entry
	Current string
	Lang    string // the page's language (i18n.go)
	Open    bool

	renaming string // the entry whose name is being edited
	draft    string
	from     string // the example a new workspace starts from
	release  func() // removes the outside-press listener

	onToggle    func(app.Context)
	onSwitch    func(app.Context, string)
	onNew       func(app.Context, string) // an example id
	onRename    func(app.Context, string, string)
	onDuplicate func(app.Context, string)
	onDelete    func(app.Context, string)
}

// OnMount closes the menu on a press anywhere outside it.
func (m *WorkspacesMenu) OnMount(ctx app.Context) {
	if app.IsServer {
		return
	}
	el := ctx.JSSrc()
	m.release = listen(app.Window().Get("document"), "pointerdown", func(e app.Value) {
		if !el.Call("contains", e.Get("target")).Bool() {
			ctx.Dispatch(func(ctx app.Context) {
				if m.Open {
					m.onToggle(ctx)
				}
			})
		}
	})
}

// OnDismount removes the listener.
func (m *WorkspacesMenu) OnDismount() {
	if m.release != nil {
		m.release()
	}
}

// Render draws the button and, when open, the menu.
func (m *WorkspacesMenu) Render() (ui app.UI) {
	defer recoverRender(&ui, "workspaces")
	return app.Div().Class("ws-menu").Body(
		app.Button().Class("btn", "btn-small", "ws-toggle").Aria("haspopup", "true").Aria("expanded", m.Open).
			Title(tr(m.Lang, "Your workspaces: switch, create, rename, duplicate, delete")).Text(tr(m.Lang, "Workspaces")).
			OnClick(func(ctx app.Context, e app.Event) { m.onToggle(ctx) }),
		app.If(m.Open, func() app.UI {
			return app.Div().Class("ws-panel").Role("dialog").Aria("label", tr(m.Lang, "Workspaces")).Body(
				app.Ul().Class("ws-list").Body(app.Range(m.Entries).Slice(func(i int) app.UI { return m.entry(m.Entries[i]) })),
				m.newForm(),
			)
		}),
	)
}

func (m *WorkspacesMenu) entry(e catalog.Entry) app.UI {
	id := e.ID
	li := app.Li().Class("ws-item").DataSet("workspace", id)
	if id == m.Current {
		li = li.Class("ws-current").Aria("current", "true")
	}
	small := func(label, title string, f func(app.Context)) app.UI {
		return app.Button().Class("btn", "btn-small").Title(tr(m.Lang, title)).Text(tr(m.Lang, label)).
			OnClick(func(ctx app.Context, ev app.Event) { f(ctx) }, app.EventScope(label+id))
	}
	if m.renaming == id {
		return li.Body(
			app.Form().Class("ws-rename").OnSubmit(func(ctx app.Context, ev app.Event) {
				ev.PreventDefault()
				m.renaming = ""
				m.onRename(ctx, id, m.draft)
			}, app.EventScope("rename"+id)).Body(
				app.Input().Type("text").Class("ws-name-input").Value(m.draft).MaxLength(80).AutoFocus(true).
					Aria("label", tr(m.Lang, "New name")).
					OnInput(func(ctx app.Context, ev app.Event) { m.draft = ctx.JSSrc().Get("value").String() }, app.EventScope("draft"+id)),
				app.Button().Type("submit").Class("btn", "btn-small", "btn-primary").Text(tr(m.Lang, "Save name")),
				small("Cancel", "Keep the name", func(app.Context) { m.renaming = "" }),
			),
		)
	}
	return li.Body(
		app.Button().Class("linkish", "ws-open").Title(tr(m.Lang, "Switch to this workspace")).Text(e.Name).
			OnClick(func(ctx app.Context, ev app.Event) { m.onSwitch(ctx, id) }, app.EventScope("open"+id)),
		app.Span().Class("ws-updated").Text(shortDate(m.Lang, e.Updated.Local())),
		app.Span().Class("ws-actions").Body(
			small("Rename", "Rename this workspace", func(app.Context) { m.renaming, m.draft = id, e.Name }),
			small("Duplicate", "Make a copy of this workspace", func(ctx app.Context) { m.onDuplicate(ctx, id) }),
			small("Delete", "Delete this workspace (it can be undone)", func(ctx app.Context) { m.onDelete(ctx, id) }),
		),
	)
}

func (m *WorkspacesMenu) newForm() app.UI {
	if m.from == "" {
		m.from = "blank"
	}
	var opts []app.UI
	for _, ex := range workspace.Examples() {
		opts = append(opts, app.Option().Value(ex.ID).Selected(ex.ID == m.from).Text(tr(m.Lang, ex.Title)))
	}
	return app.Div().Class("ws-new").Body(
		app.Label().Body(
			app.Span().Text(tr(m.Lang, "New workspace from ")),
			app.Select().Aria("label", tr(m.Lang, "Start the new workspace from")).
				OnChange(func(ctx app.Context, e app.Event) { m.from = ctx.JSSrc().Get("value").String() }).
				Body(opts...),
		),
		app.Button().Class("btn", "btn-small", "btn-primary").Text(tr(m.Lang, "Create")).
			OnClick(func(ctx app.Context, e app.Event) { m.onNew(ctx, m.from) }),
	)
}

// shortDate is when a workspace changed, as each language writes a date ("Nov 27 09:15",
// "11月27日 09:15").
func shortDate(lang string, t time.Time) string {
	if lang == "zh-CN" {
		return t.Format("1月2日 15:04")
	}
	return t.Format("Jan 2 15:04")
}
