package lessons

import (
	"strings"
	"testing"
)

// TestCJKSoftBreaks: a Chinese text written over several source lines reads with no
// space at the line breaks ("命名空间 随之被删除" was shown), in every builtin lesson's
// texts; English keeps its spaces and Markdown its structure.
func TestCJKSoftBreaks(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"命名空间\n随之被删除", "命名空间随之被删除"},
		{"中移除\n  该属主。", "中移除该属主。"},
		{"属主（API-11），\n垃圾回收器", "属主（API-11），垃圾回收器"},
		{"the owner\ngoes", "the owner\ngoes"},
		{"删除 `x`\n然后", "删除 `x`\n然后"},
		{"段落。\n\n第二段", "段落。\n\n第二段"},
		{"列表：\n- 一项", "列表：\n- 一项"},
		{"一直处于 Terminating\n（KUBELET-2）。", "一直处于 Terminating（KUBELET-2）。"},
	} {
		if got := (Text{"zh-CN": c.in}).In("zh-CN"); got != c.want {
			t.Errorf("In(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := JoinLines([]string{"对象在", "  metadata 中", "列出属主", "and", "more"}); got != "对象在 metadata 中列出属主 and more" {
		t.Errorf("JoinLines: %q", got)
	}
	ls, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		texts := []Text{l.Title, l.Goal, l.Intro, l.Recap}
		texts = append(texts, l.Hints...)
		for _, tx := range texts {
			for _, line := range strings.Split(tx.In("zh-CN"), "\n") {
				for i := 1; i < len([]rune(line))-1; i++ {
					r := []rune(line)
					if r[i] == ' ' && (wide(r[i-1]) && wide(r[i+1]) || punct(r[i+1])) {
						t.Errorf("%s: a space between CJK characters: %q", l.ID, string(r[max(i-6, 0):min(i+6, len(r))]))
					}
				}
			}
		}
	}
}
