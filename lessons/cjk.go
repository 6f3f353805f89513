package lessons

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// wide reports whether r is a CJK character or CJK punctuation: text that separates words
// without spaces, so a line break between two of them is no space (as CJK-aware Markdown
// renderers join them).
func wide(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		(r >= 0x3000 && r <= 0x303F) || // CJK symbols and punctuation: 、。「」
		(r >= 0xFF00 && r <= 0xFFEF) // full-width forms: ，：；（）
}

// punct reports CJK punctuation (，。（）：、「」): no space goes before it, so a line that
// starts with it joins the line before without one, whatever ends that line
// ("Terminating\n（KUBELET-2）" reads "Terminating（KUBELET-2）"). A line that starts
// with anything else keeps its break after punctuation: it may start a Markdown list.
func punct(r rune) bool {
	return (r >= 0x3000 && r <= 0x303F) || (r >= 0xFF00 && r <= 0xFF65)
}

// joinsTight reports that a line break between last and first is no space.
func joinsTight(last, first rune) bool {
	return (wide(last) && wide(first)) || punct(first)
}

// Width is s's width in a terminal's columns: a CJK character takes two.
func Width(s string) int {
	n := 0
	for _, r := range s {
		n++
		if wide(r) && !(r >= 0xFF61 && r <= 0xFFDC) { // half-width forms take one
			n++
		}
	}
	return n
}

// Pad fills s with spaces to w columns (Width), as %-Ns does for ASCII.
func Pad(s string, w int) string {
	return s + strings.Repeat(" ", max(w-Width(s), 0))
}

// JoinLines joins the lines of one paragraph: with a space, except between two CJK
// characters or next to CJK punctuation. Each line is trimmed first.
func JoinLines(lines []string) string {
	var b strings.Builder
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if i > 0 && l != "" && b.Len() > 0 {
			last, _ := utf8.DecodeLastRuneInString(b.String())
			first, _ := utf8.DecodeRuneInString(l)
			if !joinsTight(last, first) {
				b.WriteByte(' ')
			}
		}
		b.WriteString(l)
	}
	return b.String()
}

// joinSoftBreaks removes each line break (and the next line's indentation) between two
// CJK characters or next to CJK punctuation: a YAML block written over several source lines reads as one line in
// Chinese. Other line breaks, and so Markdown's structure, are kept.
func joinSoftBreaks(s string) string {
	if !strings.Contains(s, "\n") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		before, after := strings.TrimRight(s[:i], " \t"), strings.TrimLeft(s[i+1:], " \t")
		last, _ := utf8.DecodeLastRuneInString(before)
		first, _ := utf8.DecodeRuneInString(after)
		if joinsTight(last, first) {
			b.WriteString(before)
		} else {
			b.WriteString(s[:i+1])
			after = s[i+1:]
		}
		s = after
	}
}
