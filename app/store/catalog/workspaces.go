package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/gcplay/gcplay/app/store"
	"github.com/gcplay/gcplay/app/workspace"
)

// ConflictError refuses a save that would overwrite what another tab wrote.
type ConflictError struct {
	ID         string
	Mine       int64  // the revision this tab read or wrote last
	Theirs     int64  // the stored revision (0 when gone or unreadable)
	Gone       bool   // the workspace was deleted meanwhile
	Unreadable string // why the stored record cannot be read, if it cannot
}

func (e *ConflictError) Error() string {
	switch {
	case e.Gone:
		return "this workspace was deleted in another tab"
	case e.Unreadable != "":
		return "the stored copy of this workspace became unreadable (" + e.Unreadable + ")"
	}
	return fmt.Sprintf("this workspace was changed in another tab (saved revision %d, this tab has %d)", e.Theirs, e.Mine)
}

// QuarantinedError says a workspace could not be opened and was kept aside.
type QuarantinedError struct {
	ID, Name string
	Reason   error
}

func (e *QuarantinedError) Error() string {
	return fmt.Sprintf("workspace %q could not be opened (%v); it is kept aside", e.Name, e.Reason)
}

// maxName bounds a workspace's name (it is shown in a menu).
const maxName = 80

// CheckName says what is wrong with a workspace name, if anything.
func CheckName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return errors.New("a workspace needs a name")
	case len([]rune(name)) > maxName:
		return fmt.Errorf("a workspace name has at most %d characters", maxName)
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return errors.New("a workspace name cannot hold control characters (newlines, tabs)")
	}
	return nil
}

// Create stores a new workspace (body is workspace.Marshal's output) and makes it
// current. A *store.WriteError means it exists in memory only.
func (c *Catalog) Create(name string, body []byte) (Entry, error) {
	return c.create(name, "", body)
}

// CreateAttempt is Create for the learner's attempt at lesson (Entry.Lesson).
func (c *Catalog) CreateAttempt(name, lesson string, body []byte) (Entry, error) {
	return c.create(name, lesson, body)
}

func (c *Catalog) create(name, lesson string, body []byte) (Entry, error) {
	if err := CheckName(name); err != nil {
		return Entry{}, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := Entry{ID: c.newID(), Name: strings.TrimSpace(name), Updated: c.stamp(), Lesson: lesson}
	rec := Record{Schema: Schema, Kind: KindWorkspace, ID: e.ID, Name: e.Name, Rev: 1, Updated: e.Updated, Body: json.RawMessage(body)}
	perr := c.st.Put(wsPrefix+e.ID, encode(rec))
	if perr != nil && !isWriteError(perr) {
		return Entry{}, perr
	}
	c.revs[e.ID] = 1
	err := c.change(func(x *Index) {
		x.Workspaces = append(x.Workspaces, e)
		x.Current = e.ID
	})
	if err == nil {
		err = perr
	}
	return e, err
}

// Load restores workspace id and makes it current. A record that cannot be read or
// replayed is kept aside: the error is then a *QuarantinedError.
func (c *Catalog) Load(id string) (*workspace.Workspace, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.loadLocked(id)
}

func (c *Catalog) loadLocked(id string) (*workspace.Workspace, error) {
	name := id
	if i := c.index.find(id); i >= 0 {
		name = c.index.Workspaces[i].Name
	}
	raw, gerr := c.st.Get(wsPrefix + id)
	if gerr != nil && !unreadable(gerr) {
		if errors.Is(gerr, store.ErrNotFound) {
			_ = c.change(func(x *Index) { x.Workspaces = without(x.Workspaces, id) })
			return nil, fmt.Errorf("workspace %q is no longer stored (deleted in another tab?)", name)
		}
		return nil, gerr
	}
	rec, err := decodeRecord(raw, gerr, id)
	var ws *workspace.Workspace
	if err == nil {
		ws, err = workspace.Unmarshal(rec.Body)
	}
	if err != nil {
		if qerr := c.quarantine(wsPrefix+id, fmt.Errorf("workspace %q: %v", name, err)); qerr != nil && !isWriteError(qerr) {
			return nil, qerr
		}
		return nil, &QuarantinedError{ID: id, Name: name, Reason: err}
	}
	c.revs[id] = rec.Rev
	if err := c.change(func(x *Index) { x.Current = id }); err != nil && !isWriteError(err) {
		return nil, err
	}
	return ws, nil
}

func without(es []Entry, id string) []Entry {
	var out []Entry
	for _, e := range es {
		if e.ID != id {
			out = append(out, e)
		}
	}
	return out
}

// OpenCurrent loads the workspace a reload should show: the current one, else the
// most recently updated that opens. Those that do not open are kept aside and their
// errors returned. With none left, fresh makes a new one (name, body), which is stored.
func (c *Catalog) OpenCurrent(fresh func() (string, *workspace.Workspace, error)) (*workspace.Workspace, Entry, []error) {
	var problems []error
	tried := map[string]bool{}
	for {
		c.mu.Lock()
		id := c.index.Current
		if id == "" || tried[id] {
			id = ""
			for _, e := range sortedByUpdate(c.index.Workspaces) {
				if !tried[e.ID] {
					id = e.ID
					break
				}
			}
		}
		if id == "" {
			c.mu.Unlock()
			break
		}
		tried[id] = true
		ws, err := c.loadLocked(id)
		var e Entry
		if i := c.index.find(id); i >= 0 {
			e = c.index.Workspaces[i]
		}
		c.mu.Unlock()
		if err == nil {
			return ws, e, problems
		}
		problems = append(problems, err)
		var qe *QuarantinedError
		if !errors.As(err, &qe) && !strings.Contains(err.Error(), "no longer stored") {
			return nil, Entry{}, problems // the storage fails: do not go on creating
		}
	}
	name, ws, err := fresh()
	if err != nil {
		return nil, Entry{}, append(problems, err)
	}
	e, err := c.Create(name, ws.Marshal())
	if err != nil {
		problems = append(problems, err)
	}
	return ws, e, problems
}

// errUnchanged ends a save that would write what is stored already.
var errUnchanged = errors.New("unchanged")

// Save writes workspace id's body over the revision this tab holds. Another tab's
// newer revision (or a deletion) is a *ConflictError and nothing is written. A body
// equal to the stored one writes nothing: a tab that only looks never makes another
// tab's next save a conflict.
func (c *Catalog) Save(id string, body []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	mine := c.revs[id]
	var next Record
	err := c.st.Update(wsPrefix+id, func(old []byte, gerr error) ([]byte, error) {
		if errors.Is(gerr, store.ErrNotFound) {
			return nil, &ConflictError{ID: id, Mine: mine, Gone: true}
		}
		if gerr != nil && !unreadable(gerr) {
			return nil, gerr
		}
		rec, err := decodeRecord(old, gerr, id)
		if err != nil {
			return nil, &ConflictError{ID: id, Mine: mine, Unreadable: err.Error()}
		}
		if bytes.Equal(rec.Body, body) {
			return nil, errUnchanged
		}
		if rec.Rev != mine {
			return nil, &ConflictError{ID: id, Mine: mine, Theirs: rec.Rev}
		}
		next = *rec
		next.Rev++
		next.Updated = c.stamp()
		next.Body = json.RawMessage(body)
		return encode(next), nil
	})
	if errors.Is(err, errUnchanged) {
		return nil
	}
	if err != nil && !isWriteError(err) {
		return err
	}
	c.revs[id] = next.Rev
	if ierr := c.change(func(x *Index) {
		if i := x.find(id); i >= 0 {
			x.Workspaces[i].Updated = next.Updated
		}
	}); err == nil {
		err = ierr
	}
	return err
}

// Stale says, without writing, whether a save of workspace id would be refused
// because another tab saved it (or deleted it) since this tab read it.
func (c *Catalog) Stale(id string) *ConflictError {
	c.mu.Lock()
	defer c.mu.Unlock()
	mine, ok := c.revs[id]
	if !ok {
		return nil
	}
	raw, gerr := c.st.Get(wsPrefix + id)
	switch {
	case errors.Is(gerr, store.ErrNotFound):
		return &ConflictError{ID: id, Mine: mine, Gone: true}
	case gerr != nil && !unreadable(gerr):
		return nil // the storage fails: the next save says so
	}
	rec, err := decodeRecord(raw, gerr, id)
	switch {
	case err != nil:
		return &ConflictError{ID: id, Mine: mine, Unreadable: err.Error()}
	case rec.Rev != mine:
		return &ConflictError{ID: id, Mine: mine, Theirs: rec.Rev}
	}
	return nil
}

// SetLesson marks workspace id as the attempt at lesson (Entry.Lesson): the page's
// migration of an attempt stored before the field, found once by its name.
func (c *Catalog) SetLesson(id, lesson string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.change(func(x *Index) {
		if i := x.find(id); i >= 0 {
			x.Workspaces[i].Lesson = lesson
		}
	})
}

// Rename names workspace id anew (in the index and in its record, whose revision does
// not change: a rename never conflicts with a save).
func (c *Catalog) Rename(id, name string) error {
	if err := CheckName(name); err != nil {
		return err
	}
	name = strings.TrimSpace(name)
	c.mu.Lock()
	defer c.mu.Unlock()
	err := c.st.Update(wsPrefix+id, func(old []byte, gerr error) ([]byte, error) {
		rec, err := decodeRecord(old, gerr, id)
		if err != nil {
			return nil, fmt.Errorf("renaming: %v", err)
		}
		rec.Name = name
		return encode(rec), nil
	})
	if err != nil && !isWriteError(err) {
		return err
	}
	if ierr := c.change(func(x *Index) {
		if i := x.find(id); i >= 0 {
			x.Workspaces[i].Name = name
		}
	}); err == nil {
		err = ierr
	}
	return err
}

// Duplicate stores a copy of workspace id named "<name> (copy)" and makes it current.
// body is the session to copy (the page passes the open one, which may be newer than
// its last save); nil copies the stored one.
func (c *Catalog) Duplicate(id string, body []byte) (Entry, error) {
	e, ok := c.Entry(id)
	if !ok {
		return Entry{}, fmt.Errorf("no workspace %q", id)
	}
	if body == nil {
		c.mu.Lock()
		raw, gerr := c.st.Get(wsPrefix + id)
		rec, err := decodeRecord(raw, gerr, id)
		c.mu.Unlock()
		if err != nil {
			return Entry{}, fmt.Errorf("duplicating %q: %v", e.Name, err)
		}
		body = rec.Body
	}
	return c.Create(copyName(e.Name), body)
}

func copyName(name string) string {
	n := []rune(name + " (copy)")
	if len(n) > maxName {
		n = append([]rune(name)[:maxName-len(" (copy)")-1], []rune("… (copy)")...)
	}
	return string(n)
}

// Deleted is a deleted workspace, kept by the page so that Undo can restore it.
type Deleted struct {
	Entry Entry
	raw   []byte
}

// Delete removes workspace id; Restore undoes it.
func (c *Catalog) Delete(id string) (Deleted, error) {
	e, ok := c.Entry(id)
	if !ok {
		return Deleted{}, fmt.Errorf("no workspace %q", id)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	raw, err := c.st.Get(wsPrefix + id)
	if err != nil {
		return Deleted{}, fmt.Errorf("deleting %q: %v", e.Name, err)
	}
	derr := c.st.Delete(wsPrefix + id)
	if derr != nil && !isWriteError(derr) {
		return Deleted{}, derr
	}
	delete(c.revs, id)
	err = c.change(func(x *Index) {
		x.Workspaces = without(x.Workspaces, id)
		if x.Current == id {
			x.Current = ""
		}
	})
	if err == nil {
		err = derr
	}
	return Deleted{Entry: e, raw: raw}, err
}

// Restore puts a deleted workspace back, as it was.
func (c *Catalog) Restore(d Deleted) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	perr := c.st.Put(wsPrefix+d.Entry.ID, d.raw)
	if perr != nil && !isWriteError(perr) {
		return perr
	}
	if rec, err := decodeRecord(d.raw, nil, d.Entry.ID); err == nil {
		c.revs[d.Entry.ID] = rec.Rev
	}
	err := c.change(func(x *Index) {
		if x.find(d.Entry.ID) < 0 {
			x.Workspaces = append(x.Workspaces, d.Entry)
		}
	})
	if err == nil {
		err = perr
	}
	return err
}

// Raw returns a quarantined record as stored (a value that is not text, as JSON), for
// the person to download.
func (c *Catalog) Raw(key string) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, err := c.st.Get(key)
	var nt *store.NotTextError
	if errors.As(err, &nt) {
		return []byte(nt.Text), nil
	}
	return v, err
}

// Discard deletes a quarantined record, at the person's request.
func (c *Catalog) Discard(key string) error {
	if !strings.HasPrefix(key, quarantinePrefix) {
		return fmt.Errorf("%q is not a record kept aside", key)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	derr := c.st.Delete(key)
	if derr != nil && !isWriteError(derr) {
		return derr
	}
	err := c.change(func(x *Index) {
		var q []Quarantined
		for _, e := range x.Quarantine {
			if e.Key != key {
				q = append(q, e)
			}
		}
		x.Quarantine = q
	})
	if err == nil {
		err = derr
	}
	return err
}
