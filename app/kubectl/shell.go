package kubectl

import (
	"fmt"
	"strings"
)

// split breaks a command line into words as a POSIX shell would for the quoting people
// use with kubectl: single quotes, double quotes with backslash escapes, backslashes.
func split(line string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated single quote at column %d", i+1)
			}
			cur.WriteString(line[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' && i+1 < len(line) && strings.IndexByte("\"\\$`", line[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(line[i])
			}
			if i >= len(line) {
				return nil, fmt.Errorf("unterminated double quote")
			}
			inWord = true
		case c == '\\' && i+1 < len(line):
			i++
			cur.WriteByte(line[i])
			inWord = true
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// heredoc splits console input into the command line and its standard input: the lines
// after the first, or the body of a `<<EOF ... EOF` here-document.
func heredoc(text string) (line, stdin string) {
	text = strings.TrimLeft(text, "\n")
	first, rest, _ := strings.Cut(text, "\n")
	if i := strings.Index(first, "<<"); i >= 0 {
		marker := strings.Trim(strings.TrimSpace(first[i+2:]), `'"-`)
		first = strings.TrimSpace(first[:i])
		if marker != "" {
			var body []string
			for _, l := range strings.Split(rest, "\n") {
				if strings.TrimSpace(l) == marker {
					break
				}
				body = append(body, l)
			}
			return first, strings.Join(body, "\n")
		}
	}
	return strings.TrimSpace(first), rest
}
