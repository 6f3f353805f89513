package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gcplay/gcplay/app/scene"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore/scenario"
	"github.com/gcplay/gcplay/lessons"
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

// Render draws one row per node: its toggle, then its Pods. The rows are one piece of
// markup (app.Raw): go-app element builders for them cost app.wasm about 10 KB gzip.
func (l *NodeLane) Render() (ui app.UI) {
	defer recoverRender(&ui, "nodes")
	lanes := scene.Lanes(l.View.Objects)
	if len(lanes) == 0 {
		return app.Div().Class("nodelane-none")
	}
	var b strings.Builder
	b.WriteString(`<div class="lanes">`)
	for _, ln := range lanes {
		l.laneMarkup(&b, ln)
	}
	b.WriteString(`</div>`)
	return app.Div().Class("nodelane").Aria("label", tr(l.Lang, "Nodes")).OnClick(l.onClick).Body(
		app.H3().Text(tr(l.Lang, "Nodes")),
		app.Raw(b.String()),
	)
}

// laneMarkup writes one node's row: the toggle (data-node-toggle, data-ready says what
// it is now) and its Pods (data-select, as the queues' items).
func (l *NodeLane) laneMarkup(b *strings.Builder, ln scene.Lane) {
	state, title, cls := tr(l.Lang, "NotReady"), fmt.Sprintf(tr(l.Lang, "Set %s Ready: its kubelet removes its Terminating Pods again (KUBELET-1)"), ln.Name), "lane-node lane-notready"
	switch {
	case ln.UID == "":
		state, title, cls = tr(l.Lang, "missing"), fmt.Sprintf(tr(l.Lang, "No Node %s is stored: no kubelet removes its Pods; force-delete them (KUBELET-3)"), ln.Name), "lane-node lane-missing"
	case ln.Ready:
		state, title, cls = tr(l.Lang, "Ready"), fmt.Sprintf(tr(l.Lang, "Set %s NotReady: its kubelet stops and holds its Terminating Pods (KUBELET-2)"), ln.Name), "lane-node lane-ready"
	}
	disabled := ""
	if ln.UID == "" {
		disabled = " disabled"
	}
	name, ready := esc(ln.Name), yesNo(ln.Ready)
	b.WriteString(`<div class="lane" data-node="` + name + `" data-ready="` + ready + `"><button class="` + cls + `" title="` + esc(title) +
		`" aria-pressed="` + strconv.FormatBool(ln.Ready) + `" data-node-toggle="` + name + `" data-ready="` + ready + `"` + disabled +
		`><span class="lane-name">` + name + `</span><span class="lane-state">` + esc(state) + `</span></button><div class="lane-pods">`)
	for _, p := range ln.Pods {
		c := "lane-pod"
		if p.Terminating {
			c += " lane-term"
		}
		if p.UID == l.Selected {
			c += " lane-sel"
		}
		b.WriteString(`<button class="` + c + `" data-select="` + esc(string(p.UID)) + `" data-pod="` + esc(p.Name) +
			`" title="` + esc(p.Namespace+"/"+p.Name) + `">` + esc(p.Name) + `</button>`)
	}
	if len(ln.Pods) == 0 {
		b.WriteString(`<span class="muted small">` + esc(tr(l.Lang, "no Pods")) + `</span>`)
	}
	b.WriteString(`</div></div>`)
}

// yesNo is data-ready's value: go-app writes "true" as a bare attribute, read as "".
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func (l *NodeLane) onClick(ctx app.Context, e app.Event) {
	t := e.Get("target")
	if b := t.Call("closest", "[data-node-toggle]"); b.Truthy() && !b.Get("disabled").Bool() {
		l.onReady(ctx, b.Call("getAttribute", "data-node-toggle").String(), b.Call("getAttribute", "data-ready").String() != "yes")
		return
	}
	if b := t.Call("closest", "[data-select]"); b.Truthy() {
		l.onSelect(ctx, types.UID(b.Call("getAttribute", "data-select").String()))
	}
}

// setNodeReady sets a node Ready or NotReady at the current tick, as a setNodeReady step
// does (scenario.NodeReadyInput), recorded in the workspace's history.
func (p *Playground) setNodeReady(ctx app.Context, node string, ready bool) {
	p.guard(ctx, "node", func() error {
		if err := p.refuse(lessons.ControlUpdate); err != nil {
			return err
		}
		if err := p.ws.Do(scenario.NodeReadyInput(node, ready)); err != nil {
			return err
		}
		msg := "Node %s is NotReady at tick %d: its kubelet holds the Pods it must remove (KUBELET-2). Click it again to set it Ready."
		if ready {
			msg = "Node %s is Ready at tick %d: its kubelet removes its Terminating Pods when their grace period is over (KUBELET-1)."
		}
		p.notice = notice{noticeInfo, fmt.Sprintf(tr(p.lang, msg), node, p.ws.View().Tick)}
		return nil
	})
}
