package ui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gcplay/gcplay/app/session"
	"github.com/gcplay/gcplay/app/store/catalog"
	"github.com/gcplay/gcplay/lessons"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

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

// openLesson opens a lesson: the learner's saved attempt if the catalog has one, else its
// start at rest as a new workspace. An unknown id only says so.
func (p *Playground) openLesson(ctx app.Context, id string) {
	p.overlay = overlayNone
	l, ok, err := p.lib.Lesson(id)
	if err != nil {
		p.s.Alert(tr(p.s.Lang, "The lessons could not be read: ") + err.Error())
		return
	}
	if !ok {
		p.s.Alert(fmt.Sprintf(t(p.s.Lang, "noLessonFmt"), id))
		return
	}
	for i, e := range p.stored.entries {
		ok, legacy := isLessonEntry(e, l)
		if !ok {
			continue
		}
		if legacy {
			p.stored.migrateEntry(i, l.ID)
		}
		if e.ID == p.stored.id {
			// The attempt is open already (the learner left the lesson): back into lesson mode.
			p.s.OpenLesson()
			return
		}
		p.stored.switchTo(ctx, e.ID)
		return
	}
	ws, err := session.NewAttempt(l)
	if err != nil {
		p.s.Alert(err.Error())
		return
	}
	p.stored.create(ctx, lessonEntryName(p.s.Lang, l), l.ID, ws, nil)
}

// lessonFragment is the id of a `#lesson=ID` link.
func lessonFragment(fragment string) (string, bool) {
	return strings.CutPrefix(fragment, "lesson=")
}

// renderLesson is the open lesson's panel (LessonPanel), full or embedded.
func (p *Playground) renderLesson(embed bool) app.UI {
	r := p.s.Lesson()
	if r == nil {
		return app.Div().Class("lesson-none")
	}
	lp := &LessonPanel{Lang: p.s.Lang, Embed: embed, Lesson: r.L, Met: r.Met, Actions: r.Actions, Done: r.Done,
		Hints: r.Hints, Solving: r.Solving >= 0,
		onHint: func(app.Context) {
			if r := p.s.Lesson(); r != nil {
				r.RevealHint()
			}
		},
		onSolution: p.showSolution,
		onRestart: func(ctx app.Context) {
			p.guard(ctx, "restart lesson", p.s.RestartLesson)
		},
		onExit:   func(app.Context) { p.s.ExitLesson() },
		onOthers: func(app.Context) { p.overlay = overlayLessons },
		onOpen:   p.openLesson, onRule: p.showRule}
	if r.Done && !embed {
		lp.Next, lp.Trace, lp.Reference = nextLesson(p.lib, r.L.ID), r.Trace(p.s.View()), r.ReferenceTrace()
	}
	return lp
}

// nextLesson is the lesson taught after lesson id, "" after the last.
func nextLesson(lib *session.Library, id string) string {
	ls, err := lib.All()
	if err != nil {
		return ""
	}
	for i, l := range ls[:max(len(ls)-1, 0)] {
		if l.ID == id {
			return ls[i+1].ID
		}
	}
	return ""
}

// lessonsMenu is the lesson picker: the lessons in teaching order with the learner's
// progress (done), and the first lesson not done yet.
func lessonsMenu(lang string, lib *session.Library, done map[string]bool, open func(app.Context, string)) []app.UI {
	ls, err := lib.All()
	if err != nil {
		return []app.UI{app.P().Text(err.Error())}
	}
	var out []app.UI
	if i := slices.IndexFunc(ls, func(l *lessons.Lesson) bool { return !done[l.ID] }); i >= 0 {
		n := ls[i]
		out = append(out, app.P().Body(app.Button().Class("btn").ID("lessons-next").DataSet("lesson", n.ID).
			Text(labelled(lang, t(lang, "nextLesson"), n.Title.In(lang))).
			OnClick(func(ctx app.Context, e app.Event) { open(ctx, n.ID) }, app.EventScope(n.ID))))
	}
	// One list in teaching order, numbered as taught; the level is a tag on each lesson.
	var items []app.UI
	for i, l := range ls {
		state, mark := "todo", "○"
		if done[l.ID] {
			state, mark = "done", "✓"
		}
		items = append(items, app.Li().Class("lesson-item").DataSet("lesson", l.ID).DataSet("progress", state).Body(
			app.Button().Class("lesson-open").Body(
				app.Span().Class("lesson-mark").Aria("label", t(lang, state)).Text(mark),
				app.Span().Class("lesson-num").Text(fmt.Sprintf("%d.", i+1)),
				app.Span().Body(app.Strong().Text(l.Title.In(lang)), app.Text(" "), app.Span().Class("lesson-tag").Text(l.Level.Name(lang))),
				app.Span().Class("muted").Text(l.Goal.In(lang)),
			).OnClick(func(ctx app.Context, e app.Event) { open(ctx, l.ID) }, app.EventScope(l.ID)),
		))
	}
	return append(out, app.Ul().Class("lessons-list").Body(items...))
}

// tabControl is the lesson control each side tab needs.
var tabControl = map[string]string{tabAuthor: lessons.ControlCreate, tabConsole: lessons.ControlConsole, tabFaults: lessons.ControlFaults}
