package cluster_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/cluster"
	"github.com/gcplay/gcplay/gccore/rules"
	"github.com/gcplay/gcplay/gccore/scenario"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// KUBELET-3: a Pod bound to a node that does not exist has no kubelet; deleted, it stays
// Terminating (the run is idle) until a force delete.
func TestPodOnUnknownNodeWaitsForForceDelete(t *testing.T) {
	src := `
version: 2
controllers: [kubelet]
objects:
- {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {nodeName: gone}}
steps:
- delete: {apiVersion: v1, kind: Pod, name: p}
- run: idle
`
	r, err := scenario.Run("unknown-node.yaml", []byte(src), gccore.Config{}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	ref := gccore.ObjectRef{APIVersion: "v1", Kind: "Pod", Namespace: "default", Name: "p"}
	if p, err := r.Sim.Get(ref); err != nil || !p.Terminating() {
		t.Fatalf("want the Pod Terminating, got %v, %v", p, err)
	}
	trace := gccore.RenderTrace(r.Sim.Take().Records)
	if !strings.Contains(trace, "KUBELET-3") || !strings.Contains(trace, "node gone does not exist") {
		t.Fatalf("no KUBELET-3 record in:\n%s", trace)
	}
	zero := int64(0)
	if _, err := r.Sim.Delete(ref, metav1.DeleteOptions{GracePeriodSeconds: &zero}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Sim.Get(ref); err == nil {
		t.Fatal("the force-deleted Pod is still stored")
	}
}

// Bad controller lists are one clear error each (common rules: never a panic).
func TestInstallRefusesBadNames(t *testing.T) {
	for names, want := range map[string]string{
		"scheduler":   `unknown controller "scheduler"`,
		"job,job":     `controller "job" named twice`,
		"replicaset,": `unknown controller ""`,
	} {
		sim, _ := gccore.New(gccore.Config{})
		if err := cluster.Install(sim, strings.Split(names, ",")); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Install(%s) = %v, want %q", names, err, want)
		}
	}
	_, err := scenario.Parse("v1.yaml", []byte("controllers: [replicaset]\n"))
	if err == nil || !strings.Contains(err.Error(), "need version: 2") {
		t.Errorf("controllers: without version 2: got %v", err)
	}
	_, err = scenario.Parse("v1.yaml", []byte("steps:\n- scale: {apiVersion: apps/v1, kind: ReplicaSet, name: x, replicas: 1}\n"))
	if err == nil || !strings.Contains(err.Error(), "steps[0] (scale): needs version: 2") {
		t.Errorf("scale without version 2: got %v", err)
	}
}

// With its controller running, a Deployment, ReplicaSet or Job needs the spec fields the
// controller reads (DEP-1, RS-2, JOB-1): a selector its template's labels match.
func TestControlledKindsNeedSelector(t *testing.T) {
	for body, want := range map[string]string{
		"{}": "spec.selector (matchLabels) is required",
		"{selector: {matchLabels: {app: a}}, template: {metadata: {labels: {app: b}}}}": "spec.template.metadata.labels do not match spec.selector",
	} {
		src := "version: 2\ncontrollers: [deployment]\nobjects:\n- {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}, spec: " + body + "}\n"
		_, err := scenario.Parse("d.yaml", []byte(src))
		if err == nil || !strings.Contains(err.Error(), "objects[0]") || !strings.Contains(err.Error(), want) {
			t.Errorf("spec %s: got %v, want %q", body, err, want)
		}
	}
	// Without the controller, the same object is accepted (version 1 meaning).
	if _, err := scenario.Parse("d.yaml", []byte("objects:\n- {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}, spec: {}}\n")); err != nil {
		t.Error(err)
	}
}

// A run that is not idle by its tick bound names what was still at work (issue 21: it
// blamed the garbage collector when the kubelet waited out a long grace period).
func TestMaxTicksNamesWhatIsAtWork(t *testing.T) {
	src := `
version: 2
controllers: [kubelet]
nodes:
- {name: node-a, ready: true}
objects:
- {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {nodeName: node-a, terminationGracePeriodSeconds: 1000}}
steps:
- delete: {apiVersion: v1, kind: Pod, name: p}
- run: idle
`
	_, err := scenario.Run("long-grace.yaml", []byte(src), gccore.Config{}, 50)
	if err == nil || !strings.Contains(err.Error(), "not idle by tick 50 (--max-ticks 50): the kubelet is still at work") {
		t.Fatalf("got %v", err)
	}
}

// rsScenario is a ReplicaSet with the given replicas value (YAML) under its controller.
func rsScenario(replicas string) []byte {
	return []byte(`
version: 2
controllers: [replicaset]
objects:
- apiVersion: apps/v1
  kind: ReplicaSet
  metadata: {name: web}
  spec:
    replicas: ` + replicas + `
    selector: {matchLabels: {app: web}}
    template:
      metadata: {labels: {app: web}}
      spec: {containers: [{name: c, image: nginx, env: [{name: A, value: big}]}]}
`)
}

// Issue 21 §3: a count the API server refuses is one error naming the object and the
// field (replicas: -1 panicked with "slice bounds out of range"; "3" ran as 1).
func TestBadReplicasIsOneError(t *testing.T) {
	for replicas, want := range map[string]string{
		"-1":    "objects[0] (ReplicaSet web): spec.replicas: Invalid value: -1: must be greater than or equal to 0",
		`"3"`:   `objects[0] (ReplicaSet web): spec.replicas: Invalid value: "3": must be a whole number`,
		"1.5":   "spec.replicas: Invalid value: 1.5",
		"true":  "spec.replicas: Invalid value: true",
		"1e300": "spec.replicas: Invalid value: 1e+300",
	} {
		_, err := scenario.Run("rs.yaml", rsScenario(replicas), gccore.Config{}, 100)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("replicas: %s: got %v, want %q", replicas, err, want)
		}
	}
}

// Issue 21 §3: the controllers' creates are bounded per run (gccore.MaxControllerCreates,
// here Config.MaxCreates) and per sync (burst, as upstream's burstReplicas): replicas
// 1e9 ends in one error after at most the bound's Pods, not after the machine's memory.
func TestCreatesAreBounded(t *testing.T) {
	r, err := scenario.NewRunner(mustParse(t, rsScenario("1000000000")), gccore.Config{MaxCreates: 1200})
	if err != nil {
		t.Fatal(err)
	}
	err = r.Run()
	var tooMany *gccore.ErrTooManyCreates
	if !errors.As(err, &tooMany) || !strings.Contains(err.Error(), "tick 3: the replicaset-controller would create v1/Pod default/web-") ||
		!strings.Contains(err.Error(), "past the 1200 objects the controllers may create in one run") {
		t.Fatalf("got %v", err)
	}
	if n := r.Sim.ObjectCount(); n != 1201 {
		t.Errorf("%d objects stored, want the ReplicaSet and 1,200 Pods", n)
	}
	// Per sync: 500, 500, 200 (upstream's burstReplicas).
	perTick := map[int64]int{}
	for _, rec := range r.Sim.Take().Records {
		if rec.Rule == rules.RS2 {
			perTick[rec.Tick]++
		}
	}
	if perTick[1] != 500 || perTick[2] != 500 || perTick[3] != 200 {
		t.Errorf("creates per tick: %v, want 500, 500, 200", perTick)
	}
}

// Issue 21 §3: the Pods share their template's spec instead of a copy each (a 320 KB
// template cost 4 MB per Pod). Stored objects are never changed in place, so sharing is
// safe: a patch of one Pod's spec leaves the others as they were.
func TestPodsShareTheTemplateSpec(t *testing.T) {
	r, err := scenario.Run("rs.yaml", rsScenario("3"), gccore.Config{}, 100)
	if err != nil {
		t.Fatal(err)
	}
	var pods []*gccore.Object
	for _, o := range r.Sim.ObjectsShared() {
		if o.Kind == "Pod" {
			pods = append(pods, o)
		}
	}
	if len(pods) != 3 {
		t.Fatalf("%d Pods", len(pods))
	}
	spec := func(o *gccore.Object) uintptr { return reflect.ValueOf(o.Content["spec"]).Pointer() }
	if spec(pods[0]) != spec(pods[1]) || spec(pods[1]) != spec(pods[2]) {
		t.Error("each Pod holds its own copy of the template's spec")
	}
	if _, err := r.Sim.Patch(pods[0].Ref(), gccore.MergePatch, []byte(`{"spec":{"containers":[{"name":"c","image":"busybox"}]}}`)); err != nil {
		t.Fatal(err)
	}
	p1, _ := r.Sim.Get(pods[1].Ref())
	if img := p1.Content["spec"].(map[string]any)["containers"].([]any)[0].(map[string]any)["image"]; img != "nginx" {
		t.Errorf("patching one Pod changed another's image to %v", img)
	}
}

func mustParse(t testing.TB, src []byte) *scenario.Scenario {
	t.Helper()
	sc, err := scenario.Parse("test.yaml", src)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// SYNC-7 with CM-1: a restart of the controller-manager while its informers lag lists
// again: the new ReplicaSet controller's cache holds the Pods already stored, so it
// creates none twice, and nothing waits for delivery from before the restart.
func TestRestartRelistsTheControllersCache(t *testing.T) {
	src := `
version: 2
controllers: [replicaset]
objects:
- apiVersion: apps/v1
  kind: ReplicaSet
  metadata: {name: web, uid: web-uid}
  spec:
    replicas: 3
    selector: {matchLabels: {app: web}}
    template: {metadata: {labels: {app: web}}, spec: {containers: [{name: c, image: nginx}]}}
steps:
- run: 4   # the Pods are created at tick 3; the controllers' informers deliver them at 6
- restart: controller-manager
- run: idle
`
	r, err := scenario.Run("restart-lag.yaml", []byte(src), gccore.Config{ControllerInformerDelay: 3}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	created := 0
	for _, ev := range r.Sim.Take().Watch {
		if ev.Object.Kind == "Pod" && ev.Type == "ADDED" {
			created++
		}
	}
	if created != 3 {
		t.Fatalf("%d Pods created, want 3: the controller after the restart read a cache without the stored Pods", created)
	}
}
