package workspace

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
)

// savedVersion is the format version of Marshal's output.
const savedVersion = 1

type saved struct {
	Version  int          `json:"version"`
	Name     string       `json:"name"`
	Settings *Settings    `json:"settings,omitempty"`
	Lesson   *Attempt     `json:"lesson,omitempty"`
	Scenario string       `json:"scenario"`
	History  []savedEntry `json:"history,omitempty"`
	Position int          `json:"position"`
}

// savedEntry is one history entry; its JSON is the input's, plus two fields.
type savedEntry struct {
	gccore.Input
	Script bool              `json:"script,omitempty"`
	Pos    scenario.Position `json:"pos"`
}

// Marshal saves the session: the base scenario, every recorded command (the future
// after a rewind too) and the position. It runs after every change, so the scenario
// text, which never changes, is JSON-encoded once (sourceJSON).
func (w *Workspace) Marshal() []byte {
	if w.sourceJSON == nil {
		w.sourceJSON = mustJSON(string(w.source))
	}
	head := mustJSON(struct {
		Version  int       `json:"version"`
		Name     string    `json:"name"`
		Settings *Settings `json:"settings,omitempty"`
		Lesson   *Attempt  `json:"lesson,omitempty"`
	}{savedVersion, w.name, w.savedSettings(), w.savedAttempt()})
	rest := struct {
		History  []savedEntry `json:"history,omitempty"`
		Position int          `json:"position"`
	}{Position: w.h.cur}
	for _, e := range w.h.entries {
		rest.History = append(rest.History, savedEntry{Input: e.in, Script: e.scripted, Pos: e.script})
	}
	tail := mustJSON(rest)
	// {"version":…,"name":…} and {"history":…,"position":…} joined around the scenario
	// (a json.RawMessage field would be re-scanned on every save).
	out := make([]byte, 0, len(head)+len(w.sourceJSON)+len(tail)+16)
	out = append(out, head[:len(head)-1]...)
	out = append(out, `,"scenario":`...)
	out = append(out, w.sourceJSON...)
	out = append(out, ',')
	return append(out, tail[1:]...)
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("workspace: cannot save: %v", err)) // commands hold JSON values only
	}
	return b
}

// savedAttempt is nil for a workspace that is no attempt, and for a legacy attempt whose
// start at rest is not measured yet (Rest -1): that one saves as it was read, its lesson
// in its name, until the page measures it (lessonmode.Attempt).
func (w *Workspace) savedAttempt() *Attempt {
	if w.attempt == nil || w.attempt.Rest < 0 {
		return nil
	}
	return w.attempt
}

// savedSettings is nil for the defaults, so that such a workspace saves as before.
func (w *Workspace) savedSettings() *Settings {
	if w.settings.InformerDelay == nil && len(w.settings.InformerDelays) == 0 {
		return nil
	}
	return &w.settings
}

// LimitError is a saved session that asks for more than a person at the page could do
// (MaxTicks, MaxHistory): Unmarshal replays nothing of it.
type LimitError struct{ What string }

func (e *LimitError) Error() string { return "saved workspace: its " + e.What }

// Unmarshal restores a session saved by Marshal, by replaying it.
func Unmarshal(data []byte) (*Workspace, error) {
	var s saved
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("saved workspace is unreadable: %v", err)
	}
	if s.Version != savedVersion {
		return nil, fmt.Errorf("saved workspace has format version %d, want %d", s.Version, savedVersion)
	}
	var set Settings
	if s.Settings != nil {
		set = *s.Settings
	}
	w, err := NewWith(s.Name, []byte(s.Scenario), set)
	if err != nil {
		return nil, fmt.Errorf("saved workspace: %v", err)
	}
	if len(s.History) > MaxHistory {
		return nil, &LimitError{fmt.Sprintf("history has %d entries, more than the %d the playground replays", len(s.History), MaxHistory)}
	}
	for i, e := range s.History {
		w.player.Pos = e.Pos
		if e.Op == "" {
			return nil, fmt.Errorf("saved workspace: history[%d] has no op", i)
		}
		// A link replays under the limits of a person at the page (issue 21: one entry
		// {"op":"tick","ticks":1e15} froze the tab for good).
		if e.Op == gccore.InputTick && max(e.Ticks, 1) > MaxTicks-w.sim.CurrentTick() {
			return nil, &LimitError{fmt.Sprintf("history[%d] (%s) would run past tick %d, where the playground stops", i, e.Input, MaxTicks)}
		}
		_ = w.record(e.Input, e.Script) // failed inputs were recorded failing; they fail again
		w.h.entries[len(w.h.entries)-1].script = e.Pos
		w.player.Pos = e.Pos
	}
	if s.Position < 0 || s.Position > len(w.h.entries) {
		return nil, fmt.Errorf("saved workspace: position %d outside its history of %d", s.Position, len(w.h.entries))
	}
	w.attempt = s.Lesson
	if a := w.attempt; a != nil && (a.Rest < -1 || a.Rest > len(w.h.entries)) {
		a.Rest = -1 // not a position of this history: measured again
	}
	if id, ok := strings.CutPrefix(s.Name, legacyLessonPrefix); ok && w.attempt == nil && id != "" {
		// Migration: saved before Attempt, the lesson was only in the name.
		w.attempt = &Attempt{Lesson: id, Rest: -1}
	}
	if err := w.Seek(s.Position); err != nil {
		return nil, err
	}
	return w, nil
}
