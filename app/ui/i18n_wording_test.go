package ui

import (
	"testing"
	"time"
)

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
