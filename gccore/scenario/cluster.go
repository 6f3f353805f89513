package scenario

// The cluster sections of scenario format version 2 (issue 15, cluster-rules.md):
// `controllers:`, `nodes:` and the steps scale, setNodeReady and setLabels. A file
// without `version: 2` is version 1 and may not use them, so that it keeps its meaning.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/cluster"
	"github.com/gcplay/gcplay/gccore/faults"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// ClusterVersion is the first format version with controllers and nodes.
const ClusterVersion = 2

// The steps of version 2. Each is a JSON merge patch of one object, so it plays as an
// `update` input (gccore.PatchInput).
const (
	OpScale        Op = "scale"        // {apiVersion, kind, namespace, name, replicas}
	OpSetNodeReady Op = "setNodeReady" // {node, ready}
	OpSetLabels    Op = "setLabels"    // {apiVersion, kind, namespace, name, labels}; a null value removes a label
	// OpRestart restarts kube-controller-manager: `restart: controller-manager` (SYNC-7).
	OpRestart Op = "restart"
)

// Node is one entry of `nodes:`: a Node object with a Ready condition.
type Node struct {
	Name  string `json:"name"`
	Ready bool   `json:"ready"`
}

// rawCluster is the part of rawScenario that version 2 adds.
type rawCluster struct {
	Version     int      `json:"version,omitempty"`
	Controllers []string `json:"controllers,omitempty"`
	Nodes       []Node   `json:"nodes,omitempty"`
	// Kubernetes is the release whose GC rules the file plays (gccore.Release), a
	// string: YAML reads an unquoted 1.20 as the number 1.2, which is refused.
	Kubernetes any `json:"kubernetes,omitempty"`
	// Faults is the fault lab (faults.Config, cluster-rules.md FAULT-1 … FAULT-4).
	Faults json.RawMessage `json:"faults,omitempty"`
}

// clusterStep parses a version 2 step; ok is false for any other step.
func clusterStep(rs *gccore.Resources, st *Step, body json.RawMessage) (ok bool, err error) {
	switch st.Op {
	case OpScale, OpSetLabels:
		var r struct {
			APIVersion string             `json:"apiVersion"`
			Kind       string             `json:"kind"`
			Namespace  string             `json:"namespace"`
			Name       string             `json:"name"`
			Replicas   *int64             `json:"replicas"`
			Labels     map[string]*string `json:"labels"`
		}
		if err := strictJSON(body, &r); err != nil {
			return true, err
		}
		ref, _ := json.Marshal(map[string]string{"apiVersion": r.APIVersion, "kind": r.Kind, "namespace": r.Namespace, "name": r.Name})
		named := Step{Op: OpDelete} // the step that takes a bare ref
		if err := parseRefStep(rs, &named, ref); err != nil {
			return true, err
		}
		st.Ref = named.Ref
		if st.Op == OpScale {
			if r.Replicas == nil || *r.Replicas < 0 || r.Labels != nil {
				return true, fmt.Errorf("scale takes apiVersion, kind, namespace, name and replicas (a whole number, 0 or more)")
			}
			st.Patch = namedPatch(st.Ref, "spec", map[string]any{"replicas": *r.Replicas})
			return true, nil
		}
		if r.Labels == nil || r.Replicas != nil {
			return true, fmt.Errorf("setLabels takes apiVersion, kind, namespace, name and labels")
		}
		st.Patch = namedPatch(st.Ref, "labels", r.Labels)
		return true, nil
	case OpRestart:
		var what string
		if err := json.Unmarshal(body, &what); err != nil || what != gccore.RestartControllerManager {
			return true, fmt.Errorf("restart takes %q", gccore.RestartControllerManager)
		}
		return true, nil
	case OpSetNodeReady:
		var r struct {
			Node  string `json:"node"`
			Ready *bool  `json:"ready"`
		}
		if err := strictJSON(body, &r); err != nil {
			return true, err
		}
		if r.Node == "" || r.Ready == nil {
			return true, fmt.Errorf("setNodeReady takes node and ready (true or false)")
		}
		in := NodeReadyInput(r.Node, *r.Ready)
		st.Ref, st.Patch = *in.Ref, in.Patch
		return true, nil
	}
	return false, nil
}

// NodeReadyInput is the input of a setNodeReady step: a merge patch of the Node's
// status with its Ready condition. The page's node lane toggles a node with it, so a
// click and the step are the same input (and export as the same update step).
func NodeReadyInput(node string, ready bool) gccore.Input {
	ref := gccore.ObjectRef{APIVersion: "v1", Kind: "Node", Name: node}
	return gccore.PatchInput(ref, namedPatch(ref, "status", nodeStatus(ready)))
}

// namedPatch is a merge patch that names its object in metadata, as an `update` step's
// does, so that the step written back as `update` (StepMap) is the same input.
func namedPatch(ref gccore.ObjectRef, field string, value any) []byte {
	md := map[string]any{"name": ref.Name}
	if ref.Namespace != "" {
		md["namespace"] = ref.Namespace
	}
	patch := map[string]any{"metadata": md}
	if field == "labels" {
		md["labels"] = value
	} else {
		patch[field] = value
	}
	b, _ := json.Marshal(patch)
	return b
}

func strictJSON(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%v", oneLine(err))
	}
	return nil
}

// nodeStatus is a Node's status with its Ready condition.
func nodeStatus(ready bool) map[string]any {
	s := "False"
	if ready {
		s = "True"
	}
	return map[string]any{"conditions": []any{map[string]any{"type": "Ready", "status": s}}}
}

// withCluster checks the version 2 sections and adds them to sc: the nodes become
// Node objects created before the others.
func withCluster(sc *Scenario, raw rawCluster) (*Scenario, error) {
	file := sc.File
	switch raw.Version {
	case 0, 1, ClusterVersion:
	default:
		return nil, fmt.Errorf("%s: version %d: want 1 or %d", file, raw.Version, ClusterVersion)
	}
	v2 := raw.Version == ClusterVersion
	if !v2 && (raw.Controllers != nil || raw.Nodes != nil || raw.Kubernetes != nil || raw.Faults != nil) {
		return nil, fmt.Errorf("%s: controllers:, nodes:, kubernetes: and faults: need version: %d at the top of the file", file, ClusterVersion)
	}
	if raw.Faults != nil {
		fc, err := faults.Parse(raw.Faults)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
		sc.Faults = fc
	}
	for i, d := range sc.Resources {
		if d.Broken && !v2 {
			return nil, fmt.Errorf("%s: resources[%d] (%s): broken: needs version: %d at the top of the file", file, i, Quote(d.Kind), ClusterVersion)
		}
	}
	release, err := parseRelease(raw.Kubernetes)
	if err != nil {
		return nil, fmt.Errorf("%s: kubernetes: %v", file, err)
	}
	sc.Kubernetes = release
	for i, st := range sc.Steps {
		if (st.Op == OpScale || st.Op == OpSetNodeReady || st.Op == OpSetLabels || st.Op == OpRestart) && !v2 {
			return nil, &StepParseError{File: file, Index: i, Label: string(st.Op), Err: fmt.Errorf("needs version: %d at the top of the file", ClusterVersion)}
		}
	}
	if err := cluster.Check(raw.Controllers); err != nil {
		return nil, fmt.Errorf("%s: controllers: %v", file, err)
	}
	sc.Version, sc.Controllers = max(raw.Version, 1), raw.Controllers
	var nodes []*gccore.Object
	seen := map[string]bool{}
	for _, o := range sc.Objects {
		if o.Kind == "Node" && o.APIVersion == "v1" {
			seen[o.Name] = true
		}
	}
	for i, n := range raw.Nodes {
		if n.Name == "" {
			return nil, fmt.Errorf("%s: nodes[%d]: name is required", file, i)
		}
		if seen[n.Name] {
			return nil, fmt.Errorf("%s: nodes[%d] (%s): a Node of that name is already declared", file, i, Quote(n.Name))
		}
		seen[n.Name] = true
		o := &gccore.Object{Content: map[string]any{"status": nodeStatus(n.Ready)}}
		o.APIVersion, o.Kind, o.Name = "v1", "Node", n.Name
		nodes = append(nodes, o)
	}
	sc.Objects = append(nodes, sc.Objects...)
	for i, o := range sc.Objects {
		if err := checkControlled(sc.Controllers, o); err != nil {
			return nil, fmt.Errorf("%s: objects[%d] (%s): %v", file, i-len(nodes), quoteRef(o.Ref()), err)
		}
	}
	return sc, nil
}

// parseRelease reads `kubernetes:`: absent is the default (current); a value must be a
// string naming a release gcplay plays.
func parseRelease(v any) (gccore.Release, error) {
	switch x := v.(type) {
	case nil:
		return gccore.ReleaseDefault, nil
	case string:
		return gccore.ParseRelease(x)
	}
	return gccore.ReleaseDefault, fmt.Errorf("want a quoted release (%s), got %s: write it in quotes, as kubernetes: \"1.20\"",
		strings.Join(gccore.ReleaseNames(), ", "), Quote(fmt.Sprint(v)))
}

// checkControlled asks of a Deployment, ReplicaSet or Job whose controller runs the spec
// fields it reads: a selector that its template's labels match, as the API server's
// validation does.
func checkControlled(controllers []string, o *gccore.Object) error {
	var name string // a switch: a map literal here was built for every object of a file
	switch o.Kind {
	case "Deployment":
		name = cluster.Deployment
	case "ReplicaSet":
		name = cluster.ReplicaSet
	case "Job":
		name = cluster.Job
	}
	if name == "" || !contains(controllers, name) {
		return nil
	}
	spec, _ := o.Content["spec"].(map[string]any)
	sel, _ := spec["selector"].(map[string]any)
	var ls metav1.LabelSelector
	if b, err := json.Marshal(sel); err == nil && sel != nil {
		err = json.Unmarshal(b, &ls)
		if err != nil {
			return fmt.Errorf("spec.selector: %v", oneLine(err))
		}
	}
	s, err := metav1.LabelSelectorAsSelector(&ls)
	if err != nil || s.Empty() {
		return fmt.Errorf("the %s controller runs: spec.selector (matchLabels) is required", name)
	}
	tmpl, _ := spec["template"].(map[string]any)
	md, _ := tmpl["metadata"].(map[string]any)
	l, _ := md["labels"].(map[string]any)
	set := labels.Set{}
	for k, v := range l {
		set[k] = fmt.Sprint(v)
	}
	if !s.Matches(set) {
		return fmt.Errorf("spec.template.metadata.labels do not match spec.selector")
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ClusterStepMap writes an update input as the version 2 step it plays, when it is
// exactly the merge patch one plays (namedPatch): `scale`, `setNodeReady` or
// `setLabels`, so that a written-back session keeps what a person did, not only its
// patch. ok is false for any other input; callers write it as `update`. Only a version 2
// file may hold the result.
func ClusterStepMap(in gccore.Input) (step map[string]any, ok bool) {
	if in.Op != gccore.InputUpdate || in.Ref == nil || (in.PatchType != "" && in.PatchType != gccore.MergePatch) {
		return nil, false
	}
	var p map[string]any
	if err := json.Unmarshal(in.Patch, &p); err != nil {
		return nil, false
	}
	ref := *in.Ref
	var op Op
	var field string
	var value any
	body := refMap(ref)
	switch {
	case ref.APIVersion == "v1" && ref.Kind == "Node" && ref.Namespace == "":
		status, _ := p["status"].(map[string]any)
		conds, _ := status["conditions"].([]any)
		c, _ := firstOf(conds).(map[string]any)
		ready := c["status"] == "True"
		op, field, value = OpSetNodeReady, "status", nodeStatus(ready)
		body = map[string]any{"node": ref.Name, "ready": ready}
	case p["spec"] != nil:
		spec, _ := p["spec"].(map[string]any)
		n, isNum := spec["replicas"].(float64)
		if !isNum || n < 0 || n != float64(int64(n)) {
			return nil, false
		}
		op, field, value = OpScale, "spec", map[string]any{"replicas": int64(n)}
		body["replicas"] = int64(n)
	default:
		md, _ := p["metadata"].(map[string]any)
		labels, isMap := md["labels"].(map[string]any)
		if !isMap {
			return nil, false
		}
		op, field, value = OpSetLabels, "labels", labels
		body["labels"] = labels
	}
	// The step must play this very patch: compare as JSON values, whatever the key order.
	var want map[string]any
	if err := json.Unmarshal(namedPatch(ref, field, value), &want); err != nil || !jsonEqual(p, want) {
		return nil, false
	}
	return map[string]any{string(op): body}, true
}

func firstOf(list []any) any {
	if len(list) != 1 {
		return nil
	}
	return list[0]
}

func jsonEqual(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}
