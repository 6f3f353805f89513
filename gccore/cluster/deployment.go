package cluster

import (
	"encoding/json"
	"fmt"
	"hash/fnv"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/rules"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// CompDeployment is the Deployment controller's trace component.
var CompDeployment = gccore.Component{Role: "deployment-controller"}

// hashLabel is the label that ties a ReplicaSet and its Pods to one template (DEP-2).
const hashLabel = "pod-template-hash"

type deploymentController struct {
	sim    *gccore.Sim
	client *gccore.Client
	q      queue
}

func newDeploymentController(sim *gccore.Sim) *deploymentController {
	return &deploymentController{sim: sim, client: sim.Client(CompDeployment), q: newQueue()}
}

// Observe queues a Deployment for its own events, and every Deployment of a
// ReplicaSet's namespace for the ReplicaSet's (as workload.Observe does for Pods).
func (c *deploymentController) Observe(ev gccore.WatchEvent) {
	o := ev.Object
	switch {
	case o.APIVersion == "apps/v1" && o.Kind == "Deployment":
		c.q.add(o.Namespace + "/" + o.Name)
	case o.APIVersion == "apps/v1" && o.Kind == "ReplicaSet":
		for _, d := range c.client.List("apps/v1", "Deployment", o.Namespace) {
			c.q.add(d.Namespace + "/" + d.Name)
		}
	}
}

func (c *deploymentController) Idle() bool { return c.q.empty() }

// Restart empties the queue: kube-controller-manager restarted (gccore.Restarter).
func (c *deploymentController) Restart() { c.q = newQueue() }

// Queue shows the Deployments waiting for a sync (gccore.Queuer).
func (c *deploymentController) Queue() gccore.ControllerQueue {
	return c.q.view(CompDeployment, c.client, gccore.ObjectRef{APIVersion: "apps/v1", Kind: "Deployment"})
}

func (c *deploymentController) Tick() {
	c.q.syncEach(c.sim.CurrentTick(), c.client, c.sync)
}

// sync is syncDeployment: claim ReplicaSets (DEP-1), then roll out (DEP-2, DEP-3), or
// only look when the Deployment is being deleted (DEP-4).
func (c *deploymentController) sync(key string) {
	ns, name := splitKey(key)
	d, err := c.client.Get(gccore.ObjectRef{APIVersion: "apps/v1", Kind: "Deployment", Namespace: ns, Name: name})
	if err != nil {
		return
	}
	m := &refManager{client: c.client, comp: CompDeployment, sim: c.sim, owner: d, sel: selectorOf(d)}
	owned, failed := m.claim(c.client.List("apps/v1", "ReplicaSet", ns))
	if failed || d.Terminating() { // a failed claim is retried (FAULT-4)
		return // DEP-4: syncStatusOnly
	}
	tmpl, _ := spec(d)["template"].(map[string]any)
	hash := templateHash(tmpl)
	want := replicas(d)
	newRS := findNewReplicaSet(tmpl, owned)
	// DEP-3: older ReplicaSets go to 0 (Recreate's order: old down first).
	for _, rs := range owned {
		if rs != newRS && replicas(rs) != 0 {
			c.scale(rules.DEP3, rs, 0, "old ReplicaSet of "+d.Name+": template changed")
		}
	}
	if newRS == nil {
		c.client.Create(rules.DEP3, fmt.Sprintf("no ReplicaSet has the template of %s (hash %s)", d.Name, hash), c.newReplicaSet(d, tmpl, hash, want))
		return
	}
	if replicas(newRS) != want {
		c.scale(rules.DEP3, newRS, want, "new ReplicaSet of "+d.Name)
	}
}

func (c *deploymentController) scale(rule rules.ID, rs *gccore.Object, n int64, why string) {
	patch, _ := json.Marshal(map[string]any{"spec": map[string]any{"replicas": n}})
	c.client.Patch(rule, fmt.Sprintf("scale to %d: %s", n, why), rs.Ref(), gccore.MergePatch, patch)
}

// newReplicaSet builds the ReplicaSet of a template (DEP-2, DEP-3).
func (c *deploymentController) newReplicaSet(d *gccore.Object, tmpl map[string]any, hash string, n int64) *gccore.Object {
	t := runtime.DeepCopyJSONValue(tmpl).(map[string]any)
	if t == nil {
		t = map[string]any{}
	}
	md, _ := t["metadata"].(map[string]any)
	if md == nil {
		md = map[string]any{}
		t["metadata"] = md
	}
	lbls, _ := md["labels"].(map[string]any)
	if lbls == nil {
		lbls = map[string]any{}
	}
	rsLabels := map[string]string{hashLabel: hash}
	for k, v := range lbls {
		rsLabels[k] = fmt.Sprint(v)
	}
	lbls[hashLabel] = hash
	md["labels"] = lbls
	sel, _ := runtime.DeepCopyJSONValue(spec(d)["selector"]).(map[string]any)
	if sel == nil {
		sel = map[string]any{}
	}
	ml, _ := sel["matchLabels"].(map[string]any)
	if ml == nil {
		ml = map[string]any{}
	}
	ml[hashLabel] = hash
	sel["matchLabels"] = ml
	rs := &gccore.Object{Content: map[string]any{"spec": map[string]any{"replicas": n, "selector": sel, "template": t}}}
	rs.APIVersion, rs.Kind = "apps/v1", "ReplicaSet"
	rs.Namespace, rs.Name, rs.Labels = d.Namespace, d.Name+"-"+hash, rsLabels
	rs.OwnerReferences = []metav1.OwnerReference{controllerRef(d)}
	return rs
}

// findNewReplicaSet is DEP-2's search, as upstream's FindNewReplicaSet: the oldest owned
// ReplicaSet (by creation, then name) whose template equals the Deployment's once the hash
// label is ignored (EqualIgnoreHash), so an adopted hand-made ReplicaSet with the same
// template is the new one, whatever its labels.
func findNewReplicaSet(tmpl map[string]any, owned []*gccore.Object) *gccore.Object {
	want := string(templateJSON(tmpl))
	var found *gccore.Object
	for _, rs := range owned {
		rt, _ := spec(rs)["template"].(map[string]any)
		if string(templateJSON(rt)) != want {
			continue
		}
		if found == nil || rs.CreationTimestamp.Before(&found.CreationTimestamp) ||
			(rs.CreationTimestamp.Equal(&found.CreationTimestamp) && rs.Name < found.Name) {
			found = rs
		}
	}
	return found
}

// templateJSON is a Pod template's JSON (map keys sorted) without the hash label: what
// DEP-2 hashes and compares.
func templateJSON(tmpl map[string]any) []byte {
	t, _ := runtime.DeepCopyJSONValue(tmpl).(map[string]any)
	if md, _ := t["metadata"].(map[string]any); md != nil {
		if l, _ := md["labels"].(map[string]any); l != nil {
			delete(l, hashLabel)
		}
	}
	b, _ := json.Marshal(t)
	return b
}

// templateHash is DEP-2's hash: FNV-32a of templateJSON, rendered in SafeEncodeString's
// alphabet.
func templateHash(tmpl map[string]any) string {
	h := fnv.New32a()
	h.Write(templateJSON(tmpl))
	const alphabet = "bcdfghjklmnpqrstvwxz2456789"
	v := h.Sum32()
	out := make([]byte, 0, 10)
	for v > 0 || len(out) == 0 {
		out = append(out, alphabet[v%uint32(len(alphabet))])
		v /= uint32(len(alphabet))
	}
	return string(out)
}
