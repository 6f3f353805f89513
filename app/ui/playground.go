package ui

import (
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/gcplay/gcplay/app/scene"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/lessons"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// loadStatus is where the page is in its life.
type loadStatus int

const (
	statusLoading loadStatus = iota // prerendered, or the wasm is starting
	statusReady
	statusCrashed // a panic was caught; the page shows it with the session to copy
)

// RunState says whether the simulation advances by itself.
type RunState int

const (
	Paused RunState = iota
	Running
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

// Policies are the Delete button's choices; "" is the API server's default.
var Policies = []string{"Background", "Foreground", "Orphan", ""}

// Playground is the page: it owns the workspace and all UI state and hands views and
// callbacks down to the panels. It changes state only in event handlers and dispatched
// functions, which go-app runs on the UI goroutine.
//
// The always-shown panels take their callbacks in unexported fields. go-app copies and
// compares only exported fields when the page re-renders, and a func never compares
// equal, so an exported callback would re-render the panel on every page update (a save
// finishing, a notice). The page's callbacks never change, so the panel keeps the ones it
// was mounted with.
type Playground struct {
	app.Compo

	ws     *workspace.Workspace
	status loadStatus
	run    RunState
	speed  int // ticks per second when running
	// selected is the uid of the selected object or node.
	selected  types.UID
	policy    string // one of Policies
	mode      scene.Mode
	collapsed map[string]bool
	until     string // the queue "until change" watches
	tab       string // the side panel's tab
	overlay   overlay
	rule      string // the rule the rule overlay shows
	notice    notice
	crash     string
	// guide is the example whose purpose and first action show under the toolbar ("" when
	// hidden); tour is the first-visit tour's card (1-based, 0 when off), and legendOpen
	// keeps the graph's legend open during a first visit.
	guide      string
	tour       int
	legendOpen bool
	// lesson is the open lesson (nil outside lesson mode); progress the lessons done
	// (catalog.KindProgress); lang the page's language (i18n.go).
	lesson   *lessonRun
	progress map[string]bool
	lang     string

	// embed is the compact page for an iframe (?embed=1); share is the session's share
	// link as last computed, for the view of shareVersion.
	embed bool
	// compact is set while the window is short (compact.go): the queues and the trace
	// are side tabs instead of a row under the graph.
	compact      bool
	share        string
	shareVersion int64

	stored      storage
	storeNote   string // why the workspace is not persisted, if it is not
	saveSeq     int    // bumped per change
	savePending bool   // a write is scheduled (save)
	savedSeq    int    // the last saveSeq written to the store (data-saved, for tests)
	// changeMS is the time state changes took since the last render, renderedTick the
	// tick that render showed (timeRender).
	changeMS     float64
	renderedTick int64
	ctx          app.Context
	release      []func()
}

// noticeLevel distinguishes information from errors.
type noticeLevel int

const (
	noticeNone noticeLevel = iota
	noticeInfo
	noticeError
)

type notice struct {
	level noticeLevel
	text  string
}

// OnMount loads the workspace (from the #scenario= link, the store, or the default
// example) and installs the keyboard shortcuts.
func (p *Playground) OnMount(ctx app.Context) {
	p.ctx = ctx
	p.speed = 4
	p.until = workspace.QueueAttemptToDelete
	p.tab = tabInspector
	p.collapsed = map[string]bool{}
	p.progress = map[string]bool{}
	p.lang = pageLanguage()
	ctx.Handle(actionCopyScenario, func(ctx app.Context, a app.Action) { p.copyScenario(ctx) })
	p.fetchRules(ctx)
	if p.embed = isEmbed(); p.embed {
		p.release = append(p.release, listenKeys(ctx, p.onKey), relayProgress())
		p.startEmbed(ctx)
		return
	}
	if firstVisit(ctx) {
		p.tour, p.legendOpen = 1, true
	}
	p.release = append(p.release, listenKeys(ctx, p.onKey), listenHash(ctx, p.onHashChange), listenCompact(ctx, p.setCompact),
		listen(app.Window(), "resize", func(app.Value) { placeTour() }),
		listenOtherTabs(ctx, p.onOtherTab), p.exposeSession())
	p.startStorage(ctx)
}

// OnDismount removes the window listeners.
func (p *Playground) OnDismount() {
	for _, r := range p.release {
		r()
	}
}

// open makes ws the current workspace, paused, with nothing selected.
func (p *Playground) open(ws *workspace.Workspace) {
	p.ws = ws
	p.status = statusReady
	p.run = Paused
	p.selected = ""
	p.collapsed = map[string]bool{}
	p.notice = notice{}
	p.guide = ""
	p.startLesson(ws)
}

// guard runs a state change: an error becomes the page's notice, a panic the crash
// screen (never a blank page). Successful changes are saved.
func (p *Playground) guard(ctx app.Context, what string, f func() error) {
	defer func() {
		if r := recover(); r != nil {
			p.status = statusCrashed
			p.run = Paused
			p.crash = fmt.Sprintf("%s: %v\n\n%s", what, r, debug.Stack())
		}
	}()
	start := now()
	if err := f(); err != nil {
		p.notice = notice{noticeError, err.Error()}
	}
	p.judge()
	p.changeMS += now() - start
	p.save(ctx)
}

// do runs a playground command.
func (p *Playground) do(ctx app.Context, c Cmd) {
	if p.ws == nil || p.status != statusReady {
		return
	}
	p.guard(ctx, string(c), func() error {
		p.notice = notice{}
		ws := p.ws
		switch c {
		case CmdStep:
			p.run = Paused
			return ws.Step()
		case CmdRun:
			if p.run == Running {
				p.run = Paused
				return nil
			}
			p.run = Running
			p.scheduleRun(ctx)
		case CmdPause:
			p.run = Paused
		case CmdRunIdle:
			p.run = Paused
			before, from := countObjects(ws.View()), ws.View().Tick
			if err := ws.RunUntilIdle(); err != nil {
				return err
			}
			if note := idleNote(p.lang, before, countObjects(ws.View()), from, ws.View().Tick); note != "" {
				p.notice = notice{noticeInfo, note}
			}
		case CmdReset:
			p.run = Paused
			return ws.Reset()
		case CmdDeliver, CmdGraphChange, CmdDeleteItem, CmdOrphanItem:
			// The buttons are disabled when there is nothing to do; a shortcut says so
			// as information, not as an error.
			op := fineOps[c]
			if why := ws.View().FineBlocked(op); why != "" {
				p.notice = notice{noticeInfo, tr(p.lang, "Nothing to do: ") + why + "."}
				return nil
			}
			return ws.Fine(op)
		case CmdUntilChange:
			p.run = Paused
			n, changed, err := ws.StepUntilChange(p.until, 1000)
			if err == nil {
				p.notice = notice{noticeInfo, untilChangeText(p.lang, n, changed, p.until)}
			}
			return err
		case CmdBack:
			p.run = Paused
			if v := ws.View(); v.Tick > 0 {
				return ws.Rewind(v.Tick - 1)
			}
		case CmdForward:
			p.run = Paused
			if v := ws.View(); v.Position < v.HistoryLen {
				return ws.Rewind(v.Tick + 1)
			}
			return ws.Step()
		case CmdDelete:
			return p.deleteSelected()
		case CmdPolicy:
			for i, pol := range Policies {
				if pol == p.policy {
					p.policy = Policies[(i+1)%len(Policies)]
					break
				}
			}
		case CmdMode:
			p.mode = 1 - p.mode
		case CmdHelp:
			p.overlay = overlayHelp
		case CmdClose:
			p.overlay = overlayNone
		case CmdConsole:
			p.tab = tabConsole
			focusByID(ctx, "console-input")
		}
		return nil
	})
}

// fineOps are the workspace's fine steps behind the fine-step commands.
var fineOps = map[Cmd]gccore.InputOp{
	CmdDeliver: gccore.InputDeliverEvent, CmdGraphChange: gccore.InputGraphChange,
	CmdDeleteItem: gccore.InputDeleteItem, CmdOrphanItem: gccore.InputOrphanItem,
}

// untilChangeText reports what "Until change" did: nothing (idle), a change, or ticks
// that ended idle or at the limit with the queue unchanged.
func untilChangeText(lang string, n int, changed bool, queue string) string {
	switch {
	case n == 0:
		return tr(lang, "Nothing ran: the simulation is idle and no scenario step is pending.")
	case changed:
		return fmt.Sprintf(tr(lang, "Ran %d tick(s) until %s changed."), n, queue)
	}
	return fmt.Sprintf(tr(lang, "Ran %d tick(s); %s did not change before the simulation went idle."), n, queue)
}

// scheduleRun advances one tick per 1/speed seconds while running; it stops when the
// simulation settles or a step fails.
func (p *Playground) scheduleRun(ctx app.Context) {
	ctx.After(time.Second/time.Duration(max(p.speed, 1)), func(ctx app.Context) {
		if p.run != Running || p.ws == nil {
			return
		}
		p.guard(ctx, "run", func() error {
			if err := p.ws.Step(); err != nil {
				p.run = Paused
				return err
			}
			if p.ws.View().Settled {
				p.run = Paused
				p.notice = notice{noticeInfo, tr(p.lang, "Idle: nothing left to do. Run paused.")}
				p.save(ctx)
				return nil
			}
			p.scheduleRun(ctx)
			return nil
		})
	})
}

// deleteSelected deletes the selected object with the chosen policy.
func (p *Playground) deleteSelected() error {
	if err := p.refuse(lessons.ControlDelete); err != nil {
		return err
	}
	o, ok := p.selectedObject()
	if !ok {
		return errors.New(tr(p.lang, "select an object in the graph first"))
	}
	var opts metav1.DeleteOptions
	if p.policy != "" {
		pol := metav1.DeletionPropagation(p.policy)
		opts.PropagationPolicy = &pol
	}
	return p.ws.Do(gccore.DeleteInput(o.Ref(), opts))
}

// selectedObject returns the stored object that is selected.
func (p *Playground) selectedObject() (*gccore.Object, bool) {
	if p.ws == nil || p.selected == "" {
		return nil, false
	}
	return p.ws.View().ObjectByUID(p.selected)
}

func (p *Playground) onSelect(ctx app.Context, uid types.UID) {
	p.selected = uid
	p.tab = tabInspector
}

// onToggle folds or unfolds a subtree; an unfolded node is marked false, the learner's
// choice, which Fit leaves alone (scene.Fold). The map is replaced, not changed in place: the
// graph keys its scene cache on the map's identity and go-app compares props.
func (p *Playground) onToggle(ctx app.Context, id string) {
	if p.collapsed[id] {
		p.collapsed = scene.Unfold(p.ws.View(), p.mode, id, p.collapsed) // one layer in a large graph
		return
	}
	next := make(map[string]bool, len(p.collapsed)+1)
	for k, v := range p.collapsed {
		next[k] = v
	}
	next[id] = true
	p.collapsed = next
}

func (p *Playground) onRewind(ctx app.Context, tick int64) {
	p.guard(ctx, "rewind", func() error {
		p.run = Paused
		return p.ws.Rewind(tick)
	})
}

func (p *Playground) onKey(ctx app.Context, key string) {
	if c, ok := shortcutFor(key); ok {
		if c == CmdRun && p.run == Running {
			c = CmdPause
		}
		p.do(ctx, c)
	}
}

// openExample opens a built-in example as a new workspace (the open one is kept).
func (p *Playground) openExample(ctx app.Context, id string) { p.newWorkspace(ctx, id) }

// copyScenario copies the session as a scenario file, for bug reports after a crash.
func (p *Playground) copyScenario(ctx app.Context) {
	if p.ws == nil {
		return
	}
	copyText(string(p.ws.ExportScenario()))
	p.notice = notice{noticeInfo, tr(p.lang, "The session was copied to the clipboard as a scenario file.")}
}
