package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/gcplay/gcplay/lessons"
)

// TestChineseWording: the page's and the lessons' Chinese use the terms of the Kubernetes
// Chinese documentation (issue 22): 孤立 not 孤儿, 状况（condition）, no "追赶" or
// "还在路上"; Fit is 适应窗口; "label: value" takes a full-width colon.
func TestChineseWording(t *testing.T) {
	texts := map[string]string{} // text -> where
	for en, zh := range zhCN() {
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
		if got := tr("zh-CN", en); got != want {
			t.Errorf("%q: %q, want %q", en, got, want)
		}
	}
	if got := labelled("zh-CN", messages["nextLesson"]["zh-CN"], "属主与附属对象"); got != "下一课：属主与附属对象" {
		t.Errorf("labelled: %q", got)
	}
	if got := labelled("en", "Next lesson", "Owners"); got != "Next lesson: Owners" {
		t.Errorf("labelled: %q", got)
	}
}

// TestLanguageHelpers: the browser's preferred language on a first visit, and dates.
func TestLanguageHelpers(t *testing.T) {
	for _, c := range []struct {
		browser []string
		want    string
	}{{nil, "en"}, {[]string{"zh-CN", "en"}, "zh-CN"}, {[]string{"fr", "zh"}, "zh-CN"}, {[]string{"zh-Hans-CN"}, "zh-CN"},
		{[]string{"en-GB", "zh-CN"}, "en"}, {[]string{"zh-TW"}, "en"}} {
		if got := preferredLanguage(c.browser); got != c.want {
			t.Errorf("preferredLanguage(%v) = %s, want %s", c.browser, got, c.want)
		}
	}
	d := time.Date(2026, 11, 27, 9, 15, 0, 0, time.UTC)
	if got := shortDate("zh-CN", d); got != "11月27日 09:15" {
		t.Errorf("shortDate zh-CN: %q", got)
	}
	if got := shortDate("en", d); got != "Nov 27 09:15" {
		t.Errorf("shortDate en: %q", got)
	}
}
