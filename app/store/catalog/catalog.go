// Package catalog is the layout of the playground's storage: several named
// workspaces, an index listing them, a schema version with migrations, and the records
// that could not be read kept aside (quarantined) until the person downloads or
// discards them. It is plain Go over a store.Store, tested natively and under node;
// the page only calls it (off the UI goroutine: the store blocks).
//
// Nothing is dropped silently: a record that cannot be read (not text, not JSON, a
// newer schema, a session that no longer replays) is moved, untouched, under
// "quarantine/" and listed in the index with the reason, and a write over another
// tab's newer revision is refused with a *ConflictError.
package catalog

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/gcplay/gcplay/app/store"
)

// Entry is one workspace in the index.
type Entry struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Updated time.Time `json:"updated"`
	// Lesson is the id of the lesson this workspace is the learner's attempt at (the one
	// Lessons reopens), "" for any other workspace: the page finds an attempt by it,
	// never by the entry's name, which the learner may rename and which is in their language.
	Lesson string `json:"lesson,omitempty"`
}

// Quarantined is a record kept aside because it could not be read.
type Quarantined struct {
	Key    string    `json:"key"`  // where it is now
	From   string    `json:"from"` // where it was
	Reason string    `json:"reason"`
	When   time.Time `json:"when"`
}

// Index lists the workspaces, the one a reload opens, and the quarantined records.
type Index struct {
	Schema     int           `json:"schema"`
	Workspaces []Entry       `json:"workspaces"`
	Current    string        `json:"current,omitempty"`
	Quarantine []Quarantined `json:"quarantine,omitempty"`
}

func (x *Index) find(id string) int {
	for i, e := range x.Workspaces {
		if e.ID == id {
			return i
		}
	}
	return -1
}

// Options supply the clock and the ids (fixed in tests).
type Options struct {
	Now   func() time.Time
	NewID func() string
}

// Catalog is the stored workspaces as one tab sees them. Its methods are safe to call
// from several goroutines; they block on the store.
type Catalog struct {
	mu    sync.Mutex
	st    store.Store
	now   func() time.Time
	newID func() string
	index Index            // as last read or written
	revs  map[string]int64 // the revision of each workspace this tab last read or wrote
}

// Open reads the index, migrating an older layout and keeping aside what cannot be
// read. An error means the storage itself failed.
func Open(st store.Store, o Options) (*Catalog, error) {
	c := &Catalog{st: st, now: o.Now, newID: o.NewID, revs: map[string]int64{}}
	if c.now == nil {
		c.now = time.Now
	}
	if c.newID == nil {
		c.newID = randomID
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.load(); err != nil {
		return nil, err
	}
	return c, nil
}

func randomID() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Entries lists the workspaces in the order they were made.
func (c *Catalog) Entries() []Entry {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Entry(nil), c.index.Workspaces...)
}

// Entry returns the index entry of id.
func (c *Catalog) Entry(id string) (Entry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i := c.index.find(id); i >= 0 {
		return c.index.Workspaces[i], true
	}
	return Entry{}, false
}

// Quarantined lists the records kept aside, oldest first.
func (c *Catalog) Quarantined() []Quarantined {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Quarantined(nil), c.index.Quarantine...)
}

// Refresh re-reads the index (another tab changed it).
func (c *Catalog) Refresh() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.load()
}

// errNoChange ends an index change that changes nothing: nothing is written.
var errNoChange = errors.New("no change")

// errIndexChanged: the index appeared or became unreadable between a read and a write.
var errIndexChanged = errors.New("the workspace index changed meanwhile")

// change applies f to the stored index in one transaction and keeps the result. A
// *store.WriteError (kept in memory only) is returned after the change is kept.
func (c *Catalog) change(f func(*Index)) error {
	return c.changeTry(f, 2)
}

func (c *Catalog) changeTry(f func(*Index), tries int) error {
	var next Index
	err := c.st.Update(indexKey, func(old []byte, err error) ([]byte, error) {
		switch {
		case errors.Is(err, store.ErrNotFound):
			next = Index{Schema: Schema}
		case err != nil:
			return nil, err
		default:
			next = Index{}
			if derr := json.Unmarshal(old, &next); derr != nil || next.Schema != Schema {
				return nil, errIndexChanged // load quarantines it
			}
		}
		before := encode(next)
		f(&next)
		after := encode(next)
		if !errors.Is(err, store.ErrNotFound) && string(after) == string(before) {
			return nil, errNoChange
		}
		return after, nil
	})
	if errors.Is(err, errNoChange) {
		err = nil
	}
	var we *store.WriteError
	if err == nil || errors.As(err, &we) {
		c.index = next
	}
	if errors.Is(err, errIndexChanged) && tries > 1 {
		if lerr := c.load(); lerr != nil {
			return lerr
		}
		return c.changeTry(f, tries-1)
	}
	return err
}

func (c *Catalog) stamp() time.Time { return c.now().UTC().Truncate(time.Millisecond) }

// quarantine moves key aside, untouched, and lists it with the reason.
func (c *Catalog) quarantine(key string, reason error) error {
	when := c.stamp()
	q := Quarantined{Key: quarantinePrefix + when.Format("20060102T150405.000Z") + "/" + key, From: key, Reason: reason.Error(), When: when}
	if err := c.st.Move(key, q.Key); err != nil && !isWriteError(err) {
		return fmt.Errorf("keeping %s aside: %v", key, err)
	}
	return c.change(func(x *Index) {
		x.Quarantine = append(x.Quarantine, q)
		if id, ok := cutPrefix(key, wsPrefix); ok {
			if i := x.find(id); i >= 0 {
				x.Workspaces = append(x.Workspaces[:i], x.Workspaces[i+1:]...)
			}
			if x.Current == id {
				x.Current = ""
			}
		}
	})
}

func isWriteError(err error) bool {
	var we *store.WriteError
	return errors.As(err, &we)
}

func cutPrefix(s, p string) (string, bool) {
	if len(s) >= len(p) && s[:len(p)] == p {
		return s[len(p):], true
	}
	return "", false
}

func sortedByUpdate(es []Entry) []Entry {
	out := append([]Entry(nil), es...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Updated.After(out[j].Updated) })
	return out
}
