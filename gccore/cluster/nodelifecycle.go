package cluster

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/rules"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// CompNodeLifecycle is the node lifecycle controller's trace component.
var CompNodeLifecycle = gccore.Component{Role: "node-lifecycle-controller"}

// The NoExecute taints of a Node that is not Ready (NODE-1; upstream's
// v1.TaintNodeNotReady and v1.TaintNodeUnreachable).
const (
	TaintNotReady    = "node.kubernetes.io/not-ready"
	TaintUnreachable = "node.kubernetes.io/unreachable"
)

// DefaultTolerationSeconds is how long a Pod tolerates a NotReady or unreachable node
// unless it says otherwise (NODE-2: the DefaultTolerationSeconds admission plugin's
// default of 300 s).
const DefaultTolerationSeconds = 300

// nodeLifecycle is the node lifecycle controller with its taint-based eviction (upstream's
// pkg/controller/nodelifecycle and pkg/controller/tainteviction as one): it keeps each
// Node's NoExecute taint in step with its Ready condition (NODE-1, NODE-4) and deletes
// the Pods of a tainted Node whose toleration has run out (NODE-2, NODE-3).
type nodeLifecycle struct {
	sim    *gccore.Sim
	client *gccore.Client
	nodes  queue // Nodes whose Ready condition or taints changed
	// evicted are the Pods already deleted by NODE-3, so that one whose deletion the cache
	// has not shown yet is not deleted again (upstream's eviction timer fires once).
	evicted map[types.UID]bool
}

func newNodeLifecycle(sim *gccore.Sim) *nodeLifecycle {
	return &nodeLifecycle{sim: sim, client: sim.Client(CompNodeLifecycle), nodes: newQueue(), evicted: map[types.UID]bool{}}
}

func (c *nodeLifecycle) Observe(ev gccore.WatchEvent) {
	if o := ev.Object; o.APIVersion == "v1" && o.Kind == "Node" {
		c.nodes.add(o.Name)
	}
}

// Idle: no Node waits for its taints, and no Pod for its toleration to run out.
func (c *nodeLifecycle) Idle() bool { return c.nodes.empty() && len(c.evictions()) == 0 }

// Queue shows the Nodes waiting for a sync and the Pods waiting for their eviction, each
// with its tick, sorted by key (gccore.Queuer).
func (c *nodeLifecycle) Queue() gccore.ControllerQueue {
	v := c.nodes.view(CompNodeLifecycle, c.client, gccore.ObjectRef{APIVersion: "v1", Kind: "Node"})
	for _, e := range c.evictions() {
		v.Items = append(v.Items, gccore.ControllerQueueItem{Key: e.pod.Namespace + "/" + e.pod.Name, UID: e.pod.UID,
			Note: gccore.Because("evicted at tick %d, when its toleration of %s runs out (NODE-3)", e.at.Unix()-gccore.Epoch.Unix(), e.taint)})
	}
	slices.SortStableFunc(v.Items, func(a, b gccore.ControllerQueueItem) int { return strings.Compare(a.Key, b.Key) })
	return v
}

func (c *nodeLifecycle) Tick() {
	for _, name := range c.nodes.take(c.sim.CurrentTick()) {
		c.syncTaints(name)
	}
	now := c.sim.Now()
	for _, e := range c.evictions() {
		if e.at.After(now) {
			continue
		}
		c.evicted[e.pod.UID] = true
		c.client.Delete(rules.NODE3, fmt.Sprintf("evicted: node %s has the taint %s:NoExecute since %s, and the Pod's toleration ran out",
			e.node, e.taint, e.since.UTC().Format(time.RFC3339)), e.pod.Ref(), metav1.DeleteOptions{})
	}
}

// eviction is a Pod of a tainted Node that is to be evicted at a time (NODE-3).
type eviction struct {
	pod         *gccore.Object
	node, taint string
	since, at   time.Time // when the taint was added; when the toleration runs out
}

// evictions are the Pods the cache shows on a tainted Node that are still to be evicted,
// Nodes and Pods in List order (upstream's taint eviction controller keeps a timer per
// Pod; the model reads them again each tick).
func (c *nodeLifecycle) evictions() []eviction {
	var out []eviction
	for _, n := range c.client.List("v1", "Node", "") {
		key, added := noExecuteTaint(n)
		if added == nil {
			continue
		}
		for _, p := range c.client.List("v1", "Pod", "") {
			if at, ok := c.deadline(n, p); ok {
				out = append(out, eviction{pod: p, node: n.Name, taint: key, since: *added, at: at})
			}
		}
	}
	return out
}

// wantedTaint is the NoExecute taint a Node's Ready condition calls for (NODE-1): none
// when it is True, not-ready when False, unreachable when Unknown or missing.
func wantedTaint(n *gccore.Object) string {
	switch readyStatus(n) {
	case "True":
		return ""
	case "False":
		return TaintNotReady
	}
	return TaintUnreachable
}

// readyStatus is the status of a Node's Ready condition, "" when it has none.
func readyStatus(n *gccore.Object) string {
	status, _ := n.Content["status"].(map[string]any)
	conds, _ := status["conditions"].([]any)
	for _, x := range conds {
		if c, _ := x.(map[string]any); c["type"] == "Ready" {
			s, _ := c["status"].(string)
			return s
		}
	}
	return ""
}

// noExecuteTaint is the Node's not-ready or unreachable NoExecute taint and when it was
// added; added is nil when the Node has neither.
func noExecuteTaint(n *gccore.Object) (key string, added *time.Time) {
	taints, _ := spec(n)["taints"].([]any)
	for _, x := range taints {
		t, _ := x.(map[string]any)
		k, _ := t["key"].(string)
		if t["effect"] != "NoExecute" || (k != TaintNotReady && k != TaintUnreachable) {
			continue
		}
		at, err := time.Parse(time.RFC3339, fmt.Sprint(t["timeAdded"]))
		if err != nil {
			at = gccore.Epoch // a taint written without a time counts from the start
		}
		return k, &at
	}
	return "", nil
}

// syncTaints puts on a Node the taint its Ready condition calls for and takes off the
// other (NODE-1), or takes both off a Ready Node (NODE-4). The Node's other taints stay.
func (c *nodeLifecycle) syncTaints(name string) {
	n, err := c.client.Get(gccore.ObjectRef{APIVersion: "v1", Kind: "Node", Name: name})
	if err != nil {
		return
	}
	want := wantedTaint(n)
	have, _ := noExecuteTaint(n)
	if want == have {
		return
	}
	taints := []any{}
	old, _ := spec(n)["taints"].([]any)
	for _, x := range old {
		if t, _ := x.(map[string]any); t["effect"] == "NoExecute" && (t["key"] == TaintNotReady || t["key"] == TaintUnreachable) {
			continue
		}
		taints = append(taints, x)
	}
	rule, why := rules.NODE4, "node is Ready: remove "+have+":NoExecute"
	if want != "" {
		taints = append(taints, map[string]any{"key": want, "effect": "NoExecute", "timeAdded": c.sim.Now().UTC().Format(time.RFC3339)})
		rule, why = rules.NODE1, fmt.Sprintf("Ready is %q: taint %s:NoExecute", readyStatus(n), want)
	}
	// A merge patch of the whole list with the Node's resourceVersion, so that a stale
	// cache (CM-1) fails with a conflict instead of overwriting (upstream's
	// PatchNodeTaints sends the resourceVersion it read).
	body, _ := json.Marshal(map[string]any{"metadata": map[string]any{"resourceVersion": n.ResourceVersion}, "spec": map[string]any{"taints": taints}})
	if _, err := c.client.Patch(rule, why, n.Ref(), gccore.MergePatch, body); err != nil {
		c.nodes.add(name) // retried at the next tick, from a newer cache
	}
}

// deadline is when a Pod bound to the tainted Node n is to be evicted (NODE-3): ok is
// false when it is not (not on n, already Terminating or evicted, or tolerating the
// taint for ever).
func (c *nodeLifecycle) deadline(n, p *gccore.Object) (at time.Time, ok bool) {
	if nodeOf(p) != n.Name || p.Terminating() || c.evicted[p.UID] {
		return time.Time{}, false
	}
	key, added := noExecuteTaint(n)
	secs, forever := tolerationSeconds(p, key)
	if forever {
		return time.Time{}, false
	}
	return added.Add(time.Duration(secs) * time.Second), true
}

// tolerationSeconds is how long a Pod tolerates the NoExecute taint key (NODE-2): the
// least tolerationSeconds of its tolerations of the taint (negative as 0), for ever when
// none of them has one, and DefaultTolerationSeconds when it has none, as the
// DefaultTolerationSeconds admission plugin would have added (upstream's
// getMinTolerationTime over the matching tolerations).
func tolerationSeconds(p *gccore.Object, key string) (secs int64, forever bool) {
	tols, _ := spec(p)["tolerations"].([]any)
	matched, least := false, int64(-1)
	for _, x := range tols {
		t, _ := x.(map[string]any)
		if !tolerates(t, key) {
			continue
		}
		matched = true
		s, ok := gccore.WholeNumber(t["tolerationSeconds"])
		if !ok {
			continue // none: for ever (the API server refuses a value that is not a whole number)
		}
		if s = max(s, 0); least < 0 || s < least {
			least = s
		}
	}
	switch {
	case !matched:
		return DefaultTolerationSeconds, false
	case least < 0:
		return 0, true
	}
	return least, false
}

// tolerates reports whether a toleration matches the NoExecute taint key (which has no
// value): its key, or no key with operator Exists; effect NoExecute or none.
func tolerates(t map[string]any, key string) bool {
	if e, _ := t["effect"].(string); e != "" && e != "NoExecute" {
		return false
	}
	k, _ := t["key"].(string)
	op, _ := t["operator"].(string)
	if k == "" {
		return op == "Exists"
	}
	v, _ := t["value"].(string)
	return k == key && (op == "Exists" || v == "")
}

// Why says when a Pod on a tainted Node will be evicted (NODE-3).
func (c *nodeLifecycle) Why(o *gccore.Object) []gccore.Reason {
	if o.APIVersion != "v1" || o.Kind != "Pod" {
		return nil
	}
	n, err := c.client.Get(gccore.ObjectRef{APIVersion: "v1", Kind: "Node", Name: nodeOf(o)})
	if err != nil {
		return nil
	}
	if at, ok := c.deadline(n, o); ok {
		key, _ := noExecuteTaint(n)
		return []gccore.Reason{gccore.Because("Its node %s has the taint %s:NoExecute: the node lifecycle controller evicts it at %s, when its toleration runs out (NODE-3).",
			n.Name, key, at.UTC().Format(time.RFC3339))}
	}
	return nil
}
