// Package workspace owns one playground session: a gccore simulation, the scenario it
// started from and every input since, so that any earlier tick can be rebuilt by
// deterministic replay. It is plain Go (no go-app, no syscall/js) so it is tested natively
// and under node; the UI changes it only on its UI goroutine and reads the immutable View
// it publishes after each change.
package workspace

import (
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/faults"
	"github.com/gcplay/gcplay/gccore/scenario"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
)

// MaxTicks bounds RunUntilIdle, like `gcplay sim --max-ticks`, and the ticks a saved
// session or `#ws=` link may replay.
const MaxTicks = scenario.DefaultMaxTicks

// MaxHistory bounds the entries a saved session or `#ws=` link may replay: a person's
// history holds one entry per tick (at most MaxTicks) and one per action.
const MaxHistory = 2 * MaxTicks

// entry is one applied input and what it left behind.
type entry struct {
	in gccore.Input
	// scripted is set on actions the scenario's steps applied (not the person); a rewind
	// to a tick lands before them, since they belong to the following tick.
	scripted bool
	err      string            // the input's error; failed inputs are kept, replay repeats them
	tick     int64             // the tick after the input
	script   scenario.Position // the script position after the input
	traceEnd int               // len(Workspace.trace) after the command
	goneEnd  int               // len(Workspace.gone) after the command
	uid      types.UID         // create: the uid the API server gave
	// serial is unique among every entry the process records (entrySerials): a reader
	// that remembers the serial at a position knows whether the history it read is
	// still the workspace's (lessonmode.Judge).
	serial uint64
}

// entrySerials numbers the history entries of every workspace of the process.
var entrySerials atomic.Uint64

// Workspace is one session. It is not safe for concurrent use: the UI calls it only
// from its UI goroutine.
type Workspace struct {
	name   string
	source []byte // the base scenario, as given
	// sourceJSON is source as a JSON string, encoded once for Marshal.
	sourceJSON []byte
	sc         *scenario.Scenario
	settings   Settings
	cfg        gccore.Config
	// faults is the fault lab the simulation plays (scenario.Runner.Faults), written by
	// rebuild; ExportScenario writes it.
	faults faults.Config
	// attempt is set on a learner's attempt at a lesson (lessonmode.Open): which lesson,
	// and where the learner's part begins. Saved with the workspace.
	attempt *Attempt

	sim      *gccore.Sim
	baseUIDs []types.UID // the uids the scenario's objects got at tick 0
	// h is every input applied since the base, with the trace and the deletions it left.
	h History
	// player plays the scenario's steps; its position is the one at h.cur.
	player scenario.Player

	version int64
	view    *View
	// viewSim and viewTraceLen say which simulation state view shows in full.
	viewSim      *gccore.Sim
	viewTraceLen int64
}

// Settings are a workspace's simulation settings beyond the scenario (a lesson's
// informer lag); the zero value is gcplay sim's defaults. They are saved with it.
type Settings struct {
	InformerDelay  *int           `json:"informerDelay,omitempty"`
	InformerDelays map[string]int `json:"informerDelays,omitempty"`
}

func (s Settings) config() gccore.Config {
	var cfg gccore.Config
	if s.InformerDelay != nil {
		cfg.InformerDelay = gccore.Ticks(*s.InformerDelay)
	}
	cfg.InformerDelays = s.InformerDelays
	return cfg
}

// Attempt marks a workspace as a learner's attempt at a lesson. Identity is a field: the
// page finds the lesson by Lesson, never by the workspace's or the catalog entry's name.
type Attempt struct {
	Lesson string `json:"id"` // the lesson's id (lessons.Lesson.ID)
	// Rest is the history position of the start at rest, where the learner's part
	// begins (Restart lesson seeks to it); -1 when unknown: an attempt saved before the
	// field, read from its name (legacyLessonPrefix) until the page measures it.
	Rest int `json:"rest"`
}

// legacyLessonPrefix started the name of a lesson's attempt saved before Attempt
// ("lesson:background-deletion"): Unmarshal reads it once into Attempt, so old saved
// sessions and old #ws= links still open in lesson mode.
const legacyLessonPrefix = "lesson:"

// Attempt is the lesson this workspace is an attempt at, if it is one.
func (w *Workspace) Attempt() (Attempt, bool) {
	if w.attempt == nil {
		return Attempt{}, false
	}
	return *w.attempt, true
}

// SetAttempt marks the workspace as an attempt at a lesson (saved with it).
func (w *Workspace) SetAttempt(a Attempt) { w.attempt = &a }

// parses and runs count the scenarios this package parsed and the runs until idle it
// played, for the tests that bound the work of opening a lesson (Work).
var parses, runs atomic.Int64

// Work is the scenarios parsed and the runs until idle played by the process's
// workspaces so far.
func Work() (parsed, ran int64) { return parses.Load(), runs.Load() }

// New starts a workspace on a scenario file's text, paused at tick 0 with the
// scenario's objects created and its steps still to run. name labels the session.
func New(name string, source []byte) (*Workspace, error) { return NewWith(name, source, Settings{}) }

// NewWith is New with settings.
func NewWith(name string, source []byte, set Settings) (*Workspace, error) {
	if len(source) > MaxTextBytes {
		return nil, errors.New(tooLarge(scenario.Quote(name), len(source)))
	}
	parses.Add(1)
	sc, err := scenario.Parse(name, source)
	if err != nil {
		return nil, err
	}
	return NewScenario(name, source, sc, set)
}

// NewScenario is NewWith on a scenario already parsed from source (a lesson's start,
// lessons.Lesson.StartScenario): sc is shared and never changed.
func NewScenario(name string, source []byte, sc *scenario.Scenario, set Settings) (*Workspace, error) {
	if len(source) > MaxTextBytes {
		return nil, errors.New(tooLarge(scenario.Quote(name), len(source)))
	}
	w := &Workspace{name: name, source: append([]byte(nil), source...), sc: sc, settings: set, cfg: set.config()}
	if err := w.rebuild(); err != nil {
		return nil, err
	}
	w.publish()
	return w, nil
}

// rebuild makes a fresh simulation at the base state (tick 0, scenario objects created).
func (w *Workspace) rebuild() error {
	r, err := scenario.NewRunner(w.sc, w.cfg)
	if err != nil {
		return err
	}
	w.sim, w.faults = r.Sim, r.Faults
	w.baseUIDs = w.baseUIDs[:0]
	for _, o := range w.sc.Objects {
		got, err := w.sim.GetShared(o.Ref()) // only its uid is kept
		if err != nil {
			return fmt.Errorf("%s: %s vanished at tick 0: %v", w.name, o.Ref(), err)
		}
		w.baseUIDs = append(w.baseUIDs, got.UID)
	}
	recs, gone := w.take()
	if w.h.trace == nil {
		w.h.trace = recs
		w.h.baseTrace = len(recs)
		w.h.gone = gone
		w.h.baseGone = len(gone)
	}
	w.player = scenario.Player{Steps: w.sc.Steps}
	w.h.cur = 0
	return nil
}

// Name is the session's label (the scenario's file name or example id).
func (w *Workspace) Name() string { return w.name }

// Source is the base scenario's text.
func (w *Workspace) Source() []byte { return w.source }

// Scenario is the parsed base scenario.
func (w *Workspace) Scenario() *scenario.Scenario { return w.sc }

// View returns the state published after the last change. It is never modified.
func (w *Workspace) View() *View { return w.view }

// Sim gives read access to the simulation at the current position, for views the View
// does not carry (Why, Get, DOT). Callers must not change it: use the workspace's methods.
func (w *Workspace) Sim() *gccore.Sim { return w.sim }

// Do applies one user action at the current tick, records it and publishes a new view.
// A failed action is recorded too (replay repeats it, so uids stay the same) and its
// error returned.
func (w *Workspace) Do(in gccore.Input) error {
	if !in.Action() {
		return fmt.Errorf("%s is not an action", in.Op)
	}
	err := w.record(in, false)
	w.publish()
	return err
}

// Batch applies several actions as one: if any fails, the workspace is put back as it
// was before the first and the error names the failing action.
func (w *Workspace) Batch(ins []gccore.Input) error {
	w.h.cut(w.h.cur)
	start := w.h.cur
	for i, in := range ins {
		if err := w.record(in, false); err != nil {
			w.h.cut(start) // back to before the first, dropping what Batch recorded
			if rerr := w.replayTo(start); rerr != nil {
				return errors.Join(err, rerr)
			}
			w.publish()
			if len(ins) == 1 {
				return err
			}
			return fmt.Errorf("item %d of %d (%s): %v; nothing was applied", i+1, len(ins), in, err)
		}
	}
	w.publish()
	return nil
}

// record applies in at the current position and appends it to the history (scripted:
// the scenario's steps applied it). If the history's future starts with the same input,
// it is kept (a re-do); otherwise the future is dropped.
func (w *Workspace) record(in gccore.Input, scripted bool) error {
	if w.h.cur < len(w.h.entries) {
		if e := w.h.entries[w.h.cur]; e.scripted == scripted && e.in.Equal(in) {
			w.h.cur++
			w.player.Pos = e.script
			_, err := w.sim.Apply(in)
			w.take() // recorded when the entry was
			return errOf(e.err, err)
		}
		w.h.cut(w.h.cur)
	}
	got, err := w.sim.Apply(in)
	if err == nil && scripted && in.Fine() && !got.Did {
		err = errNothingToDo // a file's fine step fails here as in gcplay sim (scenario.Runner)
	}
	e := entry{in: in, scripted: scripted, tick: w.sim.CurrentTick(), script: w.player.Pos}
	if err != nil {
		e.err = err.Error()
	} else if in.Op == gccore.InputCreate && got.Object != nil {
		e.uid = got.Object.UID
	}
	recs, gone := w.take()
	w.h.add(e, recs, gone)
	return err
}

// errNothingToDo is a scenario's fine step that found nothing to do.
var errNothingToDo = errors.New("nothing to do")

func errOf(recorded string, err error) error {
	if err != nil {
		return err
	}
	if recorded != "" {
		return errors.New(recorded)
	}
	return nil
}

// take is the simulation's output since the last call: its trace records and the
// DELETED ones of its watch events (the others are not kept).
func (w *Workspace) take() ([]gccore.Record, []gccore.WatchEvent) {
	rd := w.sim.Take()
	var gone []gccore.WatchEvent
	for _, ev := range rd.Watch {
		if ev.Type == watch.Deleted {
			gone = append(gone, ev)
		}
	}
	return rd.Records, gone
}

// replayTo rebuilds the simulation and re-applies hist[:pos].
func (w *Workspace) replayTo(pos int) error {
	if err := w.rebuild(); err != nil {
		return err
	}
	return w.forwardTo(pos)
}

// forwardTo re-applies hist[cur:pos] (pos >= cur).
func (w *Workspace) forwardTo(pos int) error {
	for w.h.cur < pos {
		e := w.h.entries[w.h.cur]
		w.sim.Apply(e.in)
		w.take() // recorded when the entry was
		w.player.Pos = e.script
		w.h.cur++
	}
	return nil
}

// History is the workspace's timeline, for reading (lessonmode.Judge reads its changes).
func (w *Workspace) History() *History { return &w.h }

// Seek moves to history position pos (0 is the start), replaying from the start when
// going back. The history is kept: seeking forward again replays it.
func (w *Workspace) Seek(pos int) error {
	pos = max(0, min(pos, len(w.h.entries)))
	var err error
	if pos < w.h.cur {
		err = w.replayTo(pos)
	} else {
		err = w.forwardTo(pos)
	}
	w.publish()
	return err
}

// Rewind moves to the state at the end of tick t: after the tick that reached t and
// after any user action at t, but before scenario-script actions that belong to the
// next tick. Ticks past the end of the history go to its end.
func (w *Workspace) Rewind(t int64) error {
	return w.Seek(w.h.positionOf(t))
}

// Reset goes back to the scenario's start and forgets the history.
func (w *Workspace) Reset() error {
	w.h.cut(0)
	err := w.replayTo(0)
	w.publish()
	return err
}

// Replace starts over on another scenario, keeping nothing of this one. On error the
// workspace is unchanged.
func (w *Workspace) Replace(name string, source []byte) error {
	nw, err := New(name, source)
	if err != nil {
		return err
	}
	*w = *nw
	w.publish()
	return nil
}
