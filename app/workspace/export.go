package workspace

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"
)

// ObjectsYAML renders the stored objects as the v1 List `gcplay sim` prints.
func (w *Workspace) ObjectsYAML() []byte { return gccore.ListYAML(w.view.Objects) }

// DOT renders the GC's graph as Graphviz DOT (gccore.Sim.DOT).
func (w *Workspace) DOT() string { return w.sim.DOT() }

// ExportScenario writes the session up to the current position as a scenario file that
// `gcplay sim` replays to the same end state: the scenario's objects with the uids they
// got, every successful action as a step, ticks as `run: N`, then the scenario steps not
// run yet. gcplay sim runs until idle after the last step, so a session that is not
// settled ends further on there. The scenario format has no sub-tick steps; fine steps
// are left out and the header says so.
func (w *Workspace) ExportScenario() []byte {
	type file struct {
		Resources []gccore.ResourceDecl `json:"resources,omitempty"`
		Objects   []map[string]any      `json:"objects,omitempty"`
		Steps     []any                 `json:"steps,omitempty"`
	}
	f := file{Resources: w.sc.Resources}
	for i, o := range w.sc.Objects {
		c := o.Copy()
		c.UID = w.baseUIDs[i]
		f.Objects = append(f.Objects, c.Unstructured().Object)
	}
	var ticks int64
	flush := func() {
		if ticks > 0 {
			f.Steps = append(f.Steps, map[string]any{"run": ticks})
			ticks = 0
		}
	}
	fine, failed := 0, 0
	for _, e := range w.hist[:w.cur] {
		switch {
		case e.cmd.Op == OpTick:
			ticks++
		case e.cmd.Fine():
			fine++
		case e.err != "":
			failed++
		default:
			flush()
			f.Steps = append(f.Steps, stepOf(e))
		}
	}
	flush()
	if !w.ScriptDone() {
		rest := w.sc.Steps[w.script.Next:]
		for i, st := range rest {
			if i == 0 && st.Op == scenario.OpRun && !st.Idle {
				st.Ticks -= w.script.Done
			}
			f.Steps = append(f.Steps, scriptStep(st))
		}
	}
	body, err := yaml.Marshal(f)
	if err != nil {
		panic(fmt.Sprintf("workspace: scenario export cannot be rendered: %v", err)) // maps of JSON values always marshal
	}
	var head strings.Builder
	fmt.Fprintf(&head, "# gcplay session %q exported at tick %d.\n", w.name, w.sim.CurrentTick())
	head.WriteString("# Replay: gcplay sim -f FILE (it runs on until idle after the last step).\n")
	if fine > 0 {
		fmt.Fprintf(&head, "# Note: %d fine step(s) (single event / graph change / worker item) are not expressible\n# as scenario steps and were left out; the replay may interleave differently.\n", fine)
	}
	if failed > 0 {
		fmt.Fprintf(&head, "# %d failed action(s) were left out.\n", failed)
	}
	return append([]byte(head.String()), body...)
}

// stepOf renders a successful recorded action as a scenario step.
func stepOf(e entry) map[string]any {
	c := e.cmd
	switch c.Op {
	case OpCreate:
		obj := cloneJSON(c.Object)
		md, _ := obj["metadata"].(map[string]any)
		if md == nil {
			md = map[string]any{}
			obj["metadata"] = md
		}
		md["uid"] = string(e.uid) // pinned: the replay does not depend on uid generation
		return map[string]any{"create": obj}
	case OpUpdate:
		var patch map[string]any
		if err := json.Unmarshal(c.Patch, &patch); err != nil || patch == nil {
			patch = map[string]any{}
		}
		patch["apiVersion"], patch["kind"] = c.Ref.APIVersion, c.Ref.Kind
		md, _ := patch["metadata"].(map[string]any)
		if md == nil {
			md = map[string]any{}
			patch["metadata"] = md
		}
		md["name"] = c.Ref.Name
		if c.Ref.Namespace != "" {
			md["namespace"] = c.Ref.Namespace
		}
		return map[string]any{"update": patch}
	case OpDelete:
		var opts metav1.DeleteOptions
		if c.Options != nil {
			opts = *c.Options
		}
		return map[string]any{"delete": deleteStep(*c.Ref, opts)}
	default: // add/removeFinalizer
		m := refMap(*c.Ref)
		m["finalizer"] = c.Finalizer
		return map[string]any{string(c.Op): m}
	}
}

func scriptStep(st scenario.Step) map[string]any {
	switch st.Op {
	case scenario.OpRun:
		if st.Idle {
			return map[string]any{"run": "idle"}
		}
		return map[string]any{"run": st.Ticks}
	case scenario.OpCreate:
		return map[string]any{"create": st.Object.Unstructured().Object}
	}
	return stepOf(entry{cmd: commandOf(st)})
}

func refMap(r gccore.ObjectRef) map[string]any {
	m := map[string]any{"apiVersion": r.APIVersion, "kind": r.Kind, "name": r.Name}
	if r.Namespace != "" {
		m["namespace"] = r.Namespace
	}
	return m
}

func deleteStep(r gccore.ObjectRef, opts metav1.DeleteOptions) map[string]any {
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
