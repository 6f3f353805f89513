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
	var b strings.Builder
	b.WriteString(`<div class="rule-text md">`)
	var para []string
	type list struct {
		indent  int
		ordered bool
	}
	var lists []list
	var table [][]string
	inItem := false // para is a list item's text, written without <p>
	flushPara := func() {
		if len(para) > 0 {
			if !inItem {
				b.WriteString("<p>")
			}
			writeInline(&b, lessons.JoinLines(para))
			if !inItem {
				b.WriteString("</p>")
			}
			para = nil
		}
		inItem = false
	}
	closeLists := func(indent int) { // close lists deeper than indent
		for len(lists) > 0 && lists[len(lists)-1].indent > indent {
			b.WriteString("</li>")
			if lists[len(lists)-1].ordered {
				b.WriteString("</ol>")
			} else {
				b.WriteString("</ul>")
			}
			lists = lists[:len(lists)-1]
		}
	}
	flushTable := func() {
		if len(table) == 0 {
			return
		}
		b.WriteString("<table>")
		for i, row := range table {
			cell := "td"
			if i == 0 {
				cell = "th"
			}
			b.WriteString("<tr>")
			for _, c := range row {
				b.WriteString("<" + cell + ">")
				writeInline(&b, c)
				b.WriteString("</" + cell + ">")
			}
			b.WriteString("</tr>")
		}
		b.WriteString("</table>")
		table = nil
	}
	for _, line := range strings.Split(strings.TrimSpace(controlChars.Replace(src)), "\n") {
		trimmed := strings.TrimSpace(line)
		indent := len(line) - len(strings.TrimLeft(line, " "))
		switch m := listItem.FindStringSubmatch(line); {
		case trimmed == "":
			flushPara()
			flushTable()
		case strings.HasPrefix(trimmed, "|"):
			flushPara()
			closeLists(-1)
			if !tableRule.MatchString(trimmed) {
				cells := strings.Split(strings.Trim(trimmed, "|"), "|")
				for i := range cells {
					cells[i] = strings.TrimSpace(cells[i])
				}
				table = append(table, cells)
			}
		case m != nil:
			flushPara()
			flushTable()
			ordered := m[2] != "-" && m[2] != "*"
			closeLists(indent)
			if n := len(lists); n > 0 && lists[n-1].indent == indent && lists[n-1].ordered != ordered {
				closeLists(indent - 1) // a list of the other kind starts
			}
			if n := len(lists); n > 0 && lists[n-1].indent == indent {
				b.WriteString("</li>")
			} else {
				lists = append(lists, list{indent: indent, ordered: ordered})
				if ordered {
					b.WriteString("<ol>")
				} else {
					b.WriteString("<ul>")
				}
			}
			b.WriteString("<li>")
			para, inItem = append(para, m[3]), true
		case indent > 0 && inItem:
			para = append(para, trimmed) // a list item's continuation line
		default:
			if len(lists) > 0 {
				flushPara()
				closeLists(-1)
			}
			flushTable()
			para = append(para, trimmed)
		}
	}
	flushPara()
	flushTable()
	closeLists(-1)
	b.WriteString("</div>")
	return b.String()
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
