package workspace

import (
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/faults"
	"github.com/gcplay/gcplay/gccore/scenario"
	"sigs.k8s.io/yaml"
)

// ExportScenario writes the session up to the current position as a scenario file that
// `gcplay sim` replays to the same end state: the scenario's objects with the uids they
// got, every successful action as a step, ticks as `run: N`, then the scenario steps not
// run yet. gcplay sim runs until idle after the last step, so a session that is not
// settled ends further on there. Fine steps are written as the fine steps of a version 2
// file (a version 1 session's export becomes version 2, as with restart:), so the replay
// interleaves as the session did.
func (w *Workspace) ExportScenario() []byte {
	type file struct {
		Version     int                   `json:"version,omitempty"` // 2 with controllers (scenario/cluster.go)
		Controllers []string              `json:"controllers,omitempty"`
		Kubernetes  string                `json:"kubernetes,omitempty"` // the release the file plays (version 2)
		Faults      *faults.Config        `json:"faults,omitempty"`     // the fault lab, with its seed (version 2)
		Resources   []gccore.ResourceDecl `json:"resources,omitempty"`
		Objects     []map[string]any      `json:"objects,omitempty"`
		Steps       []any                 `json:"steps,omitempty"`
	}
	f := file{Resources: w.sc.Resources, Controllers: w.sc.Controllers}
	if w.sc.Version > 1 {
		f.Version = w.sc.Version
	}
	if w.sc.Kubernetes.Set() {
		f.Kubernetes = w.sc.Kubernetes.String()
	}
	if fc := w.faults; fc.Active() { // as the session plays them, a reseed included
		f.Faults = &fc
	}
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
	failed := 0
	for _, e := range w.h.entries[:w.h.cur] {
		switch {
		case e.in.Op == gccore.InputTick:
			ticks++
		case e.err != "":
			failed++
		default:
			flush()
			if e.in.Op == gccore.InputRestart || e.in.Fine() {
				f.Version = scenario.ClusterVersion // restart: and the fine steps are version 2's; version 1's content means the same there
			}
			f.Steps = append(f.Steps, stepOf(e, f.Version >= scenario.ClusterVersion))
		}
	}
	flush()
	if !w.ScriptDone() {
		rest := w.sc.Steps[w.player.Pos.Next:]
		for i, st := range rest {
			if i == 0 && st.Op == scenario.OpRun && !st.Idle {
				st.Ticks -= w.player.Pos.Done
			}
			f.Steps = append(f.Steps, st.Map())
		}
	}
	body, err := yaml.Marshal(f)
	if err != nil {
		panic(fmt.Sprintf("workspace: scenario export cannot be rendered: %v", err)) // maps of JSON values always marshal
	}
	var head strings.Builder
	fmt.Fprintf(&head, "# gcplay session %q exported at tick %d.\n", w.name, w.sim.CurrentTick())
	head.WriteString("# Replay: gcplay sim -f FILE (it runs on until idle after the last step).\n")
	if failed > 0 {
		fmt.Fprintf(&head, "# %d failed action(s) were left out.\n", failed)
	}
	return append([]byte(head.String()), body...)
}

// stepOf renders a successful recorded action as a scenario step; a create pins the uid
// the object got, so that the replay does not depend on uid generation. In a version 2
// file a scale, setNodeReady or setLabels stays that step, not the `update` it plays.
func stepOf(e entry, v2 bool) map[string]any {
	if v2 {
		if m, ok := scenario.ClusterStepMap(e.in); ok {
			return m
		}
	}
	m, _ := scenario.StepMap(e.in)
	if obj, ok := m["create"].(map[string]any); ok {
		md, _ := obj["metadata"].(map[string]any)
		if md == nil {
			md = map[string]any{}
			obj["metadata"] = md
		}
		md["uid"] = string(e.uid)
	}
	return m
}
