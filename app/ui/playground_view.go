package ui

import (
	"github.com/gcplay/gcplay/app/scene"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
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

var tabs = []string{tabInspector, tabAuthor, tabConsole, tabExport}

// embedTabs are the compact page's tabs beside the graph in a lesson: the full page's
// that a lesson may need, with the trace (which the full page shows below the graph);
// no Export, as the compact page keeps nothing.
var embedTabs = []string{tabInspector, tabAuthor, tabConsole, tabTrace}

// actionCopyScenario asks the page to copy the session; crash boxes post it.
const actionCopyScenario = "copy-scenario"

// Render lays out the page: header, toolbar, then the graph, the side panel and the
// queues and trace below the graph.
func (p *Playground) Render() (ui app.UI) {
	defer recoverRender(&ui, "page")
	switch {
	case p.status == statusCrashed:
		return p.renderCrash()
	case p.ws == nil:
		return app.Div().Class("pg", "pg-loading").Body(
			app.H1().Text("gcplay"),
			app.P().ID("status").Text(tr(p.lang, "Loading the simulator…")),
		)
	}
	v := p.ws.View()
	p.timeRender(v.Tick)
	if p.embed {
		return p.renderEmbed()
	}
	return app.Div().Class("pg").Class(compactClass(p.compact)).Body(
		p.renderHeader(v),
		p.renderStorage(),
		&Toolbar{
			Tick: v.Tick, LastTick: v.LastTick, Position: v.Position, HistoryLen: v.HistoryLen,
			Lang: p.lang, Run: p.run, Speed: p.speed, Settled: v.Settled, Until: p.until, Next: v.Script.NextText, Blocked: blocked(v),
			onCmd: p.do, onSpeed: func(ctx app.Context, s int) { p.speed = s },
			onUntil: func(ctx app.Context, q string) { p.until = q }, onRewind: p.onRewind,
			onShare: p.openShare,
		},
		p.renderGuide(),
		app.Main().Class("pg-main").Body(
			p.renderGraphSection(v),
			app.Section().Class("pg-side").Aria("label", tr(p.lang, "Details")).Body(
				p.renderLesson(),
				p.renderTabs(p.sideTabs()),
				p.renderTab(v),
			),
			app.If(!p.compact, func() app.UI {
				return app.Section().Class("pg-bottom").Aria("label", tr(p.lang, "Queues and trace")).Body(
					&QueuesPanel{Lang: p.lang, View: v, Selected: p.selected, onSelect: p.onSelect},
					&TracePanel{Lang: p.lang, View: v, onRule: p.showRule},
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
	return app.Section().Class("pg-graph").Aria("label", tr(p.lang, "Object graph")).Body(
		p.renderNotice(),
		&SelectionBar{Lang: p.lang, Locked: p.refuse(lessons.ControlDelete) != nil, Object: selectedIn(v, p.selected), Selected: p.selected, Policy: p.policy,
			onPolicy: func(ctx app.Context, pol string) { p.policy = pol }, onCmd: p.do},
		&GraphPanel{Lang: p.lang, View: v, Mode: p.mode, Selected: p.selected, Collapsed: p.collapsed, LegendOpen: p.legendOpen, Empty: p.emptyGraph(),
			onSelect: p.onSelect, onToggle: p.onToggle, onMode: func(ctx app.Context, m scene.Mode) { p.mode = m },
			onCollapse: func(ctx app.Context, m map[string]bool) { p.collapsed = m }},
		&NodeLane{Lang: p.lang, View: v, Selected: p.selected, onSelect: p.onSelect, onReady: p.setNodeReady},
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
func blocked(v *workspace.View) map[Cmd]string {
	out := map[Cmd]string{}
	for c, op := range fineOps {
		if why := v.FineBlocked(op); why != "" {
			out[c] = why
		}
	}
	if v.Settled {
		out[CmdUntilChange] = fineBlockedReasons[len(fineBlockedReasons)-1]
	}
	return out
}

// fineBlockedReasons are the reasons blocked gives (workspace's FineBlocked, then the
// idle one), listed for their translations (TestEveryLabelTranslated).
var fineBlockedReasons = []string{
	"no watch event is waiting for delivery", "graphChanges is empty", "no queue",
	"attemptToDelete has no item ready for a worker", "attemptToOrphan has no item ready for a worker",
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

// runStatus is the page's data-status: running, paused or idle.
func (p *Playground) runStatus(v *workspace.View) string {
	switch {
	case v.Settled:
		return "idle"
	case p.run == Paused:
		return "paused"
	}
	return "running"
}

func (p *Playground) renderHeader(v *workspace.View) app.UI {
	status := p.runStatus(v)
	return app.Header().Class("pg-header").Body(
		app.Img().Class("pg-logo").Src("/web/icon.svg").Alt(""),
		app.H1().Text("gcplay"),
		app.Span().Class("pg-sub").Text(tr(p.lang, "the Kubernetes garbage collector, tick by tick")),
		p.renderWorkspaces(),
		app.Label().Class("pg-examples").Body(
			app.Span().Text(tr(p.lang, "Example")),
			app.Select().Aria("label", tr(p.lang, "Open an example")).OnChange(func(ctx app.Context, e app.Event) {
				id := ctx.JSSrc().Get("value").String()
				if id != "" {
					p.openExample(ctx, id)
				}
			}).Body(p.exampleOptions(v)...),
		),
		app.Span().Class("pg-status").ID("status").DataSet("status", status).DataSet("saved", p.savedSeq).DataSet("save-seq", p.saveSeq).
			DataSet("storage", p.storageKind()).
			Textf(tr(p.lang, "%s · %s · %d objects"), p.workspaceName(v), tr(p.lang, status), len(v.Objects)),
		app.Button().Class("pg-lessons").ID("lessons-open").Text(t(p.lang, "lessons")).
			OnClick(func(ctx app.Context, e app.Event) { p.overlay = overlayLessons }),
		p.renderLanguages(),
		app.Button().Class("pg-help").Title(tr(p.lang, "Getting started and keyboard shortcuts (?)")).Text(t(p.lang, "help")).
			OnClick(func(ctx app.Context, e app.Event) { p.do(ctx, CmdHelp) }),
	)
}

func (p *Playground) exampleOptions(v *workspace.View) []app.UI {
	// The open example shows as chosen; "Choose…" only when the workspace is not one.
	var opts []app.UI
	open := false
	for _, ex := range workspace.Examples() {
		open = open || ex.ID == v.Name
		opts = append(opts, app.Option().Value(ex.ID).Text(tr(p.lang, ex.Title)).Selected(ex.ID == v.Name))
	}
	if !open {
		opts = append([]app.UI{app.Option().Value("").Text(tr(p.lang, "Choose…")).Selected(true)}, opts...)
	}
	return opts
}

func (p *Playground) renderTabs(list []string) app.UI {
	var bs []app.UI
	for _, t := range list {
		t := t
		if c := tabControl[t]; c != "" && p.refuse(c) != nil {
			continue // the lesson leaves it out
		}
		cls := "tab"
		if t == p.tab {
			cls += " tab-on"
		}
		bs = append(bs, app.Button().Class(cls).Role("tab").Aria("selected", t == p.tab).Text(tr(p.lang, t)).
			OnClick(func(ctx app.Context, e app.Event) { p.tab = t }, app.EventScope(t)))
	}
	return app.Nav().Class("tabs").Role("tablist").Body(bs...)
}

func (p *Playground) renderTab(v *workspace.View) app.UI {
	tab := p.tab
	if c := tabControl[tab]; c != "" && p.refuse(c) != nil {
		tab = tabInspector
	}
	switch tab {
	case tabQueues:
		return &QueuesPanel{Lang: p.lang, View: v, Selected: p.selected, onSelect: p.onSelect}
	case tabTrace:
		return &TracePanel{Lang: p.lang, View: v, onRule: p.showRule}
	case tabAuthor:
		return &AuthorPanel{Lang: p.lang, View: v, OnCreate: p.createObjects, OnDeclare: p.declareKind}
	case tabConsole:
		return &ConsolePanel{Lang: p.lang, View: v, OnRun: p.runConsole}
	case tabExport:
		return &ExportPanel{Lang: p.lang, View: v, OnExport: p.export, Link: p.sessionLink()}
	}
	return &Inspector{Lang: p.lang, View: v, Selected: p.selected, Why: p.why(), YAML: p.selectedYAML(),
		onSelect: p.onSelect, onFinalizer: p.editFinalizer, onRule: p.showRule}
}

func (p *Playground) renderNotice() app.UI {
	if p.notice.level == noticeNone {
		return app.Div().Class("notice", "notice-empty").Role("status")
	}
	cls := "notice notice-info"
	role := "status"
	if p.notice.level == noticeError {
		cls, role = "notice notice-error", "alert"
	}
	return app.Div().Class(cls).Role(role).Body(
		app.Span().Text(p.notice.text),
		app.Button().Class("notice-close").Aria("label", tr(p.lang, "Dismiss")).Text("×").
			OnClick(func(ctx app.Context, e app.Event) { p.notice = notice{} }),
	)
}

func (p *Playground) renderCrash() app.UI {
	return app.Div().Class("pg", "pg-crash").Role("alert").Body(
		app.H1().Text(tr(p.lang, "gcplay stopped: an internal error")),
		app.P().Text(tr(p.lang, "The playground caught a panic instead of going blank. Copy the session as a scenario file and report it with the message below; reloading the page restores the last saved state.")),
		app.Button().Text(tr(p.lang, "Copy scenario")).OnClick(func(ctx app.Context, e app.Event) { p.copyScenario(ctx) }),
		app.Pre().Class("crash-text").Text(p.crash),
	)
}

func (p *Playground) showRule(ctx app.Context, id string) {
	p.rule = id
	p.overlay = overlayRule
}

func (p *Playground) why() []whyLine {
	o, ok := p.selectedObject()
	if !ok {
		return nil
	}
	return whyLines(p.ws.Reasons(o.Ref()), p.lang)
}

func (p *Playground) selectedYAML() string {
	o, ok := p.selectedObject()
	if !ok {
		return ""
	}
	return objectYAML(o)
}

func (p *Playground) storageKind() string {
	if p.stored.fb == nil || p.storeNote != "" || p.stored.fb.Degraded() {
		return "memory"
	}
	return p.stored.fb.Kind()
}

// sessionLink is a URL that reopens the session as a scenario.
func (p *Playground) sessionLink() string {
	return pageURL(p.lang, "scenario="+workspace.EncodeLink(p.ws.ExportScenario()))
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
