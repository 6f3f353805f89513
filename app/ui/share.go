package ui

import (
	"errors"
	"fmt"
	"github.com/gcplay/gcplay/app/session"
	"html"
	"net/url"
	"strings"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/lessons"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Link fragments the page opens: `#scenario=` (a scenario, at tick 0) and `#ws=` (a
// whole session from Share, at its tick).
const (
	fragScenario = "scenario="
	fragShare    = "ws="
)

// linkWorkspace opens the workspace a link fragment holds. kind is the fragment's key
// ("#scenario=" or "#ws="), "" when the fragment is no link. A bad link is an error and
// no workspace, never a partial one.
func linkWorkspace(fragment string) (ws *workspace.Workspace, kind string, err error) {
	switch {
	case strings.HasPrefix(fragment, fragShare):
		// The saved session's Attempt stays: a lesson's attempt reopens in lesson mode (lessonOf).
		ws, err = workspace.DecodeShare("", strings.TrimPrefix(fragment, fragShare))
		return ws, "#" + fragShare, err
	case strings.HasPrefix(fragment, fragScenario):
		src, _, err := linkScenario(fragment)
		if err == nil {
			ws, err = workspace.New("link", src)
		}
		return ws, "#" + fragScenario, err
	}
	return nil, "", nil
}

// linkProblem is the one notice a link that cannot be opened gives.
func linkProblem(kind string, err error) string {
	return "The " + kind + " link could not be opened: " + err.Error()
}

// pageURL is the full page's address (no ?embed) followed by fragment, in lang: a link
// made on the Chinese page opens in Chinese (?lang=zh-CN) in any browser; an English
// one leaves the choice to the reader's browser.
func pageURL(lang, fragment string) string {
	u := pageLocation()
	q := u.Query()
	q.Del("embed")
	q.Del("lang")
	if lang != "en" {
		q.Set("lang", lang)
	}
	u.RawQuery = q.Encode()
	return u.String() + "#" + fragment
}

// embedSnippet is the iframe that shows the shared session compactly (?embed=1).
func embedSnippet(share string) string {
	u, err := url.Parse(share)
	if err != nil {
		return ""
	}
	q := u.Query()
	q.Set("embed", "1")
	u.RawQuery = q.Encode()
	return `<iframe src="` + html.EscapeString(u.String()) + `" width="960" height="600" style="border:0" title="gcplay" loading="lazy"></iframe>`
}

// openShare computes the share link once (it deflates the whole session) and shows it.
func (p *Playground) openShare(ctx app.Context) {
	if p.s.Workspace() == nil {
		return
	}
	code := p.s.ShareCode()
	p.share, p.overlay = pageURL(p.s.Lang, fragShare+code), overlayShare
	if len(code) > workspace.MaxShareLinkChars {
		p.s.Inform(tr(p.s.Lang, "This session is too large for a link (over 2 MiB), which gcplay would refuse to open; export it as a scenario file instead (Export tab)."))
	}
}

// shareBody is the Share dialog's body: the link share, the embed snippet, copy buttons;
// in a lesson (lesson is its id) also the lesson's own link and snippet, from its start,
// for a class.
func shareBody(lang, share, lesson string, copy func(ctx app.Context, text, what string)) []app.UI {
	snippet := embedSnippet(share)
	body := []app.UI{
		app.P().Text(tr(lang, "This link reopens this session, at this tick, as a new workspace in any browser: the scenario and every action are in the link itself.")),
		app.Textarea().Class("link-box").ReadOnly(true).Rows(3).Aria("label", tr(lang, "Share link")).
			DataSet("share-url", share).Text(share),
		app.Button().Class("btn").Text(tr(lang, "Copy link")).
			OnClick(func(ctx app.Context, e app.Event) { copy(ctx, share, tr(lang, "The link")) }, app.EventScope("share")),
		app.H3().Text(tr(lang, "Embed")),
		app.P().Class("muted", "small").Text(tr(lang, "Paste this into a course page or slides: a compact gcplay with the graph, the controls and the trace, and a link to open it here.")),
		app.Textarea().Class("link-box").ReadOnly(true).Rows(3).Aria("label", tr(lang, "Embed snippet")).
			DataSet("embed-snippet", snippet).Text(snippet),
		app.Button().Class("btn").Text(tr(lang, "Copy embed snippet")).
			OnClick(func(ctx app.Context, e app.Event) { copy(ctx, snippet, tr(lang, "The embed snippet")) }, app.EventScope("embed")),
	}
	if lesson == "" {
		return body
	}
	lessonURL := pageURL(lang, "lesson="+lesson)
	lessonSnippet := embedSnippet(lessonURL)
	return append(body,
		app.H3().Text(tr(lang, "This lesson, from its start")),
		app.P().Class("muted", "small").Text(tr(lang, "For a class: each learner starts the lesson fresh. Embedded, its goals tick as they work, and the page tells yours (gcplay:goal-met, gcplay:lesson-complete).")),
		app.Textarea().Class("link-box").ReadOnly(true).Rows(2).Aria("label", tr(lang, "Lesson link")).
			DataSet("lesson-url", lessonURL).Text(lessonURL),
		app.Textarea().Class("link-box").ReadOnly(true).Rows(3).Aria("label", tr(lang, "Lesson embed snippet")).
			DataSet("lesson-embed-snippet", lessonSnippet).Text(lessonSnippet),
		app.Button().Class("btn").Text(tr(lang, "Copy lesson embed snippet")).
			OnClick(func(ctx app.Context, e app.Event) { copy(ctx, lessonSnippet, tr(lang, "The embed snippet")) }, app.EventScope("lesson-embed")),
	)
}

// copyToClipboard puts text on the clipboard and tells the outcome, in lang; a browser
// that refuses (no permission, no secure context) gets a notice saying to copy it by
// hand, not an error.
func copyToClipboard(ctx app.Context, lang, text, what string, tell func(string)) {
	refused := func(why string) {
		tell(fmt.Sprintf(tr(lang, "%s was not copied (%s): select it in the box and copy it by hand."), what, why))
	}
	if app.IsServer {
		return
	}
	cb := app.Window().Get("navigator").Get("clipboard")
	if !cb.Truthy() {
		refused(tr(lang, "this browser gives the page no clipboard"))
		return
	}
	var ok, fail app.Func
	done := func() { ok.Release(); fail.Release() }
	ok = app.FuncOf(func(app.Value, []app.Value) any {
		ctx.Dispatch(func(app.Context) {
			tell(fmt.Sprintf(tr(lang, "%s was copied to the clipboard."), what))
			done()
		})
		return nil
	})
	fail = app.FuncOf(func(_ app.Value, args []app.Value) any {
		why := tr(lang, "the browser refused")
		if len(args) > 0 && args[0].Truthy() {
			why = args[0].Get("message").String()
		}
		ctx.Dispatch(func(app.Context) { refused(why); done() })
		return nil
	})
	cb.Call("writeText", text).Call("then", ok, fail)
}

// isEmbed reports ?embed=1: the compact page for an iframe.
func isEmbed() bool {
	return !app.IsServer && pageLocation().Query().Get("embed") == "1"
}

// startEmbed opens the link's workspace, else the default example, in memory: an
// embedded page stores nothing (a course page reloading it must not fill the reader's
// workspace list), so a reload shows the link's state again.
func (p *Playground) startEmbed(ctx app.Context) {
	frag, lang := pageFragment(), p.s.Lang
	ctx.Async(func() {
		bundle := fetchLessonBundle(ctx)
		ws, kind, err := linkWorkspace(frag)
		ls, lessonsErr := bundle()
		var problem string
		if err != nil {
			problem, ws = linkProblem(kind, err), nil
		}
		if id, ok := lessonFragment(frag); ok {
			ws, problem = embedLesson(ls, lessonsErr, id, lang)
		}
		if ws == nil {
			_, ws, err = defaultWorkspace()
		}
		ctx.Dispatch(func(ctx app.Context) {
			if lessonsErr == nil {
				p.lib.SetShelf(ls)
			}
			p.guard(ctx, "load", func() error {
				if err != nil {
					return err
				}
				p.open(ws)
				if _, err := p.cmp.openLink(frag); err != nil {
					return err
				}
				if problem != "" {
					return errors.New(problem)
				}
				return nil
			})
		})
	})
}

// embedLesson is the start of lesson id for `?embed=1#lesson=ID`, in memory like every
// embedded workspace; else nil and the one line saying why.
func embedLesson(ls *lessons.Shelf, lessonsErr error, id, lang string) (*workspace.Workspace, string) {
	var l *lessons.Lesson
	ok := false
	if lessonsErr == nil {
		l, ok, lessonsErr = ls.Lesson(id)
	}
	if lessonsErr != nil {
		return nil, tr(lang, "The lessons could not be read: ") + lessonsErr.Error()
	}
	if !ok {
		return nil, fmt.Sprintf(t(lang, "noLessonFmt"), id)
	}
	ws, err := session.NewAttempt(l)
	if err != nil {
		return nil, err.Error()
	}
	return ws, ""
}

// renderEmbedMain is the compact page's graph with the trace below it, or in a lesson
// with the tabs beside it that the lesson's controls need (the Inspector's finalizer
// buttons, Create, the Console), as the full page has them.
func (p *Playground) renderEmbedMain(v *workspace.View) app.UI {
	if p.s.Lesson() == nil {
		return app.Main().Class("pg-main", "embed-main").Body(
			p.renderGraphSection(v),
			app.Section().Class("pg-bottom").Aria("label", tr(p.s.Lang, "Trace")).Body(
				&TracePanel{Lang: p.s.Lang, View: v, onRule: p.showRule},
			),
		)
	}
	return app.Main().Class("pg-main", "embed-main", "embed-split").Body(
		p.renderGraphSection(v),
		app.Section().Class("pg-side").Aria("label", tr(p.s.Lang, "Details")).Body(
			p.renderTabs(embedTabsFor(p.s.Refuse(lessons.ControlFaults) == nil)),
			p.renderTab(v),
		),
	)
}

// renderEmbed lays out the compact page: the controls, the graph and the trace, with a
// link to the full page carrying the same state (no workspaces, guide or tour).
func (p *Playground) renderEmbed() app.UI {
	v := p.s.View()
	share := pageURL(p.s.Lang, fragShare+p.s.ShareCode())
	return app.Div().Class("pg", "pg-embed").Body(
		app.Header().Class("pg-header", "embed-header").Body(
			app.Span().Class("embed-title").Text("gcplay · "+p.workspaceName(v)),
			app.If(v.Release.Set(), func() app.UI { return releaseBadge(p.s.Lang, v.Release) }),
			app.Span().Class("pg-status").ID("status").DataSet("status", p.s.RunStatus()).
				Textf(tr(p.s.Lang, "%s · %d objects"), tr(p.s.Lang, p.s.RunStatus()), len(v.Objects)),
			app.A().Class("btn", "btn-small", "embed-open").Href(share).Target("_blank").Rel("opener"). // the full page reports progress back (postProgress)

															DataSet("open-full", "1").Text(tr(p.s.Lang, "Open in gcplay")),
		),
		&Toolbar{
			Tick: v.Tick, LastTick: v.LastTick, Position: v.Position, HistoryLen: v.HistoryLen,
			Lang: p.s.Lang, Run: p.s.Run, Speed: p.s.Speed, Settled: v.Settled, Until: p.s.Until, Next: v.Script.NextText, Blocked: blocked(v),
			onCmd: p.do, onSpeed: func(ctx app.Context, speed int) { p.s.Speed = speed },
			onUntil: func(ctx app.Context, q string) { p.s.Until = q }, onRewind: p.onRewind,
		},
		p.renderLesson(true),
		p.renderEmbedMain(v),
		p.renderOverlay(v),
	)
}
