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
// steps); the others are API calls a person or a controller makes at the current tick.
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
	// Ref names the object of update, delete and the finalizer inputs.
	Ref *ObjectRef `json:"ref,omitempty"`
	// Patch is update's JSON merge patch body.
	Patch json.RawMessage `json:"patch,omitempty"`
	// Options are delete's options.
	Options *metav1.DeleteOptions `json:"options,omitempty"`
	// Finalizer is the finalizer to add or remove.
	Finalizer string `json:"finalizer,omitempty"`
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
	if in.Op != o.Op || in.Finalizer != o.Finalizer || string(in.Patch) != string(o.Patch) {
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
	}
	return string(in.Op)
}

// Apply applies one input: the single entry point every driver uses. For an API call
// it returns the object the API server returned (the created, patched or deleted
// object) and the API server's error, which wraps its *StatusError (errors.As finds it).
// A step of time returns no object; a fine step that had nothing to do is no error.
func (s *Sim) Apply(in Input) (*Object, error) {
	if in.Action() && in.Op != InputCreate && in.Ref == nil {
		return nil, fmt.Errorf("%s needs a ref", in.Op)
	}
	switch in.Op {
	case InputTick:
		s.Tick()
	case InputDeliverEvent:
		s.DeliverEvent("")
	case InputGraphChange:
		s.ProcessGraphChange()
	case InputDeleteItem:
		s.RunDeleteItem()
	case InputOrphanItem:
		s.RunOrphanItem()
	case InputCreate:
		o, err := ObjectFromUnstructured(in.Object)
		if err != nil {
			return nil, err
		}
		return s.Create(o)
	case InputUpdate:
		return s.Patch(*in.Ref, MergePatch, in.Patch)
	case InputDelete:
		var opts metav1.DeleteOptions
		if in.Options != nil {
			opts = *in.Options
		}
		return s.Delete(*in.Ref, opts)
	case InputAddFinalizer:
		return s.AddFinalizer(*in.Ref, in.Finalizer)
	case InputRemoveFinalizer:
		return s.RemoveFinalizer(*in.Ref, in.Finalizer)
	default:
		return nil, fmt.Errorf("unknown input %q", in.Op)
	}
	return nil, nil
}
