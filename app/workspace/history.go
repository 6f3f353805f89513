package workspace

import "github.com/gcplay/gcplay/gccore"

// History is a workspace's timeline: every input applied since the base state, in order,
// with the trace records and the API server's DELETED watch events (API-16) of the base
// and of each entry. entries[:cur] is applied to the workspace's simulation; entries[cur:]
// is the future kept after a rewind, replayed by a forward seek and dropped by the first
// input that differs from it. Only the Workspace changes it; others read it through
// Workspace.History.
type History struct {
	entries []entry
	cur     int
	// trace holds the records of the base and of every entry, in order; baseTrace is the
	// base's share.
	trace     []gccore.Record
	baseTrace int
	// gone holds the DELETED watch events of the base and of every entry, in order, as
	// typed values: what a lesson judges deletions on. Only deletions are kept: the other
	// events would double a large scenario's memory.
	gone     []gccore.WatchEvent
	baseGone int
}

// Change is one entry of the history as a judge reads it (lessonmode.Judge): typed, never
// parsed back from the trace.
type Change struct {
	// Serial is unique among the entries of every workspace of the process: the same
	// serial at a position means the same history up to it.
	Serial   uint64
	In       gccore.Input
	Scripted bool   // applied by the scenario's steps, not the person
	Err      string // the input's error; "" when it succeeded
	// Deleted are the API server's DELETED watch events (API-16) the input caused, in
	// order. They are shared: callers must not change them.
	Deleted []gccore.WatchEvent
}

// Position is the history position shown (View.Position): the entries applied.
func (h *History) Position() int { return h.cur }

// Change is entry i (0 ≤ i < Position()).
func (h *History) Change(i int) Change {
	e := h.entries[i]
	return Change{Serial: e.serial, In: e.in, Scripted: e.scripted, Err: e.err, Deleted: h.gone[h.goneEnd(i):e.goneEnd:e.goneEnd]}
}

// BaseDeleted are the DELETED watch events of the base state, before the first entry.
func (h *History) BaseDeleted() []gccore.WatchEvent { return h.gone[:h.baseGone:h.baseGone] }

// TraceLenAt is the length of the trace at position pos (clamped to the history): the
// records before it are the session's up to there.
func (h *History) TraceLenAt(pos int) int { return h.traceEnd(max(0, min(pos, len(h.entries)))) }

// Actions are the person's successful actions up to the current position, in order:
// neither the scenario's own steps nor steps of time.
func (h *History) Actions() []gccore.Input {
	var out []gccore.Input
	for _, e := range h.entries[:h.cur] {
		if e.in.Action() && !e.scripted && e.err == "" {
			out = append(out, e.in)
		}
	}
	return out
}

// add appends e, applied at the current position, with the records and deletions it
// left, and moves past it.
func (h *History) add(e entry, recs []gccore.Record, gone []gccore.WatchEvent) {
	h.trace = append(h.trace, recs...)
	h.gone = append(h.gone, gone...)
	e.traceEnd, e.goneEnd, e.serial = len(h.trace), len(h.gone), entrySerials.Add(1)
	h.entries = append(h.entries, e)
	h.cur++
}

// cut forgets the entries from pos on, with their records and deletions.
func (h *History) cut(pos int) {
	h.trace = h.trace[:h.traceEnd(pos)]
	h.gone = h.gone[:h.goneEnd(pos)]
	h.entries = h.entries[:pos]
}

func (h *History) goneEnd(pos int) int {
	if pos == 0 {
		return h.baseGone
	}
	return h.entries[pos-1].goneEnd
}

func (h *History) traceEnd(pos int) int {
	if pos == 0 {
		return h.baseTrace
	}
	return h.entries[pos-1].traceEnd
}

// positionOf is the position Rewind(t) goes to: after the entry that reached tick t and
// any action of the person at t, before the scenario's actions of the next tick.
func (h *History) positionOf(t int64) int {
	pos := 0
	for i, e := range h.entries {
		if e.tick > t {
			break
		}
		if !e.scripted {
			pos = i + 1
		}
	}
	return pos
}
