package ui

import (
	"fmt"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/lessons"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// createObjects parses authored YAML and creates every object in it as one batch.
// The returned error is shown next to the text; the text itself stays in the editor.
func (p *Playground) createObjects(ctx app.Context, text string) error {
	var err error
	p.guard(ctx, "create", func() error {
		if err = p.refuse(lessons.ControlCreate); err != nil {
			return nil // shown inline
		}
		var objs []*gccore.Object
		if objs, err = p.ws.ParseObjects(text); err != nil {
			return nil // shown inline, not as the page notice
		}
		cs := make([]gccore.Input, len(objs))
		for i, o := range objs {
			cs[i] = gccore.CreateInput(o)
		}
		if err = p.ws.Batch(cs); err != nil {
			return nil
		}
		p.notice = notice{noticeInfo, fmt.Sprintf(tr(p.lang, "Created %d object(s) at tick %d."), len(objs), p.ws.View().Tick)}
		return nil
	})
	return err
}

// declareKind serves a custom kind from tick 0: the session is replayed on a base
// scenario that declares it (workspace.WithKind). Selection and run state stay. The
// returned error is shown under the declaration form, whose fields keep their text.
func (p *Playground) declareKind(ctx app.Context, d gccore.ResourceDecl) error {
	var err error
	p.guard(ctx, "declare kind", func() error {
		var ws *workspace.Workspace
		if ws, err = p.ws.WithKind(d); err != nil {
			return nil // shown inline, not as the page notice
		}
		p.ws = ws
		p.notice = notice{noticeInfo, fmt.Sprintf("Declared %s %s; the session was replayed with it served from tick 0.", d.APIVersion, d.Kind)}
		return nil
	})
	return err
}

// editFinalizer adds or removes a finalizer, as the controller that owns it would.
func (p *Playground) editFinalizer(ctx app.Context, ref gccore.ObjectRef, finalizer string, add bool) {
	p.guard(ctx, "finalizer", func() error {
		if err := p.refuse(lessons.ControlFinalizer); err != nil {
			return err
		}
		return p.ws.Do(gccore.FinalizerInput(ref, finalizer, add))
	})
}

// runConsole runs one kubectl-style command line and returns its output.
func (p *Playground) runConsole(ctx app.Context, line, stdin string) (out string, err error) {
	p.guard(ctx, "console", func() error {
		if err = p.refuse(lessons.ControlConsole); err != nil {
			return nil // shown in the console
		}
		out, err = runKubectl(p.ws, line, stdin)
		return nil
	})
	return out, err
}

// export renders the session in a format and offers it as a download.
func (p *Playground) export(ctx app.Context, format string) {
	p.guard(ctx, "export", func() error {
		name, mime, text, err := exportText(p.ws, format, p.mode, p.collapsed)
		if err != nil {
			return err
		}
		download(name, mime, text)
		p.notice = notice{noticeInfo, "Exported " + name + "."}
		return nil
	})
}
