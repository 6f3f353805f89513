package i18n

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/lessons"
)

// TestMessagesComplete: every message has every language of lessons.Languages, with the
// same fmt verbs, so no label falls back to English in the Chinese page.
func TestMessagesComplete(t *testing.T) {
	for key, m := range Messages {
		for _, lang := range lessons.Languages {
			if strings.TrimSpace(m[lang]) == "" {
				t.Errorf("message %q has no %s text", key, lang)
			}
			if strings.Count(m[lang], "%") != strings.Count(m["en"], "%") {
				t.Errorf("message %q: %s has other fmt verbs than en", key, lang)
			}
		}
	}
	for en, zh := range ZhCN() {
		if strings.TrimSpace(zh) == "" {
			t.Errorf("label %q has no zh-CN text", en)
		}
		if strings.Count(zh, "%") != strings.Count(en, "%") {
			t.Errorf("label %q: zh-CN has other fmt verbs", en)
		}
	}
	if Tr("zh-CN", "Step") != "单步" || Tr("en", "Step") != "Step" || Tr("zh-CN", "no such label") != "no such label" {
		t.Error("tr does not translate or fall back")
	}
}

// TestChineseWording: the page's and the lessons' Chinese use the terms of the Kubernetes
// Chinese documentation (issue 22): 孤立 not 孤儿, 状况（condition）, no "追赶" or
// "还在路上"; Fit is 适应窗口; "label: value" takes a full-width colon.
func TestChineseWording(t *testing.T) {
	texts := map[string]string{} // text -> where
	for en, zh := range ZhCN() {
		texts[zh] = en
	}
	ls, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		for _, tx := range append([]lessons.Text{l.Title, l.Goal, l.Intro, l.Recap}, l.Hints...) {
			texts[tx.In("zh-CN")] = l.ID
		}
	}
	for zh, where := range texts {
		for _, bad := range []string{"孤儿", "追赶", "还在路上", "状态条件"} {
			if strings.Contains(zh, bad) {
				t.Errorf("%s: %q says %s", where, zh, bad)
			}
		}
		if strings.Count(zh, "状况") != strings.Count(zh, "状况（condition）") {
			t.Errorf("%s: %q: 状况 without （condition）", where, zh)
		}
	}
	for en, want := range map[string]string{
		"Fit":             "适应窗口",
		"GC: catching up": "GC 尚未同步",
		"Three levels of owners, as a Deployment controller leaves them; compare the three policies on it.": "三层属主关系，与 Deployment 控制器创建的一致；可在其上比较三种删除策略。",
	} {
		if got := Tr("zh-CN", en); got != want {
			t.Errorf("%q: %q, want %q", en, got, want)
		}
	}
	if got := Labelled("zh-CN", Messages["nextLesson"]["zh-CN"], "属主与附属对象"); got != "下一课：属主与附属对象" {
		t.Errorf("labelled: %q", got)
	}
	if got := Labelled("en", "Next lesson", "Owners"); got != "Next lesson: Owners" {
		t.Errorf("labelled: %q", got)
	}
}
