package ui

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/scene"
)

// TestGraphNodeLongNamesAndFinalizers: a family of long names stays distinguishable (the
// end is kept), the full name is on hover, and every finalizer counts (issue 11).
func TestGraphNodeLongNamesAndFinalizers(t *testing.T) {
	seen := map[string]string{}
	for _, n := range []struct{ kind, name string }{
		{"Deployment", "coredns-autoscaler-windows"},
		{"ReplicaSet", "coredns-autoscaler-windows-7c9f"},
		{"Pod", "coredns-autoscaler-windows-7c9f-x2x"},
	} {
		html := nodeMarkup(scene.Node{ID: n.name, APIVersion: "v1", Kind: n.kind, Namespace: "kube-system", Name: n.name, UID: "u",
			Object: true, Finalizers: []string{"example.com/a", "example.com/b", "example.com/c"}}, false, false)
		start := strings.Index(html, `class="node-name"`)
		label := html[strings.Index(html[start:], ">")+start+1:]
		label = label[:strings.Index(label, "<")]
		if len([]rune(label)) > nameRunes {
			t.Errorf("%s: label %q is longer than %d", n.name, label, nameRunes)
		}
		if prev, dup := seen[label]; dup {
			t.Errorf("%s and %s both read %q", prev, n.name, label)
		}
		seen[label] = n.name
		if !strings.HasSuffix(label, n.name[len(n.name)-6:]) {
			t.Errorf("%s: label %q hides the name's end", n.name, label)
		}
		mustContain(t, html, "<title>v1 "+n.kind+" "+n.name, "+2 more", "<title>finalizers: example.com/a, example.com/b, example.com/c</title>")
	}
}

func TestShortMiddle(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 22, "short"},
		{"coredns-autoscaler-windows-7c9f-x2x", 22, "coredns-…dows-7c9f-x2x"},
		{"abcdef", 5, "a…def"},
	} {
		if got := scene.ShortMiddle(tc.in, tc.n); got != tc.want {
			t.Errorf("ShortMiddle(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}

// TestGhostNode: compare mode's ghost (an object gone in this run, stored in the other)
// is drawn with the object's data-* contract, data-state="gone" and its own badge, in
// place of the lag and status it had in the other run.
func TestGhostNode(t *testing.T) {
	d := nodeData(scene.Node{ID: "u", APIVersion: "v1", Kind: "ConfigMap", Namespace: "default", Name: "child-a", UID: "u",
		Object: true, Status: scene.Terminating, Lag: true}, false, false)
	d = d.asGhost()
	d.Lang = "zh-CN"
	mustContain(t, d.text(), `class="node st-live ghost"`, `data-name="child-a"`, `data-state="gone"`, `badge-ghost`, "此处已不存在")
}
