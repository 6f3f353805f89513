package gccore

import (
	"container/list"

	"github.com/gcplay/gcplay/gccore/rules"

	"k8s.io/apimachinery/pkg/types"
)

// absentOwnerCache remembers owner identities verified absent (AOC-1): an LRU keyed by the
// full identity (coordinates plus namespace), with no expiry.
type absentOwnerCache struct {
	size int
	ll   *list.List // front = most recently used; values are *aocEntry
	// byUID finds an identity's entry through its uid: the first of the uid's entries
	// (nearly always the only one), the others chained by aocEntry.next. Hashing the uid
	// alone is cheaper than the identity's five strings, and the GC asks twice for every
	// owner reference it classifies (DEL-8, AOC-3).
	byUID map[types.UID]*list.Element
	// uidOnly keys the cache by uid alone, as v1.13 and v1.16 did (V-2a): an identity is
	// found when any cached identity has its uid, and a second identity with a cached uid
	// refreshes that entry instead of adding one. Set once, before the first Add.
	uidOnly bool
}

type aocEntry struct {
	id   objectReference
	next *list.Element // the next entry with the same uid
}

func entryOf(e *list.Element) *aocEntry { return e.Value.(*aocEntry) }

func newAbsentOwnerCache(size int) *absentOwnerCache {
	return &absentOwnerCache{size: size, ll: list.New(), byUID: map[types.UID]*list.Element{}}
}

func (c *absentOwnerCache) find(id objectReference) *list.Element {
	for e := c.byUID[id.UID]; e != nil; e = entryOf(e).next {
		if c.uidOnly || entryOf(e).id == id {
			return e
		}
	}
	return nil
}

// Add records an absent identity, evicting the least recently used entry when full (AOC-2).
func (c *absentOwnerCache) Add(id objectReference) {
	if e := c.find(id); e != nil {
		c.ll.MoveToFront(e)
		return
	}
	c.byUID[id.UID] = c.ll.PushFront(&aocEntry{id: id, next: c.byUID[id.UID]})
	if c.ll.Len() > c.size {
		c.evict(c.ll.Back())
	}
}

// evict removes e from the list and from its uid's chain.
func (c *absentOwnerCache) evict(e *list.Element) {
	c.ll.Remove(e)
	gone := entryOf(e)
	uid := gone.id.UID
	if c.byUID[uid] == e {
		if gone.next == nil {
			delete(c.byUID, uid)
		} else {
			c.byUID[uid] = gone.next
		}
		return
	}
	for p := c.byUID[uid]; p != nil; p = entryOf(p).next {
		if entryOf(p).next == e {
			entryOf(p).next = gone.next
			return
		}
	}
}

// keyRule is the rule a record about the cache cites beside AOC-2 or AOC-3: V-2a when
// it is keyed by uid alone, none otherwise.
func (c *absentOwnerCache) keyRule() rules.ID {
	if c.uidOnly {
		return rules.V2a
	}
	return ""
}

// hasUID reports whether some cached identity has that uid: when none has, Has is false
// for every identity with it, and the GC builds no identities to ask (AOC-3).
func (c *absentOwnerCache) hasUID(uid types.UID) bool {
	_, ok := c.byUID[uid]
	return ok
}

// Has reports whether id is cached; a hit refreshes its position (AOC-3).
func (c *absentOwnerCache) Has(id objectReference) bool {
	e := c.find(id)
	if e != nil {
		c.ll.MoveToFront(e)
	}
	return e != nil
}

// peek is Has without refreshing the entry's position: explaining (Inspector.Why) must not
// change what the cache evicts later.
func (c *absentOwnerCache) peek(id objectReference) bool { return c.find(id) != nil }

// Entries lists the cached identities, most recently used first.
func (c *absentOwnerCache) Entries() []objectReference {
	out := make([]objectReference, 0, c.ll.Len())
	for e := c.ll.Front(); e != nil; e = e.Next() {
		out = append(out, entryOf(e).id)
	}
	return out
}
