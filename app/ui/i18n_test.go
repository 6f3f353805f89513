package ui

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/lessons"
)

// TestLessonControls: a lesson leaves out the controls it does not list (Create and Console
// for background-deletion), and outside a lesson everything is allowed.
func TestLessonControls(t *testing.T) {
	ls, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	l, _ := lessons.ByID(ls, "background-deletion")
	p := &Playground{lang: "en"}
	if p.refuse(lessons.ControlConsole) != nil {
		t.Error("outside a lesson the console is refused")
	}
	p.lesson = &lessonRun{l: l}
	if p.refuse(lessons.ControlDelete) != nil {
		t.Error("background-deletion refuses delete")
	}
	err = p.refuse(lessons.ControlConsole)
	if err == nil || !strings.Contains(err.Error(), "console") || !strings.Contains(err.Error(), "delete, step") {
		t.Errorf("refusing the console: %v", err)
	}
}
