package cluster_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

const propertyStart = `
version: 2
controllers: [deployment, replicaset, kubelet]
nodes: [{name: node-a, ready: true}]
objects:
- apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web}
  spec:
    replicas: 2
    selector: {matchLabels: {app: web}}
    template:
      metadata: {labels: {app: web}}
      spec: {nodeName: node-a, terminationGracePeriodSeconds: 2}
- apiVersion: apps/v1
  kind: Deployment
  metadata: {name: api}
  spec:
    replicas: 3
    selector: {matchLabels: {app: api}}
    template:
      metadata: {labels: {app: api}}
      spec: {nodeName: node-a, terminationGracePeriodSeconds: 1}
- apiVersion: apps/v1
  kind: ReplicaSet
  metadata: {name: solo}
  spec:
    replicas: 2
    selector: {matchLabels: {app: solo}}
    template:
      metadata: {labels: {app: solo}}
      spec: {}
`

// TestNoPodWithoutLiveController is the property of issue 15: with the controllers
// running, random scales and deletes (every propagation policy, graceful Pod deletes,
// re-created Deployments) never leave a Pod without a live controller owner once the
// simulation is idle, unless an Orphan delete left it on purpose (ORPH-1, JOB-2).
// Rules: RS-2, RS-3, DEP-3, CREF-2 (re-adoption), KUBELET-1, FG-1, DEL-1.
func TestNoPodWithoutLiveController(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			sim, orphaned, log := playRandom(t, seed, gccore.Config{Seed: seed})
			checkControllers(t, sim, orphaned, log)
		})
	}
}

// TestReplicasWithLaggingCaches: with the controllers' informers 1 to 4 ticks late (CM-1),
// the same random operations still end, once idle, with every Pod under a live controller
// and every ReplicaSet not being deleted holding exactly spec.replicas active Pods: its
// expectations (RS-5) keep it from acting on its own writes twice, and a stale cache only
// delays what it does (RS-2, RS-3).
func TestReplicasWithLaggingCaches(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			sim, orphaned, log := playRandom(t, seed, gccore.Config{Seed: seed, ControllerInformerDelay: 1 + int(seed%4)})
			checkControllers(t, sim, orphaned, log)
			for _, rs := range sim.Objects() {
				if rs.Kind != "ReplicaSet" || rs.Terminating() {
					continue
				}
				n := 0
				for _, p := range sim.Objects() {
					if ref := controllerOf(p); p.Kind == "Pod" && !p.Terminating() && ref != nil && ref.UID == rs.UID {
						n++
					}
				}
				if want := gccore.SpecCount(rs, "replicas", 1); int64(n) != want {
					t.Fatalf("ReplicaSet %s has %d active Pods, wants %d, after %v", rs.Name, n, want, log)
				}
			}
		})
	}
}

// playRandom runs propertyStart, then 25 random scales, Pod deletes, owner deletes (every
// propagation policy) and re-creations with ticks between, until idle. orphaned are the
// Pods an Orphan delete left on purpose; log says what was done.
func playRandom(t *testing.T, seed uint64, cfg gccore.Config) (sim *gccore.Sim, orphaned map[types.UID]bool, log []string) {
	t.Helper()
	r, err := scenario.Run("property.yaml", []byte(propertyStart), cfg, 5000)
	if err != nil {
		t.Fatal(err)
	}
	sim = r.Sim
	rng := rand.New(rand.NewPCG(seed, 15))
	orphaned = map[types.UID]bool{} // Pods an Orphan delete left on purpose
	policies := []metav1.DeletionPropagation{metav1.DeletePropagationOrphan, metav1.DeletePropagationBackground, metav1.DeletePropagationForeground}
	for op := 0; op < 25; op++ {
		objs := sim.Objects()
		pick := func(kind string) *gccore.Object {
			var of []*gccore.Object
			for _, o := range objs {
				if o.Kind == kind {
					of = append(of, o)
				}
			}
			if len(of) == 0 {
				return nil
			}
			return of[rng.IntN(len(of))]
		}
		switch rng.IntN(5) {
		case 0, 1: // scale
			o := pick([]string{"Deployment", "ReplicaSet"}[rng.IntN(2)])
			if o == nil {
				break
			}
			n := rng.IntN(5)
			log = append(log, fmt.Sprintf("scale %s to %d", o.Ref(), n))
			sim.Patch(o.Ref(), gccore.MergePatch, []byte(fmt.Sprintf(`{"spec":{"replicas":%d}}`, n)))
		case 2: // delete a Pod, gracefully
			if o := pick("Pod"); o != nil {
				log = append(log, "delete "+o.Ref().String())
				sim.Delete(o.Ref(), metav1.DeleteOptions{})
			}
		case 3: // delete a ReplicaSet or a Deployment with a random policy
			o := pick([]string{"Deployment", "ReplicaSet"}[rng.IntN(2)])
			if o == nil {
				break
			}
			p := policies[rng.IntN(len(policies))]
			log = append(log, fmt.Sprintf("delete %s %s", o.Ref(), p))
			if p == metav1.DeletePropagationOrphan && o.Kind == "ReplicaSet" {
				for _, pod := range objs {
					if pod.Kind == "Pod" && len(pod.OwnerReferences) > 0 && pod.OwnerReferences[0].UID == o.UID {
						orphaned[pod.UID] = true
					}
				}
			}
			sim.Delete(o.Ref(), metav1.DeleteOptions{PropagationPolicy: &p})
		case 4: // re-create a Deployment that is gone
			for _, name := range []string{"web", "api"} {
				ref := gccore.ObjectRef{APIVersion: "apps/v1", Kind: "Deployment", Namespace: "default", Name: name}
				if _, err := sim.Get(ref); err == nil {
					continue
				}
				d := r.Scenario.Objects[1] // web
				if name == "api" {
					d = r.Scenario.Objects[2]
				}
				log = append(log, "create "+ref.String())
				c := d.Copy()
				c.UID = ""
				sim.Create(c)
				break
			}
		}
		for i := rng.IntN(4); i > 0; i-- {
			sim.Tick()
		}
	}
	if err := sim.RunUntilIdle(sim.CurrentTick() + 5000); err != nil {
		t.Fatalf("%v after %v", err, log)
	}
	return sim, orphaned, log
}

// checkControllers fails unless every Pod but the orphaned ones has a live controller.
func checkControllers(t *testing.T, sim *gccore.Sim, orphaned map[types.UID]bool, log []string) {
	t.Helper()
	for _, p := range sim.Objects() {
		if p.Kind != "Pod" || orphaned[p.UID] {
			continue
		}
		ref := controllerOf(p)
		if ref == nil {
			t.Fatalf("Pod %s has no controller after %v", p.Name, log)
		}
		owner, err := sim.Get(gccore.ObjectRef{APIVersion: ref.APIVersion, Kind: ref.Kind, Namespace: p.Namespace, Name: ref.Name})
		if err != nil || owner.UID != ref.UID {
			t.Fatalf("Pod %s: controller %s %s is gone after %v", p.Name, ref.Kind, ref.Name, log)
		}
	}
}

func controllerOf(o *gccore.Object) *metav1.OwnerReference {
	for i := range o.OwnerReferences {
		if c := o.OwnerReferences[i].Controller; c != nil && *c {
			return &o.OwnerReferences[i]
		}
	}
	return nil
}
