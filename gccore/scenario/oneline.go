package scenario

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Quote renders a user-supplied string for an error message: unchanged when it is a
// plain word (printable ASCII without spaces, quotes or backslashes), Go-quoted
// otherwise, so that a newline, a carriage return or a terminal escape in a name can
// neither break the one-line error contract nor reach the terminal raw.
func Quote(s string) string {
	if s == "" {
		return `""`
	}
	for _, r := range s {
		if r <= ' ' || r >= 0x7f || strings.ContainsRune("\"'`\\", r) {
			return strconv.Quote(s)
		}
	}
	return s
}

// oneLine renders an error as one line of printable text: runs of white space become one
// space, and any other control or non-printable character (an escape sequence, a bidi
// override, invalid UTF-8) is written as its Go escape. It is the last guard of the
// one-line contract for text that came from elsewhere (a YAML or JSON library's message
// quoting the input).
func oneLine(err error) string { return OneLine(err.Error()) }

// OneLine is oneLine for a string; `gcplay` passes every error it prints through it.
func OneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) && r != ' ' {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == ' ' || unicode.IsPrint(r):
			b.WriteString(s[i : i+n])
		default:
			q := strconv.QuoteRune(r) // '\x1b', '\u202e'
			b.WriteString(q[1 : len(q)-1])
		}
		i += n
	}
	return b.String()
}
