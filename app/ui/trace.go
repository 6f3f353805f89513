package ui

import (
	"fmt"
	"html"
	"strings"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// traceSlots is how many records the log draws. Record seq goes to slot seq%traceSlots
// and CSS `order: seq` sorts the slots: a new record re-renders one slot, where a plain
// list would shift (and re-render) every row, since go-app diffs children by position.
const traceSlots = 80

// TracePanel is the event log: every record with its tick, component, rule (a link to
// the rule's text) and API call.
type TracePanel struct {
	app.Compo

	View   *workspace.View
	OnRule func(app.Context, string)

	filter string
}

// Render draws the newest records, oldest first, scrolled to the end.
func (t *TracePanel) Render() (ui app.UI) {
	defer recoverRender(&ui, "trace")
	all := t.View.Trace
	recs := all
	if f := strings.ToLower(strings.TrimSpace(t.filter)); f != "" {
		var keep []gccore.Record
		for _, r := range all {
			if strings.Contains(strings.ToLower(r.String()), f) {
				keep = append(keep, r)
			}
		}
		recs = keep
	}
	if len(recs) > traceSlots {
		recs = recs[len(recs)-traceSlots:]
	}
	rows := make([]app.UI, traceSlots)
	for i := range rows {
		rows[i] = &TraceRow{}
	}
	for i, r := range recs {
		slot := int(r.Seq % traceSlots)
		if t.filter != "" {
			slot = i // filtered: positions are not stable anyway
		}
		rows[slot] = &TraceRow{Seq: r.Seq, Tick: r.Tick, Component: r.Component, Queue: r.Queue, Rule: r.Rule,
			Key: r.Key, Text: r.Text, Call: r.Call, Result: r.Result}
	}
	return app.Div().Class("panel", "trace").Body(
		app.Div().Class("trace-head").Body(
			app.H3().Body(app.Text("Trace"), app.Span().Class("count").Textf("%d", len(all))),
			app.Input().Type("search").Placeholder("filter (rule, key, text)").Aria("label", "Filter the trace").
				Value(t.filter).OnInput(t.ValueTo(&t.filter)),
			app.If(len(all) > len(recs) && t.filter == "", func() app.UI {
				return app.Span().Class("muted", "small").Textf("the last %d", len(recs))
			}),
		),
		// column-reverse keeps the log scrolled to its end as rows are added.
		app.Div().Class("trace-scroll").Body(
			app.Ol().Class("trace-list").OnClick(t.onClick).Body(rows...),
		),
	)
}

// onClick opens the rule of a clicked rule id (one delegated handler for every row).
func (t *TracePanel) onClick(ctx app.Context, e app.Event) {
	if b := e.Get("target").Call("closest", "[data-rule]"); b.Truthy() {
		t.OnRule(ctx, b.Call("getAttribute", "data-rule").String())
	}
}

// TraceRow is one record. Its props are plain values so unchanged rows are skipped.
type TraceRow struct {
	app.Compo

	Seq, Tick                                       int64
	Component, Queue, Rule, Key, Text, Call, Result string
}

// Render draws the record as markup (app.Raw): a cascade tick adds dozens of records
// and so changes most rows, and one parse per row is far cheaper than go-app's
// attribute-by-attribute update through syscall/js. A zero Seq is an empty slot.
func (r *TraceRow) Render() app.UI {
	if r.Seq == 0 {
		return app.Raw(`<li class="tr-free"></li>`)
	}
	esc := html.EscapeString
	call := r.Call
	if r.Result != "" {
		call += " → " + r.Result
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<li class="tr" style="order: %d"><span class="tr-tick">t=%d</span><span class="tr-comp c-%s">%s</span><span class="tr-queue">%s</span><span class="tr-rule">`,
		r.Seq, r.Tick, esc(compClass(r.Component)), esc(r.Component), esc(r.Queue))
	writeRuleLinks(&b, r.Rule)
	fmt.Fprintf(&b, `</span><span class="tr-key">%s</span><span class="tr-text">%s</span><code class="tr-call">%s</code></li>`,
		esc(r.Key), esc(r.Text), esc(call))
	return app.Raw(b.String())
}

func compClass(c string) string {
	switch {
	case strings.HasPrefix(c, "delete-worker"):
		return "delete-worker"
	case strings.HasPrefix(c, "orphan-worker"):
		return "orphan-worker"
	}
	return c
}
