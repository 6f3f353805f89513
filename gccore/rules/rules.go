// Package rules indexes gc-behavior.md, the numbered rules gcplay implements, so that
// tests can check every rule is cited and the playground can show a rule's text.
package rules

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Rule is one numbered rule: its id (e.g. "DEL-9"), its title and its full text in markdown.
type Rule struct {
	ID    string
	Title string
	Text  string
}

// Prefixes lists the rule families, in the order gc-behavior.md introduces them. It is
// the one list: Cited, ID.Family and the generated constants follow it.
var Prefixes = []string{"API", "N", "GB", "AOC", "XNS", "DEL", "FG", "ORPH", "OPS", "Q", "SYNC", "DUMP", "T", "S", "V",
	"CM", "CREF", "RS", "DEP", "KUBELET", "JOB", "NS", "NODE", "FAULT"} // the last nine: cluster-rules.md

// ID is a rule id: a family, a dash and a number ("DEL-9"), or a clause of a rule that
// gc-behavior.md names with a letter ("DEL-9a"). The code uses the generated constants
// (ids.go), so an id the document does not have does not compile.
type ID string

// Family is the id's family: "DEL" for "DEL-9a".
func (id ID) Family() string {
	f, _, _ := strings.Cut(string(id), "-")
	return f
}

// Base is the rule a clause belongs to: "DEL-9" for "DEL-9a".
func (id ID) Base() ID { return ID(strings.TrimRight(string(id), "abcdefghijklmnopqrstuvwxyz")) }

// Known reports whether gc-behavior.md has the rule, or names the clause (the generated
// table, so that no caller pays for reading the document).
func (id ID) Known() bool {
	_, ok := slices.BinarySearch(known, id)
	return ok
}

var (
	// header and clause are compiled by load, at first use.
	header, clause *regexp.Regexp
	index          map[string]Rule
	order          []string
	// clauses are the lettered ids the document names ("DEL-9a").
	clauses = map[ID]bool{}

	mu     sync.Mutex
	loaded bool
	// given is the documents' text the page fetched (SetSource); the gcplay binary and
	// the tests read them compiled in (source_embed.go).
	given string
)

// DocumentName is the documents' asset name under web/ (Document, SetSource).
const DocumentName = "rules.md"

// SetSource gives the page the documents' text it fetched from the site (web/rules.md):
// app.wasm does not carry them (source_page.go). Lookups before it find nothing.
func SetSource(text string) {
	mu.Lock()
	defer mu.Unlock()
	given = text
}

// load indexes the documents on first use, not at start-up: they are 170 KB of text,
// and the page's first paint does not need them (TestStartup's profile: 13 % of the start).
func load() {
	mu.Lock()
	defer mu.Unlock()
	if loaded {
		return
	}
	src, ok := source()
	if !ok {
		return // the page has not fetched them yet
	}
	loaded = true
	header = regexp.MustCompile(`^\*\*([A-Z]+-[0-9]+)\b([^*]*)\*\*`)
	clause = regexp.MustCompile(`\b(` + strings.Join(Prefixes, "|") + `)-[0-9]+[a-z]\b`)
	index = map[string]Rule{}
	var cur *Rule
	flush := func() {
		if cur != nil {
			cur.Text = strings.TrimSpace(cur.Text)
			index[cur.ID] = *cur
			order = append(order, cur.ID)
			cur = nil
		}
	}
	for _, line := range strings.Split(src, "\n") {
		if m := headerOf(line); m != nil {
			flush()
			title := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(m[2]), "—-"))
			title = strings.TrimSuffix(title, ".")
			cur = &Rule{ID: m[1], Title: title, Text: line + "\n"}
			continue
		}
		if strings.HasPrefix(line, "## ") || strings.HasPrefix(line, "---") {
			flush()
			continue
		}
		if cur != nil {
			cur.Text += line + "\n"
		}
	}
	flush()
	for _, id := range clause.FindAllString(src, -1) {
		clauses[ID(id)] = true
	}
}

// headerOf matches a rule's header line; most lines do not start with "**" and skip the
// regular expression.
func headerOf(line string) []string {
	if !strings.HasPrefix(line, "**") {
		return nil
	}
	return header.FindStringSubmatch(line)
}

// Lookup returns the rule with that id.
func Lookup(id string) (Rule, bool) {
	load()
	r, ok := index[id]
	return r, ok
}

// All returns every rule in document order.
func All() []Rule {
	load()
	out := make([]Rule, len(order))
	for i, id := range order {
		out[i] = index[id]
	}
	return out
}

// IDs returns every rule id, sorted.
func IDs() []string {
	load()
	ids := append([]string(nil), order...)
	sort.Strings(ids)
	return ids
}

// CitedIDs returns the rule ids text cites, clauses included ("DEL-9c"), in order of
// appearance: what a sentence of Inspector.Why carries as its rules (gccore.Reason.Rules).
func CitedIDs(text string) []ID {
	var out []ID
	for _, m := range citedIDs().FindAllString(text, -1) {
		out = append(out, ID(m))
	}
	return out
}

var citedIDs = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(` + strings.Join(Prefixes, "|") + `)-[0-9]+[a-z]?\b`)
})

// Cited matches rule ids in text, e.g. in a test or a trace; compiled at first use, not
// in the page's start.
var Cited = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(` + strings.Join(Prefixes, "|") + `)-[0-9]+\b`)
})
