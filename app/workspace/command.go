package workspace

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/gcplay/gcplay/gccore"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Op names one recorded input of a workspace.
type Op string

// The inputs a workspace records. The first five move time; the others are user
// (or scenario-script) actions at the current tick.
const (
	OpTick            Op = "tick"
	OpDeliverEvent    Op = "deliverEvent"
	OpGraphChange     Op = "processGraphChange"
	OpDeleteItem      Op = "runDeleteItem"
	OpOrphanItem      Op = "runOrphanItem"
	OpCreate          Op = "create"
	OpUpdate          Op = "update" // JSON merge patch, like the scenario `update` step
	OpDelete          Op = "delete"
	OpAddFinalizer    Op = "addFinalizer"
	OpRemoveFinalizer Op = "removeFinalizer"
)

// Command is one recorded input. Replaying the same commands on the same base gives the
// same simulation, byte for byte, because gccore is deterministic.
type Command struct {
	Op Op `json:"op"`
	// Object is the object to create, as the API server serves it (create).
	Object map[string]any `json:"object,omitempty"`
	// Ref names the object of update, delete and the finalizer commands.
	Ref *gccore.ObjectRef `json:"ref,omitempty"`
	// Patch is update's JSON merge patch body.
	Patch json.RawMessage `json:"patch,omitempty"`
	// Options are delete's options.
	Options *metav1.DeleteOptions `json:"options,omitempty"`
	// Finalizer is the finalizer to add or remove.
	Finalizer string `json:"finalizer,omitempty"`
	// Script is set on actions the scenario's script applied (not the user); a rewind to
	// a tick lands before them, since they belong to the following tick.
	Script bool `json:"script,omitempty"`
}

// Action reports whether the command is a user action rather than a step of time.
func (c Command) Action() bool {
	switch c.Op {
	case OpTick, OpDeliverEvent, OpGraphChange, OpDeleteItem, OpOrphanItem:
		return false
	}
	return true
}

// Fine reports whether the command is a sub-tick step (no scenario step expresses it).
func (c Command) Fine() bool {
	return !c.Action() && c.Op != OpTick
}

func (c Command) same(d Command) bool {
	if c.Op != d.Op || c.Finalizer != d.Finalizer || c.Script != d.Script || string(c.Patch) != string(d.Patch) {
		return false
	}
	return reflect.DeepEqual(c.Ref, d.Ref) && reflect.DeepEqual(c.Options, d.Options) && reflect.DeepEqual(c.Object, d.Object)
}

// String is a short description for the timeline and error messages.
func (c Command) String() string {
	switch c.Op {
	case OpCreate:
		o, err := gccore.ObjectFromUnstructured(c.Object)
		if err != nil {
			return "create (unreadable object)"
		}
		return "create " + o.Ref().String()
	case OpUpdate:
		return fmt.Sprintf("patch %s %s", c.Ref, c.Patch)
	case OpDelete:
		s := "delete " + c.Ref.String()
		if c.Options != nil && c.Options.PropagationPolicy != nil {
			s += " (" + string(*c.Options.PropagationPolicy) + ")"
		}
		return s
	case OpAddFinalizer, OpRemoveFinalizer:
		return fmt.Sprintf("%s %s %s", c.Op, c.Finalizer, c.Ref)
	}
	return string(c.Op)
}

// apply runs the command on sim. For a create it returns the created object.
func (c Command) apply(sim *gccore.Sim) (*gccore.Object, error) {
	switch c.Op {
	case OpTick:
		sim.Tick()
	case OpDeliverEvent:
		sim.DeliverEvent("")
	case OpGraphChange:
		sim.ProcessGraphChange()
	case OpDeleteItem:
		sim.RunDeleteItem()
	case OpOrphanItem:
		sim.RunOrphanItem()
	case OpCreate:
		o, err := gccore.ObjectFromUnstructured(c.Object)
		if err != nil {
			return nil, err
		}
		return sim.Create(o)
	case OpUpdate:
		return sim.Patch(*c.Ref, gccore.MergePatch, c.Patch)
	case OpDelete:
		var opts metav1.DeleteOptions
		if c.Options != nil {
			opts = *c.Options
		}
		return sim.Delete(*c.Ref, opts)
	case OpAddFinalizer:
		return sim.AddFinalizer(*c.Ref, c.Finalizer)
	case OpRemoveFinalizer:
		return sim.RemoveFinalizer(*c.Ref, c.Finalizer)
	default:
		return nil, fmt.Errorf("unknown command %q", c.Op)
	}
	return nil, nil
}

// CreateCommand returns the command that creates o.
func CreateCommand(o *gccore.Object) Command {
	return Command{Op: OpCreate, Object: o.Unstructured().Object}
}

// DeleteCommand returns the command that deletes ref with opts.
func DeleteCommand(ref gccore.ObjectRef, opts metav1.DeleteOptions) Command {
	return Command{Op: OpDelete, Ref: &ref, Options: &opts}
}

// PatchCommand returns the command that applies a JSON merge patch to ref.
func PatchCommand(ref gccore.ObjectRef, patch []byte) Command {
	return Command{Op: OpUpdate, Ref: &ref, Patch: json.RawMessage(patch)}
}

// FinalizerCommand returns the command that adds (add) or removes a finalizer.
func FinalizerCommand(ref gccore.ObjectRef, finalizer string, add bool) Command {
	op := OpRemoveFinalizer
	if add {
		op = OpAddFinalizer
	}
	return Command{Op: op, Ref: &ref, Finalizer: finalizer}
}
