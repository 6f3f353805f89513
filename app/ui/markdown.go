package ui

import (
	"github.com/gcplay/gcplay/gccore/rules"
	"regexp"
	"strconv"
	"strings"

	"github.com/gcplay/gcplay/lessons"
)

// ruleMarkdown renders a rule's text from gc-behavior.md as HTML, for the rule overlay.
//
// Hand-written rather than a Markdown library on purpose: goldmark v1.8.7, the
// well-kept choice, adds 197 KB to the gzipped app.wasm (measured: 4,120,174 →
// 4,316,885 bytes), past the 4 MiB budget of e2e/wasmsize_test.go. The rules use only
// paragraphs, nested bullet and numbered lists with continuation lines, pipe tables,
// **bold**, *italic* and `code`, and the text is our own embedded file. Every run of
// text is HTML-escaped before any markup is added, and rule ids become rule buttons
// (data-rule) that the overlay opens.
func ruleMarkdown(src string) string {
	w := &mdWriter{}
	w.b.WriteString(`<div class="rule-text md">`)
	for _, line := range strings.Split(strings.TrimSpace(controlChars.Replace(src)), "\n") {
		w.line(line)
	}
	w.flushPara()
	w.flushTable()
	w.closeLists(-1)
	w.b.WriteString("</div>")
	return w.b.String()
}

// mdWriter is ruleMarkdown's state between lines: the paragraph, the open lists and the
// table being read.
type mdWriter struct {
	b     strings.Builder
	para  []string
	lists []mdList // the open lists, outermost first
	table [][]string
	// inItem is set while para is a list item's text, written without <p>.
	inItem bool
}

// mdList is an open list: its items' indent and its kind.
type mdList struct {
	indent  int
	ordered bool
}

// line reads one line of the source.
func (w *mdWriter) line(line string) {
	trimmed := strings.TrimSpace(line)
	indent := len(line) - len(strings.TrimLeft(line, " "))
	switch m := listItem.FindStringSubmatch(line); {
	case trimmed == "":
		w.flushPara()
		w.flushTable()
	case strings.HasPrefix(trimmed, "|"):
		w.flushPara()
		w.closeLists(-1)
		if !tableRule.MatchString(trimmed) {
			cells := strings.Split(strings.Trim(trimmed, "|"), "|")
			for i := range cells {
				cells[i] = strings.TrimSpace(cells[i])
			}
			w.table = append(w.table, cells)
		}
	case m != nil:
		w.item(indent, m[2] != "-" && m[2] != "*", m[3])
	case indent > 0 && w.inItem:
		w.para = append(w.para, trimmed) // a list item's continuation line
	default:
		if len(w.lists) > 0 {
			w.flushPara()
			w.closeLists(-1)
		}
		w.flushTable()
		w.para = append(w.para, trimmed)
	}
}

// item starts a list item at indent, opening its list when it is the first.
func (w *mdWriter) item(indent int, ordered bool, text string) {
	w.flushPara()
	w.flushTable()
	w.closeLists(indent)
	if n := len(w.lists); n > 0 && w.lists[n-1].indent == indent && w.lists[n-1].ordered != ordered {
		w.closeLists(indent - 1) // a list of the other kind starts
	}
	if n := len(w.lists); n > 0 && w.lists[n-1].indent == indent {
		w.b.WriteString("</li>")
	} else {
		w.lists = append(w.lists, mdList{indent: indent, ordered: ordered})
		if ordered {
			w.b.WriteString("<ol>")
		} else {
			w.b.WriteString("<ul>")
		}
	}
	w.b.WriteString("<li>")
	w.para, w.inItem = append(w.para, text), true
}

func (w *mdWriter) flushPara() {
	if len(w.para) > 0 {
		if !w.inItem {
			w.b.WriteString("<p>")
		}
		writeInline(&w.b, lessons.JoinLines(w.para))
		if !w.inItem {
			w.b.WriteString("</p>")
		}
		w.para = nil
	}
	w.inItem = false
}

// closeLists closes the lists deeper than indent.
func (w *mdWriter) closeLists(indent int) {
	for len(w.lists) > 0 && w.lists[len(w.lists)-1].indent > indent {
		w.b.WriteString("</li>")
		if w.lists[len(w.lists)-1].ordered {
			w.b.WriteString("</ol>")
		} else {
			w.b.WriteString("</ul>")
		}
		w.lists = w.lists[:len(w.lists)-1]
	}
}

func (w *mdWriter) flushTable() {
	if len(w.table) == 0 {
		return
	}
	w.b.WriteString("<table>")
	for i, row := range w.table {
		cell := "td"
		if i == 0 {
			cell = "th"
		}
		w.b.WriteString("<tr>")
		for _, c := range row {
			w.b.WriteString("<" + cell + ">")
			writeInline(&w.b, c)
			w.b.WriteString("</" + cell + ">")
		}
		w.b.WriteString("</tr>")
	}
	w.b.WriteString("</table>")
	w.table = nil
}

var (
	listItem  = regexp.MustCompile(`^( *)([-*]|[0-9]+\.) +(.*)$`)
	tableRule = regexp.MustCompile(`^\|[-:| ]+\|$`)
	strong    = regexp.MustCompile(`\*\*(.+?)\*\*`)
	emphasis  = regexp.MustCompile(`\*([^*\s][^*]*?)\*`)
	// codeMark stands for a code span while the text around it is marked up. It starts
	// with "<", which esc never leaves in text, so no input can forge one: the NUL-digits
	// placeholder it replaces was typed in a lesson intro and crashed the page (issue 21).
	codeMark = regexp.MustCompile(`<([0-9]+)>`)
	// controlChars are the characters a page has no use for; HTML reads a NUL as U+FFFD.
	controlChars = strings.NewReplacer(controlPairs()...)
)

// controlPairs maps each C0 control but tab and newline, and DEL, to U+FFFD.
func controlPairs() []string {
	var pairs []string
	for r := rune(0); r <= 0x7f; r++ {
		if (r < ' ' || r == 0x7f) && r != '\t' && r != '\n' {
			pairs = append(pairs, string(r), "\uFFFD")
		}
	}
	return pairs
}

// writeInline writes one block's text: `code` verbatim (escaped), the rest escaped with
// rule ids as buttons, then **bold** and *italic*, which may enclose code.
func writeInline(b *strings.Builder, text string) {
	parts := strings.Split(text, "`")
	var codes []string
	var run strings.Builder
	for i, p := range parts {
		if i%2 == 1 && i < len(parts)-1 { // inside a closed code span: a mark
			run.WriteString("<" + strconv.Itoa(len(codes)) + ">")
			codes = append(codes, "<code>"+esc(p)+"</code>")
			continue
		}
		if i%2 == 1 { // an unclosed backtick stays text
			p = "`" + p
		}
		writeRuleLinks(&run, p, rules.CitedIDs(p))
	}
	s := strong.ReplaceAllString(run.String(), "<strong>$1</strong>")
	s = emphasis.ReplaceAllString(s, "<em>$1</em>")
	s = codeMark.ReplaceAllStringFunc(s, func(m string) string {
		n, _ := strconv.Atoi(m[1 : len(m)-1])
		return codes[n]
	})
	b.WriteString(s)
}
