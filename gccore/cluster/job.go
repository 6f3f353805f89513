package cluster

import (
	"encoding/json"
	"fmt"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/rules"
)

// CompJob is the Job controller's trace component.
var CompJob = gccore.Component{Role: "job-controller"}

// JobTrackingFinalizer is the finalizer the Job controller puts on every Pod it creates
// or adopts, so that a Pod is counted before it goes (JOB-3; upstream's
// batch.JobTrackingFinalizer).
const JobTrackingFinalizer = "batch.kubernetes.io/job-tracking"

// jobController keeps a Job's Pods (JOB-1) and their tracking finalizers (JOB-3).
// Deleted without a policy, a batch/v1 Job orphans its Pods (API-10, JOB-2): that is the
// API server's and the GC's doing; the controller then only frees the orphans of their
// tracking finalizer.
type jobController struct {
	workload
	// orphans holds the keys of Pods that carry the tracking finalizer but have no Job to
	// count them (upstream's orphanQueue, handled by syncOrphanPod).
	orphans queue
}

func newJobController(sim *gccore.Sim) *jobController {
	return &jobController{workload: workload{sim: sim, client: sim.Client(CompJob), comp: CompJob,
		kind: gccore.ObjectRef{APIVersion: "batch/v1", Kind: "Job"}, q: newQueue(), exp: newExpectations(), finalizers: []string{JobTrackingFinalizer}},
		orphans: newQueue()}
}

// Observe queues Jobs as workload does, and a Pod with the tracking finalizer whose
// controller Job is gone (or that has no controller) as an orphan (JOB-3).
func (c *jobController) Observe(ev gccore.WatchEvent) {
	c.workload.Observe(ev)
	if p := ev.Object; ev.Type != "DELETED" && p.APIVersion == "v1" && p.Kind == "Pod" && p.HasFinalizer(JobTrackingFinalizer) && c.orphaned(p) {
		c.orphans.add(p.Namespace + "/" + p.Name)
	}
	// A Job gone: its Pods that still carry the tracking finalizer are orphans now, even if
	// no event of theirs comes after (upstream's deleteJob handler; a relist's
	// DeletedFinalStateUnknown may come after the Pods' own repairs, FAULT-3).
	if j := ev.Object; ev.Type == "DELETED" && j.APIVersion == "batch/v1" && j.Kind == "Job" {
		for _, p := range c.client.List("v1", "Pod", j.Namespace) {
			if ref := controllerOf(p); ref != nil && ref.UID == j.UID && p.HasFinalizer(JobTrackingFinalizer) {
				c.orphans.add(p.Namespace + "/" + p.Name)
			}
		}
	}
}

func (c *jobController) Idle() bool { return c.workload.Idle() && c.orphans.empty() }

// Restart empties both queues: kube-controller-manager restarted (gccore.Restarter).
func (c *jobController) Restart() { c.q, c.orphans = newQueue(), newQueue() }

func (c *jobController) Tick() {
	c.q.syncEach(c.sim.CurrentTick(), c.client, c.sync)
	c.orphans.syncEach(c.sim.CurrentTick(), c.client, c.syncOrphanPod)
}

// sync is syncJob as far as it is modelled: claim the Pods, free the counted ones of their
// tracking finalizer (JOB-3), keep spec.parallelism active Pods (JOB-1).
func (c *jobController) sync(key string) {
	job := c.get(key)
	if job == nil {
		c.exp.forget(key)
		return // JOB-2: the Job is gone; its Pods' finalizers go as orphans'
	}
	pods, failed := c.claim(job)
	if failed {
		return // retried with the key's backoff (FAULT-4)
	}
	// JOB-3 (trackJobStatusAndRemoveFinalizers, canRemoveFinalizer): a Pod being deleted
	// counts as failed, a finished one as counted; a Job being deleted frees them all.
	for _, p := range pods {
		if p.HasFinalizer(JobTrackingFinalizer) && (job.Terminating() || p.Terminating() || finished(p)) {
			c.removeTracking(p, fmt.Sprintf("counted for Job %s", job.Name))
		}
	}
	if job.Terminating() {
		return // a Job being deleted starts nothing (as RS-4)
	}
	want := gccore.SpecCount(job, "parallelism", 1)
	if n := int64(len(active(pods))); n < want && c.satisfied(rules.JOB4, job) {
		c.createPods(rules.JOB1, job, want-n)
	}
}

// syncOrphanPod frees a Pod whose Job is gone of the tracking finalizer, unless it has
// been adopted since (upstream's syncOrphanPod).
func (c *jobController) syncOrphanPod(key string) {
	ns, name := splitKey(key)
	p, err := c.client.Get(gccore.ObjectRef{APIVersion: "v1", Kind: "Pod", Namespace: ns, Name: name})
	if err != nil || !p.HasFinalizer(JobTrackingFinalizer) || !c.orphaned(p) {
		return
	}
	c.removeTracking(p, "orphan: no Job counts it")
}

// orphaned reports a Pod with no controller, or whose controller is a Job that is gone
// (by name and uid). A Pod controlled by anything else is not the Job controller's.
func (c *jobController) orphaned(p *gccore.Object) bool {
	ref := controllerOf(p)
	if ref == nil {
		return true
	}
	if ref.APIVersion != "batch/v1" || ref.Kind != "Job" {
		return false
	}
	job, err := c.client.Get(gccore.ObjectRef{APIVersion: "batch/v1", Kind: "Job", Namespace: p.Namespace, Name: ref.Name})
	return err != nil || job.UID != ref.UID
}

// removeTracking sends upstream's removeTrackingFinalizerPatch (JOB-3).
func (c *jobController) removeTracking(p *gccore.Object, why string) {
	patch, _ := json.Marshal(map[string]any{"metadata": map[string]any{"$deleteFromPrimitiveList/finalizers": []string{JobTrackingFinalizer}}})
	c.client.Patch(rules.JOB3, "remove the tracking finalizer: "+why, p.Ref(), gccore.StrategicPatch, patch)
}

// OwnsFinalizer: the tracking finalizer is the Job controller's to remove (JOB-3), so Why
// does not tell a person to remove it (gccore.FinalizerOwner).
func (c *jobController) OwnsFinalizer(o *gccore.Object, f string) bool {
	return f == JobTrackingFinalizer && o.APIVersion == "v1" && o.Kind == "Pod"
}

// Why says that a Terminating Pod waits for the Job controller to remove its tracking
// finalizer (JOB-3).
func (c *jobController) Why(o *gccore.Object) []gccore.Reason {
	if o.APIVersion != "v1" || o.Kind != "Pod" || !o.Terminating() || !o.HasFinalizer(JobTrackingFinalizer) {
		return nil
	}
	return []gccore.Reason{gccore.Because("The job controller removes its finalizer %s once it has counted the Pod (JOB-3).", JobTrackingFinalizer)}
}
