package ui

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The node lane draws each Node Ready or NotReady with the Pods bound to it, and a
// toggle carrying what a click sets (issue 15; KUBELET-2). Toggled through the
// workspace, the Node's condition changes like a setNodeReady step's.
func TestNodeLane(t *testing.T) {
	w := exampleWorkspace(t, "notready-node")
	html := render(&NodeLane{View: w.View(), Lang: "en"})
	mustHaveTag(t, html, `data-node="node-a"`, `data-ready="no"`)
	mustHaveTag(t, html, `data-node="node-b"`, `data-ready="yes"`)
	mustContain(t, html, `data-node-toggle="yes:node-a"`, `data-pod="web-z882z7k-a"`, `data-pod="web-z882z7k-b"`, "NotReady", "Ready")
	if i, j := strings.Index(html, `data-node="node-a"`), strings.Index(html, `data-pod="web-z882z7k-a"`); i < 0 || j < i || j > strings.Index(html, `data-node="node-b"`) {
		t.Errorf("Pod web-z882z7k-a is not in node-a's lane:\n%s", html)
	}
	if err := w.Do(scenario.NodeReadyInput("node-a", true)); err != nil {
		t.Fatal(err)
	}
	mustHaveTag(t, render(&NodeLane{View: w.View()}), `data-node="node-a"`, `data-ready="yes"`)
	if got := render(&NodeLane{View: exampleWorkspace(t, "cycle").View()}); strings.Contains(got, "lane") && !strings.Contains(got, "nodelane-none") {
		t.Errorf("a scenario without nodes draws a lane: %s", got)
	}
	mustContain(t, render(&NodeLane{View: w.View(), Lang: "zh-CN"}), "节点")
}

// The controllers' queues show beside the GC's, and the trace marks a controller's
// records, under its name (issue 15: KUBELET-2).
func TestControllerQueuesAndTrace(t *testing.T) {
	w := exampleWorkspace(t, "notready-node")
	fg := metav1.DeletePropagationForeground
	if err := w.Do(gccore.DeleteInput(gccore.ObjectRef{APIVersion: "apps/v1", Kind: "Deployment", Namespace: "default", Name: "web"},
		metav1.DeleteOptions{PropagationPolicy: &fg})); err != nil {
		t.Fatal(err)
	}
	if err := w.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	v := w.View()
	html := render(&QueuesPanel{View: v, Lang: "en"})
	mustContain(t, html, "with-controllers", "Controllers", `data-controller="deployment-controller"`,
		`data-controller="replicaset-controller"`, `data-controller="kubelet"`, "default/web-z882z7k-a", "node-a is NotReady (KUBELET-2)")
	if strings.Contains(render(&QueuesPanel{View: exampleWorkspace(t, "cycle").View()}), "with-controllers") {
		t.Error("a scenario without controllers shows their queues")
	}

	// The kubelet's records, found by its name with the trace's filter, are marked as a
	// controller's; the GC's are not.
	tp := &TracePanel{View: v, filter: "t=2 kubelet"}
	rows := tp.rowMarkup()
	if len(rows) != 1 || !strings.Contains(rows[0].markup, `class="tr tr-ctrl"`) || !strings.Contains(rows[0].markup, `c-kubelet`) ||
		!strings.Contains(rows[0].markup, `data-rule="KUBELET-2"`) {
		t.Errorf("the kubelet's hold: %v", rows)
	}
	tp = &TracePanel{View: v, filter: "delete-worker"}
	for _, r := range tp.rowMarkup() {
		if strings.Contains(r.markup, "tr-ctrl") {
			t.Errorf("a GC worker's row marked as a controller's: %s", r.markup)
		}
	}
}

// mustHaveTag finds the start tag holding attr and checks it also holds want (go-app
// writes attributes in no fixed order).
func mustHaveTag(t *testing.T, html, attr, want string) {
	t.Helper()
	i := strings.Index(html, attr)
	if i < 0 {
		t.Fatalf("no tag with %s", attr)
	}
	start, end := strings.LastIndex(html[:i], "<"), i+strings.Index(html[i:], ">")
	if tag := html[start : end+1]; !strings.Contains(tag, want) {
		t.Errorf("%s lacks %s", tag, want)
	}
}
