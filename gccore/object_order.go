package gccore

import (
	"sort"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
)

// objectOrder keeps the stored objects' keys in Objects order between listings, so that
// a view redrawn every tick costs a map lookup per object instead of a sort. Only a new
// object makes the next listing sort again; deleted ones are skipped and dropped, and an
// update keeps its key and so its place.
type objectOrder struct {
	keys  []storeKey
	valid bool
}

// observe is an API server watcher: an added object invalidates the order.
func (o *objectOrder) observe(ev WatchEvent) {
	if ev.Type == watch.Added {
		o.valid = false
	}
}

// list returns the stored objects sorted by apiVersion, kind, namespace and name.
func (o *objectOrder) list(stored map[storeKey]*Object) []*Object {
	objs := make([]*Object, 0, len(stored))
	if o.valid {
		keys := o.keys[:0]
		for _, k := range o.keys {
			if obj, ok := stored[k]; ok {
				objs = append(objs, obj)
				keys = append(keys, k)
			}
		}
		o.keys = keys
		return objs
	}
	for _, obj := range stored {
		objs = append(objs, obj)
	}
	sort.Slice(objs, func(i, j int) bool {
		a, b := objs[i], objs[j]
		if a.APIVersion != b.APIVersion {
			return a.APIVersion < b.APIVersion
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		if a.Namespace != b.Namespace {
			return a.Namespace < b.Namespace
		}
		return a.Name < b.Name
	})
	o.keys = o.keys[:0]
	for _, obj := range objs {
		gk := schema.FromAPIVersionAndKind(obj.APIVersion, obj.Kind).GroupKind()
		o.keys = append(o.keys, storeKey{gk: gk, namespace: obj.Namespace, name: obj.Name})
	}
	o.valid = true
	return objs
}
