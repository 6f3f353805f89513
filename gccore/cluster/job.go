package cluster

import (
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/rules"
)

// CompJob is the Job controller's trace component.
const CompJob gccore.Component = "job-controller"

// jobController keeps a Job's Pods (JOB-1). Deleted without a policy, a batch/v1 Job
// orphans its Pods (API-10, JOB-2): that is the API server's and the GC's doing; the
// controller, its Job gone, leaves them alone.
type jobController struct{ workload }

func newJobController(sim *gccore.Sim) *jobController {
	return &jobController{workload{sim: sim, client: sim.Client(CompJob), comp: CompJob,
		kind: gccore.ObjectRef{APIVersion: "batch/v1", Kind: "Job"}, q: queue{}}}
}

func (c *jobController) Tick() {
	for _, key := range c.q.take() {
		job := c.get(key)
		if job == nil || job.Terminating() {
			continue // JOB-2; a Job being deleted starts nothing (as RS-4)
		}
		want := gccore.SpecCount(job, "parallelism", 1)
		if n := int64(len(c.pods(job))); n < want {
			c.createPods(rules.JOB1, job, want-n)
		}
	}
}
