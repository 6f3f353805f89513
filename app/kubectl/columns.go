package kubectl

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gcplay/gcplay/gccore"
)

// column is one column of a `get` table after NAME. Cells come from the stored object:
// gcplay runs no controllers and no kubelet, so status fields hold what the scenario
// wrote, or the zero a real object shows before any controller acted. The columns are
// data, not code, to keep app.wasm small.
type column struct {
	name string
	wide bool // only with -o wide
	// from says where the cell comes from: a dotted path into the object's content
	// ("status.readyReplicas"), or "=" and a computation (see cell).
	from string
	def  string // printed when the field is unset
}

const (
	tmplContainers = "spec.template.spec.containers"
	cronContainers = "spec.jobTemplate.spec.template.spec.containers"
)

// kindColumns are the table columns of the kinds whose kubectl table has more than NAME
// and AGE, in kubectl's order. Other kinds (custom ones too) print NAME and AGE.
var kindColumns = []struct {
	group, plural string
	cols          []column
}{
	{"", "pods", []column{{name: "READY", from: "=pod-ready"}, {name: "STATUS", from: "=terminating:status.reason|status.phase", def: "Pending"},
		{name: "RESTARTS", from: "=sum:status.containerStatuses.restartCount"}, {name: "AGE", from: "=age"},
		{name: "IP", wide: true, from: "status.podIP", def: "<none>"}, {name: "NODE", wide: true, from: "spec.nodeName", def: "<none>"},
		{name: "NOMINATED NODE", wide: true, from: "status.nominatedNodeName", def: "<none>"},
		{name: "READINESS GATES", wide: true, def: "<none>"}}},
	{"", "services", []column{{name: "TYPE", from: "spec.type", def: "ClusterIP"}, {name: "CLUSTER-IP", from: "spec.clusterIP", def: "<none>"},
		{name: "EXTERNAL-IP", def: "<none>"}, {name: "PORT(S)", from: "=ports"}, {name: "AGE", from: "=age"},
		{name: "SELECTOR", wide: true, from: "=labels:spec.selector"}}},
	{"apps", "deployments", []column{{name: "READY", from: "=ratio:status.readyReplicas,spec.replicas"}, {name: "UP-TO-DATE", from: "status.updatedReplicas", def: "0"},
		{name: "AVAILABLE", from: "status.availableReplicas", def: "0"}, {name: "AGE", from: "=age"},
		{name: "CONTAINERS", wide: true, from: "=each:" + tmplContainers + ".name"}, {name: "IMAGES", wide: true, from: "=each:" + tmplContainers + ".image"},
		{name: "SELECTOR", wide: true, from: "=selector"}}},
	{"apps", "replicasets", replicaSetColumns},
	{"", "replicationcontrollers", replicaSetColumns},
	{"apps", "statefulsets", []column{{name: "READY", from: "=ratio:status.readyReplicas,spec.replicas"}, {name: "AGE", from: "=age"},
		{name: "CONTAINERS", wide: true, from: "=each:" + tmplContainers + ".name"}, {name: "IMAGES", wide: true, from: "=each:" + tmplContainers + ".image"}}},
	{"apps", "daemonsets", []column{{name: "DESIRED", from: "status.desiredNumberScheduled", def: "0"},
		{name: "CURRENT", from: "status.currentNumberScheduled", def: "0"}, {name: "READY", from: "status.numberReady", def: "0"},
		{name: "UP-TO-DATE", from: "status.updatedNumberScheduled", def: "0"}, {name: "AVAILABLE", from: "status.numberAvailable", def: "0"},
		{name: "NODE SELECTOR", from: "=labels:spec.template.spec.nodeSelector"}, {name: "AGE", from: "=age"},
		{name: "CONTAINERS", wide: true, from: "=each:" + tmplContainers + ".name"}, {name: "IMAGES", wide: true, from: "=each:" + tmplContainers + ".image"},
		{name: "SELECTOR", wide: true, from: "=selector"}}},
	{"batch", "jobs", []column{{name: "STATUS", from: "=job-status"}, {name: "COMPLETIONS", from: "=ratio:status.succeeded,spec.completions"},
		{name: "DURATION", def: "<none>"}, {name: "AGE", from: "=age"},
		{name: "CONTAINERS", wide: true, from: "=each:" + tmplContainers + ".name"}, {name: "IMAGES", wide: true, from: "=each:" + tmplContainers + ".image"},
		{name: "SELECTOR", wide: true, from: "=selector"}}},
	{"batch", "cronjobs", []column{{name: "SCHEDULE", from: "spec.schedule", def: "<none>"}, {name: "TIMEZONE", from: "spec.timeZone", def: "<none>"},
		{name: "SUSPEND", from: "=capital:spec.suspend", def: "False"}, {name: "ACTIVE", from: "=count:status.active"}, {name: "LAST SCHEDULE", def: "<none>"},
		{name: "AGE", from: "=age"},
		{name: "CONTAINERS", wide: true, from: "=each:" + cronContainers + ".name"}, {name: "IMAGES", wide: true, from: "=each:" + cronContainers + ".image"},
		{name: "SELECTOR", wide: true, from: "=selector"}}},
	{"", "configmaps", []column{{name: "DATA", from: "=count:data,binaryData"}, {name: "AGE", from: "=age"}}},
	{"", "secrets", []column{{name: "TYPE", from: "type", def: "Opaque"}, {name: "DATA", from: "=count:data,stringData"}, {name: "AGE", from: "=age"}}},
	{"", "serviceaccounts", []column{{name: "SECRETS", from: "=count:secrets"}, {name: "AGE", from: "=age"}}},
	{"", "namespaces", []column{{name: "STATUS", from: "=terminating:status.phase", def: "Active"}, {name: "AGE", from: "=age"}}},
	{"", "persistentvolumeclaims", []column{{name: "STATUS", from: "status.phase", def: "Pending"}, {name: "VOLUME", from: "spec.volumeName"},
		{name: "CAPACITY", from: "status.capacity.storage"}, {name: "ACCESS MODES", from: "=access-modes:spec.accessModes"},
		{name: "STORAGECLASS", from: "spec.storageClassName", def: "<none>"},
		{name: "VOLUMEATTRIBUTESCLASS", from: "spec.volumeAttributesClassName", def: "<none>"}, {name: "AGE", from: "=age"},
		{name: "VOLUMEMODE", wide: true, from: "spec.volumeMode", def: "Filesystem"}}},
	{"", "persistentvolumes", []column{{name: "CAPACITY", from: "spec.capacity.storage"}, {name: "ACCESS MODES", from: "=access-modes:spec.accessModes"},
		{name: "RECLAIM POLICY", from: "spec.persistentVolumeReclaimPolicy", def: "Retain"},
		{name: "STATUS", from: "status.phase", def: "Pending"}, {name: "CLAIM", from: "=claim"},
		{name: "STORAGECLASS", from: "spec.storageClassName"}, {name: "VOLUMEATTRIBUTESCLASS", from: "spec.volumeAttributesClassName", def: "<none>"},
		{name: "REASON", from: "status.reason"}, {name: "AGE", from: "=age"},
		{name: "VOLUMEMODE", wide: true, from: "spec.volumeMode", def: "Filesystem"}}},
}

var replicaSetColumns = []column{{name: "DESIRED", from: "spec.replicas", def: "1"}, {name: "CURRENT", from: "status.replicas", def: "0"},
	{name: "READY", from: "status.readyReplicas", def: "0"}, {name: "AGE", from: "=age"},
	{name: "CONTAINERS", wide: true, from: "=each:" + tmplContainers + ".name"}, {name: "IMAGES", wide: true, from: "=each:" + tmplContainers + ".image"},
	{name: "SELECTOR", wide: true, from: "=selector"}}

// gcColumns are gcplay's additions to -o wide: what the garbage collector acts on.
var gcColumns = []column{{name: "OWNERS", wide: true, from: "=owners"}, {name: "FINALIZERS", wide: true, from: "=finalizers"}}

func columnsFor(r resource) []column {
	cols := []column{{name: "AGE", from: "=age"}}
	for _, k := range kindColumns {
		if k.plural == r.plural && k.group == r.gvk.Group {
			cols = k.cols
		}
	}
	return append(append([]column(nil), cols...), gcColumns...)
}

// cell prints one column of o at tick now.
func cell(o *gccore.Object, c column, now int64) string {
	calc, ok := strings.CutPrefix(c.from, "=")
	if !ok {
		return orDefault(text(field(o, c.from)), c.def)
	}
	calc, arg, _ := strings.Cut(calc, ":")
	var out string
	if f := cellCalcs[calc]; f != nil {
		var final bool
		if out, final = f(o, arg, now); final {
			return out
		}
	}
	return orDefault(out, c.def)
}

// cellCalc computes a calculated column ("=calc:arg"); final is set when its value
// stands as it is, without the column's default.
type cellCalc func(o *gccore.Object, arg string, now int64) (out string, final bool)

// cellCalcs are the calculated columns, by name.
var cellCalcs = map[string]cellCalc{
	"age": func(o *gccore.Object, _ string, now int64) (string, bool) {
		return age(now - tickOf(o.CreationTimestamp.Time)), false
	},
	"terminating": terminatingOr,
	"ratio": func(o *gccore.Object, arg string, _ int64) (string, bool) { // a/b, b 1 when unset (the API server's default replicas, completions)
		a, b, _ := strings.Cut(arg, ",")
		return orDefault(text(field(o, a)), "0") + "/" + orDefault(text(field(o, b)), "1"), false
	},
	"pod-ready":    podReady,
	"sum":          overItems("sum"),
	"each":         overItems("each"),
	"access-modes": overItems("access-modes"),
	"ports":        portsColumn,
	"selector":     selectorColumn,
	"labels": func(o *gccore.Object, arg string, _ int64) (string, bool) {
		m, _ := field(o, arg).(map[string]any)
		return labelList(m), false
	},
	"count":      countEntries,
	"job-status": jobStatus,
	"capital": func(o *gccore.Object, arg string, _ int64) (string, bool) { // a boolean as kubectl prints it
		if field(o, arg) == true {
			return "True", false
		}
		return "", false
	},
	"claim": func(o *gccore.Object, _ string, _ int64) (string, bool) {
		if name := text(field(o, "spec.claimRef.name")); name != "" {
			return text(field(o, "spec.claimRef.namespace")) + "/" + name, false
		}
		return "", false
	},
	"owners": func(o *gccore.Object, _ string, _ int64) (string, bool) {
		var owners []string
		for _, r := range o.OwnerReferences {
			owners = append(owners, typeNameOf(r.APIVersion, r.Kind)+"/"+r.Name)
		}
		return orNone(strings.Join(owners, ",")), false
	},
	"finalizers": func(o *gccore.Object, _ string, _ int64) (string, bool) {
		return orNone(strings.Join(o.Finalizers, ",")), false
	},
}

// terminatingOr is the first of the fields arg lists (a|b) that is set, "Terminating"
// once deleted.
func terminatingOr(o *gccore.Object, arg string, _ int64) (string, bool) {
	if o.Terminating() {
		return "Terminating", true
	}
	for _, p := range strings.Split(arg, "|") {
		if out := text(field(o, p)); out != "" {
			return out, false
		}
	}
	return "", false
}

// podReady is READY: the ready containers of the Pod's containers.
func podReady(o *gccore.Object, _ string, _ int64) (string, bool) {
	ready := 0
	for _, s := range list(o, "status.containerStatuses") {
		if m, _ := s.(map[string]any); m != nil && m["ready"] == true {
			ready++
		}
	}
	return strconv.Itoa(ready) + "/" + strconv.Itoa(len(list(o, "spec.containers"))), false
}

// overItems is a calculation over a list's items (arg is list.field, or the list for
// access-modes): the field's sum, or the items (their field) joined.
func overItems(calc string) cellCalc {
	return func(o *gccore.Object, arg string, _ int64) (string, bool) {
		path, key := arg, ""
		if calc != "access-modes" {
			path, key = arg[:strings.LastIndexByte(arg, '.')], arg[strings.LastIndexByte(arg, '.')+1:]
		}
		var sum int64
		var items []string
		for _, it := range list(o, path) {
			if m, ok := it.(map[string]any); ok {
				it = m[key]
			}
			sum += toInt(it)
			items = append(items, text(it))
		}
		switch calc {
		case "sum":
			return strconv.FormatInt(sum, 10), false
		case "each":
			return orNone(strings.Join(items, ",")), false
		}
		return accessModes.Replace(strings.Join(items, ",")), true
	}
}

// portsColumn is a Service's PORT(S): port/protocol, TCP when unset.
func portsColumn(o *gccore.Object, _ string, _ int64) (string, bool) {
	var ports []string
	for _, p := range list(o, "spec.ports") {
		if m, _ := p.(map[string]any); m != nil {
			ports = append(ports, text(m["port"])+"/"+orDefault(text(m["protocol"]), "TCP"))
		}
	}
	return orNone(strings.Join(ports, ",")), false
}

// selectorColumn is spec.selector's labels; "<expressions>" for match expressions.
func selectorColumn(o *gccore.Object, _ string, _ int64) (string, bool) {
	sel, _ := field(o, "spec.selector").(map[string]any)
	if _, ok := sel["matchExpressions"]; ok {
		return "<expressions>", true
	}
	if ml, ok := sel["matchLabels"].(map[string]any); ok {
		sel = ml
	}
	return labelList(sel), false
}

// countEntries is the entries of the maps and lists arg names (a,b).
func countEntries(o *gccore.Object, arg string, _ int64) (string, bool) {
	n := 0
	for _, p := range strings.Split(arg, ",") {
		switch v := field(o, p).(type) {
		case map[string]any:
			n += len(v)
		case []any:
			n += len(v)
		}
	}
	return strconv.Itoa(n), false
}

// jobStatus is a Job's STATUS: its final condition, else Terminating or Running.
func jobStatus(o *gccore.Object, _ string, _ int64) (string, bool) {
	for _, cond := range list(o, "status.conditions") {
		if m, _ := cond.(map[string]any); m != nil && m["status"] == "True" {
			if t := text(m["type"]); t == "Complete" || t == "Failed" || t == "Suspended" {
				return t, true
			}
		}
	}
	if o.Terminating() {
		return "Terminating", true
	}
	return "Running", false
}

var accessModes = strings.NewReplacer("ReadWriteOncePod", "RWOP", "ReadWriteOnce", "RWO", "ReadOnlyMany", "ROX", "ReadWriteMany", "RWX")

// labelList prints a map as k=v,... in key order, "<none>" when empty.
func labelList(m map[string]any) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		keys[i] = k + "=" + text(m[k])
	}
	return orNone(strings.Join(keys, ","))
}

// field walks the object's content (spec, status, data...) along a dotted path; nil
// when a step is missing.
//
//go:noinline
func field(o *gccore.Object, path string) any {
	var v any = o.Content
	for p := range strings.SplitSeq(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[p]
	}
	return v
}

//go:noinline
func list(o *gccore.Object, path string) []any {
	l, _ := field(o, path).([]any)
	return l
}

// text prints a scalar field: a string as it is, a number in decimal, "" for nil.
//
//go:noinline
func text(v any) string {
	switch s := v.(type) {
	case nil:
		return ""
	case string:
		return s
	case bool:
		return strconv.FormatBool(s)
	}
	return strconv.FormatInt(toInt(v), 10)
}

// toInt reads a number however the YAML/JSON decoder stored it.
//
//go:noinline
func toInt(v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case int:
		return int64(n)
	case float64:
		return int64(n)
	}
	return 0
}

//go:noinline
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func orNone(s string) string { return orDefault(s, "<none>") }

// tickOf is the tick a timestamp was taken at: tick t is gccore.Epoch + t seconds.
func tickOf(t time.Time) int64 { return t.Unix() - gccore.Epoch.Unix() }

// age prints a number of ticks (simulated seconds) as kubectl prints an age: seconds up
// to two minutes, then minutes and seconds up to ten, minutes up to three hours, hours
// and minutes up to eight, hours up to two days, then days (and hours below eight).
// Written here rather than taken from apimachinery's duration package, which cost
// app.wasm 6 KB for what a session of ticks needs.
func age(ticks int64) string {
	s := max(ticks, 0)
	m, h, d := s/60, s/3600, s/86400
	switch {
	case s < 120:
		return itoa(s, "s")
	case m < 10 && s%60 != 0:
		return itoa(m, "m") + itoa(s%60, "s")
	case h < 3:
		return itoa(m, "m")
	case h < 8 && m%60 != 0:
		return itoa(h, "h") + itoa(m%60, "m")
	case h < 48:
		return itoa(h, "h")
	case d < 8 && h%24 != 0:
		return itoa(d, "d") + itoa(h%24, "h")
	}
	return itoa(d, "d")
}

//go:noinline
func itoa(n int64, unit string) string { return strconv.FormatInt(n, 10) + unit }
