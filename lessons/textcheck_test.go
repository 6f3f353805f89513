package lessons

import (
	"strings"
	"testing"
)

// TestControlWords: check refuses a lesson whose text names a control it does not grant
// (issue 22: lesson 1 asked to "edit child's YAML"; "the Create tab" where there is none).
func TestControlWords(t *testing.T) {
	ls, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	bg, _ := ByID(ls, "background-deletion") // controls: delete, step
	for _, c := range []struct{ field, text, want string }{
		{"intro", "Then edit child's YAML.", `intro (en) says "edit child's YAML"`},
		{"hint", "Run kubectl delete in the Console.", `hints[0] (en) names "Console", but the lesson's controls [delete step] leave out console`},
		{"hint", "在控制台中执行。", `hints[0] (zh-CN) names "控制台"`},
		{"goal", "Make one in the Create tab.", `goal (en) names "Create tab"`},
		{"hint", "Click Remove beside the finalizer.", `leave out finalizer`},
		{"hint", "Press Restart controller-manager in the Queues tab.", `leave out restart`},
		{"hint", "Press Re-roll in the Faults tab.", `leave out faults`},
		{"hint", "在“故障”标签页中点击“重新抽取”。", `hints[0] (zh-CN) names "“故障”"`},
	} {
		l := *bg
		l.Hints = append([]Text(nil), l.Hints...)
		switch c.field {
		case "intro":
			l.Intro = Text{"en": c.text, "zh-CN": "中文"}
		case "goal":
			l.Goal = Text{"en": c.text, "zh-CN": "中文"}
		case "hint":
			lang := "en"
			if strings.ContainsAny(c.text, "控故") {
				lang = "zh-CN"
			}
			l.Hints[0] = Text{"en": "x", "zh-CN": "x", lang: c.text}
		}
		if err := checkControlWords(&l); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
	for _, l := range ls {
		if err := checkControlWords(l); err != nil {
			t.Errorf("%s: %v", l.ID, err)
		}
	}
}
