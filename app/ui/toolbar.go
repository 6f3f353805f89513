package ui

import (
	"github.com/gcplay/gcplay/app/session"
	"strconv"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Toolbar holds the time controls: step, run, pause, run until idle, reset, the fine
// steps, "until the next change in a queue", the speed and the timeline.
type Toolbar struct {
	app.Compo

	Tick, LastTick       int64
	Position, HistoryLen int
	Run                  session.RunState
	Speed                int // ticks per second
	Settled              bool
	Until                string // the queue "Until change" watches
	Next                 string // the scenario's next step, if any
	// Blocked says, per fine-step command, why it has nothing to do; its button is then
	// disabled with that as the reason.
	Blocked map[session.Cmd]string
	Lang    string // the page's language (i18n.go)

	onCmd    func(app.Context, session.Cmd)
	onSpeed  func(app.Context, int)
	onUntil  func(app.Context, string)
	onRewind func(app.Context, int64)
	onShare  func(app.Context) // nil: no Share button (the embedded page)
	// onCompare opens compare mode; nil: no Compare button (the embedded page).
	onCompare func(app.Context)
}

// Render draws the toolbar. Button texts are the browser-test contract's accessible
// names (Step, Run, Pause, Run until idle, Reset): keep them.
func (t *Toolbar) Render() (ui app.UI) {
	defer recoverRender(&ui, "toolbar")
	btn := func(label, key string, c session.Cmd, disabled bool) app.UI {
		label = tr(t.Lang, label)
		title := label
		if key != "" {
			title += " (" + key + ")"
		}
		return app.Button().Class("btn").Title(title).Disabled(disabled).Text(label).
			OnClick(func(ctx app.Context, e app.Event) { t.onCmd(ctx, c) }, app.EventScope(string(c)))
	}
	fine := func(label, key string, c session.Cmd, what string) app.UI {
		label = tr(t.Lang, label)
		title := tr(t.Lang, what) + " (" + key + ")"
		why := t.Blocked[c]
		if why != "" {
			title += tr(t.Lang, ": nothing to do, ") + tr(t.Lang, why)
		}
		return app.Button().Class("btn", "btn-fine").Title(title).Disabled(why != "").Text(label).
			OnClick(func(ctx app.Context, e app.Event) { t.onCmd(ctx, c) }, app.EventScope(string(c)))
	}
	return app.Div().Class("toolbar").Role("toolbar").Aria("label", tr(t.Lang, "Time controls")).Body(
		app.Div().Class("tb-group").Body(
			btn("Step", "s", session.CmdStep, false),
			btn("Run", "space", session.CmdRun, t.Run == session.Running),
			btn("Pause", "space", session.CmdPause, t.Run == session.Paused),
			btn("Run until idle", "i", session.CmdRunIdle, t.Settled),
			btn("Reset", "r", session.CmdReset, false),
		),
		// A short window shows the label only as the group's name (playground.css).
		app.Div().Class("tb-group").Role("group").Aria("label", tr(t.Lang, "Fine step")).Body(
			app.Span().Class("tb-label").Aria("hidden", true).Text(tr(t.Lang, "Fine step")),
			fine("Event", "e", session.CmdDeliver, "Deliver one watch event to graphChanges"),
			fine("Graph change", "g", session.CmdGraphChange, "The graph builder processes one graphChanges entry"),
			fine("Delete item", "d", session.CmdDeleteItem, "One worker processes the head of attemptToDelete"),
			fine("Read item", "Shift+D", session.CmdReadItem, "One worker reads the head of attemptToDelete (GET, its owners) and decides, holding its write: change the object now, then Delete item or Step makes the write"),
			fine("Orphan item", "o", session.CmdOrphanItem, "One worker processes the head of attemptToOrphan"),
		),
		app.Div().Class("tb-group").Body(
			app.Select().Class("tb-select").Aria("label", tr(t.Lang, "Queue to watch")).
				OnChange(func(ctx app.Context, e app.Event) { t.onUntil(ctx, ctx.JSSrc().Get("value").String()) }).
				Body(
					t.option(workspace.QueueGraphChanges),
					t.option(workspace.QueueAttemptToDelete),
					t.option(workspace.QueueAttemptToOrphan),
				),
			fine("Until change", "u", session.CmdUntilChange, "Step until the chosen queue changes"),
		),
		app.Label().Class("tb-group", "tb-speed").Body(
			app.Span().Class("tb-label").Text(tr(t.Lang, "Speed")),
			app.Input().Type("range").Min(1).Max(30).Value(t.Speed).Aria("label", tr(t.Lang, "Ticks per second")).
				OnInput(func(ctx app.Context, e app.Event) {
					if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
						t.onSpeed(ctx, n)
					}
				}),
			app.Span().Class("tb-num").Textf("%d/s", t.Speed),
		),
		app.Div().Class("tb-group", "tb-timeline").Body(
			app.Span().Class("tb-tick").DataSet("tick", t.Tick).Textf(tr(t.Lang, "tick %d"), t.Tick),
			app.Input().Type("range").Class("timeline").Min(0).Max(max(t.LastTick, t.Tick)).Value(t.Tick).
				Aria("label", tr(t.Lang, "Timeline: rewind to a tick")).
				OnInput(func(ctx app.Context, e app.Event) {
					if n, err := strconv.ParseInt(ctx.JSSrc().Get("value").String(), 10, 64); err == nil {
						t.onRewind(ctx, n)
					}
				}),
			app.Span().Class("tb-num").Textf("/ %d", max(t.LastTick, t.Tick)),
		),
		app.If(t.onShare != nil, t.shareGroup),
		app.If(t.Next != "", func() app.UI {
			return app.Div().Class("tb-next").Title(tr(t.Lang, "The scenario's next step; Step and Run until idle run it")).
				Body(app.Span().Class("tb-label").Text(tr(t.Lang, "Next scenario step:")), app.Code().Text(t.Next))
		}),
	)
}

// shareGroup is Share and, beside it, Compare.
func (t *Toolbar) shareGroup() app.UI {
	return app.Div().Class("tb-group").Body(
		app.Button().Class("btn").Title(tr(t.Lang, "A link that reopens this session at this tick, and an embed snippet")).Text(tr(t.Lang, "Share")).
			OnClick(func(ctx app.Context, e app.Event) { t.onShare(ctx) }, app.EventScope("share")),
		app.If(t.onCompare != nil, func() app.UI {
			return app.Button().Class("btn").DataSet("compare-open", "1").
				Title(tr(t.Lang, "Open this scenario twice, side by side, the second with one setting changed (a release, a policy, the informer delay, the workers)")).
				Text(tr(t.Lang, "Compare")).OnClick(func(ctx app.Context, e app.Event) { t.onCompare(ctx) }, app.EventScope("compare"))
		}),
	)
}

// OnMount and OnUpdate set the timeline slider's live value once the render is done.
// go-app sets an input's value property and its max attribute in map order: a value
// above the old max (every Step at the end of the history raises both) is clamped by
// the browser and stays there after max goes up.
func (t *Toolbar) OnMount(ctx app.Context)  { ctx.Defer(t.syncTimeline) }
func (t *Toolbar) OnUpdate(ctx app.Context) { ctx.Defer(t.syncTimeline) }

func (t *Toolbar) syncTimeline(ctx app.Context) {
	el := ctx.JSSrc()
	if !el.Truthy() {
		return
	}
	s := el.Call("querySelector", "input.timeline")
	if !s.Truthy() {
		return
	}
	s.Call("setAttribute", "max", strconv.FormatInt(max(t.LastTick, t.Tick), 10))
	if v := strconv.FormatInt(t.Tick, 10); s.Get("value").String() != v {
		s.Set("value", v)
	}
}

func (t *Toolbar) option(q string) app.UI {
	return app.Option().Value(q).Selected(q == t.Until).Text(q)
}
