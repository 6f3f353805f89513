package ui

import (
	"strconv"
	"strings"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// traceRows is how many records the log draws (the newest): about two screens of the
// panel; the filter finds older ones. Every row costs its parse each tick of a cascade.
const traceRows = 20

// TracePanel is the event log: every record with its tick, component, rule (a link to
// the rule's text) and API call. The rows are markup kept in step by a domList: a
// cascade tick adds dozens of records, and only those are parsed.
type TracePanel struct {
	app.Compo

	View   *workspace.View
	Lang   string // the page's language (i18n.go)
	onRule func(app.Context, string)

	filter string
	rows   domList
	marks  map[int64]traceMark // each shown record's markup, by seq
}

// traceMark is a shown record with its markup. A seq names a record only within one
// history: another workspace, a reset or a rewind followed by a different action
// numbers other records the same, so a mark is reused only for an equal record.
type traceMark struct {
	rec    gccore.Record
	markup string
}

// Render draws the head and the empty list the rows go into (syncRows).
func (t *TracePanel) Render() (ui app.UI) {
	defer recoverRender(&ui, "trace")
	all := t.View.Trace
	return app.Div().Class("panel", "trace").Body(
		app.Div().Class("trace-head").Body(
			app.H3().Body(app.Text(tr(t.Lang, "Trace")), app.Span().Class("count").Textf("%d", len(all))),
			app.Input().Type("search").Placeholder(tr(t.Lang, "filter (rule, key, text)")).Aria("label", tr(t.Lang, "Filter the trace")).
				Value(t.filter).OnInput(t.onFilter),
			app.If(len(all) > traceRows && t.filter == "", func() app.UI {
				return app.Span().Class("muted", "small").Textf(tr(t.Lang, "the last %d"), traceRows)
			}),
		),
		// column-reverse keeps the log scrolled to its end as rows are added.
		app.Div().Class("trace-scroll").Body(
			app.Ol().Class("trace-list").OnClick(t.onClick),
		),
	)
}

func (t *TracePanel) OnMount(ctx app.Context)  { ctx.Defer(t.syncRows) }
func (t *TracePanel) OnUpdate(ctx app.Context) { ctx.Defer(t.syncRows) }

func (t *TracePanel) onFilter(ctx app.Context, e app.Event) {
	t.filter = ctx.JSSrc().Get("value").String()
	ctx.Defer(t.syncRows)
}

// shown is the records the list draws: the newest traceRows, filtered.
func (t *TracePanel) shown() []gccore.Record {
	recs := t.View.Trace
	if f := strings.ToLower(strings.TrimSpace(t.filter)); f != "" {
		var keep []gccore.Record
		for _, r := range recs {
			if strings.Contains(strings.ToLower(r.String()), f) {
				keep = append(keep, r)
			}
		}
		recs = keep
	}
	if len(recs) > traceRows {
		recs = recs[len(recs)-traceRows:]
	}
	return recs
}

func (t *TracePanel) syncRows(ctx app.Context) {
	root := t.JSValue()
	if root == nil || !root.Truthy() {
		return
	}
	t.rows.sync(root.Call("querySelector", ".trace-list"), t.rowMarkup())
}

// rowMarkup is the markup of the rows shown, built only for records not shown before.
func (t *TracePanel) rowMarkup() []keyedMarkup {
	recs := t.shown()
	next := make(map[int64]traceMark, len(recs))
	want := make([]keyedMarkup, len(recs))
	for i, r := range recs {
		m, ok := t.marks[r.Seq]
		if !ok || m.rec != r {
			m = traceMark{rec: r, markup: traceRowMarkup(r, controls(t.View, r.Component))}
		}
		next[r.Seq] = m
		want[i] = keyedMarkup{key: strconv.FormatInt(r.Seq, 10), markup: m.markup}
	}
	t.marks = next
	return want
}

// onClick opens the rule of a clicked rule id (one delegated handler for every row).
func (t *TracePanel) onClick(ctx app.Context, e app.Event) {
	if b := e.Get("target").Call("closest", "[data-rule]"); b.Truthy() {
		t.onRule(ctx, b.Call("getAttribute", "data-rule").String())
	}
}

// controls reports whether c is one of the view's controllers (issue 15): their
// records are marked in the trace, under their names.
func controls(v *workspace.View, c gccore.Component) bool {
	for _, q := range v.ControllerQueues {
		if q.Name == c {
			return true
		}
	}
	return false
}

// traceRowMarkup draws one record: tick, component, queue, rule links, key, text and
// the API call with its result. A controller's records (ctrl) are marked as such.
func traceRowMarkup(r gccore.Record, ctrl bool) string {
	call := r.Call
	if r.Result != (gccore.Outcome{}) {
		call += " → " + r.Result.String()
	}
	var b strings.Builder
	key := r.Key()
	b.Grow(256 + len(key) + len(r.Text) + len(call))
	b.WriteString(`<li class="tr`)
	if ctrl {
		b.WriteString(` tr-ctrl`)
	}
	b.WriteString(`"><span class="tr-tick">t=`)
	b.WriteString(strconv.FormatInt(r.Tick, 10))
	b.WriteString(`</span><span class="tr-comp c-`)
	b.WriteString(esc(string(r.Component.Role)))
	b.WriteString(`">`)
	b.WriteString(esc(r.Component.String()))
	b.WriteString(`</span><span class="tr-queue">`)
	b.WriteString(esc(string(r.Queue)))
	b.WriteString(`</span><span class="tr-rule">`)
	for i, id := range r.Rules() { // the record's typed ids, not found in its text
		if i > 0 {
			b.WriteByte(' ')
		}
		writeRuleLink(&b, id)
	}
	b.WriteString(`</span><span class="tr-key">`)
	b.WriteString(esc(key))
	b.WriteString(`</span><span class="tr-text">`)
	b.WriteString(esc(r.Text))
	b.WriteString(`</span><code class="tr-call">`)
	b.WriteString(esc(call))
	b.WriteString(`</code></li>`)
	return b.String()
}
