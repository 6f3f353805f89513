package cluster

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/rules"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// CompNamespace is the namespace controller's trace component.
var CompNamespace = gccore.Component{Role: "namespace-controller"}

// finalizerKubernetes is the namespace controller's finalizer (NS-1).
const finalizerKubernetes = "kubernetes"

type namespaceController struct {
	sim    *gccore.Sim
	client *gccore.Client
	q      queue
	// deleted are the objects this controller already sent a DELETE (NS-2: each once).
	deleted map[string]bool
}

func newNamespaceController(sim *gccore.Sim) *namespaceController {
	return &namespaceController{sim: sim, client: sim.Client(CompNamespace), q: newQueue(), deleted: map[string]bool{}}
}

// Observe queues a Namespace for its own events and for those of its content.
func (c *namespaceController) Observe(ev gccore.WatchEvent) {
	o := ev.Object
	switch {
	case o.APIVersion == "v1" && o.Kind == "Namespace":
		c.q.add(o.Name)
	case o.Namespace != "":
		c.q.add(o.Namespace)
	}
}

func (c *namespaceController) Idle() bool { return c.q.empty() }

// Restart forgets the queue and the deletes already sent: kube-controller-manager
// restarted (gccore.Restarter), so NS-2's deletes are sent again.
func (c *namespaceController) Restart() { c.q, c.deleted = newQueue(), map[string]bool{} }

// Queue shows the Namespaces waiting for a sync (gccore.Queuer).
func (c *namespaceController) Queue() gccore.ControllerQueue {
	return c.q.view(CompNamespace, c.client, gccore.ObjectRef{APIVersion: "v1", Kind: "Namespace"})
}

func (c *namespaceController) Tick() {
	c.q.syncEach(c.sim.CurrentTick(), c.client, c.sync)
}

func (c *namespaceController) sync(name string) {
	ns, err := c.client.Get(gccore.ObjectRef{APIVersion: "v1", Kind: "Namespace", Name: name})
	if err != nil {
		return
	}
	if !ns.Terminating() {
		if !ns.HasFinalizer(finalizerKubernetes) { // NS-1
			c.patchMeta(rules.NS1, "hold the Namespace until its content is gone", ns, append(append([]string(nil), ns.Finalizers...), finalizerKubernetes))
		}
		return
	}
	var pods, rest []*gccore.Object
	for _, o := range c.sim.ObjectsShared() {
		if o.Namespace != name {
			continue
		}
		if o.APIVersion == "v1" && o.Kind == "Pod" {
			pods = append(pods, o)
		} else {
			rest = append(rest, o)
		}
	}
	ns = c.status(ns, append(append([]*gccore.Object(nil), pods...), rest...))
	if len(pods)+len(rest) == 0 {
		if ns.HasFinalizer(finalizerKubernetes) { // NS-4
			var keep []string
			for _, f := range ns.Finalizers {
				if f != finalizerKubernetes {
					keep = append(keep, f)
				}
			}
			c.patchMeta(rules.NS4, "the namespace is empty", ns, keep)
		}
		return
	}
	// NS-2: Pods first; the rest once no Pod is left.
	batch := pods
	if len(pods) == 0 {
		batch = rest
	}
	bg := metav1.DeletePropagationBackground
	for _, o := range batch {
		key := string(o.UID)
		if o.Terminating() || c.deleted[key] {
			continue
		}
		_, err := c.client.Delete(rules.NS2, "namespace "+name+" is being deleted", o.Ref(), metav1.DeleteOptions{PropagationPolicy: &bg})
		if !apierrors.IsInternalError(err) { // a 500 (FAULT-4) is retried with the key's backoff
			c.deleted[key] = true
		}
	}
}

func (c *namespaceController) patchMeta(rule rules.ID, why string, ns *gccore.Object, finalizers []string) {
	var fs any = finalizers
	if len(finalizers) == 0 {
		fs = nil
	}
	body, _ := json.Marshal(map[string]any{"metadata": map[string]any{"finalizers": fs, "resourceVersion": ns.ResourceVersion}})
	c.client.Patch(rule, why, ns.Ref(), gccore.MergePatch, body)
}

// status writes phase Terminating and the conditions that say what remains (NS-1, NS-3),
// when they change, and returns the Namespace as stored after.
func (c *namespaceController) status(ns *gccore.Object, content []*gccore.Object) *gccore.Object {
	kinds := map[string]int{}
	holds := map[string]int{}
	for _, o := range content {
		kinds[strings.ToLower(o.Kind)+"s"]++
		for _, f := range o.Finalizers {
			holds[f]++
		}
	}
	cond := func(typ string, m map[string]int, msg string) map[string]any {
		if len(m) == 0 {
			return map[string]any{"type": typ, "status": "False", "reason": "ContentRemoved", "message": "All content successfully removed"}
		}
		keys := make([]string, 0, len(m))
		total := 0
		for k, n := range m {
			keys = append(keys, k)
			total += n
		}
		sort.Strings(keys)
		return map[string]any{"type": typ, "status": "True", "reason": "Some" + strings.TrimPrefix(typ, "Namespace"),
			"message": fmt.Sprintf(msg, strings.Join(keys, ", "), total)}
	}
	status := map[string]any{"phase": "Terminating", "conditions": []any{
		cond("NamespaceContentRemaining", kinds, "Some resources are remaining: %s has %d resource instances"),
		cond("NamespaceFinalizersRemaining", holds, "Some content in the namespace has finalizers remaining: %s in %d resource instances"),
	}}
	old, _ := json.Marshal(ns.Content["status"])
	nu, _ := json.Marshal(status)
	if string(old) == string(nu) {
		return ns
	}
	rule := rules.NS1
	if len(content) > 0 {
		rule = rules.NS3
	}
	body, _ := json.Marshal(map[string]any{"status": status})
	if o, err := c.client.Patch(rule, "namespace "+ns.Name+" is Terminating", ns.Ref(), gccore.MergePatch, body); err == nil {
		return o
	}
	return ns
}

// OwnsFinalizer: the namespace controller removes a Namespace's kubernetes finalizer
// itself once the namespace is empty (NS-4).
func (c *namespaceController) OwnsFinalizer(o *gccore.Object, f string) bool {
	return f == finalizerKubernetes && o.APIVersion == "v1" && o.Kind == "Namespace"
}

// Why names what a Terminating Namespace waits for (NS-3): its content, and the
// finalizers that hold it.
func (c *namespaceController) Why(o *gccore.Object) []gccore.Reason {
	if o.APIVersion != "v1" || o.Kind != "Namespace" || !o.Terminating() || !o.HasFinalizer(finalizerKubernetes) {
		return nil
	}
	var held []string
	n := 0
	for _, x := range c.sim.ObjectsShared() {
		if x.Namespace != o.Name {
			continue
		}
		n++
		for _, f := range x.Finalizers {
			held = append(held, fmt.Sprintf("%s %s (finalizer %s)", x.Kind, x.Name, f))
		}
	}
	switch {
	case n == 0:
		return []gccore.Reason{gccore.Because("The namespace controller removes the kubernetes finalizer at its next sync: the namespace is empty (NS-4).")}
	case len(held) > 0:
		return []gccore.Reason{gccore.Because("The namespace waits for finalizers: %s, as its condition NamespaceFinalizersRemaining says. Whoever owns a finalizer must remove it; then the namespace controller finishes (NS-3, NS-4).", strings.Join(held, ", "))}
	}
	return []gccore.Reason{gccore.Because("The namespace controller is deleting its content: %d object(s) left, Pods first (NS-2).", n)}
}
