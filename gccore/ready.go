package gccore

// Ready is everything the simulation emitted since the last Take, like raft's Ready: the
// trace records (unless Config.Quiet or NoTrace) and the watch events (unless Quiet), each
// in the order emitted. Every consumer reads this one value: the text trace is one
// rendering of its records (RenderTrace), the page's log another.
type Ready struct {
	Records []Record
	Watch   []WatchEvent
}

// Take returns what was emitted since the last call and forgets it; the slices are the
// caller's.
func (s *Sim) Take() Ready {
	rd := Ready{Records: s.trace.records, Watch: s.watch}
	s.trace.records, s.watch = nil, nil
	return rd
}
