package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gcplay/gcplay/app/scene"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

const svgNS = "http://www.w3.org/2000/svg"

// nameRunes is how many runes of a name a node shows (scene.NameRunes).
const nameRunes = scene.NameRunes

// svgEl makes an SVG element: every SVG element needs the namespace, or the browser
// puts it in the DOM without drawing it (go-app#890).
func svgEl(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

// NodeData is what a node shows: plain comparable values, so the canvas can tell an
// unchanged node from a changed one and reuse its markup.
type NodeData struct {
	ID                                string
	APIVersion, Kind, Namespace, Name string
	UID                               string
	Status                            scene.Status
	Object                            bool   // a stored object: carries the data-* contract
	Finalizers                        string // comma-separated
	FinLabel                          string // scene.FinalizerLabel
	Lag, Stale, DeletingDependents    bool
	Selected, Collapsed               bool
	HasDependents                     bool
	HiddenBelow                       int
	HiddenKinds                       string
	FateDiffers                       bool   // compare mode: the object ends differently in the other run
	Ghost                             bool   // compare mode: gone in this run, stored in the other
	Lang                              string // the badge's language
}

func nodeData(n scene.Node, selected, collapsed bool) NodeData {
	return NodeData{ID: n.ID, APIVersion: n.APIVersion, Kind: n.Kind, Namespace: n.Namespace, Name: n.Name,
		UID: string(n.UID), Status: n.Status, Object: n.Object, Finalizers: strings.Join(n.Finalizers, ", "), FinLabel: scene.FinalizerLabel(n.Finalizers, scene.LineEm),
		Lag: n.Lag, Stale: n.Stale, DeletingDependents: n.DeletingDependents, Selected: selected,
		Collapsed: collapsed, HasDependents: n.HasDependents, HiddenBelow: n.HiddenBelow, HiddenKinds: n.HiddenKinds}
}

// asGhost is the node drawn as compare mode's ghost: an object gone in this run, so
// without the status, lag or cascade it has in the other run, whose copy it is.
func (n NodeData) asGhost() NodeData {
	n.Ghost, n.Status, n.Lag, n.DeletingDependents = true, scene.Live, false, false
	return n
}

// markup writes the node as SVG text: the box, kind and namespace, name, finalizers and
// badges. The canvas puts it at its position (nodeWhole), which a layout changes
// without changing this, and parses it through a domList: thousands of nodes as go-app
// elements cost one syscall/js call per attribute, markup costs one parse.
func (n *NodeData) markup(b *strings.Builder) {
	cls := "node st-" + statusClass(n.Status)
	if n.Lag {
		cls += " lag"
	}
	if n.Stale {
		cls += " stale"
	}
	if n.Selected {
		cls += " sel"
	}
	if n.FateDiffers {
		cls += " fate-differs"
	}
	if n.Ghost {
		cls += " ghost"
	}
	fmt.Fprintf(b, `<g class="%s" data-node="%s"`, cls, esc(n.ID))
	if n.Object {
		fmt.Fprintf(b, ` data-kind="%s" data-namespace="%s" data-name="%s" data-uid="%s" data-state="%s" tabindex="0" role="button" aria-label="%s"`,
			esc(n.Kind), esc(n.Namespace), esc(n.Name), esc(n.UID), n.state(), esc(n.describe()))
	}
	kindLine := n.Kind
	if n.Namespace != "" {
		kindLine += " · " + n.Namespace
	}
	fmt.Fprintf(b, `><title>%s</title><rect class="node-box" width="%g" height="%g" rx="7"/>`, esc(n.describe()), scene.NodeW, scene.NodeH)
	fmt.Fprintf(b, `<rect class="node-band k-%s" width="6" height="%g" rx="3"/>`, kindClass(n.Kind), scene.NodeH)
	fmt.Fprintf(b, `<text class="node-kind" x="14" y="17">%s</text><text class="node-name" x="14" y="36">%s</text>`,
		esc(scene.ShortEm(kindLine, scene.LineEm)), esc(scene.ShortMiddle(n.Name, nameRunes)))
	if n.Finalizers != "" {
		fmt.Fprintf(b, `<text class="node-fin" x="14" y="53"><title>finalizers: %s</title>%s</text>`, esc(n.Finalizers), esc(n.FinLabel))
	}
	if badge := tr(n.Lang, n.badge()); badge != "" {
		w := textWidth(badge, 6.2) + 10
		fmt.Fprintf(b, `<g class="badge badge-%s" transform="translate(%.0f -9)"><rect width="%g" height="17" rx="8"/><text x="%g" y="12.5" text-anchor="middle">%s</text></g>`,
			n.badgeClass(), scene.NodeW-w-6, w, w/2, esc(badge))
	}
	if n.HasDependents {
		label, w := "−", 30.0
		if n.Collapsed {
			label = toggleLabel(n.HiddenBelow, n.HiddenKinds)
			w = max(w, float64(len([]rune(label)))*6.6+14) // the folded count by kind: "+480 Pods"
		}
		fmt.Fprintf(b, `<g class="toggle" data-toggle="%s" transform="translate(%g %g)"><title>%s</title><rect x="%g" y="-8" width="%g" height="16" rx="8"/><text y="4" text-anchor="middle">%s</text></g>`,
			esc(n.ID), scene.NodeW/2, scene.NodeH, esc(tr(n.Lang, "Collapse or expand the dependents")), -w/2, w, esc(label))
	}
	b.WriteString("</g>")
}

// nodeMarkup is one node's markup at its position (tests).
func nodeMarkup(n scene.Node, selected, collapsed bool) string {
	return nodeWhole(keyedMarkup{markup: nodeData(n, selected, collapsed).text(), attr: translate([2]float64{n.X, n.Y})})
}

// nodeWhole puts a node's markup at its position: the graph's nodes list's whole.
func nodeWhole(r keyedMarkup) string { return `<g transform="` + r.attr + `">` + r.markup + `</g>` }

// translate is a node's position as a transform.
func translate(pos [2]float64) string {
	return "translate(" + strconv.FormatFloat(pos[0], 'f', 0, 64) + " " + strconv.FormatFloat(pos[1], 'f', 0, 64) + ")"
}

// text is the node's markup as a string.
func (n NodeData) text() string {
	var b strings.Builder
	n.markup(&b)
	return b.String()
}

// textWidth estimates a badge's text width: ascii wide per ASCII character, about twice
// that per CJK character.
func textWidth(s string, ascii float64) float64 {
	w := 0.0
	for _, r := range s {
		if r < 0x80 {
			w += ascii
		} else {
			w += 1.8 * ascii
		}
	}
	return w
}

// badge is the short state shown in the node's corner, in English (tr translates it).
func (n *NodeData) badge() string {
	switch {
	case n.Ghost:
		return "gone here"
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
		return "GC: catching up"
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

// state is the node's data-state: a ghost is "gone" (compare mode).
func (n *NodeData) state() string {
	switch {
	case n.Ghost:
		return "gone"
	case n.Status == scene.Terminating:
		return "terminating"
	}
	return "live"
}

// badgeClass colours the badge: by status, a ghost's as a ghost.
func (n *NodeData) badgeClass() string {
	if n.Ghost {
		return "ghost"
	}
	return statusClass(n.Status)
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
