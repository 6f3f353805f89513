package kubectl

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
)

func open(t *testing.T, id string) *workspace.Workspace {
	t.Helper()
	w, _, err := workspace.OpenExample(id)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func family(t *testing.T) *workspace.Workspace {
	t.Helper()
	w := open(t, "configmap-family")
	if err := w.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	return w
}

// mixed serves a custom kind and holds a little of everything `get all` covers.
const mixed = `resources:
- {apiVersion: example.com/v1, kind: Widget, namespaced: true}
- {apiVersion: example.com/v1, kind: Gadget, namespaced: false}
objects:
- {apiVersion: v1, kind: Namespace, metadata: {name: team}}
- {apiVersion: v1, kind: Service, metadata: {name: web, uid: svc-uid}, spec: {clusterIP: 10.0.0.7, ports: [{port: 80}], selector: {app: web}}}
- apiVersion: apps/v1
  kind: StatefulSet
  metadata: {name: db, uid: db-uid, labels: {app: db}}
  spec:
    replicas: 2
    template: {spec: {containers: [{name: pg, image: postgres:17}]}}
- apiVersion: v1
  kind: Pod
  metadata:
    name: db-0
    labels: {app: db}
    ownerReferences: [{apiVersion: apps/v1, kind: StatefulSet, name: db, uid: db-uid, controller: true, blockOwnerDeletion: true}]
  spec: {containers: [{name: pg, image: postgres:17}]}
- {apiVersion: batch/v1, kind: CronJob, metadata: {name: nightly, uid: cj-uid}, spec: {schedule: "0 3 * * *"}}
- apiVersion: batch/v1
  kind: Job
  metadata:
    name: nightly-1
    ownerReferences: [{apiVersion: batch/v1, kind: CronJob, name: nightly, uid: cj-uid, controller: true}]
- {apiVersion: apps/v1, kind: DaemonSet, metadata: {name: agent, namespace: team}}
- {apiVersion: v1, kind: ConfigMap, metadata: {name: settings, namespace: team}, data: {a: "1", b: "2"}}
- {apiVersion: v1, kind: Secret, metadata: {name: token}, type: kubernetes.io/service-account-token}
- {apiVersion: v1, kind: ServiceAccount, metadata: {name: robot}}
- {apiVersion: v1, kind: PersistentVolume, metadata: {name: disk}, spec: {capacity: {storage: 1Gi}, accessModes: [ReadWriteOnce]}}
- {apiVersion: v1, kind: PersistentVolumeClaim, metadata: {name: data}, spec: {accessModes: [ReadWriteOnce]}}
- apiVersion: example.com/v1
  kind: Widget
  metadata: {name: w1, uid: w1-uid, finalizers: [example.com/hold]}
- apiVersion: example.com/v1
  kind: Gadget
  metadata: {name: g1}
`

func newWorkspace(t *testing.T, src string) *workspace.Workspace {
	t.Helper()
	w, err := workspace.New("test", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestConsoleScripts runs testdata/*.txt: each `run` prints what kubectl would, stdout
// then the stderr lines after "stderr:". Regenerate: go test ./app/kubectl -run TestConsoleScripts -rewrite
//
//	open example=ID | open (input: a scenario)   a new session, paused at tick 0
//	step [n=N] | idle                            Step N times / Run until idle
//	run (input: the command line, then its stdin)
func TestConsoleScripts(t *testing.T) {
	datadriven.Walk(t, "testdata", func(t *testing.T, path string) {
		var w *workspace.Workspace
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			switch d.Cmd {
			case "open":
				if d.HasArg("example") {
					var id string
					d.ScanArgs(t, "example", &id)
					w = open(t, id)
				} else {
					w = newWorkspace(t, d.Input)
				}
				return fmt.Sprintf("tick %d, %d objects", w.View().Tick, len(w.View().Objects))
			case "step":
				n := 1
				if d.HasArg("n") {
					d.ScanArgs(t, "n", &n)
				}
				for range n {
					if err := w.Step(); err != nil {
						t.Fatalf("%s: %v", d.Pos, err)
					}
				}
				return "tick " + strconv.FormatInt(w.View().Tick, 10)
			case "idle":
				if err := w.RunUntilIdle(); err != nil {
					t.Fatalf("%s: %v", d.Pos, err)
				}
				return "tick " + strconv.FormatInt(w.View().Tick, 10)
			case "run":
				out, err := Run(w, d.Input)
				out = strings.TrimRight(out, "\n")
				if err != nil {
					if out != "" {
						out += "\n"
					}
					out += "stderr:\n" + err.Error()
				}
				return out
			}
			t.Fatalf("%s: unknown command %q", d.Pos, d.Cmd)
			return ""
		})
	})
}

func TestSplit(t *testing.T) {
	got, err := split(`kubectl patch cm/x --type=merge -p '{"metadata":{"finalizers":null}}' "a b" c\ d`)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"kubectl", "patch", "cm/x", "--type=merge", "-p", `{"metadata":{"finalizers":null}}`, "a b", "c d"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("split = %q", got)
	}
	if _, err := split(`-p '{"a"`); err == nil {
		t.Fatal("an unterminated quote was accepted")
	}
}

// TestDeleteCascade: --cascade maps to propagationPolicy as kubectl does (API-20): a
// bare --cascade and --cascade=true are background, false is orphan.
func TestDeleteCascade(t *testing.T) {
	for _, c := range []struct{ flag, policy string }{{"", "Background"}, {"--cascade", "Background"},
		{"--cascade=true", "Background"}, {"--cascade=background", "Background"}, {"--cascade=foreground", "Foreground"},
		{"--cascade=orphan", "Orphan"}, {"--cascade=false", "Orphan"}} {
		w := family(t)
		out, err := Run(w, "kubectl delete cm/parent-a --wait=false "+c.flag)
		if err != nil {
			t.Fatalf("%q: %v", c.flag, err)
		}
		if want := "configmap \"parent-a\" deleted\n# propagationPolicy=" + c.policy + "; --wait=false: no tick ran (Step to watch the GC)"; out != want {
			t.Errorf("%q printed %q, want %q", c.flag, out, want)
		}
		var call string
		for _, r := range w.View().Trace {
			if s := r.String(); strings.Contains(s, "delete propagationPolicy=") {
				call = s
			}
		}
		if !strings.Contains(call, "v1/ConfigMap default/parent-a") || !strings.Contains(call, "delete propagationPolicy="+c.policy) {
			t.Errorf("%q: the API call was %q", c.flag, call)
		}
	}
}

// TestCommands: one line in, the exact line kubectl prints (stdout or stderr), for each
// command and each empty and error case.
func TestCommands(t *testing.T) {
	for _, c := range []struct {
		scenario  string // an example id, or "" for the mixed scenario
		in        string
		out, err  string // exact, when set
		contains  string // a part of stdout, when out is not given
		errSubstr string
	}{
		// get: the empty cases as kubectl prints them
		{scenario: "blank", in: "kubectl get all", out: "No resources found in default namespace."},
		{scenario: "blank", in: "get pods -n kube-system", out: "No resources found in kube-system namespace."},
		{scenario: "blank", in: "get pods -A", out: "No resources found"},
		{scenario: "blank", in: "get pv", out: "No resources found"},
		{scenario: "blank", in: "get namespaces -o name", out: "No resources found"},
		{scenario: "blank", in: "get cm -o json", out: "{\n    \"apiVersion\": \"v1\",\n    \"items\": [],\n    \"kind\": \"List\",\n    \"metadata\": {\n        \"resourceVersion\": \"\"\n    }\n}\n"},
		{scenario: "blank", in: "get cm -o yaml", out: "apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: \"\"\n"},
		// get: errors
		{scenario: "deployment", in: "kubectl get deployments x", err: `Error from server (NotFound): deployments.apps "x" not found`},
		{scenario: "deployment", in: "get deploy/x po/y", err: "Error from server (NotFound): deployments.apps \"x\" not found\nError from server (NotFound): pods \"y\" not found"},
		{scenario: "deployment", in: "get nothing", err: `error: the server doesn't have a resource type "nothing"`},
		{scenario: "deployment", in: "get deploy,nothing", err: `error: the server doesn't have a resource type "nothing"`},
		{scenario: "deployment", in: "get po --bogus", err: "error: unknown flag: --bogus"},
		{scenario: "deployment", in: "get po -x", err: "error: unknown shorthand flag: 'x' in -x"},
		{scenario: "deployment", in: "get po -n", err: "error: flag needs an argument: 'n' in -n"},
		{scenario: "deployment", in: "get po -o foo", err: `error: unable to match a printer for the output format "foo", allowed formats are: json,name,wide,yaml`},
		{scenario: "deployment", in: "get", errSubstr: "error: you must specify the type of resource to get"},
		{scenario: "deployment", in: "get po web -A", err: "error: a resource cannot be retrieved by name across all namespaces"},
		{scenario: "deployment", in: "get po --show-labels=maybe", err: `error: invalid argument "maybe" for "--show-labels" flag: want true or false`},
		{scenario: "deployment", in: "get deploy deploy/web", errSubstr: "error: name objects either as TYPE NAME... or as TYPE/NAME..."},
		{scenario: "deployment", in: "get po -l 'a in (b'", errSubstr: "error: invalid selector"},
		// get: found
		{scenario: "deployment", in: "get deploy web -o name", out: "deployment.apps/web\n"},
		{scenario: "deployment", in: "get pods -o name -l nothing=here", out: "No resources found in default namespace."},
		{scenario: "deployment", in: "get deploy web nope -o name", out: "deployment.apps/web\n", err: `Error from server (NotFound): deployments.apps "nope" not found`},
		{in: "get widgets.example.com -o name", out: "widget.example.com/w1\n"},
		{in: "get gadget -n team -o name", out: "gadget.example.com/g1\n"}, // cluster-scoped: -n does not apply
		{in: "get po -l app -o name", out: "pod/db-0\n"},
		{in: "get po -l app==db,app -o name", out: "pod/db-0\n"},
		{in: "get po -l '!app' -o name", out: "No resources found in default namespace."},
		{in: "get po -l app!=db", out: "No resources found in default namespace."},
		{in: "get po -l tier!=web -o name", out: "pod/db-0\n"},
		// describe
		{scenario: "deployment", in: "describe deploy x", err: `Error from server (NotFound): deployments.apps "x" not found`},
		{scenario: "deployment", in: "describe cm", out: "No resources found in default namespace."},
		{scenario: "deployment", in: "describe", errSubstr: "error: you must specify the type of resource to describe"},
		{scenario: "deployment", in: "describe deploy web", contains: "Why Not Deleted Yet:\n  - "},
		// delete
		{scenario: "deployment", in: "delete deploy x", err: `Error from server (NotFound): deployments.apps "x" not found`},
		{scenario: "deployment", in: "delete deploy", errSubstr: "error: name the objects to delete"},
		{scenario: "deployment", in: "delete deploy web --cascade=sideways", err: `error: invalid --cascade value "sideways": must be background, foreground or orphan`},
		{scenario: "deployment", in: "delete deploy web --wait=maybe", err: `error: invalid argument "maybe" for "--wait" flag: want true or false`},
		{scenario: "deployment", in: "delete deploy web --timeout=soon", errSubstr: `error: invalid --timeout "soon"`},
		{scenario: "deployment", in: "delete deploy web -A", err: "error: unknown shorthand flag: 'A' in -A"},
		{scenario: "deployment", in: "delete deploy web --purge", err: "error: unknown flag: --purge"},
		// the rest
		{scenario: "deployment", in: "kubectl frobnicate", err: `error: unknown command "frobnicate" for "kubectl" (try help)`},
		{scenario: "deployment", in: "kubectl delete --help", contains: "--cascade=background|foreground|orphan"},
		{scenario: "deployment", in: "create -f -", err: "error: no objects passed to create: put the YAML on the lines after the command"},
		{scenario: "deployment", in: "create -f - <<EOF\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: [bad\nEOF", errSubstr: "line 3"},
		{scenario: "deployment", in: "create -f -\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api}", out: "deployment.apps/api created\n"},
		{scenario: "deployment", in: "patch deploy web --type=json -p '[]'", err: `error: --type="json" is not supported: use --type=merge (a JSON merge patch, as the scenario update step)`},
		{scenario: "deployment", in: "patch deploy web --type=merge -p 'nope'", errSubstr: "error: the patch is not a JSON object"},
		{scenario: "deployment", in: `patch deploy/web --type=merge -p '{"metadata":{"labels":{"a":"b"}}}'`, out: "deployment.apps/web patched"},
		{scenario: "deployment", in: "patch deploy nope --type=merge -p '{}'", err: `Error from server (NotFound): deployments.apps "nope" not found`},
	} {
		var w *workspace.Workspace
		if c.scenario == "" {
			w = newWorkspace(t, mixed)
		} else {
			w = open(t, c.scenario)
		}
		out, err := Run(w, c.in)
		errText := ""
		if err != nil {
			errText = err.Error()
		}
		switch {
		case c.err != "" && errText != c.err:
			t.Errorf("%q: stderr %q, want %q", c.in, errText, c.err)
		case c.errSubstr != "" && !strings.HasPrefix(errText, c.errSubstr) && !strings.Contains(errText, c.errSubstr):
			t.Errorf("%q: stderr %q, want it to contain %q", c.in, errText, c.errSubstr)
		case c.err == "" && c.errSubstr == "" && err != nil:
			t.Errorf("%q: unexpected stderr %q", c.in, errText)
		}
		switch {
		case c.out != "" && out != c.out:
			t.Errorf("%q printed %q, want %q", c.in, out, c.out)
		case c.contains != "" && !strings.Contains(out, c.contains):
			t.Errorf("%q printed %q, want it to contain %q", c.in, out, c.contains)
		case c.out == "" && c.contains == "" && out != "":
			t.Errorf("%q printed %q on stdout, want nothing", c.in, out)
		}
	}
}

// TestResolve: a type is named by its kind, plural, singular or short name, with an
// optional group; custom kinds by the names their declaration gives them.
func TestResolve(t *testing.T) {
	w := newWorkspace(t, mixed)
	for word, want := range map[string]string{
		"po": "Pod", "pods": "Pod", "pod": "Pod", "Pod": "Pod", "rs": "ReplicaSet", "deploy": "Deployment",
		"deployments.apps": "Deployment", "cm": "ConfigMap", "ns": "Namespace", "pv": "PersistentVolume",
		"pvc": "PersistentVolumeClaim", "svc": "Service", "job": "Job", "jobs": "Job", "sa": "ServiceAccount",
		"secret": "Secret", "secrets": "Secret", "sts": "StatefulSet", "ds": "DaemonSet", "cj": "CronJob",
		"widget": "Widget", "widgets": "Widget", "Widget": "Widget", "widgets.example.com": "Widget", "gadgets": "Gadget",
	} {
		r, err := resolve(w, word)
		if err != nil || r.gvk.Kind != want {
			t.Errorf("resolve(%q) = %v, %v; want %s", word, r.gvk, err, want)
		}
	}
	if _, err := resolve(w, "widgets.apps"); err == nil {
		t.Error("widgets.apps resolved: the group must match")
	}
	rs, err := resolveList(w, "all")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range rs {
		names = append(names, r.plural)
	}
	if got := strings.Join(names, ","); got != strings.Join(allCategory, ",") {
		t.Errorf("all = %s", got)
	}
}

// TestDeleteWaits: --wait runs ticks until the object is gone, stops when the simulation
// is idle with it still there, or at --timeout; --wait=false runs none.
func TestDeleteWaits(t *testing.T) {
	w := open(t, "deployment")
	out, err := Run(w, "delete deployment web --cascade=foreground")
	if err != nil || out != "deployment.apps \"web\" deleted\n# propagationPolicy=Foreground; waited 5 ticks (tick 0 → 5) until it was gone" {
		t.Fatalf("foreground delete: %q, %v", out, err)
	}
	// FG-1: the owner goes last, so its dependents are gone too (node-a stays; its kubelet
	// removed the Pods after their 1 s grace period, KUBELET-1).
	if n := len(w.View().Objects); n != 1 {
		t.Errorf("%d objects left after a waited foreground delete", n)
	}

	w = open(t, "deployment")
	out, err = Run(w, "delete deploy/web")
	if err != nil || out != "deployment.apps \"web\" deleted\n# propagationPolicy=Background; gone at once, no tick ran; the GC collects its 1 dependent as time ticks (Step to watch)" {
		t.Fatalf("background delete: %q, %v", out, err)
	}
	if w.View().Tick != 0 {
		t.Errorf("a background delete of an owner without finalizers ran ticks: tick %d", w.View().Tick)
	}

	w = open(t, "deployment")
	if _, err := Run(w, "delete rs web-7c9f --cascade=orphan --wait=false"); err != nil || w.View().Tick != 0 {
		t.Fatalf("--wait=false: tick %d, %v", w.View().Tick, err)
	}

	w = newWorkspace(t, mixed)
	out, err = Run(w, "delete widget w1")
	if err != nil || !strings.Contains(out, "the simulation is idle and widget.example.com/w1 is still there, so kubectl would wait forever; `kubectl describe widget w1` says why") {
		t.Fatalf("a delete held by a finalizer: %q, %v", out, err)
	}

	w = open(t, "deployment")
	out, err = Run(w, "delete deployment web --cascade=foreground --timeout=2s")
	if err == nil || err.Error() != "error: timed out waiting for the condition on deployments.apps/web" ||
		out != "deployment.apps \"web\" deleted\n# propagationPolicy=Foreground; waited 2 ticks (tick 0 → 2) (--timeout: one tick is one simulated second)" {
		t.Fatalf("timeout: %q, %v", out, err)
	}

	// Two names, one missing: the other is deleted and waited for; the 404 is reported.
	w = open(t, "configmap-family")
	out, err = Run(w, "delete cm parent-a nope")
	if err == nil || err.Error() != `Error from server (NotFound): configmaps "nope" not found` || !strings.HasPrefix(out, "configmap \"parent-a\" deleted\n# ") {
		t.Fatalf("two names: %q, %v", out, err)
	}
	if _, err := w.Sim().Get(gccore.ObjectRef{APIVersion: "v1", Kind: "ConfigMap", Namespace: "default", Name: "parent-a"}); err == nil {
		t.Error("parent-a is still stored")
	}
}

// TestHelpListsCommands: help names every command the console runs.
func TestHelpListsCommands(t *testing.T) {
	out, err := Run(open(t, "blank"), "help")
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"get ", "describe ", "delete ", "create -f -", "patch ", "--wait=false", "--cascade"} {
		if !strings.Contains(out, cmd) {
			t.Errorf("help lacks %q", cmd)
		}
	}
	for _, verb := range []string{"get", "describe", "delete", "create", "patch"} {
		if out, err := Run(open(t, "blank"), "help "+verb); err != nil || !strings.HasPrefix(out, "  "+verb+" ") {
			t.Errorf("help %s: %q, %v", verb, out, err)
		}
	}
}
