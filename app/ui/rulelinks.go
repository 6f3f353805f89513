package ui

import (
	"html"
	"regexp"
	"strings"

	"github.com/gcplay/gcplay/gccore/rules"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ruleRef matches rule ids with an optional branch letter (DEL-9c is a branch of DEL-9).
var ruleRef = regexp.MustCompile(`\b(?:API|N|GB|AOC|XNS|DEL|FG|ORPH|OPS|Q|SYNC|DUMP|T|S|V)-[0-9]+[a-z]?\b`)

// ruleText splits text into plain runs and rule-id buttons that open the rule's text.
func ruleText(text string, onRule func(app.Context, string)) []app.UI {
	var out []app.UI
	last := 0
	for _, m := range ruleRef.FindAllStringIndex(text, -1) {
		id := text[m[0]:m[1]]
		base := strings.TrimRight(id, "abcdefghijklmnopqrstuvwxyz")
		if _, ok := rules.Lookup(base); !ok {
			continue
		}
		out = append(out, app.Text(text[last:m[0]]))
		out = append(out, app.Button().Class("rule").Title("Show rule "+base).Text(id).
			OnClick(func(ctx app.Context, e app.Event) { onRule(ctx, base) }, app.EventScope(id)))
		last = m[1]
	}
	return append(out, app.Text(text[last:]))
}

// ruleLinks renders text with rule ids as buttons carrying data-rule, for a delegated
// click handler (no per-button handler, so rows stay cheap to compare).
func ruleLinks(text string) []app.UI {
	var out []app.UI
	last := 0
	for _, m := range ruleRef.FindAllStringIndex(text, -1) {
		id := text[m[0]:m[1]]
		base := strings.TrimRight(id, "abcdefghijklmnopqrstuvwxyz")
		if _, ok := rules.Lookup(base); !ok {
			continue
		}
		out = append(out, app.Text(text[last:m[0]]),
			app.Button().Class("rule").Title("Show rule "+base).DataSet("rule", base).Text(id))
		last = m[1]
	}
	if last < len(text) {
		out = append(out, app.Text(text[last:]))
	}
	return out
}

// writeRuleLinks writes the markup of ruleLinks (for rows drawn with app.Raw).
func writeRuleLinks(b *strings.Builder, text string) {
	last := 0
	for _, m := range ruleRef.FindAllStringIndex(text, -1) {
		id := text[m[0]:m[1]]
		base := strings.TrimRight(id, "abcdefghijklmnopqrstuvwxyz")
		if _, ok := rules.Lookup(base); !ok {
			continue
		}
		b.WriteString(html.EscapeString(text[last:m[0]]))
		b.WriteString(`<button class="rule" title="Show rule ` + html.EscapeString(base) + `" data-rule="` +
			html.EscapeString(base) + `">` + html.EscapeString(id) + `</button>`)
		last = m[1]
	}
	b.WriteString(html.EscapeString(text[last:]))
}
