package catalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/app/store"
	"github.com/gcplay/gcplay/app/workspace"
)

// load reads the index into c.index: an unreadable index is kept aside (and the list
// rebuilt from the records), schema 1 is migrated, and the index is reconciled with
// the keys actually stored (a record no index lists is listed, never lost).
func (c *Catalog) load() error {
	raw, err := c.st.Get(indexKey)
	c.index = Index{Schema: Schema}
	switch {
	case errors.Is(err, store.ErrNotFound): // a first visit, or schema 1
	case err != nil && !unreadable(err):
		return fmt.Errorf("reading the workspace index: %v", err)
	default:
		var idx Index
		if reason := decodeIndex(raw, err, &idx); reason != nil {
			if err := c.quarantine(indexKey, fmt.Errorf("the workspace index: %v", reason)); err != nil && !isWriteError(err) {
				return err
			}
		} else {
			c.index = idx
		}
	}
	if err := c.migrateLegacy(); err != nil && !isWriteError(err) {
		return err
	}
	return c.reconcile()
}

func decodeIndex(raw []byte, err error, idx *Index) error {
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, idx); err != nil {
		return fmt.Errorf("not a gcplay index: %v", err)
	}
	switch {
	case idx.Schema == 0:
		return errors.New("not a gcplay index: no schema")
	case idx.Schema > Schema:
		return fmt.Errorf("written by a newer gcplay (schema %d; this one reads up to %d)", idx.Schema, Schema)
	case idx.Schema < Schema:
		return fmt.Errorf("schema %d has no index", idx.Schema)
	}
	return nil
}

// migrateLegacy moves schema 1's single "workspace" record into the catalog. The old
// record is deleted only once the new one and the index are written; a record that
// does not restore is kept aside instead.
func (c *Catalog) migrateLegacy() error {
	raw, err := c.st.Get(legacyKey)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil
	case err != nil && !unreadable(err):
		return fmt.Errorf("reading the saved workspace: %v", err)
	case err != nil:
		return c.quarantine(legacyKey, fmt.Errorf("the saved workspace: %v", err))
	}
	if _, err := workspace.Unmarshal(raw); err != nil {
		return c.quarantine(legacyKey, err)
	}
	if _, err := c.st.Get(wsPrefix + legacyID); errors.Is(err, store.ErrNotFound) {
		rec := Record{Schema: Schema, Kind: KindWorkspace, ID: legacyID, Name: "Saved workspace",
			Rev: 1, Updated: c.stamp(), Body: json.RawMessage(raw)}
		if err := c.st.Put(wsPrefix+legacyID, encode(rec)); err != nil {
			return err // the old record stays
		}
	} else if err != nil && !unreadable(err) {
		return err
	}
	if err := c.change(func(x *Index) {
		if x.find(legacyID) < 0 {
			x.Workspaces = append(x.Workspaces, Entry{ID: legacyID, Name: "Saved workspace", Updated: c.stamp()})
		}
		if x.Current == "" {
			x.Current = legacyID
		}
	}); err != nil {
		return err // the old record stays
	}
	return c.st.Delete(legacyKey)
}

// reconcile makes the index list exactly the stored workspaces and quarantined
// records, and name a current workspace that exists.
func (c *Catalog) reconcile() error {
	stored, found, err := c.storedWorkspaces()
	if err != nil {
		return err
	}
	// Listed after storedWorkspaces, which may have kept records aside.
	isQ, newQ, err := c.keptAside()
	if err != nil {
		return err
	}
	fix := func(x *Index) {
		for _, e := range found {
			if x.find(e.ID) < 0 {
				x.Workspaces = append(x.Workspaces, e)
			}
		}
		kept := x.Workspaces[:0]
		for _, e := range x.Workspaces {
			if stored[e.ID] {
				kept = append(kept, e)
			}
		}
		x.Workspaces = kept
		var q []Quarantined
		for _, e := range x.Quarantine {
			if isQ[e.Key] {
				q = append(q, e)
			}
		}
		x.Quarantine = append(q, newQ...)
		if x.find(x.Current) < 0 {
			x.Current = ""
		}
	}
	probe := c.index
	probe.Workspaces = append([]Entry(nil), probe.Workspaces...)
	probe.Quarantine = append([]Quarantined(nil), probe.Quarantine...)
	fix(&probe)
	if string(encode(probe)) == string(encode(c.index)) {
		return nil
	}
	return c.change(fix)
}

// storedWorkspaces lists the stored workspaces (stored, by id) and reads the ones the
// index does not list (found); a record that cannot be read is kept aside.
func (c *Catalog) storedWorkspaces() (stored map[string]bool, found []Entry, err error) {
	keys, err := c.st.Keys(wsPrefix)
	if err != nil {
		return nil, nil, fmt.Errorf("listing the workspaces: %v", err)
	}
	stored = map[string]bool{}
	for _, k := range keys {
		id := k[len(wsPrefix):]
		stored[id] = true
		if c.index.find(id) >= 0 {
			continue
		}
		raw, gerr := c.st.Get(k)
		rec, err := decodeRecord(raw, gerr, id)
		switch {
		case gerr != nil && !unreadable(gerr):
			return nil, nil, fmt.Errorf("reading %s: %v", k, gerr)
		case err != nil:
			if err := c.quarantine(k, err); err != nil && !isWriteError(err) {
				return nil, nil, err
			}
			delete(stored, id)
		default:
			found = append(found, Entry{ID: id, Name: rec.Name, Updated: rec.Updated})
		}
	}
	return stored, found, nil
}

// keptAside lists the quarantined records (isQ, by key) and those the index does not
// list (newQ).
func (c *Catalog) keptAside() (isQ map[string]bool, newQ []Quarantined, err error) {
	qkeys, err := c.st.Keys(quarantinePrefix)
	if err != nil {
		return nil, nil, fmt.Errorf("listing the records kept aside: %v", err)
	}
	listedQ := map[string]bool{}
	for _, q := range c.index.Quarantine {
		listedQ[q.Key] = true
	}
	isQ = map[string]bool{}
	for _, k := range qkeys {
		isQ[k] = true
		if !listedQ[k] {
			from := ""
			if _, rest, ok := strings.Cut(k[len(quarantinePrefix):], "/"); ok {
				from = rest
			}
			newQ = append(newQ, Quarantined{Key: k, From: from, Reason: "kept aside earlier (the reason was not recorded)"})
		}
	}
	return isQ, newQ, nil
}
