package scenario

import (
	"errors"
	"fmt"

	"github.com/gcplay/gcplay/gccore"
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
	next     int
}

// NewRunner builds the simulation and creates the scenario's objects at tick 0.
func NewRunner(sc *Scenario, cfg gccore.Config) (*Runner, error) {
	cfg.Resources = sc.Resources
	sim, err := gccore.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", sc.File, oneLine(err))
	}
	for i, o := range sc.Objects {
		if _, err := sim.Create(o); err != nil {
			return nil, fmt.Errorf("%s: objects[%d] (%s): %s", sc.File, i, quoteRef(o.Ref()), apiError(err))
		}
	}
	return &Runner{Scenario: sc, Sim: sim, MaxTicks: DefaultMaxTicks}, nil
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
func (r *Runner) Next() int { return r.next }

// Done reports whether every step has run.
func (r *Runner) Done() bool { return r.next >= len(r.Scenario.Steps) }

// Step runs the next step. A failed step is not retried: the error names it.
func (r *Runner) Step() error {
	if r.Done() {
		return nil
	}
	i := r.next
	st := r.Scenario.Steps[i]
	r.next++
	if err := r.apply(st); err != nil {
		return fmt.Errorf("%s: steps[%d] (%s %s): %s", r.Scenario.File, i, st.Op, describeStep(st), apiError(err))
	}
	return nil
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
	case OpRun:
		if st.Idle {
			return "idle"
		}
		return fmt.Sprint(st.Ticks)
	}
	return quoteRef(st.Ref)
}

func (r *Runner) apply(st Step) error {
	s := r.Sim
	var err error
	switch st.Op {
	case OpCreate:
		_, err = s.Create(st.Object)
	case OpUpdate:
		_, err = s.Patch(st.Ref, gccore.MergePatch, st.Patch)
	case OpDelete:
		_, err = s.Delete(st.Ref, st.Delete)
	case OpAddFinalizer:
		_, err = s.AddFinalizer(st.Ref, st.Finalizer)
	case OpRemoveFinalizer:
		_, err = s.RemoveFinalizer(st.Ref, st.Finalizer)
	case OpRun:
		if st.Idle {
			return s.RunUntilIdle(r.MaxTicks)
		}
		for n := int64(0); n < st.Ticks; n++ {
			if s.CurrentTick() >= r.MaxTicks {
				return &gccore.ErrMaxTicks{MaxTicks: r.MaxTicks}
			}
			s.Tick()
		}
	}
	return err
}

// Run runs the remaining steps, then until idle (scenario-format.md).
func (r *Runner) Run() error {
	for !r.Done() {
		if err := r.Step(); err != nil {
			return err
		}
	}
	if err := r.Sim.RunUntilIdle(r.MaxTicks); err != nil {
		return fmt.Errorf("%s: after the last step: %s", r.Scenario.File, oneLine(err))
	}
	return nil
}
