package lessons

import (
	"fmt"
	"regexp"
)

// controlWords are how a lesson's texts name a control of the page, in either language.
// A text naming one the lesson does not grant sends the learner to a dead end (issue 22:
// "edit child's YAML" in a lesson without it). An empty control is one the page has in
// no lesson.
var controlWords = []struct {
	control string
	re      *regexp.Regexp
}{
	{ControlConsole, regexp.MustCompile(`\bConsole\b|控制台`)},
	{ControlCreate, regexp.MustCompile(`\bCreate tab\b|“创建”`)},
	{ControlDelete, regexp.MustCompile(`\bDelete\b`)}, // the button, as both languages write it
	{ControlFinalizer, regexp.MustCompile(`\bRemove\b|“移除”`)},
	{ControlRestart, regexp.MustCompile(`Restart controller-manager|“重启 controller-manager”`)}, // the Queues tab's button
	{ControlFaults, regexp.MustCompile(`\bFaults tab\b|\bRe-roll\b|“故障”|“重新抽取”`)},              // the Faults tab and its button
	{"", regexp.MustCompile(`(?i)\bedit\b[^.]*\bYAML\b|编辑[^。]*YAML`)},                          // the Inspector's YAML is read-only
}

// checkControlWords fails on the first text of l that names a control l does not grant.
func checkControlWords(l *Lesson) error {
	type field struct {
		name string
		text Text
	}
	fields := []field{{"title", l.Title}, {"goal", l.Goal}, {"intro", l.Intro}, {"recap", l.Recap}}
	for i, h := range l.Hints {
		fields = append(fields, field{fmt.Sprintf("hints[%d]", i), h})
	}
	for _, f := range fields {
		for _, lang := range Languages {
			for _, w := range controlWords {
				m := w.re.FindString(f.text.In(lang))
				switch {
				case m == "" || (w.control != "" && l.Allows(w.control)):
				case w.control == "":
					return fmt.Errorf("%s (%s) says %q, but no page lets the learner edit an object's YAML: name kubectl patch in the Console", f.name, lang, m)
				default:
					return fmt.Errorf("%s (%s) names %q, but the lesson's controls %v leave out %s", f.name, lang, m, l.Controls, w.control)
				}
			}
		}
	}
	return nil
}
