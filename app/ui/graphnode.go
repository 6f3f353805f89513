package ui

import (
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/app/scene"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

const svgNS = "http://www.w3.org/2000/svg"

// svgEl makes an SVG element: every SVG element needs the namespace, or the browser
// puts it in the DOM without drawing it (go-app#890).
func svgEl(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

func svgLeaf(tag string) app.HTMLElemSelfClosing { return app.ElemSelfClosing(tag).XMLNS(svgNS) }

// GraphNode draws one object (or GC node). Its one prop is a struct of plain values:
// go-app compares props field by field with reflection, so one comparable struct keeps
// that cheap and unchanged nodes are skipped when thousands are drawn. Clicks are
// handled by the graph (delegation).
type GraphNode struct {
	app.Compo

	Data NodeData
}

// NodeData is what a node shows.
type NodeData struct {
	ID                                string
	APIVersion, Kind, Namespace, Name string
	UID                               string
	Status                            scene.Status
	Object                            bool   // a stored object: carries the data-* contract
	Finalizers                        string // comma-separated
	Lag, Stale, DeletingDependents    bool
	Selected, Collapsed               bool
	HasDependents                     bool
	HiddenBelow                       int
}

func nodeProps(n scene.Node, selected, collapsed bool) *GraphNode {
	return &GraphNode{Data: NodeData{ID: n.ID, APIVersion: n.APIVersion, Kind: n.Kind, Namespace: n.Namespace, Name: n.Name,
		UID: string(n.UID), Status: n.Status, Object: n.Object, Finalizers: strings.Join(n.Finalizers, ", "),
		Lag: n.Lag, Stale: n.Stale, DeletingDependents: n.DeletingDependents, Selected: selected,
		Collapsed: collapsed, HasDependents: n.HasDependents, HiddenBelow: n.HiddenBelow}}
}

// Render draws the node box: kind and namespace, name, finalizers, and badges. The
// graph positions it (a node that only moves is not re-rendered).
func (c *GraphNode) Render() app.UI {
	n := &c.Data
	if n.ID == "" {
		return svgEl("g").Class("slot-free") // a free slot (see GraphPanel.slots)
	}
	cls := []string{"node", "st-" + statusClass(n.Status)}
	if n.Lag {
		cls = append(cls, "lag")
	}
	if n.Stale {
		cls = append(cls, "stale")
	}
	if n.Selected {
		cls = append(cls, "sel")
	}
	g := svgEl("g").Class(cls...).DataSet("node", n.ID)
	if n.Object {
		g = g.DataSet("kind", n.Kind).DataSet("namespace", n.Namespace).DataSet("name", n.Name).
			DataSet("uid", n.UID).DataSet("state", stateAttr(n.Status)).
			Attr("tabindex", 0).Attr("role", "button").Aria("label", n.describe())
	}
	kindLine := n.Kind
	if n.Namespace != "" {
		kindLine += " · " + n.Namespace
	}
	body := []app.UI{
		svgEl("title").Text(n.describe()),
		svgLeaf("rect").Class("node-box").Attr("width", scene.NodeW).Attr("height", scene.NodeH).Attr("rx", 7),
		svgLeaf("rect").Class("node-band", "k-"+kindClass(n.Kind)).Attr("width", 6).Attr("height", scene.NodeH).Attr("rx", 3),
		svgEl("text").Class("node-kind").Attr("x", 14).Attr("y", 17).Text(scene.Short(kindLine, 28)),
		svgEl("text").Class("node-name").Attr("x", 14).Attr("y", 36).Text(scene.Short(n.Name, 22)),
	}
	if n.Finalizers != "" {
		body = append(body, svgEl("text").Class("node-fin").Attr("x", 14).Attr("y", 53).Text(scene.Short("⚑ "+n.Finalizers, 30)))
	}
	if badge := n.badge(); badge != "" {
		w := float64(len(badge))*6.2 + 10
		body = append(body, svgEl("g").Class("badge", "badge-"+statusClass(n.Status)).
			Attr("transform", fmt.Sprintf("translate(%.0f -9)", scene.NodeW-w-6)).Body(
			svgLeaf("rect").Attr("width", w).Attr("height", 17).Attr("rx", 8),
			svgEl("text").Attr("x", w/2).Attr("y", 12.5).Attr("text-anchor", "middle").Text(badge),
		))
	}
	if n.HasDependents {
		label := "−"
		if n.Collapsed {
			label = fmt.Sprintf("+%d", n.HiddenBelow)
		}
		body = append(body, svgEl("g").Class("toggle").DataSet("toggle", n.ID).
			Attr("transform", fmt.Sprintf("translate(%.0f %.0f)", scene.NodeW/2, scene.NodeH)).Body(
			svgEl("title").Text("Collapse or expand the dependents"),
			svgLeaf("rect").Attr("x", -15).Attr("y", -8).Attr("width", 30).Attr("height", 16).Attr("rx", 8),
			svgEl("text").Attr("y", 4).Attr("text-anchor", "middle").Text(label),
		))
	}
	return g.Body(body...)
}

// badge is the short state shown in the node's corner.
func (n *NodeData) badge() string {
	switch {
	case n.Status == scene.Terminating && n.DeletingDependents:
		return "deleting dependents"
	case n.Status == scene.Terminating:
		return "Terminating"
	case n.Status == scene.Virtual:
		return "virtual"
	case n.Status == scene.Absent:
		return "absent owner"
	case n.Stale:
		return "not in API"
	case n.Lag:
		return "GC: not seen"
	}
	return ""
}

func (n *NodeData) describe() string {
	s := n.APIVersion + " " + n.Kind + " " + n.Name
	if n.Namespace != "" {
		s += " in " + n.Namespace
	}
	if b := n.badge(); b != "" {
		s += " (" + b + ")"
	}
	if n.Finalizers != "" {
		s += ", finalizers: " + n.Finalizers
	}
	return s + ", uid " + n.UID
}

func statusClass(s scene.Status) string {
	switch s {
	case scene.Terminating:
		return "terminating"
	case scene.Virtual:
		return "virtual"
	case scene.Absent:
		return "absent"
	}
	return "live"
}

func stateAttr(s scene.Status) string {
	if s == scene.Terminating {
		return "terminating"
	}
	return "live"
}

// kindClass picks a color family for the kind's band.
func kindClass(kind string) string {
	switch kind {
	case "Deployment", "StatefulSet", "DaemonSet", "CronJob":
		return "workload"
	case "ReplicaSet", "ReplicationController", "Job":
		return "controller"
	case "Pod":
		return "pod"
	case "ConfigMap", "Secret":
		return "config"
	case "ClusterRole", "ClusterRoleBinding", "Role", "RoleBinding", "ServiceAccount":
		return "rbac"
	}
	return "other"
}
