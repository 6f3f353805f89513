package kubectl

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/gcplay/gcplay/gccore"
	"k8s.io/apimachinery/pkg/util/duration"
)

// column is one column of a `get` table after NAME. Cells come from the stored object:
// gcplay runs no controllers and no kubelet, so status fields hold what the scenario
// wrote, or the zero a real object would show before any controller acted.
type column struct {
	name string
	wide bool // only with -o wide
	cell func(o *gccore.Object, now int64) string
}

var ageColumn = column{name: "AGE", cell: func(o *gccore.Object, now int64) string { return age(now - tickOf(o.CreationTimestamp.Time)) }}

// workloadWide are the -o wide columns of the kinds that hold a pod template.
func workloadWide(template ...string) []column {
	return []column{
		{name: "CONTAINERS", wide: true, cell: func(o *gccore.Object, _ int64) string { return containers(o, "name", template) }},
		{name: "IMAGES", wide: true, cell: func(o *gccore.Object, _ int64) string { return containers(o, "image", template) }},
		{name: "SELECTOR", wide: true, cell: func(o *gccore.Object, _ int64) string { return selector(o) }},
	}
}

var podTemplate = []string{"spec", "template", "spec", "containers"}

// columnsByPlural are the table columns of the kinds whose kubectl table has more than
// NAME and AGE, in kubectl's order. Other kinds (custom ones too) print NAME and AGE.
var columnsByPlural = map[string][]column{
	"pods": {
		{name: "READY", cell: func(o *gccore.Object, _ int64) string {
			ready := 0
			for _, c := range list(o, "status", "containerStatuses") {
				if m, _ := c.(map[string]any); m != nil && m["ready"] == true {
					ready++
				}
			}
			return fmt.Sprintf("%d/%d", ready, len(list(o, "spec", "containers")))
		}},
		{name: "STATUS", cell: podStatus},
		{name: "RESTARTS", cell: func(o *gccore.Object, _ int64) string {
			var n int64
			for _, c := range list(o, "status", "containerStatuses") {
				if m, _ := c.(map[string]any); m != nil {
					n += toInt(m["restartCount"])
				}
			}
			return fmt.Sprint(n)
		}},
		ageColumn,
		{name: "IP", wide: true, cell: func(o *gccore.Object, _ int64) string { return str(o, "status", "podIP") }},
		{name: "NODE", wide: true, cell: func(o *gccore.Object, _ int64) string { return str(o, "spec", "nodeName") }},
		{name: "NOMINATED NODE", wide: true, cell: func(o *gccore.Object, _ int64) string { return str(o, "status", "nominatedNodeName") }},
		{name: "READINESS GATES", wide: true, cell: func(o *gccore.Object, _ int64) string { return "<none>" }},
	},
	"services": {
		{name: "TYPE", cell: func(o *gccore.Object, _ int64) string { return strOr(o, "ClusterIP", "spec", "type") }},
		{name: "CLUSTER-IP", cell: func(o *gccore.Object, _ int64) string { return str(o, "spec", "clusterIP") }},
		{name: "EXTERNAL-IP", cell: func(o *gccore.Object, _ int64) string { return "<none>" }},
		{name: "PORT(S)", cell: func(o *gccore.Object, _ int64) string {
			var ports []string
			for _, p := range list(o, "spec", "ports") {
				if m, _ := p.(map[string]any); m != nil {
					proto, _ := m["protocol"].(string)
					if proto == "" {
						proto = "TCP"
					}
					ports = append(ports, fmt.Sprintf("%d/%s", toInt(m["port"]), proto))
				}
			}
			return orNone(strings.Join(ports, ","))
		}},
		ageColumn,
		{name: "SELECTOR", wide: true, cell: func(o *gccore.Object, _ int64) string { return labelList(mapAt(o, "spec", "selector")) }},
	},
	"deployments": append([]column{
		{name: "READY", cell: func(o *gccore.Object, _ int64) string {
			return fmt.Sprintf("%d/%d", num(o, "status", "readyReplicas"), replicas(o))
		}},
		{name: "UP-TO-DATE", cell: numCell("status", "updatedReplicas")},
		{name: "AVAILABLE", cell: numCell("status", "availableReplicas")},
		ageColumn,
	}, workloadWide(podTemplate...)...),
	"replicasets":            replicaSetColumns,
	"replicationcontrollers": replicaSetColumns,
	"statefulsets": append([]column{
		{name: "READY", cell: func(o *gccore.Object, _ int64) string {
			return fmt.Sprintf("%d/%d", num(o, "status", "readyReplicas"), replicas(o))
		}},
		ageColumn,
	}, workloadWide(podTemplate...)[:2]...),
	"daemonsets": append([]column{
		{name: "DESIRED", cell: numCell("status", "desiredNumberScheduled")},
		{name: "CURRENT", cell: numCell("status", "currentNumberScheduled")},
		{name: "READY", cell: numCell("status", "numberReady")},
		{name: "UP-TO-DATE", cell: numCell("status", "updatedNumberScheduled")},
		{name: "AVAILABLE", cell: numCell("status", "numberAvailable")},
		{name: "NODE SELECTOR", cell: func(o *gccore.Object, _ int64) string {
			return labelList(mapAt(o, "spec", "template", "spec", "nodeSelector"))
		}},
		ageColumn,
	}, workloadWide(podTemplate...)...),
	"jobs": append([]column{
		{name: "STATUS", cell: jobStatus},
		{name: "COMPLETIONS", cell: func(o *gccore.Object, _ int64) string {
			completions := int64(1)
			if _, ok := field(o, "spec", "completions"); ok {
				completions = num(o, "spec", "completions")
			}
			return fmt.Sprintf("%d/%d", num(o, "status", "succeeded"), completions)
		}},
		{name: "DURATION", cell: func(o *gccore.Object, _ int64) string { return "<none>" }},
		ageColumn,
	}, workloadWide(podTemplate...)...),
	"cronjobs": append([]column{
		{name: "SCHEDULE", cell: func(o *gccore.Object, _ int64) string { return str(o, "spec", "schedule") }},
		{name: "TIMEZONE", cell: func(o *gccore.Object, _ int64) string { return str(o, "spec", "timeZone") }},
		{name: "SUSPEND", cell: func(o *gccore.Object, _ int64) string {
			if v, _ := field(o, "spec", "suspend"); v == true {
				return "True"
			}
			return "False"
		}},
		{name: "ACTIVE", cell: func(o *gccore.Object, _ int64) string { return fmt.Sprint(len(list(o, "status", "active"))) }},
		{name: "LAST SCHEDULE", cell: func(o *gccore.Object, _ int64) string { return "<none>" }},
		ageColumn,
	}, workloadWide("spec", "jobTemplate", "spec", "template", "spec", "containers")...),
	"configmaps": {
		{name: "DATA", cell: func(o *gccore.Object, _ int64) string {
			return fmt.Sprint(len(mapAt(o, "data")) + len(mapAt(o, "binaryData")))
		}},
		ageColumn,
	},
	"secrets": {
		{name: "TYPE", cell: func(o *gccore.Object, _ int64) string { return strOr(o, "Opaque", "type") }},
		{name: "DATA", cell: func(o *gccore.Object, _ int64) string {
			return fmt.Sprint(len(mapAt(o, "data")) + len(mapAt(o, "stringData")))
		}},
		ageColumn,
	},
	"serviceaccounts": {
		{name: "SECRETS", cell: func(o *gccore.Object, _ int64) string { return fmt.Sprint(len(list(o, "secrets"))) }},
		ageColumn,
	},
	"namespaces": {
		{name: "STATUS", cell: func(o *gccore.Object, _ int64) string {
			if o.Terminating() {
				return "Terminating"
			}
			return strOr(o, "Active", "status", "phase")
		}},
		ageColumn,
	},
	"persistentvolumeclaims": {
		{name: "STATUS", cell: func(o *gccore.Object, _ int64) string { return strOr(o, "Pending", "status", "phase") }},
		{name: "VOLUME", cell: func(o *gccore.Object, _ int64) string { return strOr(o, "", "spec", "volumeName") }},
		{name: "CAPACITY", cell: func(o *gccore.Object, _ int64) string { return strOr(o, "", "status", "capacity", "storage") }},
		{name: "ACCESS MODES", cell: accessModes},
		{name: "STORAGECLASS", cell: func(o *gccore.Object, _ int64) string { return str(o, "spec", "storageClassName") }},
		{name: "VOLUMEATTRIBUTESCLASS", cell: func(o *gccore.Object, _ int64) string { return str(o, "spec", "volumeAttributesClassName") }},
		ageColumn,
		{name: "VOLUMEMODE", wide: true, cell: func(o *gccore.Object, _ int64) string { return strOr(o, "Filesystem", "spec", "volumeMode") }},
	},
	"persistentvolumes": {
		{name: "CAPACITY", cell: func(o *gccore.Object, _ int64) string { return strOr(o, "", "spec", "capacity", "storage") }},
		{name: "ACCESS MODES", cell: accessModes},
		{name: "RECLAIM POLICY", cell: func(o *gccore.Object, _ int64) string {
			return strOr(o, "Retain", "spec", "persistentVolumeReclaimPolicy")
		}},
		{name: "STATUS", cell: func(o *gccore.Object, _ int64) string { return strOr(o, "Pending", "status", "phase") }},
		{name: "CLAIM", cell: func(o *gccore.Object, _ int64) string {
			ns, name := strOr(o, "", "spec", "claimRef", "namespace"), strOr(o, "", "spec", "claimRef", "name")
			if name == "" {
				return ""
			}
			return ns + "/" + name
		}},
		{name: "STORAGECLASS", cell: func(o *gccore.Object, _ int64) string { return strOr(o, "", "spec", "storageClassName") }},
		{name: "VOLUMEATTRIBUTESCLASS", cell: func(o *gccore.Object, _ int64) string { return str(o, "spec", "volumeAttributesClassName") }},
		{name: "REASON", cell: func(o *gccore.Object, _ int64) string { return strOr(o, "", "status", "reason") }},
		ageColumn,
		{name: "VOLUMEMODE", wide: true, cell: func(o *gccore.Object, _ int64) string { return strOr(o, "Filesystem", "spec", "volumeMode") }},
	},
}

var replicaSetColumns = append([]column{
	{name: "DESIRED", cell: func(o *gccore.Object, _ int64) string { return fmt.Sprint(replicas(o)) }},
	{name: "CURRENT", cell: numCell("status", "replicas")},
	{name: "READY", cell: numCell("status", "readyReplicas")},
	ageColumn,
}, workloadWide(podTemplate...)...)

// gcColumns are gcplay's additions to -o wide: what the garbage collector acts on.
var gcColumns = []column{
	{name: "OWNERS", wide: true, cell: func(o *gccore.Object, _ int64) string {
		var owners []string
		for _, r := range o.OwnerReferences {
			owners = append(owners, typeNameOf(r.APIVersion, r.Kind)+"/"+r.Name)
		}
		return orNone(strings.Join(owners, ","))
	}},
	{name: "FINALIZERS", wide: true, cell: func(o *gccore.Object, _ int64) string { return orNone(strings.Join(o.Finalizers, ",")) }},
}

func columnsFor(r resource) []column {
	cols, ok := columnsByPlural[r.plural]
	if !ok || r.gvk.Group != groupOfBuiltin(r.plural) {
		cols = []column{ageColumn}
	}
	return append(append([]column(nil), cols...), gcColumns...)
}

// groupOfBuiltin is the group of the built-in kinds columnsByPlural describes, so that
// a custom kind with the same plural in another group prints NAME and AGE.
func groupOfBuiltin(plural string) string {
	switch plural {
	case "deployments", "replicasets", "statefulsets", "daemonsets":
		return "apps"
	case "jobs", "cronjobs":
		return "batch"
	}
	return ""
}

func podStatus(o *gccore.Object, _ int64) string {
	if o.Terminating() {
		return "Terminating"
	}
	if r := strOr(o, "", "status", "reason"); r != "" {
		return r
	}
	// The API server sets phase Pending when it stores a pod; nothing here schedules it.
	return strOr(o, "Pending", "status", "phase")
}

func jobStatus(o *gccore.Object, _ int64) string {
	for _, c := range list(o, "status", "conditions") {
		m, _ := c.(map[string]any)
		if m == nil || m["status"] != "True" {
			continue
		}
		switch t, _ := m["type"].(string); t {
		case "Complete", "Failed", "Suspended":
			return t
		}
	}
	if o.Terminating() {
		return "Terminating"
	}
	return "Running"
}

func accessModes(o *gccore.Object, _ int64) string {
	short := map[string]string{"ReadWriteOnce": "RWO", "ReadOnlyMany": "ROX", "ReadWriteMany": "RWX", "ReadWriteOncePod": "RWOP"}
	var out []string
	for _, m := range list(o, "spec", "accessModes") {
		s, _ := m.(string)
		if v, ok := short[s]; ok {
			s = v
		}
		out = append(out, s)
	}
	return strings.Join(out, ",")
}

// replicas is spec.replicas, 1 when unset (the API server's default).
func replicas(o *gccore.Object) int64 {
	if _, ok := field(o, "spec", "replicas"); !ok {
		return 1
	}
	return num(o, "spec", "replicas")
}

func numCell(path ...string) func(*gccore.Object, int64) string {
	return func(o *gccore.Object, _ int64) string { return fmt.Sprint(num(o, path...)) }
}

func containers(o *gccore.Object, key string, path []string) string {
	var out []string
	for _, c := range list(o, path...) {
		if m, _ := c.(map[string]any); m != nil {
			s, _ := m[key].(string)
			out = append(out, s)
		}
	}
	return orNone(strings.Join(out, ","))
}

// selector is spec.selector: matchLabels of a label selector, or a plain map (a
// ReplicationController's).
func selector(o *gccore.Object) string {
	sel := mapAt(o, "spec", "selector")
	if ml, ok := sel["matchLabels"].(map[string]any); ok {
		return labelList(ml)
	}
	if _, ok := sel["matchExpressions"]; ok {
		return "<expressions>"
	}
	return labelList(sel)
}

// labelList prints a string map as k=v,... in key order, "<none>" when empty.
func labelList[V any](m map[string]V) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		keys[i] = fmt.Sprintf("%s=%v", k, m[k])
	}
	return orNone(strings.Join(keys, ","))
}

// field walks the object's content (spec, status, data...) along path.
func field(o *gccore.Object, path ...string) (any, bool) {
	var v any = o.Content
	for _, p := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[p]; !ok {
			return nil, false
		}
	}
	return v, true
}

func mapAt(o *gccore.Object, path ...string) map[string]any {
	v, _ := field(o, path...)
	m, _ := v.(map[string]any)
	return m
}

func list(o *gccore.Object, path ...string) []any {
	v, _ := field(o, path...)
	l, _ := v.([]any)
	return l
}

// str is a string field, "<none>" when unset or empty.
func str(o *gccore.Object, path ...string) string { return orNone(strOr(o, "", path...)) }

func strOr(o *gccore.Object, def string, path ...string) string {
	v, _ := field(o, path...)
	switch s := v.(type) {
	case string:
		if s != "" {
			return s
		}
	case nil:
	default:
		return fmt.Sprint(s)
	}
	return def
}

func num(o *gccore.Object, path ...string) int64 {
	v, _ := field(o, path...)
	return toInt(v)
}

// toInt reads a number however the YAML/JSON decoder stored it.
func toInt(v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case int:
		return int64(n)
	case int32:
		return int64(n)
	case float64:
		return int64(n)
	}
	return 0
}

func orNone(s string) string {
	if s == "" {
		return "<none>"
	}
	return s
}

// tickOf is the tick a timestamp was taken at: tick t is gccore.Epoch + t seconds.
func tickOf(t time.Time) int64 { return t.Unix() - gccore.Epoch.Unix() }

// age prints a number of ticks (simulated seconds) as kubectl prints an age.
func age(ticks int64) string {
	if ticks < 0 {
		ticks = 0
	}
	return duration.HumanDuration(time.Duration(ticks) * time.Second)
}
