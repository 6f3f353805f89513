package lessons

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	yamlv3 "go.yaml.in/yaml/v3"
)

// fieldText is one text of a lesson and where it is: "intro", "hints[2]", "goals[0].text".
type fieldText struct {
	field string
	text  Text
}

// texts lists every text of the lesson as written, in file order.
func (raw *rawLesson) texts() []fieldText {
	out := []fieldText{{"title", raw.Title}, {"goal", raw.Goal}, {"intro", raw.Intro}}
	for i, h := range raw.Hints {
		out = append(out, fieldText{fmt.Sprintf("hints[%d]", i), h})
	}
	out = append(out, fieldText{"recap", raw.Recap})
	for i, g := range raw.Goals {
		var t Text
		if json.Unmarshal(g["text"], &t) == nil {
			out = append(out, fieldText{fmt.Sprintf("goals[%d].text", i), t})
		}
	}
	for _, list := range []struct {
		field string
		as    []rawAttempt
	}{{"wrong", raw.Wrong}, {"alternatives", raw.Alternatives}} {
		for i, a := range list.as {
			out = append(out, fieldText{fmt.Sprintf("%s[%d].name", list.field, i), a.Name})
		}
	}
	return out
}

// checkPrintable refuses a control character other than newline and tab in any text of
// the lesson: the page renders the texts as Markdown and the CLI prints them, and a NUL,
// an escape sequence or a carriage return has no place in either (issue 21 §5, §9). The
// error names the field and its line in data.
func checkPrintable(data []byte, raw *rawLesson) error {
	for _, ft := range raw.texts() {
		langs := make([]string, 0, len(ft.text))
		for lang := range ft.text {
			langs = append(langs, lang)
		}
		slices.Sort(langs) // one message for the same file, whatever the map order
		for _, lang := range langs {
			i := strings.IndexFunc(ft.text[lang], func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' })
			if i < 0 {
				continue
			}
			r := []rune(ft.text[lang][i:])[0]
			field := ft.field + "." + lang
			where := field
			if line := lineOf(data, field); line > 0 {
				where = fmt.Sprintf("line %d: %s", line, field)
			}
			return fmt.Errorf("%s: control character %s: lesson text is printable (newlines and tabs allowed)", where, strconv.QuoteRune(r))
		}
	}
	return nil
}

var pathPart = regexp.MustCompile(`^([^.\[]+)(?:\[(\d+)\])?$`)

// lineOf finds the line of a field such as "hints[2].en" in a lesson file, or 0. It
// parses the file again: it runs only to name the line of an error.
func lineOf(data []byte, field string) int {
	var doc yamlv3.Node
	if yamlv3.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 {
		return 0
	}
	n := doc.Content[0]
	for _, part := range strings.Split(field, ".") {
		m := pathPart.FindStringSubmatch(part)
		if m == nil || n.Kind != yamlv3.MappingNode {
			return 0
		}
		var next *yamlv3.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == m[1] {
				next = n.Content[i+1]
			}
		}
		if next == nil {
			return 0
		}
		if m[2] != "" {
			k, _ := strconv.Atoi(m[2])
			if next.Kind != yamlv3.SequenceNode || k >= len(next.Content) {
				return 0
			}
			next = next.Content[k]
		}
		n = next
	}
	return n.Line
}
