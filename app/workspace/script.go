package workspace

import (
	"fmt"

	"github.com/gcplay/gcplay/gccore"
)

// ScriptDone reports whether every scenario step has run.
func (w *Workspace) ScriptDone() bool { return w.player.Done() }

// applyDue applies, as scripted inputs, the scenario actions due now (the Player skips
// run steps that need no more ticks), stopping at a step that needs a tick.
func (w *Workspace) applyDue() error {
	for {
		in, i, ok := w.player.Due(w.sim.Idle())
		if !ok {
			return nil
		}
		if err := w.record(in, true); err != nil {
			return fmt.Errorf("scenario steps[%d] (%s): %v", i, in, err)
		}
	}
}

// tick runs one tick, counting it toward the scenario's current `run: N` step.
func (w *Workspace) tick() error {
	w.player.Ticked()
	return w.record(gccore.Input{Op: gccore.InputTick}, false)
}

// step applies the due scenario actions, then one tick.
func (w *Workspace) step() error {
	if err := w.applyDue(); err != nil {
		return err
	}
	if w.sim.CurrentTick() >= MaxTicks {
		return w.sim.MaxTicksError(MaxTicks)
	}
	return w.tick()
}

// Step advances one tick; scenario actions due at the current tick run first.
func (w *Workspace) Step() error {
	err := w.step()
	w.publish()
	return err
}

// Settled reports that the scenario has run and the simulation is idle: Run until idle
// would do nothing.
func (w *Workspace) Settled() bool {
	return w.ScriptDone() && w.sim.Idle()
}

// RunUntilIdle runs the remaining scenario steps, then ticks until the simulation is
// idle, as `gcplay sim` does; it stops at MaxTicks.
func (w *Workspace) RunUntilIdle() error {
	runs.Add(1)
	defer w.publish()
	for {
		if err := w.applyDue(); err != nil {
			return err
		}
		if w.Settled() {
			return nil
		}
		if w.sim.CurrentTick() >= MaxTicks {
			return w.sim.MaxTicksError(MaxTicks)
		}
		if err := w.tick(); err != nil {
			return err
		}
	}
}

// Queue names for StepUntilChange.
const (
	QueueGraphChanges    = string(gccore.QueueGraphChanges)
	QueueAttemptToDelete = string(gccore.QueueAttemptToDelete)
	QueueAttemptToOrphan = string(gccore.QueueAttemptToOrphan)
)

// StepUntilChange ticks until the named queue's content changes, the workspace is
// settled, or limit ticks have run. It returns the number of ticks run and whether the
// queue changed. A settled workspace runs nothing: 0, false.
func (w *Workspace) StepUntilChange(queue string, limit int) (n int, changed bool, err error) {
	defer w.publish()
	sig := w.queueSignature(queue)
	if sig == "?" {
		return 0, false, fmt.Errorf("unknown queue %q (want graphChanges, attemptToDelete or attemptToOrphan)", queue)
	}
	if w.Settled() {
		return 0, false, nil
	}
	for n = 1; n <= limit; n++ {
		if err := w.step(); err != nil {
			return n, false, err
		}
		if w.queueSignature(queue) != sig {
			return n, true, nil
		}
		if w.Settled() {
			return n, false, nil
		}
	}
	return limit, false, nil
}

func (w *Workspace) queueSignature(queue string) string {
	switch queue {
	case QueueGraphChanges:
		return fmt.Sprint(w.sim.Inspect().GraphChanges())
	case QueueAttemptToDelete:
		return gccore.QueueLines(w.sim.Inspect().Queues()[0])
	case QueueAttemptToOrphan:
		return gccore.QueueLines(w.sim.Inspect().Queues()[1])
	}
	return "?"
}

// Fine runs one sub-tick step: deliver one watch event, process one graphChanges entry,
// or let one worker process the head of attemptToDelete or attemptToOrphan. It returns
// an error, and records nothing, when there is nothing to do.
func (w *Workspace) Fine(op gccore.InputOp) error { return w.FineInput(gccore.Input{Op: op}) }

// FineInput is Fine for a fine-step input that may name a kind (deliverEvent's
// EventKind, as a lesson's solution does) or hold a worker's writes (runDeleteItem's
// Reads: the page's Read item).
func (w *Workspace) FineInput(in gccore.Input) error {
	if !in.Fine() {
		return fmt.Errorf("%s is not a fine step", in.Op)
	}
	ins := w.sim.Inspect()
	if nothing := fineBlocked(in, fineState{ins.PendingWatchEvents(), ins.GraphChangesLen(), ins.QueuesHead(ViewItems), ins.WorkersWait()}); nothing != "" {
		return fmt.Errorf("nothing to do: %s", nothing)
	}
	err := w.record(in, false)
	w.publish()
	return err
}

// FineBlocked says why the fine-step input in has nothing to do in this view ("" when it
// has): the page disables its button with this as the reason, from the same check Fine
// makes.
func (v *View) FineBlocked(in gccore.Input) string {
	return fineBlocked(in, fineState{v.PendingWatch, v.GraphChangesLen, v.Queues, v.WorkersWait})
}

// The reasons fineBlocked gives for the workers (the page translates them).
const (
	// ReasonWriteHeld blocks Read item while a worker holds the write of its last read.
	ReasonWriteHeld = "a worker holds the write of the item it read: Delete item or Step makes it"
	// ReasonWorkersWait blocks the worker steps while the workers wait for a monitor.
	ReasonWorkersWait = "the GC's workers wait for a monitor to sync (V-5a, SYNC-4)"
)

// fineState is what fineBlocked reads, from a View or from the simulation itself.
type fineState struct {
	pendingWatch, graphChanges int
	// queues are the heads of attemptToDelete and attemptToOrphan: held items come first
	// and are at most one per worker, so a queued item, if any, is within the head.
	queues      []gccore.QueueView
	workersWait bool
}

// fineBlocked is Fine's check. Between ticks an item is held only by a worker whose
// writes wait (Input.Reads); the next runDeleteItem makes them.
func fineBlocked(in gccore.Input, st fineState) string {
	switch in.Op {
	case gccore.InputDeliverEvent:
		if st.pendingWatch == 0 {
			return "no watch event is waiting for delivery"
		}
	case gccore.InputGraphChange:
		if st.graphChanges == 0 {
			return "graphChanges is empty"
		}
	case gccore.InputDeleteItem, gccore.InputOrphanItem:
		i := 0
		if in.Op == gccore.InputOrphanItem {
			i = 1
		}
		if i >= len(st.queues) {
			return "no queue"
		}
		held := hasItem(st.queues[0], gccore.ItemProcessing)
		switch {
		case in.Reads && held:
			return ReasonWriteHeld
		case in.Op == gccore.InputDeleteItem && held:
			return ""
		case !hasItem(st.queues[i], gccore.ItemQueued):
			return string(st.queues[i].Name) + " has no item ready for a worker"
		case st.workersWait:
			return ReasonWorkersWait
		}
	}
	return ""
}

func hasItem(q gccore.QueueView, state gccore.ItemState) bool {
	for _, it := range q.Items {
		if it.State == state {
			return true
		}
	}
	return false
}
