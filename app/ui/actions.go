package ui

import (
	"github.com/gcplay/gcplay/gccore"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The side panels' actions, passed to the session inside guard. Create, Declare and the
// console show their errors inline (the panel keeps its text), not as the page's notice.

func (p *Playground) createObjects(ctx app.Context, text string) (err error) {
	p.guard(ctx, "create", func() error { err = p.s.CreateObjects(text); return nil })
	return err
}

func (p *Playground) declareKind(ctx app.Context, d gccore.ResourceDecl) (err error) {
	p.guard(ctx, "declare kind", func() error { err = p.s.DeclareKind(d); return nil })
	return err
}

func (p *Playground) runConsole(ctx app.Context, line, stdin string) (out string, err error) {
	p.guard(ctx, "console", func() error { out, err = p.s.RunConsole(line, stdin); return nil })
	return out, err
}

// export renders the session in a format and offers it as a download.
func (p *Playground) export(ctx app.Context, format string) {
	p.guard(ctx, "export", func() error {
		name, mime, text, err := p.s.Export(format)
		if err != nil {
			return err
		}
		download(name, mime, text)
		p.s.Inform("Exported " + name + ".")
		return nil
	})
}
