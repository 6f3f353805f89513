package ui

import (
	"fmt"
	"github.com/gcplay/gcplay/gccore/rules"
	"slices"
	"strings"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/lessons"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// LessonPanel is the open lesson beside its attempt: the goal, the introduction, the
// goals ticking live, hints, and on success the recap. Embedded (?embed=1) it is a strip:
// the goal, the goals, the hints and the buttons, and the action count once done.
//
// Its props are values the session holds (session.Lesson), copied each render so that
// go-app re-renders the panel when one changes; the actions go up through the callbacks.
type LessonPanel struct {
	app.Compo

	Lang   string
	Embed  bool
	Lesson *lessons.Lesson // never changed
	Met    []bool          // per goal
	// Actions counts the learner's actions; Done is set while every goal holds.
	Actions int
	Done    bool
	Hints   int  // hints revealed
	Solving bool // Show solution is playing
	// Next is the lesson taught after this one ("" after the last); Trace and Reference
	// the learner's and the reference solution's traces after the start, once Done.
	Next             string
	Trace, Reference []gccore.Record

	onHint, onSolution, onRestart, onExit, onOthers func(app.Context)
	onOpen                                          func(app.Context, string)
	onRule                                          func(app.Context, string)
}

// Render draws the panel.
func (lp *LessonPanel) Render() (ui app.UI) {
	defer recoverRender(&ui, "lesson")
	if lp.Embed {
		return lp.renderEmbed()
	}
	l, lang := lp.Lesson, lp.Lang
	return app.Section().Class("lesson").ID("lesson").DataSet("lesson", l.ID).DataSet("done", lp.Done).
		Aria("label", t(lang, "lesson")).OnClick(lp.onRuleClick).Body(
		app.Div().Class("lesson-head").Body(
			app.H2().Text(l.Title.In(lang)),
			app.Span().Class("lesson-level").Text(l.Level.Name(lang)),
			app.Button().Class("btn", "btn-small").ID("lesson-exit").Title(t(lang, "exitTitle")).Text(t(lang, "exit")).
				OnClick(func(ctx app.Context, e app.Event) { lp.onExit(ctx) }),
		),
		app.P().Class("lesson-goal").Text(l.Goal.In(lang)),
		app.Details().Class("lesson-intro").Open(lp.Actions == 0 && !lp.Done).Body(
			app.Summary().Text(t(lang, "introduction")),
			app.Raw(ruleMarkdown(l.Intro.In(lang))),
		),
		app.H3().Text(t(lang, "goals")),
		lp.renderGoals(),
		lp.renderHints(),
		app.Div().Class("lesson-buttons").Body(append(lp.buttons(),
			app.Button().Class("btn", "btn-small").ID("lesson-next").Text(t(lang, "next")).
				OnClick(func(ctx app.Context, e app.Event) { lp.onOthers(ctx) }),
		)...),
		lp.renderRecap(),
	)
}

// renderEmbed is the embedded page's strip; the introduction and recap are one click
// away in the full page ("Open in gcplay").
func (lp *LessonPanel) renderEmbed() app.UI {
	l, lang := lp.Lesson, lp.Lang
	var done app.UI = app.Div().Class("recap-none")
	if lp.Done {
		done = app.P().Class("recap-par").ID("lesson-recap").Role("status").DataSet("actions", lp.Actions).DataSet("par", l.Par()).
			Text(t(lang, "done") + " · " + fmt.Sprintf(t(lang, "parFmt"), lp.Actions, l.Par()))
	}
	return app.Section().Class("lesson", "embed-lesson").ID("lesson").DataSet("lesson", l.ID).DataSet("done", lp.Done).
		Aria("label", t(lang, "lesson")).Body(
		app.P().Class("lesson-goal").Text(l.Goal.In(lang)),
		lp.renderGoals(),
		lp.renderHints(),
		app.Div().Class("lesson-buttons").Body(lp.buttons()...),
		done,
	)
}

// renderHints is the hints revealed so far. The embedded card lists them newest first
// (an <ol reversed>, numbered down): there they scroll in a box of their own above the
// buttons (playground.css), whose top is in sight, so that a hint revealed shows its start.
func (lp *LessonPanel) renderHints() app.UI {
	var hints []app.UI
	for i := 0; i < lp.Hints && i < len(lp.Lesson.Hints); i++ {
		hints = append(hints, app.Li().Text(lp.Lesson.Hints[i].In(lp.Lang)))
	}
	if lp.Embed {
		slices.Reverse(hints)
	}
	return app.Ol().Class("hints").ID("lesson-hints").Reversed(lp.Embed).Body(hints...)
}

// buttons are Hint, Show solution and Restart lesson, the same on the full and embedded
// pages. Their handlers read nothing of the lesson: go-app keeps a button's first handler.
func (lp *LessonPanel) buttons() []app.UI {
	lang, noMore := lp.Lang, lp.Hints >= len(lp.Lesson.Hints)
	hintLabel := t(lang, "hint")
	if noMore {
		hintLabel = t(lang, "noMoreHints")
	}
	return []app.UI{
		app.Button().Class("btn", "btn-small").ID("lesson-hint").Disabled(noMore).Text(hintLabel).
			OnClick(func(ctx app.Context, e app.Event) { lp.onHint(ctx) }),
		app.Button().Class("btn", "btn-small").ID("lesson-solution").Disabled(lp.Solving).Text(t(lang, "showSolution")).
			OnClick(func(ctx app.Context, e app.Event) { lp.onSolution(ctx) }),
		app.Button().Class("btn", "btn-small").ID("lesson-reset").Text(t(lang, "reset")).
			OnClick(func(ctx app.Context, e app.Event) { lp.onRestart(ctx) }),
	}
}

// renderGoals is the goals, each ticking live (data-goal-state).
func (lp *LessonPanel) renderGoals() app.UI {
	var goals []app.UI
	for i, g := range lp.Lesson.Goals {
		state, mark := "unmet", "○"
		if i < len(lp.Met) && lp.Met[i] {
			state, mark = "met", "✓"
		}
		goals = append(goals, app.Li().Class("goal", "goal-"+state).DataSet("goal", i).DataSet("goal-state", state).Body(
			app.Span().Class("goal-mark").Aria("hidden", true).Text(mark),
			app.Span().Text(g.Describe(lp.Lang)),
		))
	}
	return app.Ul().Class("goals").ID("lesson-goals").Body(goals...)
}

// onRuleClick opens the rule of a rule id clicked in lesson Markdown (one delegated handler).
func (lp *LessonPanel) onRuleClick(ctx app.Context, e app.Event) {
	if b := e.Get("target").Call("closest", "[data-rule]"); b.Truthy() {
		lp.onRule(ctx, b.Call("getAttribute", "data-rule").String())
	}
}

// renderRecap is the recap once every goal holds: what happened in the GC's words, the
// actions against par, and the learner's trace beside the reference's.
func (lp *LessonPanel) renderRecap() app.UI {
	l, lang := lp.Lesson, lp.Lang
	if !lp.Done {
		return app.Div().Class("recap-none")
	}
	return app.Div().Class("recap").ID("lesson-recap").Role("status").Body(
		app.H3().Text(t(lang, "done")),
		app.P().Class("recap-par").DataSet("actions", lp.Actions).DataSet("par", l.Par()).
			Text(fmt.Sprintf(t(lang, "parFmt"), lp.Actions, l.Par())),
		app.Raw(ruleMarkdown(l.Recap.In(lang))),
		lp.renderNext(),
		app.Div().Class("recap-traces").Body(
			traceColumn(t(lang, "yourTrace"), lp.Trace),
			traceColumn(t(lang, "referenceTrace"), lp.Reference),
		),
	)
}

// renderNext is the recap's button to the lesson taught next; none after the last.
func (lp *LessonPanel) renderNext() app.UI {
	if lp.Next == "" {
		return app.Div().Class("recap-none")
	}
	next := lp.Next
	return app.P().Body(app.Button().Class("btn").ID("recap-next").DataSet("lesson", next).Text(t(lp.Lang, "nextLesson")).
		OnClick(func(ctx app.Context, e app.Event) { lp.onOpen(ctx, next) }, app.EventScope(next)))
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
