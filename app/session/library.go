package session

import (
	"sync"

	"github.com/gcplay/gcplay/app/lessonmode"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/lessons"
)

// LessonPrefix starts the workspace name (workspace.New's, kept by Marshal) of a lesson's
// attempt. It is a label only: the lesson is the workspace's Attempt field. The name stays
// what it was so that a page of an earlier version, which read the lesson from it, still
// opens an attempt saved by this one.
const LessonPrefix = "lesson:"

// builtinLessons loads the embedded lessons once.
var builtinLessons = sync.OnceValues(lessons.Builtin)

// Library is where a page's lessons are looked up: a workshop's shelf (its
// web/lessons.json) once the page has read it, else the built-in lessons. The page's
// sessions share one.
type Library struct {
	// shelf holds the lessons read from the site, each parsed when first needed; nil
	// until then, or on a site whose bundle could not be read.
	shelf *lessons.Shelf
}

// SetShelf makes s the library's lessons.
func (lib *Library) SetShelf(s *lessons.Shelf) { lib.shelf = s }

// All is every lesson, each parsed (the picker), in teaching order.
func (lib *Library) All() ([]*lessons.Lesson, error) {
	if lib != nil && lib.shelf != nil {
		return lib.shelf.All()
	}
	return builtinLessons()
}

// Lesson is lesson id, parsing only that one; ok is false when there is no such lesson.
func (lib *Library) Lesson(id string) (l *lessons.Lesson, ok bool, err error) {
	if lib != nil && lib.shelf != nil {
		return lib.shelf.Lesson(id)
	}
	ls, err := builtinLessons()
	if err != nil {
		return nil, true, err
	}
	l, ok = lessons.ByID(ls, id)
	return l, ok, nil
}

// LessonOf finds the lesson ws is an attempt at: its workspace.Attempt, a field saved with
// it (an attempt saved before the field is read from its old name once, by
// workspace.Unmarshal).
func (lib *Library) LessonOf(ws *workspace.Workspace) (*lessons.Lesson, bool) {
	a, ok := ws.Attempt()
	if !ok {
		return nil, false
	}
	l, ok, err := lib.Lesson(a.Lesson)
	return l, ok && err == nil
}

// NewAttempt is a new attempt at l: its start at rest, on the full page and the embedded one.
func NewAttempt(l *lessons.Lesson) (*workspace.Workspace, error) {
	return lessonmode.Open(l, LessonPrefix+l.ID)
}
