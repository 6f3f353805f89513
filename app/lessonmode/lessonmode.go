// Package lessonmode connects a lesson (package lessons) to a page workspace (package
// workspace): it opens the lesson's start as a workspace at rest, judges the goals on the
// workspace as lessons.Play judges them headless, and replays the reference solution one
// step at a time. It is plain Go so that it is tested natively against lessons.Play.
package lessonmode

import (
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/rules"
	"github.com/gcplay/gcplay/gccore/scenario"
	"github.com/gcplay/gcplay/lessons"
)

// Open starts the lesson's start scenario as a workspace named name, run until idle: the
// cluster at rest and the GC caught up, as lessons.Play starts.
func Open(l *lessons.Lesson, name string) (*workspace.Workspace, error) {
	var set workspace.Settings
	if d := l.Config.InformerDelay.Or(-1); d >= 0 { // -1: unset (Ticks is never negative)
		set.InformerDelay = &d
	}
	set.InformerDelays = l.Config.InformerDelays
	ws, err := workspace.NewWith(name, l.Start, set)
	if err != nil {
		return nil, err
	}
	if err := ws.RunUntilIdle(); err != nil {
		return nil, fmt.Errorf("lesson %s: start: %v", l.ID, err)
	}
	return ws, nil
}

// State is what the goals are judged on at the workspace's current position (a rewind
// judges the past): the stored objects, the deletions the trace shows, the learner's
// successful actions (not the start scenario's own steps) and the GC's "why".
func State(ws *workspace.Workspace) (lessons.State, error) {
	v := ws.View()
	return lessons.State{Tick: v.Tick, Objects: v.Objects, Deletions: Deletions(v.Trace), Actions: actions(ws), Why: ws.Why}, nil
}

// Deletions are the removals from storage in trace, in order: the API server's DELETED
// watch events (API-16).
func Deletions(trace []gccore.Record) []lessons.Deletion {
	var out []lessons.Deletion
	for _, r := range trace {
		if r.Component != gccore.CompAPIServer || r.Rule != rules.API16 || !strings.HasPrefix(r.Text, "DELETED ") {
			continue
		}
		if ref, ok := parseRef(r.Key); ok {
			out = append(out, lessons.Deletion{Ref: ref, Tick: r.Tick})
		}
	}
	return out
}

// parseRef reads gccore.ObjectRef.String: "apps/v1/Deployment default/web" or "v1/Namespace x".
func parseRef(s string) (gccore.ObjectRef, bool) {
	gvk, nn, ok := strings.Cut(s, " ")
	if !ok {
		return gccore.ObjectRef{}, false
	}
	i := strings.LastIndex(gvk, "/")
	if i < 0 {
		return gccore.ObjectRef{}, false
	}
	ref := gccore.ObjectRef{APIVersion: gvk[:i], Kind: gvk[i+1:], Name: nn}
	if ns, name, ok := strings.Cut(nn, "/"); ok {
		ref.Namespace, ref.Name = ns, name
	}
	return ref, true
}

// actions are the learner's successful actions up to the current position: the
// workspace's history, without the start scenario's own steps (scripted) and failures.
func actions(ws *workspace.Workspace) []lessons.Action {
	var out []lessons.Action
	for _, in := range ws.Actions() {
		if a, ok := lessons.ActionOf(in); ok {
			out = append(out, a)
		}
	}
	return out
}

// Apply plays one solution step on the workspace: an action at the current tick, a
// fine step (lesson 15), or ticks.
func Apply(ws *workspace.Workspace, st scenario.Step) error {
	switch st.Op {
	case scenario.OpRun:
		if st.Idle {
			return ws.RunUntilIdle()
		}
		for i := int64(0); i < st.Ticks; i++ {
			if err := ws.Step(); err != nil {
				return err
			}
		}
		return nil
	}
	in := st.Input()
	if in.Fine() {
		return ws.FineInput(in)
	}
	return ws.Do(in)
}

// Met says which goals hold in s, by index.
func Met(goals []lessons.Goal, s *lessons.State) []bool {
	out := make([]bool, len(goals))
	for i, g := range goals {
		out[i] = g.Met(s)
	}
	return out
}
