package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore/rules"
)

// TestRuleMarkdown: the rule overlay renders gc-behavior.md's Markdown, never shows its
// markers, and escapes text (issue 11: it showed raw "**FG-1 — …**").
func TestRuleMarkdown(t *testing.T) {
	fg1, _ := rules.Lookup("FG-1")
	html := ruleMarkdown(fg1.Text)
	mustContain(t, html, "<strong>", `data-rule="FG-1"`, "<code>foregroundDeletion</code>", "<ul><li>", "</li></ul>", "<p>This branch makes no deletes")
	for _, r := range rules.All() {
		out := ruleMarkdown(r.Text)
		if strings.Contains(out, "**") || strings.Contains(out, "\x00") {
			t.Errorf("%s: Markdown markers left: %s", r.ID, out)
		}
		if strings.Count(out, "<ul>") != strings.Count(out, "</ul>") || strings.Count(out, "<ol>") != strings.Count(out, "</ol>") ||
			strings.Count(out, "<li>") != strings.Count(out, "</li>") || strings.Count(out, "<p>") != strings.Count(out, "</p>") {
			t.Errorf("%s: unbalanced markup: %s", r.ID, out)
		}
	}
	got := ruleMarkdown("A <b>x</b> & `<i>` **bold `c` end**\n\n- one\n  more\n  - nested\n- two\n\n1. first\n2. second\n\n| a | b |\n|---|---|\n| 1 | *2* |")
	want := `<div class="rule-text md"><p>A &lt;b&gt;x&lt;/b&gt; &amp; <code>&lt;i&gt;</code> <strong>bold <code>c</code> end</strong></p>` +
		`<ul><li>one more<ul><li>nested</li></ul></li><li>two</li></ul>` +
		`<ol><li>first</li><li>second</li></ol>` +
		`<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td><em>2</em></td></tr></table></div>`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// mdTag is an HTML tag ruleMarkdown writes; anything else starting with "<" in its output
// came from the input.
var mdTag = regexp.MustCompile(`^</?(div|p|ul|ol|li|table|tr|th|td|strong|em|code|button)[ >]`)

// FuzzRuleMarkdown: any text renders (a lesson's intro is a teacher's text, issue 21: a
// NUL and a digit in it crashed the page through the code-span placeholder), the input
// never becomes markup, and every tag written is closed.
func FuzzRuleMarkdown(f *testing.F) {
	fg1, _ := rules.Lookup("FG-1")
	for _, s := range []string{fg1.Text, "a `b` c", "\x007\x00", "`x` \x000\x00 \x001\x00", "<0> `c` <1>", "**`a`** *b* DEL-9c", "- a\n  - b\n1. c\n| x | y |\n|---|\n| `1` | 2 |"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		out := ruleMarkdown(src)
		for i := range len(out) {
			if out[i] == '<' && !mdTag.MatchString(out[i:]) {
				t.Fatalf("input became markup at %d: %q", i, out)
			}
		}
		for _, tag := range []string{"div", "p", "ul", "ol", "li", "table", "tr", "th", "td", "strong", "em", "code", "button"} {
			if open, end := strings.Count(out, "<"+tag+">")+strings.Count(out, "<"+tag+" "), strings.Count(out, "</"+tag+">"); open != end {
				t.Fatalf("%d <%s> but %d </%s>: %q", open, tag, end, tag, out)
			}
		}
		if strings.ContainsFunc(out, func(r rune) bool { return r < ' ' && r != '\t' }) {
			t.Fatalf("a control character in %q", out)
		}
	})
}

// TestMarkdownJoinsCJKLines: a Chinese paragraph or list item over several lines reads
// without a space at each break (issue 22: "中移除 该属主").
func TestMarkdownJoinsCJKLines(t *testing.T) {
	got := ruleMarkdown("从附属对象中移除\n该属主 `x`\nand on\n\n- 命名空间\n  随之被删除")
	want := `<div class="rule-text md"><p>从附属对象中移除该属主 <code>x</code> and on</p><ul><li>命名空间随之被删除</li></ul></div>`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
