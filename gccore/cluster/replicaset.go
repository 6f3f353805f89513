package cluster

import (
	"fmt"
	"slices"
	"sort"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/rules"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/watch"
)

// CompReplicaSet is the ReplicaSet controller's trace component.
var CompReplicaSet = gccore.Component{Role: "replicaset-controller"}

// workload is what the ReplicaSet and Job controllers share: a queue of owner keys fed
// by events on the owners and on their Pods.
type workload struct {
	sim    *gccore.Sim
	client *gccore.Client
	comp   gccore.Component
	kind   gccore.ObjectRef // APIVersion and Kind of the owners
	q      queue
	// exp are the creations and deletions sent and not yet observed, by owner key (RS-5,
	// JOB-4).
	exp expectations
	// finalizers are added to every Pod the controller creates or adopts: the Job
	// controller's tracking finalizer (JOB-3), none for the ReplicaSet controller.
	finalizers []string
}

// Observe queues an owner for its own events, and every owner in a Pod's namespace for
// the Pod's (upstream looks up the matching owners; at the simulation's scale all of them
// is as good, and a sync that finds nothing to do writes nothing).
func (w *workload) Observe(ev gccore.WatchEvent) {
	o := ev.Object
	switch {
	case o.APIVersion == w.kind.APIVersion && o.Kind == w.kind.Kind:
		if ev.Type == watch.Deleted {
			w.exp.forget(o.Namespace + "/" + o.Name)
		}
		w.q.add(o.Namespace + "/" + o.Name)
	case o.APIVersion == "v1" && o.Kind == "Pod":
		w.observed(ev)
		for _, owner := range w.client.List(w.kind.APIVersion, w.kind.Kind, o.Namespace) {
			w.q.add(owner.Namespace + "/" + owner.Name)
		}
	}
}

// observed lowers the expectations of the Pod's controller, if it is one of ours (RS-5,
// JOB-4): a Pod seen created is an observed creation, one seen with a deletionTimestamp
// or gone an observed deletion (upstream's addPod, updatePod and deletePod handlers).
func (w *workload) observed(ev gccore.WatchEvent) {
	p := ev.Object
	ref := controllerOf(p)
	if ref == nil || ref.APIVersion != w.kind.APIVersion || ref.Kind != w.kind.Kind {
		return
	}
	owner := p.Namespace + "/" + ref.Name
	switch {
	case ev.Type == watch.Deleted || p.Terminating():
		w.exp.deletionObserved(owner, ref.UID, p.Namespace+"/"+p.Name)
	case ev.Type == watch.Added:
		w.exp.creationObserved(owner, ref.UID)
	}
}

// satisfied reports whether the owner's expectations let a sync create and delete Pods,
// and says in the trace when they do not (RS-5, JOB-4).
func (w *workload) satisfied(rule rules.ID, owner *gccore.Object) bool {
	ok, adds, deletes := w.exp.satisfied(owner.Namespace+"/"+owner.Name, w.sim.CurrentTick())
	if !ok {
		w.sim.Record(gccore.Record{Component: w.comp, Rule: rule, Object: owner.Ref(),
			Text: fmt.Sprintf("expectations: %d creations and %d deletions not yet observed; no Pods created or deleted", adds, deletes)})
	}
	return ok
}

func (w *workload) Idle() bool { return w.q.empty() }

// Restart empties the queue: kube-controller-manager restarted (gccore.Restarter).
func (w *workload) Restart() { w.q = newQueue() }

// Queue shows the owners waiting for a sync (gccore.Queuer).
func (w *workload) Queue() gccore.ControllerQueue { return w.q.view(w.comp, w.client, w.kind) }

// get reads the owner of a key; nil when it is gone.
func (w *workload) get(key string) *gccore.Object {
	ns, name := splitKey(key)
	o, err := w.client.Get(gccore.ObjectRef{APIVersion: w.kind.APIVersion, Kind: w.kind.Kind, Namespace: ns, Name: name})
	if err != nil {
		return nil
	}
	return o
}

// claim claims the owner's Pods (CREF-1 ... CREF-4) and returns them; failed as refManager.claim.
func (w *workload) claim(owner *gccore.Object) (owned []*gccore.Object, failed bool) {
	m := &refManager{client: w.client, comp: w.comp, sim: w.sim, owner: owner, sel: selectorOf(owner), finalizers: w.finalizers}
	return m.claim(w.client.List("v1", "Pod", owner.Namespace))
}

// active are the Pods that are neither being deleted nor finished (RS-1).
func active(pods []*gccore.Object) []*gccore.Object {
	var out []*gccore.Object
	for _, p := range pods {
		if !p.Terminating() && !finished(p) {
			out = append(out, p)
		}
	}
	return out
}

// finished reports a Pod in phase Succeeded or Failed.
func finished(p *gccore.Object) bool {
	status, _ := p.Content["status"].(map[string]any)
	phase, _ := status["phase"].(string)
	return phase == "Succeeded" || phase == "Failed"
}

// burst is how many Pods one sync creates or deletes at most, as upstream's ReplicaSet
// controller (burstReplicas, 500) and Job controller (MaxPodCreateDeletePerSync, 500)
// bound theirs; the Pods' events queue the owner again for the rest (RS-2, RS-3, JOB-1).
const burst = 500

// createPods creates n Pods (at most burst) from the owner's template (RS-2, JOB-1). The
// Pods share the template's spec: stored objects are never changed in place.
func (w *workload) createPods(rule rules.ID, owner *gccore.Object, n int64) {
	tmpl, _ := spec(owner)["template"].(map[string]any)
	tmd, _ := tmpl["metadata"].(map[string]any)
	tspec, hasSpec := tmpl["spec"].(map[string]any)
	// The template's finalizers, then the controller's own (upstream's GetPodFromTemplate,
	// then the Job controller's appendJobCompletionFinalizerIfNotFound).
	var fins []string
	if l, ok := tmd["finalizers"].([]any); ok {
		for _, f := range l {
			if s, ok := f.(string); ok && !slices.Contains(fins, s) {
				fins = append(fins, s)
			}
		}
	}
	for _, f := range w.finalizers {
		if !slices.Contains(fins, f) {
			fins = append(fins, f)
		}
	}
	key := owner.Namespace + "/" + owner.Name
	w.exp.expect(key, owner.UID, int(min(n, burst)), nil, w.sim.CurrentTick()) // RS-5, JOB-4: before the writes
	for i := int64(0); i < min(n, burst); i++ {
		pod := &gccore.Object{Content: map[string]any{}}
		pod.APIVersion, pod.Kind = "v1", "Pod"
		pod.Namespace, pod.Name = owner.Namespace, owner.Name+"-"+w.sim.RandSuffix(5)
		if l, ok := tmd["labels"].(map[string]any); ok {
			pod.Labels = map[string]string{}
			for k, v := range l {
				pod.Labels[k] = fmt.Sprint(v)
			}
		}
		if hasSpec {
			pod.Content["spec"] = tspec
		}
		pod.Finalizers = fins
		pod.OwnerReferences = []metav1.OwnerReference{controllerRef(owner)}
		if _, err := w.client.Create(rule, fmt.Sprintf("%d of %d missing Pods of %s %s", i+1, n, owner.Kind, owner.Name), pod); err != nil {
			w.exp.creationObserved(key, owner.UID) // never to be seen
		}
		if w.sim.Err() != nil {
			return // past the run's bound on creates (gccore.MaxControllerCreates): err says so
		}
	}
}

type replicaSetController struct{ workload }

func newReplicaSetController(sim *gccore.Sim) *replicaSetController {
	return &replicaSetController{workload{sim: sim, client: sim.Client(CompReplicaSet), comp: CompReplicaSet,
		kind: gccore.ObjectRef{APIVersion: "apps/v1", Kind: "ReplicaSet"}, q: newQueue(), exp: newExpectations()}}
}

func (c *replicaSetController) Tick() {
	c.q.syncEach(c.sim.CurrentTick(), c.client, c.sync)
}

// sync is syncReplicaSet: claim, then create or delete to match spec.replicas.
func (c *replicaSetController) sync(key string) {
	rs := c.get(key)
	if rs == nil {
		c.exp.forget(key)
		return
	}
	owned, failed := c.claim(rs)
	if failed {
		return // retried with the key's backoff (FAULT-4)
	}
	active := active(owned)
	if rs.Terminating() { // RS-4
		if len(active) > 0 {
			c.sim.Record(gccore.Record{Component: c.comp, Rule: rules.RS4, Object: rs.Ref(),
				Text: fmt.Sprintf("being deleted: creates and deletes no Pods (%d active)", len(active))})
		}
		return
	}
	diff := int64(len(active)) - replicas(rs)
	if diff == 0 || !c.satisfied(rules.RS5, rs) {
		return
	}
	if diff < 0 {
		c.createPods(rules.RS2, rs, -diff)
		return
	}
	c.sortForDeletion(active)
	doomed := active[:min(diff, burst)]
	keys := make([]string, len(doomed))
	for i, p := range doomed {
		keys[i] = p.Namespace + "/" + p.Name
	}
	c.exp.expect(key, rs.UID, 0, keys, c.sim.CurrentTick()) // RS-5: before the writes
	for i, p := range doomed {
		if _, err := c.client.Delete(rules.RS3, fmt.Sprintf("%d active Pods, %d wanted by %s", len(active), replicas(rs), rs.Name), p.Ref(), metav1.DeleteOptions{}); err != nil {
			c.exp.deletionObserved(key, rs.UID, keys[i]) // never to be seen
		}
	}
}

// sortForDeletion puts first the Pods to delete first (RS-3): unbound, then on a node
// that is not Ready, then the newest (highest resourceVersion of creation: the name's
// order breaks ties).
func (c *replicaSetController) sortForDeletion(pods []*gccore.Object) {
	rank := func(p *gccore.Object) int {
		node, _ := spec(p)["nodeName"].(string)
		switch {
		case node == "":
			return 0
		case !nodeReady(c.client, node):
			return 1
		}
		return 2
	}
	sort.SliceStable(pods, func(i, j int) bool {
		ri, rj := rank(pods[i]), rank(pods[j])
		if ri != rj {
			return ri < rj
		}
		if !pods[i].CreationTimestamp.Equal(&pods[j].CreationTimestamp) {
			return pods[j].CreationTimestamp.Before(&pods[i].CreationTimestamp)
		}
		return pods[i].Name > pods[j].Name
	})
}

func splitKey(key string) (ns, name string) {
	for i := 0; i < len(key); i++ {
		if key[i] == '/' {
			return key[:i], key[i+1:]
		}
	}
	return "", key
}
