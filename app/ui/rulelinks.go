package ui

import (
	"strings"

	"github.com/gcplay/gcplay/gccore/rules"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// eachRule walks text: plain gets the runs between the rule ids it cites, rule each
// place of an id of a known rule (and its base: DEL-9c is a branch of DEL-9). ids are
// what the text cites: the core's typed ids for what the core said (Reason.Rules), or
// rules.CitedIDs for text a person wrote (a lesson, the page's own sentences). A
// translation may cite them in another order.
func eachRule(text string, ids []rules.ID, plain func(string), rule func(id, base string)) {
	last := 0
	for {
		at, id := -1, rules.ID("")
		for _, c := range ids { // the first place of any id from last on
			if i := indexWord(text[last:], string(c)); i >= 0 && (at < 0 || i < at) && c.Base().Known() {
				at, id = i, c
			}
		}
		if at < 0 {
			break
		}
		plain(text[last : last+at])
		rule(string(id), string(id.Base()))
		last += at + len(id)
	}
	plain(text[last:])
}

// indexWord is strings.Index for id as a whole word: DEL-9 is not found in DEL-9c.
func indexWord(text, id string) int {
	for from := 0; ; {
		i := strings.Index(text[from:], id)
		if i < 0 {
			return -1
		}
		i += from
		end := i + len(id)
		if (i == 0 || !wordByte(text[i-1])) && (end == len(text) || !wordByte(text[end])) {
			return i
		}
		from = i + 1
	}
}

func wordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// ruleText splits text into plain runs and buttons that open the rules it cites (ids).
func ruleText(text string, ids []rules.ID, onRule func(app.Context, string)) []app.UI {
	var out []app.UI
	eachRule(text, ids, func(s string) { out = append(out, app.Text(s)) }, func(id, base string) {
		out = append(out, app.Button().Class("rule").Title("Show rule "+base).Text(id).
			OnClick(func(ctx app.Context, e app.Event) { onRule(ctx, base) }, app.EventScope(id)))
	})
	return out
}

// writeRuleLinks writes text as markup with the rule ids it cites (ids) as buttons
// carrying data-rule, for rows drawn as markup with one delegated click handler.
func writeRuleLinks(b *strings.Builder, text string, ids []rules.ID) {
	eachRule(text, ids, func(s string) { b.WriteString(esc(s)) }, func(id, base string) {
		writeRuleButton(b, id, base)
	})
}

// writeRuleLink writes one rule id: a button when the rule is known, else the id.
func writeRuleLink(b *strings.Builder, id rules.ID) {
	if base := id.Base(); base.Known() {
		writeRuleButton(b, string(id), string(base))
		return
	}
	b.WriteString(esc(string(id)))
}

func writeRuleButton(b *strings.Builder, id, base string) {
	b.WriteString(`<button class="rule" title="Show rule ` + esc(base) + `" data-rule="` +
		esc(base) + `">` + esc(id) + `</button>`)
}
