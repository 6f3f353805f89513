package lessons

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	yamlv3 "go.yaml.in/yaml/v3"
)

// fieldText is one text of a lesson and where it is (hints[2], goals[0].text).
type fieldText struct {
	path fieldPath
	text Text
}

// fieldPath is where a field is in a lesson file, from the top: hints[2].en is the key
// hints, its item 2, then the key en.
type fieldPath []pathPart

// pathPart is a mapping key, and the item of its list when index >= 0.
type pathPart struct {
	key   string
	index int
}

// key is a path part that is a mapping key; item is item i of the list at key k.
func key(k string) pathPart         { return pathPart{k, -1} }
func item(k string, i int) pathPart { return pathPart{k, i} }

// with is p and then the key k; p is not changed.
func (p fieldPath) with(k string) fieldPath { return append(slices.Clip(p), key(k)) }

// String is the path as errors name it: "hints[2].en".
func (p fieldPath) String() string {
	var b strings.Builder
	for i, part := range p {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(part.key)
		if part.index >= 0 {
			fmt.Fprintf(&b, "[%d]", part.index)
		}
	}
	return b.String()
}

// texts lists every text of the lesson as written, in file order.
func (raw *rawLesson) texts() []fieldText {
	out := []fieldText{{fieldPath{key("title")}, raw.Title}, {fieldPath{key("goal")}, raw.Goal}, {fieldPath{key("intro")}, raw.Intro}}
	for i, h := range raw.Hints {
		out = append(out, fieldText{fieldPath{item("hints", i)}, h})
	}
	out = append(out, fieldText{fieldPath{key("recap")}, raw.Recap})
	for i, g := range raw.Goals {
		var t Text
		if json.Unmarshal(g["text"], &t) == nil {
			out = append(out, fieldText{fieldPath{item("goals", i), key("text")}, t})
		}
	}
	for _, list := range []struct {
		field string
		as    []rawAttempt
	}{{"wrong", raw.Wrong}, {"alternatives", raw.Alternatives}} {
		for i, a := range list.as {
			out = append(out, fieldText{fieldPath{item(list.field, i), key("name")}, a.Name})
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
			field := ft.path.with(lang)
			where := field.String()
			if line := lineOf(data, field); line > 0 {
				where = fmt.Sprintf("line %d: %s", line, field)
			}
			return fmt.Errorf("%s: control character %s: lesson text is printable (newlines and tabs allowed)", where, strconv.QuoteRune(r))
		}
	}
	return nil
}

// lineOf finds the line of a field in a lesson file, or 0. It parses the file again: it
// runs only to name the line of an error.
func lineOf(data []byte, field fieldPath) int {
	var doc yamlv3.Node
	if yamlv3.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 {
		return 0
	}
	n := doc.Content[0]
	for _, part := range field {
		if n.Kind != yamlv3.MappingNode {
			return 0
		}
		var next *yamlv3.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == part.key {
				next = n.Content[i+1]
			}
		}
		if next == nil {
			return 0
		}
		if part.index >= 0 {
			if next.Kind != yamlv3.SequenceNode || part.index >= len(next.Content) {
				return 0
			}
			next = next.Content[part.index]
		}
		n = next
	}
	return n.Line
}
