package scenario

import (
	"errors"
	"fmt"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/cluster"
	"github.com/gcplay/gcplay/gccore/faults"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

// DefaultMaxTicks bounds a run (scenario-format.md: --max-ticks).
const DefaultMaxTicks = 100000

// Runner plays a scenario on a simulation, one step at a time or all at once.
type Runner struct {
	Scenario *Scenario
	Sim      *gccore.Sim
	// MaxTicks is the tick the simulation may not pass.
	MaxTicks int64
	// Kubernetes is the release the run plays: the Config's when set, else the file's.
	Kubernetes gccore.Release
	// Faults is the fault lab the run plays: the Config's when it injects anything, else
	// the file's, reseeded by a Config.Faults that only sets a seed.
	Faults faults.Config
	player Player
}

// NewRunner builds the simulation and creates the scenario's objects at tick 0.
func NewRunner(sc *Scenario, cfg gccore.Config) (*Runner, error) {
	cfg.Resources = sc.Resources
	if !cfg.Kubernetes.Set() {
		cfg.Kubernetes = sc.Kubernetes
	}
	if !cfg.Faults.Active() { // the file's faults, reseeded by a Config.Faults that only sets a seed (--faults-seed)
		seed := cfg.Faults.Seed
		cfg.Faults = sc.Faults
		if seed != 0 {
			cfg.Faults.Seed = seed
		}
	}
	if cfg.SizeHint == 0 {
		cfg.SizeHint = len(sc.Objects)
	}
	sim, err := gccore.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", sc.File, oneLine(err))
	}
	// Controllers first, so that they see the objects' creation (cluster-rules.md).
	if err := cluster.Install(sim, sc.Controllers); err != nil {
		return nil, fmt.Errorf("%s: controllers: %s", sc.File, oneLine(err))
	}
	for i, o := range sc.Objects {
		if _, err := sim.Create(o); err != nil {
			return nil, fmt.Errorf("%s: objects[%d] (%s): %s", sc.File, i, quoteRef(o.Ref()), apiError(err))
		}
	}
	return &Runner{Scenario: sc, Sim: sim, MaxTicks: DefaultMaxTicks, Kubernetes: cfg.Kubernetes, Faults: cfg.Faults, player: Player{Steps: sc.Steps}}, nil
}

// Run parses a scenario file's text and plays it to the end with cfg, as `gcplay sim`
// does, never past tick maxTicks (DefaultMaxTicks by default). A parse or setup error returns no runner; a run
// error (such as the tick bound) returns the runner too, to inspect the simulation.
func Run(name string, data []byte, cfg gccore.Config, maxTicks int64) (*Runner, error) {
	sc, err := Parse(name, data)
	if err != nil {
		return nil, err
	}
	r, err := NewRunner(sc, cfg)
	if err != nil {
		return nil, err
	}
	r.MaxTicks = maxTicks
	return r, r.Run()
}

// Next is the index of the next step; len(Steps) when all have run.
func (r *Runner) Next() int { return r.player.Pos.Next }

// Done reports whether every step has run.
func (r *Runner) Done() bool { return r.player.Done() }

// Step runs the next step to its end, through the Player: an action, or the ticks of a
// run. A failed step is not retried: the error names it and wraps the cause.
func (r *Runner) Step() error {
	i := r.Next()
	for !r.Done() && r.Next() == i {
		in, tick := r.player.Take(r.Sim.Idle())
		if in.Op != "" {
			got, err := r.Sim.Apply(in)
			if err == nil && !got.Did {
				err = errNothingToDo // a fine step (lessons) that found nothing to do
			}
			if err != nil {
				return r.stepError(i, err)
			}
			continue
		}
		if !tick {
			continue
		}
		if r.Sim.CurrentTick() >= r.MaxTicks {
			return r.stepError(i, r.Sim.MaxTicksError(r.MaxTicks))
		}
		r.Sim.Tick()
		r.player.Ticked()
		if err := r.Sim.Err(); err != nil {
			return r.stepError(i, err)
		}
	}
	return nil
}

// StepError is a step that failed: it names the file and the step in one line, and
// unwraps to the cause (an API server *StatusError, *gccore.ErrMaxTicks, ...).
type StepError struct {
	File  string
	Index int
	Step  Step
	Err   error
}

func (e *StepError) Error() string {
	return e.Naming(stepAt(e.File, e.Index))
}

// Naming is the error on one line with the step called step: "step (delete ...): cause".
// A caller that numbers steps its own way (a lesson's "solution[0]") names it.
func (e *StepError) Naming(step string) string {
	what := string(e.Step.Op)
	if d := describeStep(e.Step); d != "" {
		what += " " + d
	}
	return stepText(step, what, apiError(e.Err))
}

var errNothingToDo = errors.New("nothing to do")

func (e *StepError) Unwrap() error { return e.Err }

func (r *Runner) stepError(i int, err error) error {
	return &StepError{File: r.Scenario.File, Index: i, Step: r.Scenario.Steps[i], Err: err}
}

// apiError renders an API server error the way kubectl users know it: the status code and
// reason first ("409 Conflict: ..."), on one line.
func apiError(err error) string {
	var s apierrors.APIStatus
	if errors.As(err, &s) && s.Status().Code != 0 {
		st := s.Status()
		return fmt.Sprintf("%d %s: %s", st.Code, OneLine(string(st.Reason)), OneLine(st.Message))
	}
	return oneLine(err)
}

func describeStep(st Step) string {
	switch st.Op {
	case OpDeliverEvent, OpGraphChange, OpDeleteItem, OpOrphanItem:
		return st.EventKind
	case OpRestart:
		return gccore.RestartControllerManager
	case OpRun:
		if st.Idle {
			return "idle"
		}
		return fmt.Sprint(st.Ticks)
	}
	return quoteRef(st.Ref)
}

// Run runs the remaining steps, then until idle (scenario-format.md).
func (r *Runner) Run() error {
	for !r.Done() {
		if err := r.Step(); err != nil {
			return err
		}
	}
	if err := r.Sim.RunUntilIdle(r.MaxTicks); err != nil {
		return fmt.Errorf("%s: after the last step: %w", r.Scenario.File, err)
	}
	return nil
}
