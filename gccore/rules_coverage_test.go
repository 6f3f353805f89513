package gccore_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore/rules"
)

// coveredFamilies are the rule families of gc-behavior.md that gccore implements and must
// pin with tests. SYNC (not modelled), DUMP and the short traces are left out; the
// version notes (V) are played by the version lens (gccore.Release).
var coveredFamilies = []string{"API", "N", "GB", "AOC", "XNS", "DEL", "FG", "ORPH", "OPS", "Q", "S", "V",
	"CM", "CREF", "RS", "DEP", "KUBELET", "JOB", "NS", "NODE", "FAULT"} // the last nine: cluster-rules.md

// TestRulesCited checks that every rule of coveredFamilies is cited, by its id, in at least
// one test under gccore/ (gc-behavior.md and cluster-rules.md): any *_test.go file, or any file under gccore/testdata/ (scripts,
// scenarios and their golden outputs). A rule that is deliberately not modelled is cited by
// the comment that says so.
func TestRulesCited(t *testing.T) {
	cited := map[string]bool{}
	scanned := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		p := filepath.ToSlash(path)
		// This file names families, not rules, and must not count.
		if p == "rules_coverage_test.go" || !(strings.HasSuffix(p, "_test.go") || strings.HasPrefix(p, "testdata/")) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		scanned++
		for _, id := range rules.Cited().FindAllString(string(data), -1) {
			cited[id] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	seen := map[string]bool{}
	for _, r := range rules.All() {
		family := r.ID[:strings.LastIndex(r.ID, "-")]
		if seen[r.ID] || !slices.Contains(coveredFamilies, family) {
			continue
		}
		seen[r.ID] = true
		if !cited[r.ID] {
			missing = append(missing, r.ID)
		}
	}
	if len(seen) < 100 {
		t.Fatalf("only %d rules in the covered families: is the rules index empty?", len(seen))
	}
	if len(missing) > 0 {
		t.Errorf("%d of %d rules are cited by no test under gccore/ (%d files scanned): %s",
			len(missing), len(seen), scanned, strings.Join(missing, " "))
	}
}

// TestCitedRulesExist is the other direction of TestRulesCited: every rule id the code
// names (in the generated constants it uses, in messages and in comments) and every id
// in a golden trace exists in gc-behavior.md, a clause ("DEL-9a") included.
func TestCitedRulesExist(t *testing.T) {
	any := regexp.MustCompile(`\b(` + strings.Join(rules.Prefixes, "|") + `)-[0-9]+[a-z]?\b`)
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		p := filepath.ToSlash(path)
		if !(strings.HasSuffix(p, ".go") || strings.HasPrefix(p, "testdata/")) || strings.HasPrefix(p, "rules/") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, id := range any.FindAllString(string(data), -1) {
			if !rules.ID(id).Known() {
				t.Errorf("%s cites %s, which gc-behavior.md does not have", p, id)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
