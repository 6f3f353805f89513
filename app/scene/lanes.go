package scene

import (
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/cluster"
	"k8s.io/apimachinery/pkg/types"
)

// Lane is one Node of the node lane (issue 15) with the Pods bound to it.
type Lane struct {
	Name string
	// UID is the Node's ("" for a node that Pods name but nothing stores: no kubelet
	// runs for it, KUBELET-3).
	UID   types.UID
	Ready bool
	Pods  []*gccore.Object // the stored Pods: never to be changed
}

// Lanes lays out the Nodes of objs (sorted, as Sim.Objects gives them) with the Pods
// whose spec.nodeName names them; a node that only Pods name comes last, absent. Without
// Nodes or bound Pods there is no lane.
func Lanes(objs []*gccore.Object) []Lane {
	var lanes []Lane
	at := map[string]int{}
	for _, o := range objs {
		if o.APIVersion == "v1" && o.Kind == "Node" {
			at[o.Name] = len(lanes)
			lanes = append(lanes, Lane{Name: o.Name, UID: o.UID, Ready: cluster.NodeReady(o)})
		}
	}
	for _, o := range objs {
		if o.APIVersion != "v1" || o.Kind != "Pod" {
			continue
		}
		spec, _ := o.Content["spec"].(map[string]any)
		node, _ := spec["nodeName"].(string)
		if node == "" {
			continue
		}
		i, ok := at[node]
		if !ok {
			i = len(lanes)
			at[node] = i
			lanes = append(lanes, Lane{Name: node})
		}
		lanes[i].Pods = append(lanes[i].Pods, o)
	}
	return lanes
}
