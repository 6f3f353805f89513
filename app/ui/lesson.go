package ui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gcplay/gcplay/app/lessonmode"
	"github.com/gcplay/gcplay/app/store/catalog"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/rules"
	"github.com/gcplay/gcplay/lessons"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// lessonWorkspacePrefix starts the workspace name (workspace.New's, kept by Marshal) of a
// lesson's attempt. It is a label only: the lesson is the workspace's Attempt field. The
// name stays what it was so that a page of an earlier version, which read the lesson
// from it, still opens an attempt saved by this one.
const lessonWorkspacePrefix = "lesson:"

// solutionDelay paces Show solution: slow enough to watch each step land.
const solutionDelay = 400 * time.Millisecond

// builtinLessons loads the embedded lessons once.
var builtinLessons = sync.OnceValues(lessons.Builtin)

// workshopShelf holds the lessons startStorage read from the site (a workshop's
// web/lessons.json, or the built-in ones), each parsed when first needed; nil until
// then, or on a site whose bundle could not be read.
var workshopShelf *lessons.Shelf

func setPageLessons(s *lessons.Shelf) { workshopShelf = s }

// pageLessons are the lessons the page teaches, every one parsed (the picker).
func pageLessons() ([]*lessons.Lesson, error) {
	if workshopShelf != nil {
		return workshopShelf.All()
	}
	return builtinLessons()
}

// pageLesson is one of the page's lessons, parsing only that one; ok is false when the
// page has no lesson id.
func pageLesson(id string) (l *lessons.Lesson, ok bool, err error) {
	if workshopShelf != nil {
		return workshopShelf.Lesson(id)
	}
	ls, err := builtinLessons()
	if err != nil {
		return nil, true, err
	}
	l, ok = lessons.ByID(ls, id)
	return l, ok, nil
}

// warmLessons parses the shelf's lessons one at a time when the browser is idle, after
// the page is up, so the picker opens at once without the parse delaying the first
// paint or holding input up.
func warmLessons(ctx app.Context, s *lessons.Shelf) {
	ctx.Async(func() {
		for _, id := range s.IDs() {
			if waitIdle(ctx) != nil {
				return
			}
			s.Lesson(id)
		}
	})
}

// waitIdle returns once the browser has nothing else to do (requestIdleCallback, or a
// short sleep where there is none). Call it off the UI goroutine.
func waitIdle(ctx context.Context) error {
	w := app.Window()
	if !w.Get("requestIdleCallback").Truthy() {
		time.Sleep(50 * time.Millisecond)
		return ctx.Err()
	}
	var f app.Func
	f = app.FuncOf(func(this app.Value, args []app.Value) any {
		w.Call("requestIdleCallback", args[0], map[string]any{"timeout": 2000})
		return nil
	})
	defer f.Release()
	_, err := await(ctx, w.Get("Promise").New(f))
	return err
}

// lessonRun is the open lesson: what the panel shows beside the attempt's workspace.
type lessonRun struct {
	l *lessons.Lesson
	// rest is the history position of the start at rest; restTrace the trace's length there.
	rest, restTrace int
	met             []bool
	actions         int
	done            bool // every goal holds now
	hints           int  // hints revealed
	// solving is the next solution step Show solution plays; -1 when it is not playing.
	solving int
	// shown is set by Show solution until Restart lesson: goals the solution meets are not
	// the learner's, so they neither count as progress nor tell an embedding page.
	shown bool
	// reference is the reference solution's trace after the start, for the recap; nil
	// until the recap first shows (referenceTrace).
	reference []gccore.Record
	// judge reads the attempt's new history entries for each judgement.
	judge lessonmode.Judge
}

// lessonOf finds the lesson a workspace is an attempt at: its workspace.Attempt, a field
// saved with it (an attempt saved before the field is read from its old name once, by
// workspace.Unmarshal).
func lessonOf(ws *workspace.Workspace) (*lessons.Lesson, bool) {
	a, ok := ws.Attempt()
	if !ok {
		return nil, false
	}
	l, ok, err := pageLesson(a.Lesson)
	return l, ok && err == nil
}

// lessonEntryName names an attempt's catalog entry in lang.
func lessonEntryName(lang string, l *lessons.Lesson) string {
	return tr(lang, "Lesson: ") + l.Title.In(lang)
}

// isLessonEntry reports whether catalog entry e is l's attempt: by its lesson id
// (catalog.Entry.Lesson); legacy is set for an entry stored before that field, found by
// its name, the lesson's title in any language, which openLesson then migrates.
func isLessonEntry(e catalog.Entry, l *lessons.Lesson) (ok, legacy bool) {
	if e.Lesson != "" {
		return e.Lesson == l.ID, false
	}
	for _, lang := range lessons.Languages {
		if e.Name == lessonEntryName(lang, l) {
			return true, true
		}
	}
	return false, false
}

// migrateEntry marks a legacy attempt's catalog entry with its lesson id, in memory at
// once and in the store off the UI goroutine, so that it is found by id from then on.
func (p *Playground) migrateEntry(i int, lesson string) {
	entries := slices.Clone(p.stored.entries)
	entries[i].Lesson = lesson
	p.stored.entries = entries
	cat, id := p.stored.cat, entries[i].ID
	if cat == nil || app.IsServer {
		return
	}
	p.ctx.Async(func() {
		if err := cat.SetLesson(id, lesson); err != nil {
			p.ctx.Dispatch(func(ctx app.Context) {
				if isWriteError(err) {
					p.storeNote = writeNote(p.lang, err)
				} else {
					p.notice = notice{noticeError, err.Error()}
				}
			})
		}
	})
}

// startLesson puts the page in lesson mode when ws is a lesson's attempt (open calls it).
// It runs nothing: the attempt knows where its start at rest is (workspace.Attempt; one
// saved before that field is measured once), and the reference solution is played when
// the recap first shows it.
func (p *Playground) startLesson(ws *workspace.Workspace) {
	p.lesson = nil
	l, ok := lessonOf(ws)
	if !ok {
		return
	}
	a, err := lessonmode.Attempt(l, ws)
	if err != nil {
		p.notice = notice{noticeError, err.Error()}
		return
	}
	r := &lessonRun{l: l, rest: a.Rest, restTrace: ws.TraceLenAt(a.Rest), solving: -1}
	p.lesson = r
	// The attempt as it was left: already judged when it was played, so nothing is told again.
	s := r.judge.State(ws)
	r.met, r.actions, r.done = lessonmode.Met(l.Goals, &s), len(s.Actions), lessons.AllMet(l.Goals, &s)
}

// referenceTrace is the reference solution's trace after the start at rest, for the
// recap: played once, the first time the recap shows.
func (r *lessonRun) referenceTrace() []gccore.Record {
	if r.reference == nil {
		r.reference = []gccore.Record{}
		if run, err := lessons.Play(r.l, "solution", r.l.Solution); err == nil {
			r.reference = after(run.Trace, r.restTrace)
		}
	}
	return r.reference
}

func after(trace []gccore.Record, n int) []gccore.Record {
	if n > len(trace) {
		return nil
	}
	return trace[n:]
}

// judge evaluates the goals on the workspace as it is now; guard calls it after every
// change. A goal newly met and the lesson completed are told to an embedding page.
func (p *Playground) judge() {
	r := p.lesson
	if r == nil || p.ws == nil {
		return
	}
	s := r.judge.State(p.ws)
	met := lessonmode.Met(r.l.Goals, &s)
	for i, m := range met {
		if m && (i >= len(r.met) || !r.met[i]) && !r.shown {
			postProgress(map[string]any{"type": "gcplay:goal-met", "lesson": r.l.ID, "goal": i})
		}
	}
	r.met, r.actions = met, len(s.Actions)
	done := lessons.AllMet(r.l.Goals, &s)
	if done && !r.done && !r.shown {
		postProgress(map[string]any{"type": "gcplay:lesson-complete", "lesson": r.l.ID, "actions": r.actions, "par": r.l.Par()})
		p.markDone(r.l.ID)
	}
	r.done = done
}

// openLesson opens a lesson: the learner's saved attempt if the catalog has one, else its
// start at rest as a new workspace. An unknown id only says so.
func (p *Playground) openLesson(ctx app.Context, id string) {
	p.overlay = overlayNone
	l, ok, err := pageLesson(id)
	if err != nil {
		p.notice = notice{noticeError, tr(p.lang, "The lessons could not be read: ") + err.Error()}
		return
	}
	if !ok {
		p.notice = notice{noticeError, fmt.Sprintf(t(p.lang, "noLessonFmt"), id)}
		return
	}
	for i, e := range p.stored.entries {
		ok, legacy := isLessonEntry(e, l)
		if !ok {
			continue
		}
		if legacy {
			p.migrateEntry(i, l.ID)
		}
		if e.ID == p.stored.id {
			// The attempt is open already (the learner left the lesson): back into lesson mode.
			p.startLesson(p.ws)
			return
		}
		p.switchWorkspace(ctx, e.ID)
		return
	}
	ws, err := newAttempt(l)
	if err != nil {
		p.notice = notice{noticeError, err.Error()}
		return
	}
	p.createWorkspace(ctx, lessonEntryName(p.lang, l), l.ID, ws, nil)
}

// newAttempt is a new attempt at l: its start at rest, on the full page and the embedded one.
func newAttempt(l *lessons.Lesson) (*workspace.Workspace, error) {
	return lessonmode.Open(l, lessonWorkspacePrefix+l.ID)
}

// lessonFragment is the id of a `#lesson=ID` link.
func lessonFragment(fragment string) (string, bool) {
	return strings.CutPrefix(fragment, "lesson=")
}

// restartLesson puts the attempt back at the start at rest; the steps after stay as the
// future, as a rewind keeps it.
func (p *Playground) restartLesson(ctx app.Context) {
	r := p.lesson
	if r == nil {
		return
	}
	p.guard(ctx, "restart lesson", func() error {
		p.run, r.solving, r.shown = Paused, -1, false
		return p.ws.Seek(r.rest)
	})
}

// showSolution replays the reference solution on the start at rest, one step per
// solutionDelay, then runs until idle one tick per solutionDelay.
func (p *Playground) showSolution(ctx app.Context) {
	r := p.lesson
	if r == nil {
		return
	}
	p.guard(ctx, "show solution", func() error {
		p.run, r.solving, r.shown = Paused, 0, true
		if err := p.ws.Seek(r.rest); err != nil {
			return err
		}
		p.scheduleSolution(ctx)
		return nil
	})
}

func (p *Playground) scheduleSolution(ctx app.Context) {
	ctx.After(solutionDelay, func(ctx app.Context) {
		r := p.lesson
		if r == nil || r.solving < 0 {
			return
		}
		p.guard(ctx, "show solution", func() error {
			if r.solving < len(r.l.Solution) {
				st := r.l.Solution[r.solving]
				r.solving++
				if err := lessonmode.Apply(p.ws, st); err != nil {
					r.solving = -1
					return err
				}
			} else if !p.ws.View().Settled {
				if err := p.ws.Step(); err != nil {
					r.solving = -1
					return err
				}
			} else {
				r.solving = -1
				return nil
			}
			p.scheduleSolution(ctx)
			return nil
		})
	})
}

// renderLesson is the lesson panel: the goal, the introduction, the goals ticking live,
// hints, and on success the recap.
func (p *Playground) renderLesson() app.UI {
	r := p.lesson
	if r == nil {
		return app.Div().Class("lesson-none")
	}
	l, lang := r.l, p.lang
	return app.Section().Class("lesson").ID("lesson").DataSet("lesson", l.ID).DataSet("done", r.done).
		Aria("label", t(lang, "lesson")).OnClick(p.onRuleClick).Body(
		app.Div().Class("lesson-head").Body(
			app.H2().Text(l.Title.In(lang)),
			app.Span().Class("lesson-level").Text(l.Level.Name(lang)),
			app.Button().Class("btn", "btn-small").ID("lesson-exit").Title(t(lang, "exitTitle")).Text(t(lang, "exit")).
				OnClick(func(ctx app.Context, e app.Event) { p.lesson = nil }),
		),
		app.P().Class("lesson-goal").Text(l.Goal.In(lang)),
		app.Details().Class("lesson-intro").Open(r.actions == 0 && !r.done).Body(
			app.Summary().Text(t(lang, "introduction")),
			app.Raw(ruleMarkdown(l.Intro.In(lang))),
		),
		app.H3().Text(t(lang, "goals")),
		p.renderGoals(),
		p.renderHints(),
		app.Div().Class("lesson-buttons").Body(append(p.lessonButtons(),
			app.Button().Class("btn", "btn-small").ID("lesson-next").Text(t(lang, "next")).
				OnClick(func(ctx app.Context, e app.Event) { p.overlay = overlayLessons }),
		)...),
		p.renderRecap(),
	)
}

// renderHints is the hints revealed so far, on the full and embedded pages.
func (p *Playground) renderHints() app.UI {
	r := p.lesson
	var hints []app.UI
	for i := 0; i < r.hints && i < len(r.l.Hints); i++ {
		hints = append(hints, app.Li().Text(r.l.Hints[i].In(p.lang)))
	}
	return app.Ol().Class("hints").ID("lesson-hints").Body(hints...)
}

// lessonButtons are Hint, Show solution and Restart lesson, the same on the full and
// embedded pages.
func (p *Playground) lessonButtons() []app.UI {
	r, lang := p.lesson, p.lang
	hintLabel := t(lang, "hint")
	if r.hints >= len(r.l.Hints) {
		hintLabel = t(lang, "noMoreHints")
	}
	return []app.UI{
		app.Button().Class("btn", "btn-small").ID("lesson-hint").Disabled(r.hints >= len(r.l.Hints)).Text(hintLabel).
			OnClick(p.revealHint),
		app.Button().Class("btn", "btn-small").ID("lesson-solution").Disabled(r.solving >= 0).Text(t(lang, "showSolution")).
			OnClick(func(ctx app.Context, e app.Event) { p.showSolution(ctx) }),
		app.Button().Class("btn", "btn-small").ID("lesson-reset").Text(t(lang, "reset")).
			OnClick(func(ctx app.Context, e app.Event) { p.restartLesson(ctx) }),
	}
}

// renderGoals is the open lesson's goals, each ticking live (data-goal-state).
func (p *Playground) renderGoals() app.UI {
	r := p.lesson
	var goals []app.UI
	for i, g := range r.l.Goals {
		state, mark := "unmet", "○"
		if i < len(r.met) && r.met[i] {
			state, mark = "met", "✓"
		}
		goals = append(goals, app.Li().Class("goal", "goal-"+state).DataSet("goal", i).DataSet("goal-state", state).Body(
			app.Span().Class("goal-mark").Aria("hidden", true).Text(mark),
			app.Span().Text(g.Describe(p.lang)),
		))
	}
	return app.Ul().Class("goals").ID("lesson-goals").Body(goals...)
}

// renderEmbedLesson is the embedded page's lesson strip: the goal, the goals ticking
// live, the hints, Hint, Show solution and Restart, and the action count once done; the
// introduction and recap are one click away in the full page ("Open in gcplay").
func (p *Playground) renderEmbedLesson() app.UI {
	r, lang := p.lesson, p.lang
	if r == nil {
		return app.Div().Class("lesson-none")
	}
	var done app.UI = app.Div().Class("recap-none")
	if r.done {
		done = app.P().Class("recap-par").ID("lesson-recap").Role("status").DataSet("actions", r.actions).DataSet("par", r.l.Par()).
			Text(t(lang, "done") + " · " + fmt.Sprintf(t(lang, "parFmt"), r.actions, r.l.Par()))
	}
	return app.Section().Class("lesson", "embed-lesson").ID("lesson").DataSet("lesson", r.l.ID).DataSet("done", r.done).
		Aria("label", t(lang, "lesson")).Body(
		app.P().Class("lesson-goal").Text(r.l.Goal.In(lang)),
		p.renderGoals(),
		p.renderHints(),
		app.Div().Class("lesson-buttons").Body(p.lessonButtons()...),
		done,
	)
}

// revealHint shows the open lesson's next hint. It reads p.lesson when clicked: go-app
// keeps a button's first handler, so a closure over the lesson would keep the first one.
func (p *Playground) revealHint(ctx app.Context, e app.Event) {
	if p.lesson != nil {
		p.lesson.hints++
	}
}

// onRuleClick opens the rule of a rule id clicked in lesson Markdown (one delegated handler).
func (p *Playground) onRuleClick(ctx app.Context, e app.Event) {
	if b := e.Get("target").Call("closest", "[data-rule]"); b.Truthy() {
		p.showRule(ctx, b.Call("getAttribute", "data-rule").String())
	}
}

// renderRecap is the lesson's recap once every goal holds: what happened in the GC's
// words, the actions against par, and the learner's trace beside the reference's.
func (p *Playground) renderRecap() app.UI {
	r, lang := p.lesson, p.lang
	if !r.done {
		return app.Div().Class("recap-none")
	}
	return app.Div().Class("recap").ID("lesson-recap").Role("status").Body(
		app.H3().Text(t(lang, "done")),
		app.P().Class("recap-par").DataSet("actions", r.actions).DataSet("par", r.l.Par()).
			Text(fmt.Sprintf(t(lang, "parFmt"), r.actions, r.l.Par())),
		app.Raw(ruleMarkdown(r.l.Recap.In(lang))),
		p.renderNextLesson(),
		app.Div().Class("recap-traces").Body(
			traceColumn(t(lang, "yourTrace"), after(p.ws.View().Trace, r.restTrace)),
			traceColumn(t(lang, "referenceTrace"), r.referenceTrace()),
		),
	)
}

// renderNextLesson is the recap's button to the lesson taught after the open one; none
// after the last.
func (p *Playground) renderNextLesson() app.UI {
	ls, err := pageLessons()
	if err != nil {
		return app.Div().Class("recap-none")
	}
	for i, l := range ls[:max(len(ls)-1, 0)] {
		if l.ID == p.lesson.l.ID {
			next := ls[i+1].ID
			return app.P().Body(app.Button().Class("btn").ID("recap-next").DataSet("lesson", next).Text(t(p.lang, "nextLesson")).
				OnClick(func(ctx app.Context, e app.Event) { p.openLesson(ctx, next) }, app.EventScope(next)))
		}
	}
	return app.Div().Class("recap-none")
}

// recapTraceLines bounds each trace column: the lessons settle in a few dozen records.
const recapTraceLines = 80

func traceColumn(title string, recs []gccore.Record) app.UI {
	var b strings.Builder
	b.WriteString(`<ol class="recap-trace">`)
	for i, rec := range recs {
		if i == recapTraceLines {
			fmt.Fprintf(&b, "<li>… %d more</li>", len(recs)-i)
			break
		}
		b.WriteString("<li>")
		rec.Write(func(s string) { b.WriteString(esc(s)) }, func(id rules.ID) { writeRuleLink(&b, id) })
		b.WriteString("</li>")
	}
	b.WriteString("</ol>")
	return app.Div().Class("recap-col").Body(app.H4().Text(title), app.Raw(b.String()))
}

// renderLessonsMenu is the lesson picker: the lessons by level with the learner's
// progress, and the first lesson not done yet.
func (p *Playground) renderLessonsMenu() []app.UI {
	lang := p.lang
	ls, err := pageLessons()
	if err != nil {
		return []app.UI{app.P().Text(err.Error())}
	}
	var next *lessons.Lesson
	for _, l := range ls {
		if !p.progress[l.ID] {
			next = l
			break
		}
	}
	var out []app.UI
	if next != nil {
		n := next
		out = append(out, app.P().Body(app.Button().Class("btn").ID("lessons-next").DataSet("lesson", n.ID).
			Text(labelled(lang, t(lang, "nextLesson"), n.Title.In(lang))).
			OnClick(func(ctx app.Context, e app.Event) { p.openLesson(ctx, n.ID) }, app.EventScope(n.ID))))
	}
	// One list in teaching order, numbered as taught; the level is a tag on each lesson.
	var items []app.UI
	for i, l := range ls {
		l, done := l, p.progress[l.ID]
		state, mark := "todo", "○"
		if done {
			state, mark = "done", "✓"
		}
		items = append(items, app.Li().Class("lesson-item").DataSet("lesson", l.ID).DataSet("progress", state).Body(
			app.Button().Class("lesson-open").Body(
				app.Span().Class("lesson-mark").Aria("label", t(lang, state)).Text(mark),
				app.Span().Class("lesson-num").Text(fmt.Sprintf("%d.", i+1)),
				app.Span().Body(app.Strong().Text(l.Title.In(lang)), app.Text(" "), app.Span().Class("lesson-tag").Text(l.Level.Name(lang))),
				app.Span().Class("muted").Text(l.Goal.In(lang)),
			).OnClick(func(ctx app.Context, e app.Event) { p.openLesson(ctx, l.ID) }, app.EventScope(l.ID)),
		))
	}
	out = append(out, app.Ul().Class("lessons-list").Body(items...))
	return out
}

// markDone records a finished lesson, in memory at once and in the store off the UI
// goroutine (catalog.KindProgress).
func (p *Playground) markDone(id string) {
	if p.progress[id] {
		return
	}
	next := map[string]bool{id: true}
	for k, v := range p.progress {
		next[k] = v
	}
	p.progress = next
	cat := p.stored.cat
	if cat == nil || app.IsServer {
		return
	}
	p.ctx.Async(func() {
		if err := cat.MarkDone(id); err != nil {
			p.ctx.Dispatch(func(ctx app.Context) {
				p.storeNote = tr(p.lang, "Your lesson progress could not be saved: ") + err.Error()
			})
		}
	})
}

// refuse says why the open lesson does not let the learner use control (lessons.Control*),
// or nil when it does or no lesson is open. The page disables what a lesson leaves out;
// this also stops the keyboard shortcuts and the console.
func (p *Playground) refuse(control string) error {
	if p.lesson == nil || p.lesson.l.Allows(control) {
		return nil
	}
	return fmt.Errorf(t(p.lang, "refuseFmt"), control, strings.Join(p.lesson.l.Controls, ", "))
}

// emptyGraph is what an empty graph says: where to make objects, naming only the tabs
// the open lesson offers (no dead end).
func (p *Playground) emptyGraph() string {
	switch {
	case p.lesson == nil:
		return tr(p.lang, "No objects. Create some in the Create tab or the Console, or open an example.")
	case p.refuse(lessons.ControlCreate) != nil:
		return tr(p.lang, "No objects.")
	case p.refuse(lessons.ControlConsole) != nil:
		return tr(p.lang, "No objects. Create some in the Create tab.")
	}
	return tr(p.lang, "No objects. Create some in the Create tab or the Console.")
}

// tabControl is the lesson control each side tab needs.
var tabControl = map[string]string{tabAuthor: lessons.ControlCreate, tabConsole: lessons.ControlConsole}
