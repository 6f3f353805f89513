package ui

import (
	"github.com/gcplay/gcplay/app/session"

	"github.com/gcplay/gcplay/app/scene"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/faults"
	"github.com/gcplay/gcplay/lessons"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"k8s.io/apimachinery/pkg/types"
)

// Side panel tabs.
const (
	tabInspector = "Inspector"
	tabAuthor    = "Create"
	tabConsole   = "Console"
	tabExport    = "Export"
)

var tabs = []string{tabInspector, tabAuthor, tabConsole, tabFaults, tabExport}

// embedTabs are the compact page's tabs beside the graph in a lesson: the full page's
// that a lesson may need, with the queues (their Restart controller-manager button, the
// items a lesson's fine steps take) and the trace, which the full page shows below the
// graph; no Export, as the compact page keeps nothing.
var embedTabs = []string{tabInspector, tabQueues, tabAuthor, tabConsole, tabTrace, tabFaults}

// embedTabsFor is embedTabs, with the queues before the trace when the lesson grants the
// Faults tab: their informer lane shows what the faults do (a lost event, a relist).
func embedTabsFor(faultsGranted bool) []string {
	if !faultsGranted {
		return embedTabs
	}
	return []string{tabInspector, tabAuthor, tabConsole, tabQueues, tabTrace, tabFaults}
}

// actionCopyScenario asks the page to copy the session; crash boxes post it.
const actionCopyScenario = "copy-scenario"

// Render lays out the page: header, toolbar, then the graph, the side panel and the
// queues and trace below the graph.
func (p *Playground) Render() (ui app.UI) {
	defer recoverRender(&ui, "page")
	switch {
	case p.status == statusCrashed:
		return p.renderCrash()
	case p.s.Workspace() == nil:
		return app.Div().Class("pg", "pg-loading").Body(
			app.H1().Text("gcplay"),
			app.P().ID("status").Text(tr(p.s.Lang, "Loading the simulator…")),
		)
	}
	v := p.s.View()
	p.timeRender(v.Tick)
	if p.cmp.c != nil {
		return p.cmp.render()
	}
	if p.embed {
		return p.renderEmbed()
	}
	return app.Div().Class("pg").Class(compactClass(p.compact)).Body(
		p.renderHeader(v),
		p.stored.renderNotices(p.s.Lang),
		&Toolbar{
			Tick: v.Tick, LastTick: v.LastTick, Position: v.Position, HistoryLen: v.HistoryLen,
			Lang: p.s.Lang, Run: p.s.Run, Speed: p.s.Speed, Settled: v.Settled, Until: p.s.Until, Next: v.Script.NextText, Blocked: blocked(v),
			onCmd: p.do, onSpeed: func(ctx app.Context, speed int) { p.s.Speed = speed },
			onUntil: func(ctx app.Context, q string) { p.s.Until = q }, onRewind: p.onRewind,
			onShare: p.openShare, onCompare: func(ctx app.Context) { p.cmp.open(ctx, defaultCompare) },
		},
		p.renderGuide(),
		app.Main().Class("pg-main").Body(
			p.renderGraphSection(v),
			app.Section().Class("pg-side").Aria("label", tr(p.s.Lang, "Details")).Body(
				p.renderLesson(false),
				p.renderTabs(p.sideTabs()),
				p.renderTab(v),
			),
			app.If(!p.compact, func() app.UI {
				return app.Section().Class("pg-bottom").Aria("label", tr(p.s.Lang, "Queues and trace")).Body(
					&QueuesPanel{Lang: p.s.Lang, View: v, Selected: p.s.Selected, CanRestart: p.s.Refuse(lessons.ControlRestart) == nil, onSelect: p.onSelect, onCmd: p.do},
					&TracePanel{Lang: p.s.Lang, View: v, onRule: p.showRule},
				)
			}),
		),
		p.renderTour(),
		p.renderOverlay(v),
	)
}

// renderGraphSection is the graph with its selection bar, on the full and embedded pages.
// The notice is a strip between them, in the flow of the page: floating over the page,
// it covered whatever control was under it (issue 22).
func (p *Playground) renderGraphSection(v *workspace.View) app.UI {
	return app.Section().Class("pg-graph").Aria("label", tr(p.s.Lang, "Object graph")).Body(
		noticeStrip(p.s.Lang, p.s.Notice, func() { p.s.Notice = session.Notice{} }),
		&SelectionBar{Lang: p.s.Lang, Locked: p.s.Refuse(lessons.ControlDelete) != nil, Object: selectedIn(v, p.s.Selected), Selected: p.s.Selected, Policy: p.s.Policy,
			onPolicy: func(ctx app.Context, pol string) { p.s.Policy = pol }, onCmd: p.do},
		&GraphPanel{Lang: p.s.Lang, View: v, Mode: p.s.Mode, Selected: p.s.Selected, Collapsed: p.s.Collapsed, LegendOpen: p.legendOpen, Empty: p.s.EmptyGraph(),
			onSelect: p.onSelect, onToggle: func(ctx app.Context, id string) { p.s.Toggle(id) }, onMode: func(ctx app.Context, m scene.Mode) { p.s.Mode = m },
			onCollapse: func(ctx app.Context, m map[string]bool) { p.s.Collapsed = m }},
		&NodeLane{Lang: p.s.Lang, View: v, Selected: p.s.Selected, onSelect: p.onSelect, onReady: func(ctx app.Context, node string, ready bool) {
			p.guard(ctx, "node", func() error { return p.s.SetNodeReady(node, ready) })
		}},
	)
}

// selectedIn is the selected object in v, nil when none is selected or it is gone.
func selectedIn(v *workspace.View, uid types.UID) *gccore.Object {
	if o, ok := v.ObjectByUID(uid); ok {
		return o
	}
	return nil
}

// blocked says why each fine step, and "Until change", has nothing to do in v.
func blocked(v *workspace.View) map[session.Cmd]string {
	out := map[session.Cmd]string{}
	for c, in := range session.FineInputs {
		if why := v.FineBlocked(in); why != "" {
			out[c] = why
		}
	}
	if v.Settled {
		out[session.CmdUntilChange] = fineBlockedReasons[len(fineBlockedReasons)-1]
	}
	return out
}

// fineBlockedReasons are the reasons blocked gives (workspace's FineBlocked, then the
// idle one), listed for their translations (TestEveryLabelTranslated).
var fineBlockedReasons = []string{
	"no watch event is waiting for delivery", "graphChanges is empty", "no queue",
	"attemptToDelete has no item ready for a worker", "attemptToOrphan has no item ready for a worker",
	workspace.ReasonWriteHeld, workspace.ReasonWorkersWait,
	"the simulation is idle and no scenario step is pending",
}

// timeRender publishes how long the last change took to show, as window.gcplayRenderMS:
// the state changes since the previous render (a Step: the tick and the new view) plus
// this update of the page, from its render to the end of the work the panels defer to
// after it (the DOM lists). go-app runs deferred functions in order, and one deferred from
// a deferred function runs after those queued before it. The first render of a new tick
// also publishes window.gcplayTickMS, [tick, milliseconds]: a tick is followed by renders
// of the save's status, and the budgets test reads the tick's own (docs/playground.md). It
// leaves out go-app's wait between a change and its next update.
func (p *Playground) timeRender(tick int64) {
	if app.IsServer {
		return
	}
	start, change := now(), p.changeMS
	p.changeMS = 0
	ticked := tick != p.renderedTick
	p.renderedTick = tick
	p.ctx.Defer(func(ctx app.Context) {
		ctx.Defer(func(app.Context) {
			ms := change + now() - start
			app.Window().Set("gcplayRenderMS", ms)
			if ticked {
				app.Window().Set("gcplayTickMS", []any{tick, ms})
			}
		})
	})
}

// now is the page's clock in milliseconds (performance.now); 0 outside the browser. It
// only measures the page, never drives the simulation.
func now() float64 {
	if app.IsServer {
		return 0
	}
	return app.Window().Get("performance").Call("now").Float()
}

// releaseBadge says which release's GC rules the workspace plays (the version lens), so
// that nobody takes 1.16's outcome for today's.
func releaseBadge(lang string, r gccore.Release) app.UI {
	return app.Span().Class("pg-release").ID("release").DataSet("release", r.String()).
		Title(tr(lang, "The garbage collector plays this release's rules (gc-behavior.md §15, V-1 … V-7)")).
		Textf(tr(lang, "Kubernetes %s rules"), r.String())
}

func (p *Playground) renderHeader(v *workspace.View) app.UI {
	status := p.s.RunStatus()
	return app.Header().Class("pg-header").Body(
		app.Img().Class("pg-logo").Src("/web/icon.svg").Alt(""),
		app.H1().Text("gcplay"),
		app.Span().Class("pg-sub").Text(tr(p.s.Lang, "the Kubernetes garbage collector, tick by tick")),
		p.stored.renderMenu(p.s.Lang),
		app.Label().Class("pg-examples").Body(
			app.Span().Text(tr(p.s.Lang, "Example")),
			app.Select().Aria("label", tr(p.s.Lang, "Open an example")).OnChange(func(ctx app.Context, e app.Event) {
				id := ctx.JSSrc().Get("value").String()
				if id != "" {
					p.stored.newWorkspace(ctx, id)
				}
			}).Body(exampleOptions(p.s.Lang, v)...),
		),
		app.Span().Class("pg-status").ID("status").DataSet("status", status).DataSet("saved", p.stored.savedSeq).DataSet("save-seq", p.stored.saveSeq).
			DataSet("storage", p.stored.kind()).
			Textf(tr(p.s.Lang, "%s · %s · %d objects"), p.workspaceName(v), tr(p.s.Lang, status), len(v.Objects)),
		app.If(v.Release.Set(), func() app.UI { return releaseBadge(p.s.Lang, v.Release) }),
		app.Button().Class("pg-lessons").ID("lessons-open").Text(t(p.s.Lang, "lessons")).
			OnClick(func(ctx app.Context, e app.Event) { p.overlay = overlayLessons }),
		languagePicker(p.s.Lang, func(lang string) { p.s.Lang = lang }),
		app.Button().Class("pg-help").Title(tr(p.s.Lang, "Getting started and keyboard shortcuts (?)")).Text(t(p.s.Lang, "help")).
			OnClick(func(ctx app.Context, e app.Event) { p.do(ctx, session.CmdHelp) }),
	)
}

func exampleOptions(lang string, v *workspace.View) []app.UI {
	// The open example shows as chosen; "Choose…" only when the workspace is not one.
	var opts []app.UI
	open := false
	for _, ex := range workspace.Examples() {
		open = open || ex.ID == v.Name
		opts = append(opts, app.Option().Value(ex.ID).Text(tr(lang, ex.Title)).Selected(ex.ID == v.Name))
	}
	if !open {
		opts = append([]app.UI{app.Option().Value("").Text(tr(lang, "Choose…")).Selected(true)}, opts...)
	}
	return opts
}

func (p *Playground) renderTabs(list []string) app.UI {
	var bs []app.UI
	for _, t := range list {
		t := t
		if c := tabControl[t]; c != "" && p.s.Refuse(c) != nil {
			continue // the lesson leaves it out
		}
		cls := "tab"
		if t == p.tab {
			cls += " tab-on"
		}
		bs = append(bs, app.Button().Class(cls).Role("tab").Aria("selected", t == p.tab).Text(tr(p.s.Lang, t)).
			OnClick(func(ctx app.Context, e app.Event) { p.tab = t }, app.EventScope(t)))
	}
	return app.Nav().Class("tabs").Role("tablist").Body(bs...)
}

func (p *Playground) renderTab(v *workspace.View) app.UI {
	tab := p.tab
	if c := tabControl[tab]; c != "" && p.s.Refuse(c) != nil {
		tab = tabInspector
	}
	switch tab {
	case tabQueues:
		return &QueuesPanel{Lang: p.s.Lang, View: v, Selected: p.s.Selected, CanRestart: p.s.Refuse(lessons.ControlRestart) == nil, onSelect: p.onSelect, onCmd: p.do}
	case tabTrace:
		return &TracePanel{Lang: p.s.Lang, View: v, onRule: p.showRule}
	case tabAuthor:
		return &AuthorPanel{Lang: p.s.Lang, View: v, OnCreate: p.createObjects, OnDeclare: p.declareKind}
	case tabConsole:
		return &ConsolePanel{Lang: p.s.Lang, View: v, OnRun: p.runConsole}
	case tabFaults:
		return &FaultsPanel{Lang: p.s.Lang, Faults: p.s.Workspace().View().Faults, InLesson: p.s.Lesson() != nil, OnApply: func(ctx app.Context, f faults.Config) {
			p.guard(ctx, "faults", func() error { return p.s.SetFaults(f) })
		}}
	case tabExport:
		return &ExportPanel{Lang: p.s.Lang, View: v, OnExport: p.export, Link: pageURL(p.s.Lang, "scenario="+workspace.EncodeLink(p.s.Workspace().ExportScenario()))}
	}
	return &Inspector{Lang: p.s.Lang, View: v, Selected: p.s.Selected, Why: p.s.Why(), YAML: p.s.SelectedYAML(),
		onSelect: p.onSelect, onRule: p.showRule,
		onFinalizer: func(ctx app.Context, ref gccore.ObjectRef, finalizer string, add bool) {
			p.guard(ctx, "finalizer", func() error { return p.s.EditFinalizer(ref, finalizer, add) })
		}}
}

// noticeStrip is the notice n, in lang, with its dismiss button.
func noticeStrip(lang string, n session.Notice, dismiss func()) app.UI {
	if n.Level == session.NoticeNone {
		return app.Div().Class("notice", "notice-empty").Role("status")
	}
	cls := "notice notice-info"
	role := "status"
	if n.Level == session.NoticeError {
		cls, role = "notice notice-error", "alert"
	}
	return app.Div().Class(cls).Role(role).Body(
		app.Span().Text(n.Text),
		app.Button().Class("notice-close").Aria("label", tr(lang, "Dismiss")).Text("×").
			OnClick(func(ctx app.Context, e app.Event) { dismiss() }),
	)
}

func (p *Playground) renderCrash() app.UI {
	return app.Div().Class("pg", "pg-crash").Role("alert").Body(
		app.H1().Text(tr(p.s.Lang, "gcplay stopped: an internal error")),
		app.P().Text(tr(p.s.Lang, "The playground caught a panic instead of going blank. Copy the session as a scenario file and report it with the message below; reloading the page restores the last saved state.")),
		app.Button().Text(tr(p.s.Lang, "Copy scenario")).OnClick(func(ctx app.Context, e app.Event) { p.copyScenario(ctx) }),
		app.Pre().Class("crash-text").Text(p.crash),
	)
}

func (p *Playground) showRule(ctx app.Context, id string) {
	p.rule = id
	p.overlay = overlayRule
}

// recoverRender turns a panic while rendering into an error box in place of the panel.
func recoverRender(ui *app.UI, panel string) {
	if r := recover(); r != nil {
		*ui = app.Div().Class("panel-crash").Role("alert").Body(
			app.P().Textf("The %s panel failed: %v", panel, r),
			app.Button().Text("Copy scenario").OnClick(func(ctx app.Context, e app.Event) {
				ctx.NewAction(actionCopyScenario)
			}),
		)
	}
}

func (p *Playground) onRewind(ctx app.Context, tick int64) {
	p.guard(ctx, "rewind", func() error { return p.s.Rewind(tick) })
}

// workspaceName is the open workspace's name: a lesson's title in the page's language
// (whatever its entry's name), its catalog entry's, else an example's title.
func (p *Playground) workspaceName(v *workspace.View) string {
	lang := p.s.Lang
	if r := p.s.Lesson(); r != nil {
		return labelled(lang, t(lang, "lesson"), r.L.Title.In(lang))
	}
	if name := p.stored.name(); name != "" {
		return name
	}
	if ex, ok := workspace.ExampleByID(v.Name); ok { // an embedded or shared example
		return tr(lang, ex.Title)
	}
	return v.Name
}
