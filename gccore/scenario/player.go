package scenario

import "github.com/gcplay/gcplay/gccore"

// Input is the input of a step: an action (create, update, delete, add or remove a
// finalizer), a fine step (lessons and version 2 files), or for `run: N` a tick
// input of N ticks (Player hands ticks out one at a time; `run: idle` has no count).
func (st Step) Input() gccore.Input {
	switch st.Op {
	case OpCreate:
		return gccore.CreateInput(st.Object)
	case OpUpdate:
		return gccore.PatchInput(st.Ref, st.Patch)
	case OpDelete:
		return gccore.DeleteInput(st.Ref, st.Delete)
	case OpAddFinalizer:
		return gccore.FinalizerInput(st.Ref, st.Finalizer, true)
	case OpRemoveFinalizer:
		return gccore.FinalizerInput(st.Ref, st.Finalizer, false)
	case OpDeliverEvent, OpGraphChange, OpDeleteItem, OpOrphanItem:
		return gccore.Input{Op: gccore.InputOp(st.Op), EventKind: st.EventKind, Reads: st.Reads}
	case OpScale, OpSetNodeReady, OpSetLabels: // cluster.go: merge patches
		return gccore.PatchInput(st.Ref, st.Patch)
	case OpRestart:
		return gccore.Input{Op: gccore.InputRestart, Restart: gccore.RestartControllerManager}
	}
	return gccore.Input{Op: gccore.InputTick, Ticks: st.Ticks}
}

// Position is a place in a scenario's steps: the next step, and how many ticks of it
// have run when it is `run: N`.
type Position struct {
	Next int   `json:"next"`           // index of the next step
	Done int64 `json:"done,omitempty"` // ticks already run of steps[Next] when it is `run: N`
}

// Player is the one interpreter of a scenario's steps (scenario-format.md): actions when
// they are due, `run: N` as N ticks, `run: idle` as ticks until the simulation is idle.
// It turns the steps into inputs one at a time and leaves applying them to its caller,
// so that `gcplay sim` (Runner), the page's workspace and lessons play a scenario the
// same way, whether all at once or tick by tick.
type Player struct {
	Steps []Step
	Pos   Position
}

// Done reports whether every step has run.
func (p *Player) Done() bool { return p.Pos.Next >= len(p.Steps) }

// Take looks at the next step once (idle says whether the simulation is idle): an action
// is returned and passed; a run step that needs another tick stays and sets tick; a run
// step that needs no more ticks is passed, returning neither (as when every step has run).
func (p *Player) Take(idle bool) (in gccore.Input, tick bool) {
	if p.Done() {
		return gccore.Input{}, false
	}
	i := p.Pos.Next
	st := p.Steps[i]
	if st.Op == OpRun {
		if (st.Idle && idle) || (!st.Idle && p.Pos.Done >= st.Ticks) {
			p.Pos = Position{Next: i + 1}
			return gccore.Input{}, false
		}
		return gccore.Input{}, true
	}
	p.Pos = Position{Next: i + 1}
	return st.Input(), false
}

// Due returns the next action due now, skipping run steps that need no more ticks; ok
// is false when the next step needs a tick or every step has run. i is the action's
// step index.
func (p *Player) Due(idle bool) (in gccore.Input, i int, ok bool) {
	for !p.Done() {
		i = p.Pos.Next
		in, tick := p.Take(idle)
		if in.Op != "" {
			return in, i, true
		}
		if tick {
			break
		}
	}
	return gccore.Input{}, p.Pos.Next, false
}

// Ticked counts one tick toward the current `run: N` step.
func (p *Player) Ticked() {
	if p.Done() {
		return
	}
	if st := p.Steps[p.Pos.Next]; st.Op == OpRun && !st.Idle {
		p.Pos.Done++
		if p.Pos.Done >= st.Ticks {
			p.Pos = Position{Next: p.Pos.Next + 1}
		}
	}
}
