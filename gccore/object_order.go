package gccore

import (
	"sort"

	"k8s.io/apimachinery/pkg/watch"
)

// sortedCache keeps a map's keys in a sort order between listings, so that a view
// redrawn every tick costs a map lookup per entry instead of a sort. Its owner marks it
// invalid when an entry is added or its sort key changes; removed entries are skipped and
// dropped, and a value replaced under the same key keeps its place. A listing is a new
// slice, but its order is only right until the map next changes: callers must not keep it.
// Upstream has no counterpart: it iterates maps in random order, gcplay in a fixed one
// (gc-behavior.md section 0), and this keeps that fixed order from costing a sort per view.
type sortedCache[K comparable, V any] struct {
	keys  []K
	valid bool
}

// list returns m's values in less order.
func (c *sortedCache[K, V]) list(m map[K]V, less func(a, b V) bool) []V {
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
	type entry struct {
		key K
		val V
	}
	entries := make([]entry, 0, len(m))
	for k, v := range m {
		entries = append(entries, entry{k, v})
	}
	sort.Slice(entries, func(i, j int) bool { return less(entries[i].val, entries[j].val) })
	c.keys = c.keys[:0]
	for _, e := range entries {
		out = append(out, e.val)
		c.keys = append(c.keys, e.key)
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
	return o.sortedCache.list(stored, lessObject)
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
