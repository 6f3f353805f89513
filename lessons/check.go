package lessons

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/faults"
	"github.com/gcplay/gcplay/gccore/scenario"
	"k8s.io/apimachinery/pkg/watch"
)

// maxTicks bounds a lesson's run: lessons settle in a few dozen ticks.
const maxTicks = 10000

// Run is a lesson played headless: the start at rest, then the learner's steps, then
// until idle.
type Run struct {
	Sim *gccore.Sim
	// Start is the state at rest before the learner acts; End after their last step.
	Start, End State
	// Stored is every object that was ever stored, for checking goals' names.
	Stored []gccore.ObjectRef
	// Unchanged lists the learner's actions that changed no stored object (a misspelled
	// name, a finalizer the object does not hold), by index in the steps played.
	Unchanged []int
	// Trace is the run's trace records, kept by Play (a check keeps them for a traceCites goal only);
	// RestTrace is how many of them come before the learner's first step.
	Trace     []gccore.Record
	RestTrace int
}

// Play runs the lesson's start until idle, then steps, then until idle again. The run
// keeps its trace (the page shows the reference solution's).
func Play(l *Lesson, what string, steps []scenario.Step) (*Run, error) {
	return play(context.Background(), l, what, steps, true, faults.Config{})
}

// readsTrace reports whether a goal of the lesson reads the trace (traceCites): its check
// keeps the records.
func (l *Lesson) readsTrace() bool {
	return slices.ContainsFunc(l.Goals, func(g Goal) bool { return g.Kind == GoalTraceCites })
}

// replays counts the runs play starts, for the test that bounds Check's work
// (TestCheckWorkIsLinear).
var replays atomic.Int64

// play is Play, stopping between steps and between ticks once ctx ends. Without
// keepTrace no trace is kept: a check reads only the watch events, and a long run's
// records cost time and memory for nothing. fc, when it injects anything, replaces the
// start's faults (a re-roll in the Faults tab).
func play(ctx context.Context, l *Lesson, what string, steps []scenario.Step, keepTrace bool, fc faults.Config) (*Run, error) {
	replays.Add(1)
	sc, err := l.scenario(what, steps)
	if err != nil {
		return nil, err
	}
	cfg := l.Config
	cfg.NoTrace = !keepTrace && !l.readsTrace()
	if fc.Active() {
		cfg.Faults = fc
	}
	runner, err := scenario.NewRunner(sc, cfg)
	if err != nil {
		return nil, err
	}
	runner.MaxTicks = maxTicks
	p := &player{ctx: ctx, runner: runner, run: &Run{Sim: runner.Sim}}
	first := len(sc.Steps) - len(steps)
	if err := p.start(first); err != nil {
		return nil, err
	}
	if err := p.learner(what, first); err != nil {
		return nil, err
	}
	return p.run, nil
}

// player is one run of play in progress: the runner, and what the run collects from its
// watch events and the learner's actions.
type player struct {
	ctx       context.Context
	runner    *scenario.Runner
	run       *Run
	deletions []Deletion
	acts      []Action
}

// start plays the start scenario's own steps (those before first) and settles: the
// state before the learner acts.
func (p *player) start(first int) error {
	runner := p.runner
	for runner.Next() < first {
		if err := interrupted(p.ctx); err != nil {
			return err
		}
		if err := runner.Step(); err != nil {
			return err
		}
		p.drain()
	}
	if err := p.settle(); err != nil {
		return fmt.Errorf("start: %v", err)
	}
	p.run.Start, p.run.RestTrace = p.state(), len(p.run.Trace)
	return nil
}

// learner plays the learner's steps (from first on) and settles: the state the goals
// are judged on. what names the steps in errors.
func (p *player) learner(what string, first int) error {
	runner, r := p.runner, p.run
	for !runner.Done() {
		if err := interrupted(p.ctx); err != nil {
			return fmt.Errorf("%s: %v", what, err)
		}
		i := runner.Next()
		in := runner.Scenario.Steps[i].Input()
		a, isAction := ActionOf(in)
		before := runner.Sim.ResourceVersion()
		if err := runner.Step(); err != nil {
			var failed *scenario.StepError
			if errors.As(err, &failed) && failed.Index >= first {
				// The learner's numbering, as the parser's errors use it: "solution[0]",
				// not the played scenario's index after the start's own steps.
				return fmt.Errorf("%s%s", failed.Naming(fmt.Sprintf("%s[%d]", what, failed.Index-first)), r.didYouMean(in))
			}
			return fmt.Errorf("%v%s", err, r.didYouMean(in))
		}
		if isAction {
			p.acts = append(p.acts, a)
			if runner.Sim.ResourceVersion() == before { // nothing written (API-16)
				r.Unchanged = append(r.Unchanged, i-first)
			}
		}
		p.drain()
	}
	if err := p.settle(); err != nil {
		return fmt.Errorf("%s: after the last step: %v", what, err)
	}
	r.End = p.state()
	return nil
}

// drain reads the output since the last drain: the trace (kept by Play), and from the
// watch events what was stored and deleted.
func (p *player) drain() {
	r := p.run
	rd := p.runner.Sim.Take()
	r.Trace = append(r.Trace, rd.Records...)
	for _, ev := range rd.Watch {
		ref := ev.Object.Ref()
		if ev.Type == watch.Added {
			r.Stored = append(r.Stored, ref)
		}
		if ev.Type == watch.Deleted {
			p.deletions = append(p.deletions, Deletion{Ref: ref, Tick: ev.Tick})
		}
	}
}

// state is the run's state now, for the goals.
func (p *player) state() State {
	sim := p.runner.Sim
	// The stored objects themselves: the API server never changes one in place (a
	// write stores a new object), and goals only read them.
	return State{Tick: sim.CurrentTick(), Objects: sim.ObjectsShared(),
		Deletions: append([]Deletion(nil), p.deletions...), Actions: append([]Action(nil), p.acts...), Why: sim.Inspect().Reasons,
		Cited: CitedIn(p.run.Trace[p.run.RestTrace:len(p.run.Trace):len(p.run.Trace)])}
}

// settle is Sim.RunUntilIdle, a tick at a time.
func (p *player) settle() error {
	sim := p.runner.Sim
	for !sim.Idle() {
		if sim.CurrentTick() >= maxTicks {
			return sim.MaxTicksError(maxTicks)
		}
		if err := interrupted(p.ctx); err != nil {
			return err
		}
		sim.Tick()
		p.drain()
	}
	return nil
}

// interrupted is ctx's end as an error for people, or nil.
func interrupted(ctx context.Context) error {
	if ctx.Err() == nil {
		return nil
	}
	return fmt.Errorf("interrupted (%v)", context.Cause(ctx))
}

// Check replays the lesson: no goal the learner must reach may hold at the start, the
// solution and every alternative must meet every goal, and no wrong attempt may meet
// them all. Goals must name
// objects the lesson stores. The error is one line naming the lesson and what failed.
func Check(l *Lesson) error { return CheckContext(context.Background(), l) }

// CheckContext is Check, ending with an error naming the lesson once ctx ends (Ctrl-C
// in gcplay serve --lessons). Each replay is bounded by maxTicks ticks too.
func CheckContext(ctx context.Context, l *Lesson) error {
	if err := check(ctx, l); err != nil {
		return fmt.Errorf("%s: %v", l.File, err)
	}
	return nil
}

func check(ctx context.Context, l *Lesson) error {
	if err := checkControlWords(l); err != nil {
		return err
	}
	run, err := play(ctx, l, "solution", l.Solution, false, faults.Config{})
	if err != nil {
		return err
	}
	for i, g := range l.Goals {
		for _, ref := range []ObjRef{g.Object, g.Other} {
			if ref.Kind != "" && !stored(run.Stored, ref) {
				return fmt.Errorf("goals[%d] (%s) names %s, which the lesson never stores", i, g.Describe("en"), ref)
			}
		}
		if !g.Keep() && g.Met(&run.Start) {
			return fmt.Errorf("goals[%d] (%s) already holds before the learner acts", i, g.Describe("en"))
		}
		if !g.Met(&run.End) {
			return fmt.Errorf("the solution leaves goals[%d] (%s) unmet%s", i, g.Describe("en"), run.unchangedNote(l.Solution, "solution"))
		}
	}
	for i, a := range l.Alternatives {
		run, err := play(ctx, l, fmt.Sprintf("alternatives[%d].steps", i), a.Steps, false, faults.Config{})
		if err != nil {
			return err
		}
		for j, g := range l.Goals {
			if !g.Met(&run.End) {
				return fmt.Errorf("alternatives[%d] (%s) leaves goals[%d] (%s) unmet%s", i, a.Name.In("en"), j, g.Describe("en"),
					run.unchangedNote(a.Steps, fmt.Sprintf("alternatives[%d].steps", i)))
			}
		}
	}
	for i, w := range l.Wrong {
		run, err := play(ctx, l, fmt.Sprintf("wrong[%d].steps", i), w.Steps, false, faults.Config{})
		if err != nil {
			return err
		}
		if AllMet(l.Goals, &run.End) {
			return fmt.Errorf("wrong[%d] (%s) meets every goal: it is not a wrong attempt, or a goal is missing", i, w.Name.In("en"))
		}
	}
	return checkRerolls(ctx, l)
}

// rerollsChecked is how many re-rolls of the seed check plays for a lesson that grants
// the Faults tab.
const rerollsChecked = 3

// checkRerolls proves that a lesson granting the Faults tab (ControlFaults) holds whatever
// seed the learner re-rolls: faults change timing, not the outcome (issue 26), so the
// solution meets every goal with the start's faults under each of the next
// rerollsChecked seeds. The start must have faults to re-roll.
func checkRerolls(ctx context.Context, l *Lesson) error {
	if !l.Allows(ControlFaults) {
		return nil
	}
	sc, err := l.StartScenario()
	if err != nil {
		return err
	}
	if !sc.Faults.Active() {
		return fmt.Errorf("controls: %s needs faults: in the start, for the Faults tab to change or re-roll", ControlFaults)
	}
	for k := uint64(1); k <= rerollsChecked; k++ {
		fc := sc.Faults
		fc.Seed += k
		run, err := play(ctx, l, fmt.Sprintf("solution (faults seed %d)", fc.Seed), l.Solution, false, fc)
		if err != nil {
			return err
		}
		for i, g := range l.Goals {
			if !g.Met(&run.End) {
				return fmt.Errorf("the solution under the re-rolled faults seed %d leaves goals[%d] (%s) unmet", fc.Seed, i, g.Describe("en"))
			}
		}
	}
	return nil
}

// AllMet reports whether every goal holds in s: the lesson is done.
func AllMet(goals []Goal, s *State) bool {
	for _, g := range goals {
		if !g.Met(s) {
			return false
		}
	}
	return true
}

func stored(refs []gccore.ObjectRef, r ObjRef) bool {
	for _, ref := range refs {
		if r.Matches(ref) {
			return true
		}
	}
	return false
}

// Summary is one line per goal with its state, for `gcplay lessons check -v` and tests.
func Summary(goals []Goal, s *State, lang string) string {
	var b strings.Builder
	for _, g := range goals {
		mark := "unmet"
		if g.Met(s) {
			mark = "met"
		}
		fmt.Fprintf(&b, "%-5s %s\n", mark, g.Describe(lang))
	}
	return b.String()
}
