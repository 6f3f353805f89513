package catalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/gcplay/gcplay/app/store"
)

// Schema is the storage layout this code reads and writes. History:
//
//	1  one key, "workspace", holding workspace.Marshal's output (before catalogs)
//	2  "index" (an Index) plus one Record per workspace under "ws/<id>", and the
//	   records that could not be read under "quarantine/<when>/<key>"
//
// Open migrates older layouts; a record of a newer schema is kept aside, not guessed at.
const Schema = 2

// Keys of the layout.
const (
	indexKey         = "index"
	legacyKey        = "workspace" // schema 1
	wsPrefix         = "ws/"
	quarantinePrefix = "quarantine/"
	// legacyID is the id the schema-1 workspace gets: fixed, so that two tabs
	// migrating at once make one workspace, not two.
	legacyID = "v1"
)

// Kinds of Record. Lessons will keep the learner's progress as another kind beside
// the workspaces ("progress"), in the same envelope.
const KindWorkspace = "workspace"

// Record is the envelope of one stored item: what it is, its revision and its body.
type Record struct {
	Schema int    `json:"schema"`
	Kind   string `json:"kind"`
	ID     string `json:"id"`
	Name   string `json:"name"`
	// Rev counts the saves of Body; a tab writes only over the revision it read
	// (Catalog.Save), so two tabs never overwrite each other unseen.
	Rev     int64           `json:"rev"`
	Updated time.Time       `json:"updated"`
	Body    json.RawMessage `json:"body"` // for KindWorkspace: workspace.Marshal's output
}

// decodeRecord reads a stored record; the error says why it cannot be used.
func decodeRecord(raw []byte, err error, wantID string) (*Record, error) {
	if err != nil {
		return nil, err
	}
	var r Record
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("not a gcplay record: %v", err)
	}
	switch {
	case r.Schema == 0:
		return nil, errors.New("not a gcplay record: no schema")
	case r.Schema > Schema:
		return nil, fmt.Errorf("written by a newer gcplay (schema %d; this one reads up to %d)", r.Schema, Schema)
	case r.Kind != KindWorkspace:
		return nil, fmt.Errorf("a record of kind %q, not a workspace", r.Kind)
	case r.ID != wantID:
		return nil, fmt.Errorf("the record says it is workspace %q", r.ID)
	case len(r.Body) == 0:
		return nil, errors.New("the record has no body")
	}
	return &r, nil
}

func encode(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("catalog: %v", err)) // plain structs and JSON bodies only
	}
	return b
}

// unreadable reports whether a Get error means the value is there but unusable (as
// opposed to absent, or the storage failing).
func unreadable(err error) bool {
	var nt *store.NotTextError
	return errors.As(err, &nt)
}
