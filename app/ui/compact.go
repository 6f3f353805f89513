package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// A short window (a 1366×768 laptop, a projector at 1280×720) cannot give the graph
// room beside a row of queues and a trace under it: there the queues and the trace
// become tabs of the side panel (tabQueues, tabTrace) and the graph takes the whole
// height left of it. The side panel tabs before the graph shrinks (issue 22).

// compactQuery is when the page is compact: short, and wide enough that the panels sit
// side by side (narrower, they stack and the page scrolls; playground.css).
const compactQuery = "(max-height: 820px) and (min-width: 961px)"

// The side tabs a compact page adds after the Inspector; an embedded lesson shows the
// trace as a tab too (embedTabs).
const (
	tabQueues = "Queues"
	tabTrace  = "Trace"
)

// listenCompact calls onChange with whether the window matches compactQuery now, and
// again on the UI goroutine whenever that changes.
func listenCompact(ctx app.Context, onChange func(app.Context, bool)) func() {
	mq := app.Window().Call("matchMedia", compactQuery)
	onChange(ctx, mq.Get("matches").Bool())
	return listen(mq, "change", func(e app.Value) {
		m := e.Get("matches").Bool()
		ctx.Dispatch(func(ctx app.Context) { onChange(ctx, m) })
	})
}

// sideTabs are the side panel's tabs: the queues and the trace join them when compact.
func (p *Playground) sideTabs() []string {
	if !p.compact {
		return tabs
	}
	return append([]string{tabInspector, tabQueues, tabTrace}, tabs[1:]...)
}

// setCompact switches the layout; a queues or trace tab left open falls back to the
// Inspector when the bottom row returns (renderTab).
func (p *Playground) setCompact(ctx app.Context, compact bool) {
	p.compact = compact
	if !compact && (p.tab == tabQueues || p.tab == tabTrace) {
		p.tab = tabInspector
	}
}

// compactClass is the page's class for the layout.
func compactClass(compact bool) string {
	if compact {
		return "pg-compact"
	}
	return ""
}
