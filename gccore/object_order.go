package gccore

import (
	"sort"

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
	type entry struct {
		key storeKey
		obj *Object
	}
	entries := make([]entry, 0, len(stored))
	for k, obj := range stored {
		entries = append(entries, entry{k, obj})
	}
	sort.Slice(entries, func(i, j int) bool {
		a, b := entries[i].obj, entries[j].obj
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
	for _, e := range entries {
		objs = append(objs, e.obj)
		o.keys = append(o.keys, e.key)
	}
	o.valid = true
	return objs
}
