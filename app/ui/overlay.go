package ui

import (
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore/rules"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// renderOverlay draws the help overlay or a rule's text over the page.
func (p *Playground) renderOverlay(v *workspace.View) app.UI {
	var title string
	var body []app.UI
	switch p.overlay {
	case overlayHelp:
		title = tr(p.s.Lang, "Help")
		var rows []app.UI
		for _, s := range Shortcuts {
			rows = append(rows, app.Tr().Body(app.Td().Body(app.Kbd().Text(keyLabel(s.Key))), app.Td().Text(tr(p.s.Lang, s.Text))))
		}
		body = []app.UI{
			app.H3().Text(tr(p.s.Lang, "Getting started")),
			app.Ol().Class("help-start").Body(
				app.Li().Text(tr(p.s.Lang, "Open an example from the menu at the top; the blue strip says what it shows and what to try first.")),
				app.Li().Text(tr(p.s.Lang, "Click an object in the graph, choose a policy (Background, Foreground, Orphan) and press Delete.")),
				app.Li().Text(tr(p.s.Lang, "Press Step to advance one tick, or Run until idle. Watch the queues and the trace below the graph.")),
				app.Li().Text(tr(p.s.Lang, "Select an object to read, in the Inspector, why the GC has not deleted it yet.")),
			),
			app.P().Class("muted").Text(tr(p.s.Lang, "Switch to \"GC graph\" to see the garbage collector's own view (uidToNode), which lags the API server by the informer delay. Click a rule id (like DEL-9c) anywhere to read the rule.")),
			app.Button().Class("btn", "btn-small").Text(tr(p.s.Lang, "Take the tour again")).
				OnClick(func(ctx app.Context, e app.Event) { p.overlay, p.tour = overlayNone, 1 }),
			app.H3().Text(tr(p.s.Lang, "Keyboard shortcuts")),
			app.Table().Class("keys").Body(rows...),
			app.P().Class("muted").Text(tr(p.s.Lang, "Shortcuts work anywhere outside text fields.")),
			app.P().Class("muted").Body(
				app.Text(tr(p.s.Lang, "Open any scenario file by URL: ")), app.Code().Text("/#scenario=<base64url of the YAML>"),
				app.Text(tr(p.s.Lang, ". The page opens it paused at tick 0.")),
			),
		}
	case overlayShare:
		title = tr(p.s.Lang, "Share")
		lesson := ""
		if r := p.s.Lesson(); r != nil {
			lesson = r.L.ID
		}
		body = shareBody(p.s.Lang, p.share, lesson, func(ctx app.Context, text, what string) {
			copyToClipboard(ctx, p.s.Lang, text, what, p.s.Inform)
		})
	case overlayRule:
		r, ok := rules.Lookup(p.rule)
		title = p.rule
		if !ok {
			body = []app.UI{app.P().Text(tr(p.s.Lang, "Unknown rule") + " " + p.rule)}
			break
		}
		title = r.ID + " — " + r.Title
		body = []app.UI{app.Raw(ruleMarkdown(r.Text))}
	case overlayLessons:
		title = t(p.s.Lang, "lessonsTitle")
		body = lessonsMenu(p.s.Lang, p.lib, p.s.Progress, p.openLesson)
	default:
		return app.Div().Class("overlay-none")
	}
	return app.Div().Class("overlay").OnClick(func(ctx app.Context, e app.Event) {
		if e.Get("target").Get("classList").Call("contains", "overlay").Bool() {
			p.overlay = overlayNone
		}
	}).Body(
		app.Div().Class("dialog").Role("dialog").Aria("modal", true).Aria("label", title).Body(
			app.Div().Class("dialog-head").Body(
				app.H2().Text(title),
				app.Button().Class("btn", "btn-small").Text(tr(p.s.Lang, "Close")).
					OnClick(func(ctx app.Context, e app.Event) { p.overlay = overlayNone }),
			),
			// Rule ids in a rule's text open that rule (one delegated handler).
			app.Div().Class("dialog-body").OnClick(func(ctx app.Context, e app.Event) {
				if b := e.Get("target").Call("closest", "[data-rule]"); b.Truthy() {
					p.showRule(ctx, b.Call("getAttribute", "data-rule").String())
				}
			}).Body(body...),
		),
	)
}
