package workspace

import (
	"embed"
	"fmt"
	"path"
	"strings"
	"sync"
)

//go:embed examples/*.yaml
var exampleFiles embed.FS

// Example is a built-in scenario to start from.
type Example struct {
	ID    string // stable: saved workspaces and links refer to it
	Title string
	// Purpose says in one line what the example shows.
	Purpose string
	// Try is the first thing to do, shown when the example opens: it names the object,
	// the action and the rule to watch.
	Try string
	// About is the file's header comment, in words.
	About  string
	Source []byte
}

// exampleText is what the menu and the opening banner say of each example.
var exampleText = map[string]struct{ title, purpose, try string }{
	"deployment": {"Deployment → ReplicaSet → Pods",
		"Three levels of owners, as a Deployment controller leaves them; compare the three policies on it.",
		"Select Deployment web, pick Foreground, press Delete, then Step: web stays Terminating until ReplicaSet web-7c9f and its Pods are gone (FG-1)."},
	"configmap-family": {"A ConfigMap family",
		"A dependent with two owners lives while one of them does.",
		"Select ConfigMap parent-a, press Delete (Background), then Run until idle: child-a goes, shared stays because parent-b still owns it (DEL-9a)."},
	"cycle": {"An ownership cycle",
		"Three ConfigMaps that own each other in a ring: nothing is collected while all live.",
		"Select ConfigMap a, pick Foreground, press Delete, then Step: watch foregroundDeletion travel round the cycle (FG-3)."},
	"cluster-scoped-owner": {"A cluster-scoped owner",
		"A ClusterRole may own namespaced and cluster-scoped objects alike.",
		"Select ClusterRole operator, press Delete (Background), then Run until idle: both dependents are collected (XNS-1)."},
	"foreground-stuck": {"Foreground deletion stuck on a finalizer",
		"A finalizer nobody removes holds a Foreground deletion forever.",
		"Press Run until idle: owner stays Terminating (FG-1). Then select ConfigMap blocker, remove example.com/hold and Step on."},
	"cross-namespace": {"A cross-namespace reference",
		"An ownerReference has no namespace: an owner in another namespace is never found.",
		"Press Run until idle: Secret stray in namespace a is deleted with an OwnerRefInvalidNamespace event, valid in b stays (GB-9a)."},
	"notready-node": {"NotReady node holds a Foreground delete",
		"A Pod on a stopped node stays Terminating, and its owners deleted in the Foreground wait behind it.",
		"Select Deployment web, pick Foreground, press Delete, Run until idle: Pod web-z882z7k-a holds it (KUBELET-2). Then click node-a under the graph."},
	"namespace-stuck": {"Namespace stuck on a finalizer",
		"Deleting a Namespace waits for every finalizer of its content.",
		"Select Namespace team, press Delete, Run until idle: team stays Terminating behind ConfigMap settings (NS-3). Remove its finalizer in the Inspector."},
	"cross-namespace-1.16": {"Kubernetes 1.16: a restart and a cross-namespace reference",
		"The incident of issue #65200: after a controller-manager restart, 1.16 deletes valid dependents.",
		"Run until idle: nothing happens. Then press Restart controller-manager under graphChanges and Run until idle: child-1 and child-2 in b are deleted (V-2a, SYNC-7)."},
	"cluster-scoped-dependent-1.16": {"Kubernetes 1.16: a cluster-scoped dependent",
		"A ClusterRole that names a namespaced owner is deleted under 1.16, kept today.",
		"Press Run until idle: ClusterRole app-reader is deleted although ConfigMap app exists (V-3c). Compare with today's rules, where it stays (XNS-3)."},
	"broken-resource-1.16": {"Kubernetes 1.16: a broken resource type",
		"One kind whose monitor never syncs stops all garbage collection before v1.32.",
		"Select ConfigMap owner, press Delete (Background), then Run until idle: dependent stays, the workers wait for Widget forever (V-5a). Compare with kubernetes=1.33 (SYNC-4)."},
	"new-owner-race-1.33": {"Kubernetes 1.33: the new-owner race",
		"A dependent adopted between the GC's read and its DELETE is deleted anyway before v1.34 (#114603).",
		"Delete ConfigMap old-owner, press Event, Graph change, Read item; give dependent the owner new-owner in the Console, then Delete item: it is deleted (V-6a)."},
	"blank": {"Blank canvas",
		"Nothing yet: build your own owners and dependents.",
		"Open the Create tab: make an owner ConfigMap, then a dependent that names it, and delete the owner."},
}

// DefaultExample is the example a first visit opens.
const DefaultExample = "deployment"

// Examples returns the built-in examples in menu order. The page lists them at every
// render, so they are read once; callers must not change them.
var Examples = sync.OnceValue(readExamples)

func readExamples() []Example {
	entries, err := exampleFiles.ReadDir("examples")
	if err != nil {
		panic(err) // embedded at build time
	}
	var out []Example
	for _, e := range entries {
		src, err := exampleFiles.ReadFile(path.Join("examples", e.Name()))
		if err != nil {
			panic(err)
		}
		id := strings.TrimSuffix(e.Name(), ".yaml")
		if i := strings.IndexByte(id, '-'); i >= 0 {
			id = id[i+1:] // drop the ordering prefix
		}
		t := exampleText[id]
		out = append(out, Example{ID: id, Title: t.title, Purpose: t.purpose, Try: t.try, About: headerComment(src), Source: src})
	}
	return out
}

// OpenExample starts a workspace from the built-in example with that id.
func OpenExample(id string) (*Workspace, Example, error) {
	ex, ok := ExampleByID(id)
	if !ok {
		return nil, ex, fmt.Errorf("no example %q", id)
	}
	w, err := New(ex.ID, ex.Source)
	return w, ex, err
}

// ExampleByID returns the example with that id.
func ExampleByID(id string) (Example, bool) {
	for _, e := range Examples() {
		if e.ID == id {
			return e, true
		}
	}
	return Example{}, false
}

// headerComment joins the leading comment lines of a YAML file.
func headerComment(src []byte) string {
	var lines []string
	for _, l := range strings.Split(string(src), "\n") {
		if !strings.HasPrefix(l, "#") {
			break
		}
		lines = append(lines, strings.TrimSpace(strings.TrimPrefix(l, "#")))
	}
	return strings.Join(lines, " ")
}
