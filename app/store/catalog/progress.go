package catalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/gcplay/gcplay/app/store"
)

// KindProgress is the record of the learner's lesson progress: one record, beside the
// workspaces (the attempts themselves are workspaces).
const KindProgress = "progress"

// progressKey is outside wsPrefix: reconcile never lists it as a workspace.
const progressKey = "progress"

// progressBody is the progress record's body: the lessons done, sorted.
type progressBody struct {
	Done []string `json:"done"`
}

// Progress returns the ids of the lessons done. No record yet is no progress.
func (c *Catalog) Progress() (map[string]bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	raw, err := c.st.Get(progressKey)
	if errors.Is(err, store.ErrNotFound) {
		return map[string]bool{}, nil
	}
	body, err := decodeProgress(raw, err)
	if err != nil {
		return map[string]bool{}, err
	}
	done := map[string]bool{}
	for _, id := range body.Done {
		done[id] = true
	}
	return done, nil
}

// MarkDone records lesson id as done, in one transaction so that two tabs finishing
// lessons at once both count. An unreadable record is replaced: progress is a
// convenience, the attempts are the work.
func (c *Catalog) MarkDone(id string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	err := c.st.Update(progressKey, func(old []byte, err error) ([]byte, error) {
		body, _ := decodeProgress(old, err)
		for _, d := range body.Done {
			if d == id {
				return nil, errUnchanged
			}
		}
		body.Done = append(body.Done, id)
		sort.Strings(body.Done)
		return encode(Record{Schema: Schema, Kind: KindProgress, ID: progressKey, Name: "Lesson progress",
			Updated: c.stamp(), Body: encode(body)}), nil
	})
	if errors.Is(err, errUnchanged) {
		return nil
	}
	return err
}

func decodeProgress(raw []byte, err error) (progressBody, error) {
	var body progressBody
	if err != nil {
		return body, err
	}
	var r Record
	if err := json.Unmarshal(raw, &r); err != nil || r.Kind != KindProgress {
		return body, fmt.Errorf("the lesson progress record is unreadable")
	}
	if err := json.Unmarshal(r.Body, &body); err != nil {
		return body, fmt.Errorf("the lesson progress record is unreadable: %v", err)
	}
	return body, nil
}
