package ui

import (
	"fmt"
	"runtime/debug"
	"time"

	"github.com/gcplay/gcplay/app/session"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"k8s.io/apimachinery/pkg/types"
)

// loadStatus is where the page is in its life.
type loadStatus int

const (
	statusLoading loadStatus = iota // prerendered, or the wasm is starting
	statusReady
	statusCrashed // a panic was caught; the page shows it with the session to copy
)

// overlay is what covers the page, if anything.
type overlay int

const (
	overlayNone overlay = iota
	overlayHelp
	overlayRule
	overlayExport
	overlayShare
	overlayLessons
)

// Playground is the page: a thin shell around one session.Session. It passes the
// person's actions to the session, schedules what takes time (a run, Show solution, the
// store's writes), keeps what only the page has (the open tab and overlay, the tour, the
// catalog of stored workspaces) and renders the session through the panels. It changes
// state only in event handlers and dispatched functions, which go-app runs on the UI
// goroutine.
//
// The always-shown panels take their callbacks in unexported fields. go-app copies and
// compares only exported fields when the page re-renders, and a func never compares
// equal, so an exported callback would re-render the panel on every page update (a save
// finishing, a notice). The page's callbacks never change, so the panel keeps the ones it
// was mounted with.
type Playground struct {
	app.Compo

	// s is the session the page shows; lib the lessons it looks ids up in.
	s      *session.Session
	lib    *session.Library
	status loadStatus
	tab    string // the side panel's tab
	// overlay is what covers the page; rule the rule the rule overlay shows.
	overlay overlay
	rule    string
	crash   string
	// guide is the example whose purpose and first action show under the toolbar ("" when
	// hidden); tour is the first-visit tour's card (1-based, 0 when off), and legendOpen
	// keeps the graph's legend open during a first visit.
	guide      string
	tour       int
	legendOpen bool

	// embed is the compact page for an iframe (?embed=1); share is the share link the
	// Share dialog shows, computed when it opens.
	embed bool
	share string
	// compact is set while the window is short (compact.go): the queues and the trace
	// are side tabs instead of a row under the graph.
	compact bool

	stored storage
	// cmp is compare mode: while on, the page shows it and the time commands go to it.
	cmp compareMode
	// changeMS is the time state changes took since the last render, renderedTick the
	// tick that render showed (timeRender).
	changeMS     float64
	renderedTick int64
	ctx          app.Context
	release      []func()
}

// NewPlayground is the page before it mounts, with an empty session.
func NewPlayground() *Playground {
	lib := &session.Library{}
	p := &Playground{lib: lib, s: session.New("en", lib), tab: tabInspector}
	p.stored.p, p.cmp.p = p, p
	return p
}

// OnMount loads the workspace (from the #scenario= link, the store, or the default
// example) and installs the keyboard shortcuts.
func (p *Playground) OnMount(ctx app.Context) {
	p.ctx = ctx
	p.s.Lang = pageLanguage()
	ctx.Handle(actionCopyScenario, func(ctx app.Context, a app.Action) { p.copyScenario(ctx) })
	p.fetchRules(ctx)
	if p.embed = isEmbed(); p.embed {
		// A course page that moves its iframe to another lesson changes only the fragment:
		// a same-document navigation, which opens the new lesson here as a load would.
		p.release = append(p.release, listenKeys(ctx, p.onKey), relayProgress(), listenHash(ctx, p.startEmbed))
		p.startEmbed(ctx)
		return
	}
	if firstVisit(ctx) {
		p.tour, p.legendOpen = 1, true
	}
	p.release = append(p.release, listenKeys(ctx, p.onKey), listenHash(ctx, p.stored.onHashChange), listenCompact(ctx, p.setCompact),
		listen(app.Window(), "resize", func(app.Value) { placeTour() }),
		listenOtherTabs(ctx, p.stored.onOtherTab), p.exposeSession())
	p.stored.start(ctx)
}

// OnDismount removes the window listeners.
func (p *Playground) OnDismount() {
	for _, r := range p.release {
		r()
	}
}

// open makes ws the current workspace, paused, with nothing selected.
func (p *Playground) open(ws *workspace.Workspace) {
	p.status = statusReady
	p.guide = ""
	p.s.Open(ws)
}

// guard runs a state change: an error becomes the page's notice, a panic the crash
// screen (never a blank page). The session's progress events are passed on, and
// successful changes saved.
func (p *Playground) guard(ctx app.Context, what string, f func() error) {
	defer func() {
		if r := recover(); r != nil {
			p.status = statusCrashed
			p.s.Run = session.Paused
			p.crash = fmt.Sprintf("%s: %v\n\n%s", what, r, debug.Stack())
		}
	}()
	start := now()
	p.s.Fail(f())
	for _, ev := range p.s.TakeEvents() {
		tellProgress(ev)
		if ev.Kind == session.LessonComplete && ev.First {
			p.stored.markDone(ev.Lesson)
		}
	}
	p.changeMS += now() - start
	p.stored.save(ctx)
}

// do runs a playground command: the page's own here, the session's in it.
func (p *Playground) do(ctx app.Context, c session.Cmd) {
	if p.s.Workspace() == nil || p.status != statusReady {
		return
	}
	if p.cmp.c != nil {
		p.cmp.do(ctx, c)
		return
	}
	p.guard(ctx, string(c), func() error {
		switch c {
		case session.CmdHelp:
			p.overlay = overlayHelp
		case session.CmdClose:
			p.overlay = overlayNone
		case session.CmdConsole:
			p.tab = tabConsole
			focusByID(ctx, "console-input")
		default:
			err := p.s.Do(c)
			if c == session.CmdRun && p.s.Run == session.Running {
				p.scheduleRun(ctx)
			}
			return err
		}
		p.s.Notice = session.Notice{}
		return nil
	})
}

// scheduleRun advances one tick per 1/speed seconds while running; it stops when the
// simulation settles or a step fails.
func (p *Playground) scheduleRun(ctx app.Context) {
	ctx.After(time.Second/time.Duration(max(p.s.Speed, 1)), func(ctx app.Context) {
		if p.s.Run != session.Running {
			return // paused meanwhile
		}
		p.guard(ctx, "run", func() error {
			more, err := p.s.RunTick()
			if more {
				p.scheduleRun(ctx)
			}
			return err
		})
	})
}

// solutionDelay paces Show solution: slow enough to watch each step land.
const solutionDelay = 400 * time.Millisecond

// showSolution replays the reference solution on the start at rest, one step per
// solutionDelay, then runs until idle one tick per solutionDelay.
func (p *Playground) showSolution(ctx app.Context) {
	if p.s.Lesson() == nil {
		return
	}
	p.guard(ctx, "show solution", func() error {
		if err := p.s.ShowSolution(); err != nil {
			return err
		}
		p.scheduleSolution(ctx)
		return nil
	})
}

func (p *Playground) scheduleSolution(ctx app.Context) {
	ctx.After(solutionDelay, func(ctx app.Context) {
		if r := p.s.Lesson(); r == nil || r.Solving < 0 {
			return // stopped meanwhile (Restart lesson, Leave)
		}
		p.guard(ctx, "show solution", func() error {
			more, err := p.s.SolutionStep()
			if more {
				p.scheduleSolution(ctx)
			}
			return err
		})
	})
}

func (p *Playground) onSelect(ctx app.Context, uid types.UID) {
	p.s.Selected = uid
	p.tab = tabInspector
}

func (p *Playground) onKey(ctx app.Context, key string) {
	if c, ok := shortcutFor(key); ok {
		if c == session.CmdRun && p.s.Run == session.Running {
			c = session.CmdPause
		}
		p.do(ctx, c)
	}
}

// copyScenario copies the session as a scenario file, for bug reports after a crash.
func (p *Playground) copyScenario(ctx app.Context) {
	if p.s.Workspace() == nil {
		return
	}
	copyText(string(p.s.Workspace().ExportScenario()))
	p.s.Inform(tr(p.s.Lang, "The session was copied to the clipboard as a scenario file."))
}
