package ui

import (
	"strings"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// traceSlots is how many records the log draws. Record seq goes to slot seq%traceSlots
// and CSS `order: seq` sorts the slots: a new record re-renders one slot, where a plain
// list would shift (and re-render) every row, since go-app diffs children by position.
const traceSlots = 150

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

// Render draws the record; a zero Seq is an empty slot. Every row has the same
// elements (empty when a field is), so an update changes text, never the structure.
func (r *TraceRow) Render() app.UI {
	if r.Seq == 0 {
		return app.Li().Class("tr-free")
	}
	call := r.Call
	if r.Result != "" {
		call += " → " + r.Result
	}
	return app.Li().Class("tr").Style("order", "%d", r.Seq).Body(
		app.Span().Class("tr-tick").Textf("t=%d", r.Tick),
		app.Span().Class("tr-comp", "c-"+compClass(r.Component)).Text(r.Component),
		app.Span().Class("tr-queue").Text(r.Queue),
		app.Span().Class("tr-rule").Body(ruleLinks(r.Rule)...),
		app.Span().Class("tr-key").Text(r.Key),
		app.Span().Class("tr-text").Text(r.Text),
		app.Code().Class("tr-call").Text(call),
	)
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
