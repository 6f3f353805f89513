package session

import (
	"github.com/gcplay/gcplay/app/lessonmode"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/faults"
	"github.com/gcplay/gcplay/gccore/scenario"
	"github.com/gcplay/gcplay/lessons"
)

// SetFaults replays the open workspace's scenario from tick 0 playing f (the Faults
// panel, issue 26 §2): a workspace is a scenario and its history, and other faults draw
// other delays, losses and errors from the first tick, so the history starts again. In a
// lesson (which must grant lessons.ControlFaults) the attempt starts again at its start
// at rest under f, its hints kept: the learner acts again and sees what the faults change.
// An invalid f leaves the workspace as it was and returns Validate's error, naming the field.
func (s *Session) SetFaults(f faults.Config) error {
	if err := s.Refuse(lessons.ControlFaults); err != nil {
		return err
	}
	if err := f.Validate(); err != nil {
		return err
	}
	if r := s.lesson; r != nil {
		ws, err := lessonmode.OpenWithFaults(r.L, s.ws.Name(), f)
		if err != nil {
			return err
		}
		s.Open(ws)
		if s.lesson != nil {
			s.lesson.Hints = r.Hints
		}
		return nil
	}
	ws, err := s.ws.Variant(func(sc *scenario.Scenario, cfg *gccore.Config) error {
		sc.Faults, cfg.Faults = f, f
		return nil
	})
	if err != nil {
		return err
	}
	s.Open(ws)
	return nil
}

// Reroll replays the open workspace with its faults under a new seed, the next one.
func (s *Session) Reroll() error {
	f := s.ws.View().Faults
	f.Seed++
	return s.SetFaults(f)
}
