package ui

import (
	"github.com/gcplay/gcplay/app/session"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// postProgress tells a course page about progress. Framed, it posts to the page embedding
// this one: only lesson ids and counts, never the learner's data, so any origin may read
// it. Opened by an embedded page's "Open in gcplay", it posts to that opener too, only if
// it is gcplay's own origin; the embedded page passes it on (relayProgress).
func postProgress(msg map[string]any) {
	if app.IsServer {
		return
	}
	w := app.Window()
	if parent := w.Get("parent"); parent.Truthy() && !parent.Equal(w.Get("self")) {
		parent.Call("postMessage", msg, "*")
	}
	if opener := w.Get("opener"); opener.Truthy() && !opener.Get("closed").Bool() {
		opener.Call("postMessage", msg, w.Get("location").Get("origin"))
	}
}

// relayProgress, on the embedded page, passes to its parent the progress that the full
// page it opened ("Open in gcplay") posts: the course page hears of a lesson finished
// there from the iframe it embeds, as if it were finished inside. Only messages from
// gcplay's own origin, of the two progress types, are passed on.
func relayProgress() func() {
	w := app.Window()
	return listen(w, "message", func(e app.Value) {
		d, parent := e.Get("data"), w.Get("parent")
		if e.Get("origin").String() != w.Get("location").Get("origin").String() || d.Type() != app.TypeObject ||
			parent.Equal(w.Get("self")) || e.Get("source").Equal(parent) {
			return
		}
		if typ := d.Get("type"); typ.Type() == app.TypeString && (typ.String() == "gcplay:goal-met" || typ.String() == "gcplay:lesson-complete") {
			parent.Call("postMessage", d, "*")
		}
	})
}

// tellProgress posts a session's progress event (postProgress): gcplay:goal-met and
// gcplay:lesson-complete, the messages a course page listens for.
func tellProgress(ev session.Event) {
	switch ev.Kind {
	case session.GoalMet:
		postProgress(map[string]any{"type": "gcplay:goal-met", "lesson": ev.Lesson, "goal": ev.Goal})
	case session.LessonComplete:
		postProgress(map[string]any{"type": "gcplay:lesson-complete", "lesson": ev.Lesson, "actions": ev.Actions, "par": ev.Par})
	}
}
