package gccore

import (
	"slices"
	"strings"

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

// list returns m's values in the order of compare, under which no two values are equal.
func (c *sortedCache[K, V]) list(m map[K]V, compare func(a, b V) int) []V {
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
	slices.SortFunc(entries, func(a, b entry) int { return compare(a.val, b.val) })
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
	return o.sortedCache.list(stored, compareObjects)
}

func compareObjects(a, b *Object) int {
	if c := strings.Compare(a.APIVersion, b.APIVersion); c != 0 {
		return c
	}
	if c := strings.Compare(a.Kind, b.Kind); c != 0 {
		return c
	}
	if c := strings.Compare(a.Namespace, b.Namespace); c != 0 {
		return c
	}
	return strings.Compare(a.Name, b.Name)
}
