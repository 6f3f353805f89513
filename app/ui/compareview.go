package ui

import (
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/app/scene"
	"github.com/gcplay/gcplay/app/session"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/compare"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"k8s.io/apimachinery/pkg/types"
)

// compareChoices are the settings the picker offers, grouped: each B differs from A in
// one of them (compare.ParseSetting reads them).
var compareChoices = []struct {
	group  string
	values []string
}{
	{"Release", []string{"kubernetes=1.13", "kubernetes=1.16", "kubernetes=1.20", "kubernetes=1.33", "kubernetes=current"}},
	{"Policy of the delete steps", []string{"policy=Background", "policy=Foreground", "policy=Orphan"}},
	{"GC informer delay (ticks)", []string{"informerDelay=0", "informerDelay=2", "informerDelay=5"}},
	{"Workers per queue", []string{"workers=1", "workers=2", "workers=4"}},
	{"Fault seed (a scenario with faults:)", []string{"faults.seed=1", "faults.seed=2", "faults.seed=3"}},
}

// maxDivergingRecords is how many records of each side the divergence lists.
const maxDivergingRecords = 8

// CompareView shows compare mode: the picker of B's setting, the time controls and the
// Delete acting on both sides (comparedelete.go), where the traces first diverge, and the
// two graphs side by side with the objects whose fate differs marked in both, and drawn
// as ghosts where they are gone.
type CompareView struct {
	app.Compo

	// Version changes with either side's view: Compare is the same pointer while it
	// steps, and go-app re-renders a component only when a prop changed.
	Version int64
	Compare *session.Compare
	Lang    string
	Embed   bool // the compact layout of ?embed=1
	Notice  session.Notice
	Link    string // the page's address that reopens this comparison

	onCmd     func(app.Context, session.Cmd)
	onSetting func(app.Context, string)
	showLink  bool
}

// Render lays out the comparison.
func (v *CompareView) Render() (ui app.UI) {
	defer recoverRender(&ui, "compare")
	c := v.Compare
	d, diverged := c.Diverge()
	fates := c.Fates()
	markA, markB := c.Marked()
	ghostA, ghostB := c.Ghosts()
	return app.Div().Class("cmp").DataSet("compare", c.Setting.String()).Body(
		v.header(),
		v.controls(),
		app.If(v.Notice.Level != session.NoticeNone, func() app.UI {
			return app.P().Class("cmp-notice").Text(v.Notice.Text)
		}),
		app.If(v.showLink && !v.Embed, v.linkBox),
		v.banner(d, diverged, fates),
		app.Div().Class("cmp-sides").Body(
			v.side("a", tr(v.Lang, "A: as written"), c.A, markA, ghostA, d.A, d, diverged),
			v.side("b", fmt.Sprintf(tr(v.Lang, "B: %s"), c.Setting), c.B, markB, ghostB, d.B, d, diverged),
		),
	)
}

// header names the comparison, offers B's settings and leaves compare mode.
func (v *CompareView) header() app.UI {
	c := v.Compare
	var groups []app.UI
	for _, g := range compareChoices {
		var opts []app.UI
		for _, s := range g.values {
			opts = append(opts, app.Option().Value(s).Selected(s == c.Setting.String()).Text(s))
		}
		groups = append(groups, app.OptGroup().Label(tr(v.Lang, g.group)).Body(opts...))
	}
	return app.Header().Class("pg-header", "cmp-header").Body(
		app.Span().Class("cmp-title").Text(tr(v.Lang, "Compare")+" · "+c.A.View().Name),
		app.Label().Class("cmp-pick").Body(
			app.Span().Text(tr(v.Lang, "B differs in")),
			app.Select().Class("cmp-setting").Aria("label", tr(v.Lang, "The one setting B changes")).
				OnChange(func(ctx app.Context, e app.Event) { v.onSetting(ctx, ctx.JSSrc().Get("value").String()) }).
				Body(groups...),
		),
		app.Span().Class("spacer"),
		app.Span().Class("pg-status").ID("status").DataSet("status", v.status()).Text(tr(v.Lang, v.status())),
		app.If(v.Embed, func() app.UI {
			return app.A().Class("btn", "btn-small", "embed-open").Href(v.Link).Target("_blank").DataSet("open-full", "1").
				Text(tr(v.Lang, "Open in gcplay"))
		}).Else(func() app.UI {
			return app.Div().Class("cmp-head-btns").Body(
				app.Button().Class("pg-help").DataSet("compare-share", "1").Title(tr(v.Lang, "A link that reopens this comparison, and an embed snippet")).
					Text(tr(v.Lang, "Share")).OnClick(func(ctx app.Context, e app.Event) { v.showLink = !v.showLink }),
				app.Button().Class("pg-help").DataSet("compare-close", "1").Title(tr(v.Lang, "Leave compare mode; the workspace is as you left it (Esc)")).
					Text(tr(v.Lang, "Close compare")).OnClick(func(ctx app.Context, e app.Event) { v.onCmd(ctx, session.CmdClose) }),
			)
		}),
	)
}

// status is the page's data-status for both sides: idle once both have settled.
func (v *CompareView) status() string {
	if v.Compare.A.View().Settled && v.Compare.B.View().Settled {
		return "idle"
	}
	return "paused"
}

// controls are the time controls that act on both sides.
func (v *CompareView) controls() app.UI {
	btn := func(label, key string, c session.Cmd) app.UI {
		label = tr(v.Lang, label)
		return app.Button().Class("btn").Title(label+" ("+key+")").Text(label).
			OnClick(func(ctx app.Context, e app.Event) { v.onCmd(ctx, c) }, app.EventScope(string(c)))
	}
	a := v.Compare.A.View()
	return app.Div().Class("toolbar", "cmp-toolbar").Role("toolbar").Aria("label", tr(v.Lang, "Time controls")).Body(
		app.Div().Class("tb-group").Body(
			btn("Step", "s", session.CmdStep),
			btn("Back", "←", session.CmdBack),
			btn("Run until idle", "i", session.CmdRunIdle),
			btn("Reset", "r", session.CmdReset),
		),
		app.Span().Class("tb-tick").DataSet("tick", a.Tick).Textf(tr(v.Lang, "tick %d"), a.Tick),
		app.Span().Class("tb-label", "cmp-together").Text(tr(v.Lang, "A and B step together.")),
		v.deleteGroup(),
	)
}

// banner says where the traces first diverge, and which objects end differently.
func (v *CompareView) banner(d compare.Divergence, diverged bool, fates []compare.Difference) app.UI {
	if !diverged {
		return app.Div().Class("cmp-banner", "cmp-same").DataSet("diverge", "none").Body(
			app.Span().Text(fmt.Sprintf(tr(v.Lang, "The traces are the same so far (tick %d)."), v.Compare.A.View().Tick)),
			v.legend(),
		)
	}
	var items []app.UI
	for _, f := range fates {
		items = append(items, app.Li().DataSet("fate", f.Ref.String()).
			Text(fmt.Sprintf("%s: %s → %s", f.Ref, tr(v.Lang, string(f.A)), tr(v.Lang, string(f.B)))))
	}
	return app.Div().Class("cmp-banner").DataSet("diverge", d.Tick).Body(
		app.Strong().Class("cmp-diverge").Text(fmt.Sprintf(tr(v.Lang, "Traces diverge at tick %d"), d.Tick)),
		app.If(len(fates) == 0, func() app.UI {
			return app.Span().Class("cmp-fates-none").Text(tr(v.Lang, "Every object ends the same so far."))
		}).Else(func() app.UI {
			return app.Span().Class("cmp-fates").Body(
				app.Span().Text(tr(v.Lang, "Fate differs (A → B):")),
				app.Ul().Body(items...),
			)
		}),
		v.legend(),
	)
}

// side is one run: its title, its records of the diverging tick, and its graph.
func (v *CompareView) side(name, title string, s *session.Session, marked map[types.UID]bool, ghosts []*gccore.Object, recs []gccore.Record, d compare.Divergence, diverged bool) app.UI {
	view := s.View()
	gone := goneNames(ghosts)
	return app.Section().Class("cmp-side").DataSet("side", name).Aria("label", title).Body(
		app.H2().Class("cmp-side-title").Text(title),
		app.If(len(gone) > 0, func() app.UI {
			text := tr(v.Lang, "Gone here (drawn dashed): ") + strings.Join(gone, ", ")
			return app.P().Class("cmp-gone").DataSet("gone", strings.Join(gone, ", ")).Title(text).Text(text)
		}),
		app.If(diverged, func() app.UI { return v.records(recs, d) }),
		&GraphPanel{Lang: v.Lang, View: view, Mode: s.Mode, Selected: s.Selected, Collapsed: s.Collapsed, Marked: marked, Ghosts: ghosts,
			Empty: tr(v.Lang, "No objects."), Side: name,
			onSelect: func(ctx app.Context, uid types.UID) { v.Compare.Select(uid) },
			onToggle: func(ctx app.Context, id string) { v.session(name).Toggle(id) },
			onMode:   func(ctx app.Context, m scene.Mode) { v.session(name).Mode = m },
			onCollapse: func(ctx app.Context, m map[string]bool) {
				v.session(name).Collapsed = m
			}},
	)
}

// goneNames names a side's ghosts, "Kind namespace/name", for the line above its graph.
func goneNames(ghosts []*gccore.Object) []string {
	var out []string
	for _, o := range ghosts {
		name := o.Name
		if o.Namespace != "" {
			name = o.Namespace + "/" + name
		}
		out = append(out, o.Kind+" "+name)
	}
	return out
}

// session is side name's session now: the graphs keep the callbacks they were mounted
// with, and a new setting brings new sessions.
func (v *CompareView) session(name string) *session.Session {
	if name == "a" {
		return v.Compare.A
	}
	return v.Compare.B
}

// records lists a side's records of the diverging tick after those both sides share.
func (v *CompareView) records(recs []gccore.Record, d compare.Divergence) app.UI {
	recs = recs[min(d.Same, len(recs)):]
	var rows []app.UI
	for i, r := range recs {
		if i == maxDivergingRecords {
			rows = append(rows, app.Li().Class("muted").Text(fmt.Sprintf(tr(v.Lang, "… and %d more"), len(recs)-i)))
			break
		}
		rows = append(rows, app.Li().Title(r.String()).Text(r.String()))
	}
	if len(rows) == 0 {
		rows = append(rows, app.Li().Class("muted").Text(fmt.Sprintf(tr(v.Lang, "nothing more at tick %d"), d.Tick)))
	}
	return app.Details().Class("cmp-records").Open(!v.Embed).Body(
		app.Summary().Text(fmt.Sprintf(tr(v.Lang, "At tick %d, after %d record(s) alike:"), d.Tick, d.Same)),
		app.Ul().Body(rows...),
	)
}

// linkBox is the comparison's link and embed snippet.
func (v *CompareView) linkBox() app.UI {
	snippet := embedSnippet(v.Link)
	return app.Div().Class("cmp-link").Body(
		app.Textarea().Class("link-box").ReadOnly(true).Rows(2).Aria("label", tr(v.Lang, "Share link")).
			DataSet("compare-url", v.Link).Text(v.Link),
		app.Textarea().Class("link-box").ReadOnly(true).Rows(2).Aria("label", tr(v.Lang, "Embed snippet")).
			DataSet("compare-embed-snippet", snippet).Text(snippet),
	)
}
