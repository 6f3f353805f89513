package gccore_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore/rules"
)

// coveredFamilies are the rule families of gc-behavior.md that gccore implements and must
// pin with tests. SYNC (not modelled), DUMP, the short traces and the version notes are
// left out.
var coveredFamilies = []string{"API", "N", "GB", "AOC", "XNS", "DEL", "FG", "ORPH", "OPS", "Q", "S"}

// TestRulesCited checks that every rule of coveredFamilies is cited, by its id, in at least
// one test under gccore/: any *_test.go file, or any file under gccore/testdata/ (scripts,
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
		for _, id := range rules.Cited.FindAllString(string(data), -1) {
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
