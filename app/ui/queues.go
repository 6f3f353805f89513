package ui

import (
	"fmt"
	"github.com/gcplay/gcplay/app/session"
	"strconv"
	"strings"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"k8s.io/apimachinery/pkg/types"
)

// QueuesPanel shows the informers' lane (informerLane) and the three queues: graphChanges,
// attemptToDelete and attemptToOrphan, each item with why it was enqueued, its retries,
// its next attempt and the worker holding it. The items are markup kept in step by one
// domList per queue: a queue drains at its head every tick, which would shift (and
// re-render) every row of a list diffed by position.
type QueuesPanel struct {
	app.Compo

	View     *workspace.View
	Selected types.UID
	Lang     string // the page's language (i18n.go)
	// CanRestart shows the Restart controller-manager button (an open lesson may not allow it).
	CanRestart bool
	onSelect   func(app.Context, types.UID)
	onCmd      func(app.Context, session.Cmd)

	lists [3]domList // graphChanges, then the queues of View.Queues
}

// Render draws the queues side by side, or one under another in a narrow panel, each
// with an empty list (syncLists fills it).
func (q *QueuesPanel) Render() (ui app.UI) {
	defer recoverRender(&ui, "queues")
	v := q.View
	cols := []app.UI{
		app.Div().Class("queue").Body(
			app.H3().Body(app.Text("graphChanges"), app.Span().Class("count").Textf("%d", v.GraphChangesLen)),
			informerLane(q.Lang, v),
			app.Ul().Class("qlist"),
			more(q.Lang, v.GraphChangesLen),
		),
	}
	for _, qv := range v.Queues {
		cols = append(cols, app.Div().Class("queue").Body(
			app.H3().Body(app.Text(qv.Name), app.Span().Class("count").Textf("%d", qv.Total)),
			app.Ul().Class("qlist"),
			more(q.Lang, qv.Total),
		))
	}
	cls := "queues-grid"
	if len(v.ControllerQueues) > 0 {
		cols = append(cols, q.controllers())
		cls += " with-controllers"
	}
	if q.CanRestart {
		cols = append(cols, q.restartButton())
		cls += " with-restart"
	}
	// The panel is the container its width is measured on (playground.css); the grid
	// inside it is what a narrow panel lays out again, which a container query cannot do
	// to the container itself.
	return app.Div().Class("panel", "queues").Aria("label", tr(q.Lang, "Queues")).OnClick(q.onClick).Body(
		app.Div().Class(cls).Body(cols...),
	)
}

// restartButton restarts kube-controller-manager (SYNC-7): the GC's graph, queues and
// absentOwnerCache and the controllers start empty, and the informers list every object
// again, the order that made the cross-namespace incident of issue #65200.
func (q *QueuesPanel) restartButton() app.UI {
	return app.Button().Class("restart-cm").ID("restart-cm").
		Title(tr(q.Lang, "The GC's graph, queues and absentOwnerCache and the controllers start empty; the informers list every object again (SYNC-7)")).
		Text(tr(q.Lang, "Restart controller-manager")).
		OnClick(func(ctx app.Context, e app.Event) { q.onCmd(ctx, session.CmdRestart) })
}

// controllers is one column with each controller's own work queue (issue 15), beside
// the GC's: the keys it handles at its next tick, after the GC's workers. Each is named
// as the scenario's controllers: list names it (its trace component in the title).
// Controllers queue few keys: their markup is one app.Raw, cheaper in app.wasm than
// go-app builders.
func (q *QueuesPanel) controllers() app.UI {
	var b strings.Builder
	fmt.Fprintf(&b, `<div class="queue cqueues"><h3>%s</h3><div class="cqueues-body">`, esc(tr(q.Lang, "Controllers")))
	for _, cq := range q.View.ControllerQueues {
		name := esc(cq.Name.String())
		fmt.Fprintf(&b, `<div class="cqueue" data-controller="%s"><h4><span class="tr-comp c-%s" title="%s">%s</span><span class="count">%d</span></h4><ul class="cqlist">`,
			name, name, name, strings.TrimSuffix(name, "-controller"), len(cq.Items))
		for i, it := range cq.Items {
			if i == workspace.ViewItems {
				fmt.Fprintf(&b, `<li class="muted small qmore">%s</li>`, esc(fmt.Sprintf(tr(q.Lang, "… and %d more"), len(cq.Items)-i)))
				break
			}
			note := ""
			if it.Note.Format != "" {
				note = esc(fmt.Sprintf(tr(q.Lang, it.Note.Format), it.Note.Args...)) // the core's English is the key
			}
			if it.NextAttemptTick > 0 { // a failed write backs off (FAULT-4)
				note = strings.TrimSpace(note + " " + esc(fmt.Sprintf(tr(q.Lang, "write failed: next attempt at tick %d"), it.NextAttemptTick)))
			}
			tag, attr := "span", "data-gone" // an item whose object is gone selects nothing
			if it.UID != "" {
				tag, attr = "button", "data-select"
			}
			fmt.Fprintf(&b, `<li class="qi%s" title="%s"><%s class="linkish qk" %s="%s">%s</%s><div class="qd">%s</div></li>`,
				onlyIf(it.UID != "" && it.UID == q.Selected, " qi-sel"), note, tag, attr, esc(string(it.UID)), esc(it.Key), tag, note)
		}
		b.WriteString(`</ul></div>`)
	}
	b.WriteString(`</div></div>`)
	return app.Raw(b.String())
}

// more says how many items a list leaves out, or that the queue is empty.
func more(lang string, n int) app.UI {
	switch {
	case n == 0:
		return app.P().Class("muted", "small", "qmore").Text(tr(lang, "empty"))
	case n > workspace.ViewItems:
		return app.P().Class("muted", "small", "qmore").Textf(tr(lang, "… and %d more"), n-workspace.ViewItems)
	}
	return nil
}

func (q *QueuesPanel) OnMount(ctx app.Context)  { ctx.Defer(q.syncLists) }
func (q *QueuesPanel) OnUpdate(ctx app.Context) { ctx.Defer(q.syncLists) }

func (q *QueuesPanel) syncLists(ctx app.Context) {
	root := q.JSValue()
	if root == nil || !root.Truthy() {
		return
	}
	hosts := root.Call("querySelectorAll", ".qlist")
	v := q.View
	var gc []keyedMarkup
	seen := map[string]int{}
	for i, c := range v.GraphChanges {
		if i == workspace.ViewItems {
			break
		}
		label := c.Type
		if c.Virtual {
			label = "virtual " + label
		}
		m := `<li class="qi"><span class="qs qs-` + esc(c.Type) + `">` + esc(label) + `</span><span class="qk">` + esc(c.Key) + `</span></li>`
		gc = append(gc, keyedMarkup{key: occurrence(seen, m), markup: m})
	}
	q.lists[0].sync(hosts.Index(0), gc)
	for i, qv := range v.Queues {
		if i+1 >= len(q.lists) || i+1 >= hosts.Length() {
			break
		}
		q.lists[i+1].sync(hosts.Index(i+1), q.items(qv))
	}
}

// occurrence keys a row by its markup and how often that markup came before, so equal
// rows (two updates of one object) keep distinct keys.
func occurrence(seen map[string]int, markup string) string {
	seen[markup]++
	return strconv.Itoa(seen[markup]) + "|" + markup
}

// items is the markup of a queue's first workspace.ViewItems items.
func (q *QueuesPanel) items(qv gccore.QueueView) []keyedMarkup {
	var out []keyedMarkup
	seen := map[string]int{}
	for i, it := range qv.Items {
		if i == workspace.ViewItems {
			break
		}
		details := fmt.Sprintf("why %s · retries %d", it.Why, it.Retries)
		if it.Worker != (gccore.Component{}) {
			// Between ticks a worker holds an item only after Read item: read, its write held.
			details += " · " + it.Worker.String() + " · " + tr(q.Lang, "read, its write held")
		}
		if it.NextAttemptMS != 0 {
			details += fmt.Sprintf(" · next at %.3fs (tick %d)", float64(it.NextAttemptMS)/1000, (it.NextAttemptMS+999)/1000)
		}
		if it.Stuck != "" {
			details += " · stuck: " + it.Stuck
		}
		cls := "qi"
		if types.UID(it.UID) == q.Selected {
			cls += " qi-sel"
		}
		// The API server no longer stores it, but the GC's informer has not delivered the
		// deletion yet (GB-1): the worker will find it gone (DEL-5).
		stale := ""
		if _, stored := q.View.InAPI[types.UID(it.UID)]; !stored && !it.Virtual {
			cls += " qi-stale"
			details = "stale: already deleted, the GC has not observed it yet · " + details
			stale = `<span class="qs qs-stale">stale</span>`
		}
		state := string(it.State)
		m := `<li class="` + cls + `" title="` + esc(details) + `"><span class="qs qs-` + esc(state) + `">` + esc(state) +
			`</span>` + stale + `<button class="linkish qk" data-select="` + esc(it.UID) + `">` + esc(it.Key) +
			`</button><div class="qd">` + esc(details) + `</div></li>`
		out = append(out, keyedMarkup{key: state + "|" + it.UID + "|" + strconv.Itoa(seen[state+it.UID]), markup: m})
		seen[state+it.UID]++
	}
	return out
}

// onClick selects the object of a clicked queue item (one delegated handler).
func (q *QueuesPanel) onClick(ctx app.Context, e app.Event) {
	if b := e.Get("target").Call("closest", "[data-select]"); b.Truthy() {
		q.onSelect(ctx, types.UID(b.Call("getAttribute", "data-select").String()))
	}
}
