package ui

import (
	"fmt"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"k8s.io/apimachinery/pkg/types"
)

// QueuesPanel shows the informers' pending events and the three queues: graphChanges,
// attemptToDelete and attemptToOrphan, each item with why it was enqueued, its retries,
// its next attempt and the worker holding it.
type QueuesPanel struct {
	app.Compo

	View     *workspace.View
	Selected types.UID
	OnSelect func(app.Context, types.UID)
}

// Render draws the queues side by side.
func (q *QueuesPanel) Render() (ui app.UI) {
	defer recoverRender(&ui, "queues")
	v := q.View
	var gc []app.UI
	for _, c := range v.GraphChanges {
		label := c.Type
		if c.Virtual {
			label = "virtual " + label
		}
		gc = append(gc, app.Li().Class("qi").Body(app.Span().Class("qs", "qs-"+c.Type).Text(label), app.Span().Class("qk").Text(c.Key)))
	}
	cols := []app.UI{
		app.Div().Class("queue").Body(
			app.H3().Body(app.Text("graphChanges"), app.Span().Class("count").Textf("%d", len(v.GraphChanges))),
			app.P().Class("muted", "small").Textf("%d watch event(s) not delivered yet", v.PendingWatch),
			app.Ul().Class("qlist").Body(orEmpty(gc)...),
		),
	}
	for _, qv := range v.Queues {
		cols = append(cols, q.queue(qv))
	}
	return app.Div().Class("panel", "queues").Aria("label", "Queues").OnClick(q.onClick).Body(cols...)
}

// onClick selects the object of a clicked queue item (one delegated handler).
func (q *QueuesPanel) onClick(ctx app.Context, e app.Event) {
	if b := e.Get("target").Call("closest", "[data-select]"); b.Truthy() {
		q.OnSelect(ctx, types.UID(b.Call("getAttribute", "data-select").String()))
	}
}

// maxQueueRows bounds the rows drawn per queue; the count shows the rest.
const maxQueueRows = 60

func (q *QueuesPanel) queue(qv gccore.QueueView) app.UI {
	var items []app.UI
	for i, it := range qv.Items {
		if i == maxQueueRows {
			items = append(items, app.Li().Class("muted", "small").Textf("… and %d more", len(qv.Items)-i))
			break
		}
		uid := types.UID(it.UID)
		details := fmt.Sprintf("why %s · retries %d", it.Why, it.Retries)
		if it.Worker != "" {
			details += " · " + it.Worker
		}
		if it.NextAttemptMS != 0 {
			details += fmt.Sprintf(" · next at %.3fs (tick %d)", float64(it.NextAttemptMS)/1000, (it.NextAttemptMS+999)/1000)
		}
		if it.Stuck != "" {
			details += " · stuck: " + it.Stuck
		}
		items = append(items, &QueueRow{State: it.State, Key: it.Key, UID: it.UID, Details: details, Selected: uid == q.Selected})
	}
	return app.Div().Class("queue").Body(
		app.H3().Body(app.Text(qv.Name), app.Span().Class("count").Textf("%d", len(qv.Items))),
		app.Ul().Class("qlist").Body(orEmpty(items)...),
	)
}

func orEmpty(items []app.UI) []app.UI {
	if len(items) == 0 {
		return []app.UI{app.Li().Class("muted", "small").Text("empty")}
	}
	return items
}

// QueueRow is one queue item; plain props keep unchanged rows from re-rendering.
type QueueRow struct {
	app.Compo

	State, Key, UID, Details string
	Selected                 bool
}

// Render draws the item: its state, its key (click to select) and the details.
func (r *QueueRow) Render() app.UI {
	cls := "qi"
	if r.Selected {
		cls += " qi-sel"
	}
	return app.Li().Class(cls).Title(r.Details).Body(
		app.Span().Class("qs", "qs-"+r.State).Text(r.State),
		app.Button().Class("linkish", "qk").DataSet("select", r.UID).Text(r.Key),
		app.Div().Class("qd").Text(r.Details),
	)
}
