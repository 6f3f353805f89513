package gccore

import "container/list"

// absentOwnerCache remembers owner identities verified absent (AOC-1): an LRU keyed by the
// full identity (coordinates plus namespace), with no expiry.
type absentOwnerCache struct {
	size  int
	ll    *list.List // front = most recently used
	items map[objectReference]*list.Element
}

func newAbsentOwnerCache(size int) *absentOwnerCache {
	return &absentOwnerCache{size: size, ll: list.New(), items: map[objectReference]*list.Element{}}
}

// Add records an absent identity, evicting the least recently used entry when full (AOC-2).
func (c *absentOwnerCache) Add(id objectReference) {
	if e, ok := c.items[id]; ok {
		c.ll.MoveToFront(e)
		return
	}
	c.items[id] = c.ll.PushFront(id)
	if c.ll.Len() > c.size {
		last := c.ll.Back()
		c.ll.Remove(last)
		delete(c.items, last.Value.(objectReference))
	}
}

// Has reports whether id is cached; a hit refreshes its position (AOC-3).
func (c *absentOwnerCache) Has(id objectReference) bool {
	e, ok := c.items[id]
	if ok {
		c.ll.MoveToFront(e)
	}
	return ok
}

// Entries lists the cached identities, most recently used first.
func (c *absentOwnerCache) Entries() []objectReference {
	out := make([]objectReference, 0, c.ll.Len())
	for e := c.ll.Front(); e != nil; e = e.Next() {
		out = append(out, e.Value.(objectReference))
	}
	return out
}
