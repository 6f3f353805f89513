package gccore

import (
	"encoding/json"
	"fmt"
	"reflect"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// InputOp names one kind of input.
type InputOp string

// The inputs of a simulation. The first five move time (a tick, or one of its fine
// steps); the others are API calls a person or a controller makes at the current tick,
// and the restart of a component (InputRestart), which Action counts with them.
const (
	InputTick            InputOp = "tick"
	InputDeliverEvent    InputOp = "deliverEvent"
	InputGraphChange     InputOp = "processGraphChange"
	InputDeleteItem      InputOp = "runDeleteItem"
	InputOrphanItem      InputOp = "runOrphanItem"
	InputCreate          InputOp = "create"
	InputUpdate          InputOp = "update" // JSON merge patch, like the scenario `update` step
	InputDelete          InputOp = "delete"
	InputAddFinalizer    InputOp = "addFinalizer"
	InputRemoveFinalizer InputOp = "removeFinalizer"
	// InputRestart restarts a component, named by Restart (scenario `restart:`, format
	// version 2): only RestartControllerManager.
	InputRestart InputOp = "restart"
)

// Input is one input to a simulation, like raft's pb.Message: every way of driving a Sim
// (a scenario's steps, the page's buttons, the console, a lesson's solution, a share
// link) is a list of these, applied by Sim.Apply. It is plain data, so that a list of
// inputs can be saved and replayed: the same inputs on the same start give the same
// simulation, byte for byte.
type Input struct {
	Op InputOp `json:"op"`
	// Object is the object to create, as the API server serves it (create).
	Object map[string]any `json:"object,omitempty"`
	// Ref names the object of update, delete and the finalizer inputs. On runDeleteItem it
	// names the queued item the worker takes instead of the head, one of the first Workers
	// items (those a round's concurrent workers hold together, Q-9): so that fine steps
	// reach any order in which a round's requests can land. Test scripts use it (gctest's
	// run-delete REF); scenario and lesson steps do not express it.
	Ref *ObjectRef `json:"ref,omitempty"`
	// Patch is update's patch body: a JSON merge patch unless PatchType says otherwise.
	Patch json.RawMessage `json:"patch,omitempty"`
	// PatchType is update's patch type; empty means MergePatch (the scenario `update`).
	PatchType PatchType `json:"patchType,omitempty"`
	// Options are delete's options.
	Options *metav1.DeleteOptions `json:"options,omitempty"`
	// Finalizer is the finalizer to add or remove.
	Finalizer string `json:"finalizer,omitempty"`
	// EventKind restricts deliverEvent to the oldest event of this kind (Sim.DeliverEvent).
	EventKind string `json:"eventKind,omitempty"`
	// Ticks is how many ticks a tick input runs; 0 means one (a saved history has one
	// tick input per tick, without the field).
	Ticks int64 `json:"ticks,omitempty"`
	// Restart names what a restart input restarts: RestartControllerManager.
	Restart string `json:"restart,omitempty"`
	// Reads makes a runDeleteItem stop after the item's reads and decision: the worker
	// holds its writes until the next runDeleteItem or tick, so that an input can come
	// between the GC's GET and its DELETE (Q-9's window; the race of V-6).
	Reads bool `json:"reads,omitempty"`
}

// CreateInput creates o.
func CreateInput(o *Object) Input { return Input{Op: InputCreate, Object: o.Unstructured().Object} }

// DeleteInput deletes ref with opts.
func DeleteInput(ref ObjectRef, opts metav1.DeleteOptions) Input {
	return Input{Op: InputDelete, Ref: &ref, Options: &opts}
}

// PatchInput applies a JSON merge patch to ref.
func PatchInput(ref ObjectRef, patch []byte) Input {
	return Input{Op: InputUpdate, Ref: &ref, Patch: json.RawMessage(patch)}
}

// FinalizerInput adds (add) or removes a finalizer of ref.
func FinalizerInput(ref ObjectRef, finalizer string, add bool) Input {
	op := InputRemoveFinalizer
	if add {
		op = InputAddFinalizer
	}
	return Input{Op: op, Ref: &ref, Finalizer: finalizer}
}

// Action reports whether the input is an API call rather than a step of time.
func (in Input) Action() bool {
	switch in.Op {
	case InputTick, InputDeliverEvent, InputGraphChange, InputDeleteItem, InputOrphanItem:
		return false
	}
	return true
}

// Fine reports whether the input is a sub-tick step (no scenario step expresses it).
func (in Input) Fine() bool { return !in.Action() && in.Op != InputTick }

// Equal reports whether two inputs are the same.
func (in Input) Equal(o Input) bool {
	if in.Op != o.Op || in.Finalizer != o.Finalizer || in.Ticks != o.Ticks || in.PatchType != o.PatchType ||
		in.EventKind != o.EventKind || string(in.Patch) != string(o.Patch) || in.Restart != o.Restart || in.Reads != o.Reads {
		return false
	}
	return reflect.DeepEqual(in.Ref, o.Ref) && reflect.DeepEqual(in.Options, o.Options) && reflect.DeepEqual(in.Object, o.Object)
}

// String is a short description for timelines and error messages.
func (in Input) String() string {
	switch in.Op {
	case InputCreate:
		o, err := ObjectFromUnstructured(in.Object)
		if err != nil {
			return "create (unreadable object)"
		}
		return "create " + o.Ref().String()
	case InputUpdate:
		return fmt.Sprintf("patch %s %s", in.Ref, in.Patch)
	case InputDelete:
		s := "delete " + in.Ref.String()
		if in.Options != nil && in.Options.PropagationPolicy != nil {
			s += " (" + string(*in.Options.PropagationPolicy) + ")"
		}
		return s
	case InputAddFinalizer, InputRemoveFinalizer:
		return fmt.Sprintf("%s %s %s", in.Op, in.Finalizer, in.Ref)
	case InputRestart:
		return "restart " + in.Restart
	case InputTick:
		if in.Ticks > 1 {
			return fmt.Sprintf("tick %d", in.Ticks)
		}
	}
	return string(in.Op)
}

// Applied is what an input did.
type Applied struct {
	// Object is the object the API server returned for an action (nil on error, and
	// for a delete that removed the object at once, API-15).
	Object *Object
	// Did reports, for a fine step, that there was something to do; it is true for every
	// other input that succeeded.
	Did bool
}

// Apply applies one input: the single entry point every driver uses (the scenario
// player, the workspace, the console, test scripts, lessons). An API call's error is the
// API server's, so errors.As finds its status (apierrors.APIStatus).
func (s *Sim) Apply(in Input) (Applied, error) {
	if in.Action() && in.Op != InputCreate && in.Op != InputRestart && in.Ref == nil {
		return Applied{}, fmt.Errorf("%s needs a ref", in.Op)
	}
	var o *Object
	var err error
	switch in.Op {
	case InputTick:
		for n := max(in.Ticks, 1); n > 0 && s.err == nil; n-- {
			s.Tick()
		}
		return Applied{Did: true}, s.err
	case InputDeliverEvent:
		return Applied{Did: s.DeliverEvent(in.EventKind)}, nil
	case InputGraphChange:
		return Applied{Did: s.ProcessGraphChange()}, nil
	case InputDeleteItem:
		did, err := s.runOne(s.gb.attemptToDelete, Worker(RoleDeleteWorker, 0), s.gc.processAttemptToDelete, in.Reads, in.Ref)
		return Applied{Did: did}, err
	case InputOrphanItem:
		return Applied{Did: s.RunOrphanItem()}, nil
	case InputCreate:
		if o, err = ObjectFromUnstructured(in.Object); err == nil {
			o, err = s.Create(o)
		}
	case InputUpdate:
		pt := in.PatchType
		if pt == "" {
			pt = MergePatch
		}
		o, err = s.Patch(*in.Ref, pt, in.Patch)
	case InputDelete:
		var opts metav1.DeleteOptions
		if in.Options != nil {
			opts = *in.Options
		}
		o, err = s.Delete(*in.Ref, opts)
	case InputAddFinalizer:
		o, err = s.AddFinalizer(*in.Ref, in.Finalizer)
	case InputRemoveFinalizer:
		o, err = s.RemoveFinalizer(*in.Ref, in.Finalizer)
	case InputRestart:
		if in.Restart != RestartControllerManager {
			return Applied{}, fmt.Errorf("restart %q: only %q restarts", in.Restart, RestartControllerManager)
		}
		if err := restartBound(s); err != nil {
			return Applied{}, err
		}
		restartControllerManager(s)
		return Applied{Did: true}, nil
	default:
		return Applied{}, fmt.Errorf("unknown input %q", in.Op)
	}
	if err != nil {
		return Applied{}, err
	}
	return Applied{Object: o, Did: true}, nil
}
