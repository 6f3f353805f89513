package gccore

import (
	"sort"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
)

// sortedCache keeps a map's keys in a sort order between listings, so that a view
// redrawn every tick costs a map lookup per entry instead of a sort. Its owner marks it
// invalid when an entry is added or its sort key changes; removed entries are skipped and
// dropped, and a value replaced under the same key keeps its place.
type sortedCache[K comparable, V any] struct {
	keys  []K
	valid bool
}

// list returns m's values in less order; key gives a value's map key.
func (c *sortedCache[K, V]) list(m map[K]V, less func(a, b V) bool, key func(V) K) []V {
	out := make([]V, 0, len(m))
	if c.valid {
		keys := c.keys[:0]
		for _, k := range c.keys {
			if v, ok := m[k]; ok {
				out = append(out, v)
				keys = append(keys, k)
			}
		}
		c.keys = keys
		return out
	}
	for _, v := range m {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return less(out[i], out[j]) })
	c.keys = c.keys[:0]
	for _, v := range out {
		c.keys = append(c.keys, key(v))
	}
	c.valid = true
	return out
}

// objectOrder is the stored objects' listing order (Objects): an API server watcher that
// invalidates it on every added object.
type objectOrder struct{ sortedCache[storeKey, *Object] }

func (o *objectOrder) observe(ev WatchEvent) {
	if ev.Type == watch.Added {
		o.valid = false
	}
}

// list returns the stored objects sorted by apiVersion, kind, namespace and name.
func (o *objectOrder) list(stored map[storeKey]*Object) []*Object {
	return o.sortedCache.list(stored, lessObject, func(obj *Object) storeKey {
		gk := schema.FromAPIVersionAndKind(obj.APIVersion, obj.Kind).GroupKind()
		return storeKey{gk: gk, namespace: obj.Namespace, name: obj.Name}
	})
}

func lessObject(a, b *Object) bool {
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
}
