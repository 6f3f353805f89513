package session

import (
	"errors"
	"fmt"

	"github.com/gcplay/gcplay/app/i18n"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/lessons"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Cmd is a playground command: what a toolbar button, a keyboard shortcut or a menu
// entry asks for. The page's one table (ui.Shortcuts) keeps the buttons, the shortcuts
// and the help overlay in step.
type Cmd string

const (
	CmdStep        Cmd = "step"
	CmdRun         Cmd = "run"
	CmdPause       Cmd = "pause"
	CmdRunIdle     Cmd = "run-until-idle"
	CmdReset       Cmd = "reset"
	CmdDeliver     Cmd = "deliver-event"
	CmdGraphChange Cmd = "process-graph-change"
	CmdDeleteItem  Cmd = "run-delete-item"
	// CmdReadItem lets a worker read the head of attemptToDelete and decide, holding its
	// write until CmdDeleteItem or a Step (the window of V-6's new-owner race).
	CmdReadItem    Cmd = "read-delete-item"
	CmdOrphanItem  Cmd = "run-orphan-item"
	CmdUntilChange Cmd = "until-change"
	CmdBack        Cmd = "back"
	CmdForward     Cmd = "forward"
	CmdDelete      Cmd = "delete"
	CmdPolicy      Cmd = "policy"
	CmdMode        Cmd = "toggle-graph"
	// CmdRestart restarts the controller-manager: the GC and the controllers start empty
	// and list everything again (SYNC-7).
	CmdRestart Cmd = "restart-controller-manager"
	// The page's own commands: Do leaves them to it.
	CmdFit     Cmd = "fit"
	CmdHelp    Cmd = "help"
	CmdClose   Cmd = "close"
	CmdConsole Cmd = "console"
)

// Policies are the Delete button's choices; "" is the API server's default.
var Policies = []string{"Background", "Foreground", "Orphan", ""}

// FineInputs are the workspace's fine steps behind the fine-step commands.
var FineInputs = map[Cmd]gccore.Input{
	CmdDeliver: {Op: gccore.InputDeliverEvent}, CmdGraphChange: {Op: gccore.InputGraphChange},
	CmdDeleteItem: {Op: gccore.InputDeleteItem}, CmdReadItem: {Op: gccore.InputDeleteItem, Reads: true},
	CmdOrphanItem: {Op: gccore.InputOrphanItem},
}

// Do runs a command on the open workspace; the commands that only move the page (help,
// fit, the console's focus) are the page's. Its error is also the notice. CmdRun only
// sets Run: the page then calls RunTick at the chosen speed.
func (s *Session) Do(c Cmd) error {
	if s.ws == nil {
		return nil
	}
	s.Notice = Notice{}
	return s.settle(s.do(c))
}

func (s *Session) do(c Cmd) error {
	switch c {
	case CmdStep, CmdReset, CmdRunIdle, CmdUntilChange, CmdBack, CmdForward:
		s.Run = Paused
		return s.move(c)
	case CmdRun:
		s.Run = 1 - s.Run
	case CmdPause:
		s.Run = Paused
	case CmdDeliver, CmdGraphChange, CmdDeleteItem, CmdReadItem, CmdOrphanItem:
		// The buttons are disabled when there is nothing to do; a shortcut says so as
		// information, not as an error.
		in := FineInputs[c]
		if why := s.ws.View().FineBlocked(in); why != "" {
			s.Inform(i18n.Tr(s.Lang, "Nothing to do: ") + i18n.Tr(s.Lang, why) + ".")
			return nil
		}
		return s.ws.FineInput(in)
	case CmdDelete:
		return s.deleteSelected()
	case CmdRestart:
		if err := s.Refuse(lessons.ControlRestart); err != nil {
			return err
		}
		s.Run = Paused
		return s.ws.Do(gccore.Input{Op: gccore.InputRestart, Restart: gccore.RestartControllerManager})
	case CmdPolicy:
		for i, pol := range Policies {
			if pol == s.Policy {
				s.Policy = Policies[(i+1)%len(Policies)]
				break
			}
		}
	case CmdMode:
		s.Mode = 1 - s.Mode
	}
	return nil
}

// move runs one of the commands that move through time, paused.
func (s *Session) move(c Cmd) error {
	ws := s.ws
	switch c {
	case CmdStep:
		return ws.Step()
	case CmdReset:
		return ws.Reset()
	case CmdRunIdle:
		return s.runIdle()
	case CmdUntilChange:
		n, changed, err := ws.StepUntilChange(s.Until, 1000)
		if err == nil {
			s.Inform(untilChangeText(s.Lang, n, changed, s.Until))
		}
		return err
	case CmdBack:
		if v := ws.View(); v.Tick > 0 {
			return ws.Rewind(v.Tick - 1)
		}
	case CmdForward:
		if v := ws.View(); v.Position < v.HistoryLen {
			return ws.Rewind(v.Tick + 1)
		}
		return ws.Step()
	}
	return nil
}

// runIdle runs until idle and says so when nothing visible changed.
func (s *Session) runIdle() error {
	ws := s.ws
	before, from := countObjects(ws.View()), ws.View().Tick
	if err := ws.RunUntilIdle(); err != nil {
		return err
	}
	if note := idleNote(s.Lang, before, countObjects(ws.View()), from, ws.View().Tick); note != "" {
		if v := ws.View(); v.WorkersWait && queued(v) { // idle, but not because the GC found nothing
			note = fmt.Sprintf(i18n.Tr(s.Lang, "Idle at tick %d: items wait in the GC's queues, but its workers wait for a monitor to sync and take none (V-5a, SYNC-4). Select one to read why."), v.Tick)
		}
		s.Inform(note)
	}
	return nil
}

// queued reports an item in attemptToDelete or attemptToOrphan.
func queued(v *workspace.View) bool {
	for _, q := range v.Queues {
		if q.Total > 0 {
			return true
		}
	}
	return false
}

// RunTick advances one tick while running; more is false when the run stopped (the
// simulation settled or the step failed).
func (s *Session) RunTick() (more bool, err error) {
	if s.Run != Running || s.ws == nil {
		return false, nil
	}
	if err := s.ws.Step(); err != nil {
		s.Run = Paused
		return false, s.settle(err)
	}
	if s.ws.View().Settled {
		s.Run = Paused
		s.Inform(i18n.Tr(s.Lang, "Idle: nothing left to do. Run paused."))
		return false, s.settle(nil)
	}
	return true, s.settle(nil)
}

// Rewind moves to the end of tick t, paused.
func (s *Session) Rewind(t int64) error {
	s.Run = Paused
	return s.settle(s.ws.Rewind(t))
}

// deleteSelected deletes the selected object with the chosen policy.
func (s *Session) deleteSelected() error {
	if err := s.Refuse(lessons.ControlDelete); err != nil {
		return err
	}
	o, ok := s.SelectedObject()
	if !ok {
		return errors.New(i18n.Tr(s.Lang, "select an object in the graph first"))
	}
	var opts metav1.DeleteOptions
	if s.Policy != "" {
		pol := metav1.DeletionPropagation(s.Policy)
		opts.PropagationPolicy = &pol
	}
	return s.ws.Do(gccore.DeleteInput(o.Ref(), opts))
}

// untilChangeText reports what "Until change" did: nothing (idle), a change, or ticks
// that ended idle or at the limit with the queue unchanged.
func untilChangeText(lang string, n int, changed bool, queue string) string {
	switch {
	case n == 0:
		return i18n.Tr(lang, "Nothing ran: the simulation is idle and no scenario step is pending.")
	case changed:
		return fmt.Sprintf(i18n.Tr(lang, "Ran %d tick(s) until %s changed."), n, queue)
	}
	return fmt.Sprintf(i18n.Tr(lang, "Ran %d tick(s); %s did not change before the simulation went idle."), n, queue)
}

// objectCounts is what Run until idle compares to tell whether anything visible happened.
type objectCounts struct{ objects, terminating int }

func countObjects(v *workspace.View) objectCounts {
	c := objectCounts{objects: len(v.Objects)}
	for _, o := range v.Objects {
		if o.Terminating() {
			c.terminating++
		}
	}
	return c
}

// idleNote says what Run until idle did when the graph shows no change, so that the
// press never looks ignored: the GC caught up and found nothing to delete.
func idleNote(lang string, before, after objectCounts, fromTick, toTick int64) string {
	if before != after {
		return ""
	}
	if toTick == fromTick {
		return i18n.Tr(lang, "Already idle: nothing is pending. Select an object, pick a policy and press Delete to start a deletion.")
	}
	return fmt.Sprintf(i18n.Tr(lang, "Idle at tick %d: the GC has observed every object and found nothing to delete. Select an object, pick a policy and press Delete to start a deletion."), toTick)
}
