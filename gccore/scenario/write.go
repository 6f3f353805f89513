package scenario

import (
	"encoding/json"

	"github.com/gcplay/gcplay/gccore"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// StepMap writes an input as a step, the inverse of the step parser: {"delete": {...}},
// {"update": {...}}, ... and for a fine step the form lessons and version 2 files use
// ({"deliverEvent": {"kind": K}}, {"runDeleteItem": {"reads": true}}). ok is false for ticks, which callers
// write as `run: N` once they have counted them. The map shares nothing with in.
func StepMap(in gccore.Input) (step map[string]any, ok bool) {
	switch in.Op {
	case gccore.InputCreate:
		return map[string]any{"create": cloneJSON(in.Object)}, true
	case gccore.InputUpdate:
		var patch map[string]any
		if err := json.Unmarshal(in.Patch, &patch); err != nil || patch == nil {
			patch = map[string]any{}
		}
		patch["apiVersion"], patch["kind"] = in.Ref.APIVersion, in.Ref.Kind
		md, _ := patch["metadata"].(map[string]any)
		if md == nil {
			md = map[string]any{}
			patch["metadata"] = md
		}
		md["name"] = in.Ref.Name
		if in.Ref.Namespace != "" {
			md["namespace"] = in.Ref.Namespace
		}
		return map[string]any{"update": patch}, true
	case gccore.InputDelete:
		var opts metav1.DeleteOptions
		if in.Options != nil {
			opts = *in.Options
		}
		return map[string]any{"delete": deleteMap(*in.Ref, opts)}, true
	case gccore.InputAddFinalizer, gccore.InputRemoveFinalizer:
		m := refMap(*in.Ref)
		m["finalizer"] = in.Finalizer
		return map[string]any{string(in.Op): m}, true
	case gccore.InputDeliverEvent, gccore.InputGraphChange, gccore.InputDeleteItem, gccore.InputOrphanItem:
		body := map[string]any{}
		if in.EventKind != "" {
			body["kind"] = in.EventKind
		}
		if in.Reads {
			body["reads"] = true
		}
		return map[string]any{string(in.Op): body}, true
	case gccore.InputRestart:
		return map[string]any{string(OpRestart): in.Restart}, true
	}
	return nil, false
}

// Map writes a parsed step back as scenario-format.md spells it.
func (st Step) Map() map[string]any {
	if st.Op == OpRun {
		if st.Idle {
			return map[string]any{"run": "idle"}
		}
		return map[string]any{"run": st.Ticks}
	}
	if st.Op == OpScale || st.Op == OpSetNodeReady || st.Op == OpSetLabels {
		if m, ok := ClusterStepMap(st.Input()); ok {
			return m
		}
	}
	m, _ := StepMap(st.Input())
	return m
}

func refMap(r gccore.ObjectRef) map[string]any {
	m := map[string]any{"apiVersion": r.APIVersion, "kind": r.Kind, "name": r.Name}
	if r.Namespace != "" {
		m["namespace"] = r.Namespace
	}
	return m
}

func deleteMap(r gccore.ObjectRef, opts metav1.DeleteOptions) map[string]any {
	m := refMap(r)
	if p := opts.PropagationPolicy; p != nil {
		m["propagationPolicy"] = string(*p)
	}
	if opts.OrphanDependents != nil {
		m["orphanDependents"] = *opts.OrphanDependents
	}
	if opts.GracePeriodSeconds != nil {
		m["gracePeriodSeconds"] = *opts.GracePeriodSeconds
	}
	if p := opts.Preconditions; p != nil {
		pre := map[string]any{}
		if p.UID != nil {
			pre["uid"] = string(*p.UID)
		}
		if p.ResourceVersion != nil {
			pre["resourceVersion"] = *p.ResourceVersion
		}
		m["preconditions"] = pre
	}
	return m
}

func cloneJSON(m map[string]any) map[string]any {
	b, _ := json.Marshal(m)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	return out
}
