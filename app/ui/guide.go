package ui

import (
	"strconv"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The first five minutes: a strip that says what the open example shows and what to try
// first, and a short tour on the first visit. Both are text over the page, never modal:
// the playground stays usable while they show.

// welcomedKey is the localStorage key set once the tour is finished or skipped; the tour
// and the open legend are for a first visit only.
const welcomedKey = "gcplay.welcomed"

// tourSteps are the tour's cards, in order: each names a part of the page, what to do
// with it, and the element it describes (a selector; the card is placed beside it,
// tourplace.go).
var tourSteps = []struct{ title, text, target string }{
	{"The graph", "Each box is an object; an arrow goes from a dependent to its owner. Click a box to select it.", "[data-graph]"},
	{"Delete with a policy", "With an object selected, pick Background, Foreground or Orphan above the graph and press Delete.", ".sel-policy"},
	{"Step the GC", "Step moves one tick (one second): the informers deliver events, the graph builder updates the GC's graph, then each worker takes one item from attemptToDelete or attemptToOrphan.", ".toolbar > .tb-group"},
	{"Queues and trace", "Below the graph: what each queue holds and every decision the GC made. Each line cites a rule such as DEL-9c; click it to read the rule.", ".pg-bottom"},
	{"Why is it still there?", "Select an object: the Inspector tells why the GC has not deleted it yet. Help (?) lists the keys.", ".pg-side .tab:first-child"},
}

// firstVisit reports whether the tour has never been finished or skipped in this browser.
// Storage that cannot be read (a private window) counts as a first visit.
func firstVisit(ctx app.Context) bool {
	var done bool
	_ = ctx.LocalStorage().Get(welcomedKey, &done)
	return !done
}

// endTour closes the tour and the first-visit legend for good.
func (p *Playground) endTour(ctx app.Context) {
	p.tour = 0
	p.legendOpen = false
	_ = ctx.LocalStorage().Set(welcomedKey, true) // a private window forgets it: harmless
}

// renderTour draws the current tour card, if the tour is on.
func (p *Playground) renderTour() app.UI {
	if p.tour < 1 || p.tour > len(tourSteps) {
		return app.Div().Class("tour-none")
	}
	st := tourSteps[p.tour-1]
	if p.compact && st.target == ".pg-bottom" { // the queues and the trace are side tabs
		st.target = ".pg-side .tab:nth-child(2)" // Queues
		st.text = tr(p.s.Lang, "In the side panel's Queues and Trace tabs: what each queue holds and every decision the GC made. Each line cites a rule such as DEL-9c; click it to read the rule.")
	}
	p.ctx.Defer(func(app.Context) { placeTour() })
	last := p.tour == len(tourSteps)
	next := tr(p.s.Lang, "Next")
	if last {
		next = tr(p.s.Lang, "Done")
	}
	return app.Aside().Class("tour").Role("dialog").Aria("label", tr(p.s.Lang, "Tour")).DataSet("tour-step", p.tour).DataSet("tour-target", st.target).Body(
		app.Div().Class("tour-count").Textf(tr(p.s.Lang, "Tour %d of %d"), p.tour, len(tourSteps)),
		app.H2().Text(tr(p.s.Lang, st.title)),
		app.P().Text(tr(p.s.Lang, st.text)),
		app.Div().Class("tour-actions").Body(
			app.Button().Class("btn", "btn-small").Text(tr(p.s.Lang, "Skip tour")).
				OnClick(func(ctx app.Context, e app.Event) { p.endTour(ctx) }),
			app.Button().Class("btn", "btn-small", "btn-primary").Text(next).
				OnClick(func(ctx app.Context, e app.Event) {
					if last {
						p.endTour(ctx)
						return
					}
					p.tour++
				}, app.EventScope(next+strconv.Itoa(p.tour))), // go-app keeps a handler until its scope changes
		),
	)
}

// guideUntouched shows the guide of an example opened as it ships (no step taken yet):
// a first visit's default example, or one reopened untouched.
func (p *Playground) guideUntouched() {
	if v := p.s.View(); v.HistoryLen == 0 {
		if _, ok := workspace.ExampleByID(v.Name); ok {
			p.guide = v.Name
		}
	}
}

// renderGuide draws the open example's purpose and first action, until dismissed.
func (p *Playground) renderGuide() app.UI {
	ex, ok := workspace.ExampleByID(p.guide)
	if !ok {
		return app.Div().Class("guide-none")
	}
	return app.Div().Class("guide").Role("note").DataSet("example", ex.ID).Body(
		app.Strong().Text(tr(p.s.Lang, ex.Title)+": "),
		app.Span().Text(tr(p.s.Lang, ex.Purpose)+" "),
		app.Strong().Text(tr(p.s.Lang, "Try: ")),
		app.Span().Class("guide-try").Text(tr(p.s.Lang, ex.Try)),
		app.Button().Class("guide-close").Aria("label", tr(p.s.Lang, "Hide the example's guide")).Text("×").
			OnClick(func(ctx app.Context, e app.Event) { p.guide = "" }),
	)
}
