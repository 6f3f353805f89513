package cluster

import (
	"fmt"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/rules"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// CompKubelet is the kubelets' trace component; a record's text names the node.
var CompKubelet = gccore.Component{Role: "kubelet"}

// nodeReady reports whether the Node exists and its Ready condition is "True".
func nodeReady(c *gccore.Client, name string) bool {
	n, err := c.Get(gccore.ObjectRef{APIVersion: "v1", Kind: "Node", Name: name})
	return err == nil && NodeReady(n)
}

// NodeReady reports whether a Node's Ready condition is "True" (KUBELET-2).
func NodeReady(n *gccore.Object) bool {
	status, _ := n.Content["status"].(map[string]any)
	conds, _ := status["conditions"].([]any)
	for _, x := range conds {
		if c, _ := x.(map[string]any); c["type"] == "Ready" {
			return c["status"] == "True"
		}
	}
	return false
}

// kubelet models every node's kubelet at once: it watches Terminating Pods bound to a
// node and removes them when their grace period is over (KUBELET-1), unless the node is
// not Ready (KUBELET-2, KUBELET-3).
type kubelet struct {
	sim    *gccore.Sim
	client *gccore.Client
	// terminating holds the Pods with a deletionTimestamp, by key; held those already
	// reported as held, so the trace says it once per hold.
	terminating map[string]gccore.ObjectRef
	held        map[string]bool
}

func newKubelet(sim *gccore.Sim) *kubelet {
	return &kubelet{sim: sim, client: sim.DirectClient(CompKubelet), terminating: map[string]gccore.ObjectRef{}, held: map[string]bool{}}
}

func (k *kubelet) Observe(ev gccore.WatchEvent) {
	o := ev.Object
	if o.APIVersion != "v1" || o.Kind != "Pod" {
		return
	}
	key := o.Namespace + "/" + o.Name
	node, _ := spec(o)["nodeName"].(string)
	if ev.Type == "DELETED" || !o.Terminating() || node == "" || graceOver(o) {
		delete(k.terminating, key)
		delete(k.held, key)
		return
	}
	k.terminating[key] = o.Ref()
}

// Idle: nothing waits on time alone; a Pod held by a NotReady node waits on a person.
func (k *kubelet) Idle() bool {
	for _, ref := range keysOf(k.terminating) {
		if p, err := k.client.Get(k.terminating[ref]); err == nil && nodeReady(k.client, nodeOf(p)) {
			return false
		}
	}
	return true
}

func (k *kubelet) Tick() {
	now := k.sim.Now()
	for _, key := range keysOf(k.terminating) {
		p, err := k.client.Get(k.terminating[key])
		if err != nil {
			continue
		}
		node := nodeOf(p)
		if !nodeReady(k.client, node) {
			if !k.held[key] {
				k.held[key] = true
				rule, why := rules.KUBELET2, "is NotReady"
				if _, err := k.client.Get(gccore.ObjectRef{APIVersion: "v1", Kind: "Node", Name: node}); err != nil {
					rule, why = rules.KUBELET3, "does not exist"
				}
				k.sim.Record(gccore.Record{Component: CompKubelet, Rule: rule, Object: p.Ref(),
					Text: fmt.Sprintf("node %s %s: the Pod stays Terminating until the node is Ready or the Pod is force-deleted", node, why)})
			}
			continue
		}
		delete(k.held, key)
		if p.DeletionTimestamp.Time.After(now) {
			continue
		}
		zero, uid := int64(0), p.UID
		k.client.Delete(rules.KUBELET1, fmt.Sprintf("node %s: grace period over, containers stopped", node), p.Ref(),
			metav1.DeleteOptions{GracePeriodSeconds: &zero, Preconditions: &metav1.Preconditions{UID: &uid}})
	}
}

// Queue shows the Terminating Pods the kubelets watch, each with what it waits for
// (gccore.Queuer): its grace period (KUBELET-1) or a node that is not Ready (KUBELET-2,
// KUBELET-3).
func (k *kubelet) Queue() gccore.ControllerQueue {
	v := gccore.ControllerQueue{Name: CompKubelet}
	for _, key := range keysOf(k.terminating) {
		it := gccore.ControllerQueueItem{Key: key}
		if p, err := k.client.Get(k.terminating[key]); err == nil {
			it.UID = p.UID
			node := nodeOf(p)
			switch _, nerr := k.client.Get(gccore.ObjectRef{APIVersion: "v1", Kind: "Node", Name: node}); {
			case nerr != nil:
				it.Note = gccore.Because("node %s does not exist (KUBELET-3)", node)
			case !nodeReady(k.client, node):
				it.Note = gccore.Because("held: node %s is NotReady (KUBELET-2)", node)
			default:
				it.Note = gccore.Because("node %s removes it at tick %d (KUBELET-1)", node, p.DeletionTimestamp.Unix()-gccore.Epoch.Unix())
			}
		}
		v.Items = append(v.Items, it)
	}
	return v
}

// graceOver reports that a Pod's grace period is already 0: the kubelet's own DELETE or
// a force delete was accepted, and only finalizers keep the Pod stored (API-12). The
// kubelet is done with it (KUBELET-1: one DELETE per Pod; upstream's status manager
// forgets a Pod's status once its delete is sent), so it neither deletes again nor keeps
// the run from being idle.
func graceOver(p *gccore.Object) bool {
	g := p.DeletionGracePeriodSeconds
	return g != nil && *g == 0
}

func nodeOf(p *gccore.Object) string {
	n, _ := spec(p)["nodeName"].(string)
	return n
}

// Why says that a Terminating Pod waits for its node's kubelet (KUBELET-1 ... KUBELET-3).
func (k *kubelet) Why(o *gccore.Object) []gccore.Reason {
	node := nodeOf(o)
	if o.APIVersion != "v1" || o.Kind != "Pod" || !o.Terminating() || node == "" || graceOver(o) {
		return nil
	}
	if _, err := k.client.Get(gccore.ObjectRef{APIVersion: "v1", Kind: "Node", Name: node}); err != nil {
		return []gccore.Reason{gccore.Because("No kubelet will remove it: its node %s does not exist (KUBELET-3). Force-delete it (gracePeriodSeconds: 0).", node)}
	}
	if !nodeReady(k.client, node) {
		return []gccore.Reason{gccore.Because("It is held by the kubelet of NotReady node %s (KUBELET-2): set the node Ready again (setNodeReady), or force-delete the Pod (gracePeriodSeconds: 0).", node)}
	}
	return []gccore.Reason{gccore.Because("The kubelet of node %s removes it when its grace period is over, at %s (KUBELET-1).", node, o.DeletionTimestamp.UTC().Format("2006-01-02T15:04:05Z"))}
}
