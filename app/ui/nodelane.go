package ui

import (
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/app/scene"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"k8s.io/apimachinery/pkg/types"
)

// NodeLane draws the cluster's Nodes (issue 15), each Ready or NotReady with the Pods
// bound to it (spec.nodeName). Clicking a node sets it Ready or NotReady, the input of
// a setNodeReady step: the kubelet of a NotReady node holds its Terminating Pods
// (KUBELET-2). Clicking a Pod selects it. Without Nodes or bound Pods it draws nothing.
// One delegated click handler reads data-node-toggle and data-select, so no handler
// outlives the node it was made for (go-app keeps handlers per EventScope).
type NodeLane struct {
	app.Compo

	View     *workspace.View
	Selected types.UID
	Lang     string

	onSelect func(app.Context, types.UID)
	onReady  func(ctx app.Context, node string, ready bool)
}

// Render draws one row per node: its toggle, then its Pods, as one piece of markup
// (app.Raw): element builders or long concatenations cost app.wasm kilobytes here.
func (l *NodeLane) Render() (ui app.UI) {
	defer recoverRender(&ui, "nodes")
	lanes := scene.Lanes(l.View.Objects)
	if len(lanes) == 0 {
		return app.Div().Class("nodelane-none")
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<div class="lanes"><h3>%s</h3>`, esc(tr(l.Lang, "Nodes")))
	for _, ln := range lanes {
		l.laneMarkup(&b, ln)
	}
	b.WriteString(`</div>`)
	return app.Div().Class("nodelane").Aria("label", tr(l.Lang, "Nodes")).OnClick(l.onClick).Body(app.Raw(b.String()))
}

// laneMarkup writes one node's row: the toggle (data-node-toggle; data-ready says what
// it is now) and its Pods (data-select, as the queues' items).
func (l *NodeLane) laneMarkup(b *strings.Builder, ln scene.Lane) {
	// data-node-toggle holds what a click sets: "yes:node-a" sets node-a Ready. A node
	// nothing stores has none (its button is disabled).
	state, title, cls, toggle := "NotReady", "Set %s Ready: its kubelet removes its Terminating Pods again (KUBELET-1)", "notready", `data-node-toggle="yes:`
	switch {
	case ln.UID == "":
		state, title, cls, toggle = "missing", "No Node %s is stored: no kubelet removes its Pods; force-delete them (KUBELET-3)", "missing", `disabled data-missing="`
	case ln.Ready:
		state, title, cls, toggle = "Ready", "Set %s NotReady: its kubelet stops and holds its Terminating Pods (KUBELET-2)", "ready", `data-node-toggle="no:`
	}
	name := esc(ln.Name)
	fmt.Fprintf(b, `<div class="lane" data-node="%s" data-ready="%s"><button class="lane-node lane-%s" title="%s" aria-pressed="%t" %s%s">`+
		`<span class="lane-name">%s</span><span class="lane-state">%s</span></button><div class="lane-pods">`,
		name, yesNo(ln.Ready), cls, esc(fmt.Sprintf(tr(l.Lang, title), ln.Name)), ln.Ready, toggle, name, name, esc(tr(l.Lang, state)))
	for _, p := range ln.Pods {
		pn := esc(p.Name)
		fmt.Fprintf(b, `<button class="lane-pod%s%s" data-select="%s" data-pod="%s" title="%s/%s">%s</button>`,
			onlyIf(p.Terminating(), " lane-term"), onlyIf(p.UID == l.Selected, " lane-sel"), esc(string(p.UID)), pn, esc(p.Namespace), pn, pn)
	}
	if len(ln.Pods) == 0 {
		fmt.Fprintf(b, `<span class="muted small">%s</span>`, esc(tr(l.Lang, "no Pods")))
	}
	b.WriteString(`</div></div>`)
}

// onlyIf is s when cond holds, else "".
func onlyIf(cond bool, s string) string {
	if cond {
		return s
	}
	return ""
}

// yesNo is data-ready's value: go-app writes "true" as a bare attribute, read as "".
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func (l *NodeLane) onClick(ctx app.Context, e app.Event) {
	b := e.Get("target").Call("closest", "[data-node-toggle],[data-select]")
	if !b.Truthy() {
		return
	}
	if set, node, ok := strings.Cut(b.Call("getAttribute", "data-node-toggle").String(), ":"); ok {
		l.onReady(ctx, node, set == "yes")
		return
	}
	l.onSelect(ctx, types.UID(b.Call("getAttribute", "data-select").String()))
}
