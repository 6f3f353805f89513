package ui

import (
	"regexp"
	"strings"

	"github.com/gcplay/gcplay/gccore/rules"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ruleRef matches rule ids with an optional branch letter (DEL-9c is a branch of DEL-9).
var ruleRef = regexp.MustCompile(`\b(?:` + strings.Join(rules.Prefixes, "|") + `)-[0-9]+[a-z]?\b`)

// eachRule walks text: plain gets the runs between rule ids, rule each id of a known
// rule (and its base: DEL-9c is a branch of DEL-9).
func eachRule(text string, plain func(string), rule func(id, base string)) {
	last := 0
	for _, m := range ruleRef.FindAllStringIndex(text, -1) {
		id := text[m[0]:m[1]]
		base := rules.ID(id).Base()
		if !base.Known() {
			continue
		}
		plain(text[last:m[0]])
		rule(id, string(base))
		last = m[1]
	}
	plain(text[last:])
}

// ruleText splits text into plain runs and rule-id buttons that open the rule's text.
func ruleText(text string, onRule func(app.Context, string)) []app.UI {
	var out []app.UI
	eachRule(text, func(s string) { out = append(out, app.Text(s)) }, func(id, base string) {
		out = append(out, app.Button().Class("rule").Title("Show rule "+base).Text(id).
			OnClick(func(ctx app.Context, e app.Event) { onRule(ctx, base) }, app.EventScope(id)))
	})
	return out
}

// writeRuleLinks writes text as markup with rule ids as buttons carrying data-rule, for
// rows drawn as markup with one delegated click handler.
func writeRuleLinks(b *strings.Builder, text string) {
	eachRule(text, func(s string) { b.WriteString(esc(s)) }, func(id, base string) {
		b.WriteString(`<button class="rule" title="Show rule ` + esc(base) + `" data-rule="` +
			esc(base) + `">` + esc(id) + `</button>`)
	})
}
