package ui

import (
	"github.com/gcplay/gcplay/app/store/catalog"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// StorageNotices says what happened to the stored work and offers the choices: a
// record kept aside (download it raw or discard it), another tab's change to this
// workspace (reload theirs or keep mine as a copy), storage that does not keep the
// work (continues in memory), a deletion (undo). They stay until acted on.
type StorageNotices struct {
	app.Compo

	Lang     string                // the page's language (i18n.go)
	Note     string                // storage unavailable or a write failed
	Kept     []catalog.Quarantined // records kept aside
	Conflict string                // why saving is paused, if it is
	Gone     bool                  // the conflict is a deletion in another tab
	Deleted  string                // the name of the workspace just deleted

	onDownload func(app.Context, string)
	onDiscard  func(app.Context, string)
	onTheirs   func(app.Context)
	onMine     func(app.Context)
	onUndo     func(app.Context)
	onForget   func(app.Context) // dismisses the deletion notice
}

// Render draws one notice per matter, or nothing.
func (n *StorageNotices) Render() (ui app.UI) {
	defer recoverRender(&ui, "storage notices")
	btn := func(label, scope string, primary bool, f func(app.Context)) app.UI {
		b := app.Button().Class("btn", "btn-small").Text(tr(n.Lang, label))
		if primary {
			b = b.Class("btn-primary")
		}
		return b.OnClick(func(ctx app.Context, e app.Event) { f(ctx) }, app.EventScope(scope))
	}
	var items []app.UI
	if n.Note != "" {
		items = append(items, app.Div().Class("snote", "snote-warn", "snote-storage").Role("alert").Body(
			app.Span().Text(n.Note)))
	}
	if n.Conflict != "" {
		body := []app.UI{app.Span().Textf(tr(n.Lang, "Not saved: %s. Saving here is paused so that neither tab's work is lost."), n.Conflict)}
		if !n.Gone {
			body = append(body, btn("Reload theirs", "theirs", false, n.onTheirs))
		}
		body = append(body, btn("Keep mine as a copy", "mine", true, n.onMine))
		items = append(items, app.Div().Class("snote", "snote-warn", "snote-conflict").Role("alert").Body(body...))
	}
	for _, q := range n.Kept {
		key := q.Key
		from := q.From
		if from == "" {
			from = tr(n.Lang, "an earlier record")
		}
		items = append(items, app.Div().Class("snote", "snote-error", "snote-kept").Role("alert").DataSet("quarantine", key).Body(
			app.Span().Textf(tr(n.Lang, "A stored record could not be read and is kept aside untouched: %s (%s)."), from, q.Reason),
			btn("Download", "dl"+key, true, func(ctx app.Context) { n.onDownload(ctx, key) }),
			btn("Discard", "rm"+key, false, func(ctx app.Context) { n.onDiscard(ctx, key) }),
		))
	}
	if n.Deleted != "" {
		items = append(items, app.Div().Class("snote", "snote-info", "snote-deleted").Role("status").Body(
			app.Span().Textf(tr(n.Lang, "Deleted workspace %q."), n.Deleted),
			btn("Undo", "undo", true, n.onUndo),
			app.Button().Class("notice-close").Aria("label", tr(n.Lang, "Dismiss")).Text("×").
				OnClick(func(ctx app.Context, e app.Event) { n.onForget(ctx) }),
		))
	}
	return app.Div().Class("snotes").Body(items...)
}
