package ui

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/rules"
)

// TestRuleLinksFromTypedIDs: the links are the ids given, in any order, found as whole
// words (DEL-9 is not inside DEL-9c); an id the text does not hold is skipped, and other
// ids in the text stay plain.
func TestRuleLinksFromTypedIDs(t *testing.T) {
	var b strings.Builder
	writeRuleLinks(&b, "DEL-9c, not DEL-9 nor GB-3: API-15", []rules.ID{"API-15", "FG-1", "DEL-9"})
	want := `DEL-9c, not <button class="rule" title="Show rule DEL-9" data-rule="DEL-9">DEL-9</button> nor GB-3: ` +
		`<button class="rule" title="Show rule API-15" data-rule="API-15">API-15</button>`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestRecapTraceLinksRecordRules: the recap's trace lines link a record's Rule and Also.
func TestRecapTraceLinksRecordRules(t *testing.T) {
	rec := gccore.Record{Tick: 3, Component: gccore.CompGraphBuilder, Queue: gccore.QueueGraphChanges, Rule: "GB-3", Also: "GB-14",
		Object: gccore.ObjectRef{APIVersion: "v1", Kind: "Pod", Namespace: "default", Name: "p"}, UID: "u", Text: "a GB-1 in the text"}
	var b strings.Builder
	rec.Write(func(s string) { b.WriteString(esc(s)) }, func(id rules.ID) { writeRuleLink(&b, id) })
	got := b.String()
	for _, want := range []string{`data-rule="GB-3">GB-3</button> <button`, `data-rule="GB-14">GB-14</button> v1/Pod default/p (u): a GB-1 in the text`} {
		if !strings.Contains(got, want) {
			t.Errorf("%s\nlacks %s", got, want)
		}
	}
}
