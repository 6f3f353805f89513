package session

import (
	"github.com/gcplay/gcplay/gccore/faults"
)

// SetFaults replays the open workspace's scenario from tick 0 playing f (the Faults
// panel, issue 26 §2): a workspace is a scenario and its history, and other faults draw
// other delays, losses and errors from the first tick, so the history starts again. An
// invalid f leaves the workspace as it was and returns Validate's error, naming the field.
func (s *Session) SetFaults(f faults.Config) error {
	ws, err := s.ws.WithFaults(f)
	if err != nil {
		return err
	}
	s.Open(ws)
	return nil
}

// Reroll replays the open workspace with its faults under a new seed, the next one.
func (s *Session) Reroll() error {
	f := s.ws.Faults()
	f.Seed++
	return s.SetFaults(f)
}
