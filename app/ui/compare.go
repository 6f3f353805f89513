package ui

import (
	"strings"

	"github.com/gcplay/gcplay/app/session"
	"github.com/gcplay/gcplay/gccore/compare"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// defaultCompare is the setting Compare opens with: the release the walk-throughs
// describe (the version lens).
const defaultCompare = "kubernetes=1.16"

// compareMode is the page's compare mode (issue 26 §3): while c is set the page shows
// the comparison instead of its session, whose workspace stays as it was. It lives in
// the Playground like storage, and holds nothing a render must not see change.
type compareMode struct {
	p *Playground
	c *session.Compare // nil: compare mode is off
}

// open compares the page's workspace, from its start, with itself under setting.
func (m *compareMode) open(ctx app.Context, setting string) {
	p := m.p
	if p.s.Workspace() == nil {
		return
	}
	p.guard(ctx, "compare", func() error {
		set, err := compare.ParseSetting(setting)
		if err != nil {
			return err
		}
		c, err := session.NewCompare(p.s.Lang, p.lib, p.s.Workspace(), set)
		if err != nil {
			return err
		}
		c.SetPolicy(p.s.Policy)
		p.s.Run, p.overlay, m.c = session.Paused, overlayNone, c
		return nil
	})
}

// openLink opens a `#compare=` fragment over the workspace the page opened; false when
// the fragment is no compare link. A bad link is the page's notice.
func (m *compareMode) openLink(fragment string) (bool, error) {
	if !strings.HasPrefix(fragment, session.CompareLinkKey) {
		return false, nil
	}
	c, err := session.OpenCompareLink(m.p.s.Lang, m.p.lib, fragment)
	if err != nil {
		return true, &linkError{kind: "#" + session.CompareLinkKey, err: err}
	}
	c.SetPolicy(m.p.s.Policy)
	m.c = c
	return true, nil
}

// linkError is a link that could not be opened, said as linkProblem says it.
type linkError struct {
	kind string
	err  error
}

func (e *linkError) Error() string { return linkProblem(e.kind, e.err) }

// do runs a time command or Delete on both sides; Close (Escape) leaves compare mode.
// Other commands do nothing here: the buttons that send them are not shown.
func (m *compareMode) do(ctx app.Context, c session.Cmd) {
	p := m.p
	p.guard(ctx, string(c), func() error {
		switch c {
		case session.CmdClose:
			m.c = nil
			return nil
		case session.CmdStep, session.CmdRunIdle, session.CmdReset, session.CmdBack, session.CmdForward, session.CmdDelete:
			return m.c.Do(c)
		}
		return nil
	})
}

// render is the comparison, in the page's layout or the embedded one.
func (m *compareMode) render() app.UI {
	p := m.p
	c := m.c
	cls := "pg-compare"
	if p.embed {
		cls = "pg-compare-embed"
	}
	return app.Div().Class("pg", "pg-cmp", cls).Body(
		&CompareView{
			Version: c.A.View().Version + c.B.View().Version<<32, Compare: c, Lang: p.s.Lang, Embed: p.embed,
			Notice: p.s.Notice, Link: pageURL(p.s.Lang, c.Link()),
			onCmd: m.do, onSetting: m.open,
		},
	)
}

// appendError adds err's text to problems; nil adds nothing.
func appendError(problems []string, err error) []string {
	if err != nil {
		return append(problems, err.Error())
	}
	return problems
}
