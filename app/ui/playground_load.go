package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// load picks the first workspace that opens: the link's scenario, the saved session,
// the default example. A bad link or save is reported and skipped.
func (p *Playground) load(ctx app.Context, saved []byte) error {
	var problems []string
	if src, ok, err := linkScenario(app.Window().URL().Fragment); ok {
		if err == nil {
			var ws *workspace.Workspace
			if ws, err = workspace.New("link", src); err == nil {
				p.open(ws)
				return nil
			}
		}
		problems = append(problems, "The #scenario= link could not be opened: "+err.Error())
	}
	if len(saved) > 0 {
		ws, err := workspace.Unmarshal(saved)
		if err == nil {
			p.open(ws)
			return joinProblems(problems)
		}
		problems = append(problems, "The saved workspace could not be restored: "+err.Error())
	}
	ex, _ := workspace.ExampleByID(workspace.DefaultExample)
	ws, err := workspace.New(ex.ID, ex.Source)
	if err != nil {
		return err
	}
	p.open(ws)
	p.guide = ex.ID
	return joinProblems(problems)
}

func joinProblems(ps []string) error {
	if len(ps) == 0 {
		return nil
	}
	return errors.New(strings.Join(ps, " "))
}

// linkScenario extracts the scenario of a `#scenario=` fragment.
func linkScenario(fragment string) ([]byte, bool, error) {
	const prefix = "scenario="
	if !strings.HasPrefix(fragment, prefix) {
		return nil, false, nil
	}
	b, err := workspace.DecodeLink(strings.TrimPrefix(fragment, prefix))
	return b, true, err
}

func (p *Playground) onHashChange(ctx app.Context) {
	src, ok, err := linkScenario(app.Window().URL().Fragment)
	if !ok {
		return
	}
	p.guard(ctx, "open link", func() error {
		if err != nil {
			return fmt.Errorf("the #scenario= link could not be opened: %v", err)
		}
		ws, err := workspace.New("link", src)
		if err != nil {
			return fmt.Errorf("the #scenario= link could not be opened: %v", err)
		}
		p.open(ws)
		return nil
	})
}

// saveDelay gathers quick changes (a burst of Step clicks) into one write: saving
// serializes the whole session, which should not cost every tick.
const saveDelay = 250 * time.Millisecond

// save writes the workspace to the store, off the UI goroutine, saveDelay after a change;
// changes meanwhile are in the same write.
func (p *Playground) save(ctx app.Context) {
	if p.store == nil || p.ws == nil || p.run == Running {
		return
	}
	p.saveSeq++
	if p.savePending {
		return
	}
	p.savePending = true
	ctx.After(saveDelay, func(ctx app.Context) {
		p.savePending = false
		if p.ws == nil {
			return
		}
		seq, data, st := p.saveSeq, p.ws.Marshal(), p.store
		ctx.Async(func() {
			err := st.Put(saveKey, data)
			ctx.Dispatch(func(ctx app.Context) {
				switch {
				case err != nil && seq == p.saveSeq:
					p.storeNote = fmt.Sprintf("Saving failed (%v): this session lives in memory only.", err)
				case err == nil:
					p.savedSeq = max(p.savedSeq, seq)
				}
			})
		})
	})
}
