package ui

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/lessons"
)

// TestMessagesComplete: every message has every language of lessons.Languages, with the
// same fmt verbs, so no label falls back to English in the Chinese page.
func TestMessagesComplete(t *testing.T) {
	for key, m := range messages {
		for _, lang := range lessons.Languages {
			if strings.TrimSpace(m[lang]) == "" {
				t.Errorf("message %q has no %s text", key, lang)
			}
			if strings.Count(m[lang], "%") != strings.Count(m["en"], "%") {
				t.Errorf("message %q: %s has other fmt verbs than en", key, lang)
			}
		}
	}
	for en, zh := range zhCN() {
		if strings.TrimSpace(zh) == "" {
			t.Errorf("label %q has no zh-CN text", en)
		}
		if strings.Count(zh, "%") != strings.Count(en, "%") {
			t.Errorf("label %q: zh-CN has other fmt verbs", en)
		}
	}
	if tr("zh-CN", "Step") != "单步" || tr("en", "Step") != "Step" || tr("zh-CN", "no such label") != "no such label" {
		t.Error("tr does not translate or fall back")
	}
}

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
