package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/i18n"
	"github.com/gcplay/gcplay/app/workspace"
)

// TestEveryLabelTranslated: every English label the page passes to tr, literally or
// through the tables and helpers that feed it (shortcuts, examples, the toolbar's
// fine-step and export labels, why a fine step is blocked), has its zh-CN text, so
// the Chinese page shows no English of our own. Kubernetes terms stay as spelled.
func TestEveryLabelTranslated(t *testing.T) {
	labels := map[string]string{} // label -> where
	files, _ := filepath.Glob("*.go")
	sess, _ := filepath.Glob("../session/*.go") // the session's notices
	files = append(files, sess...)
	// The inspector's "why" sentences, keyed by their format (gccore.Reason).
	core, _ := filepath.Glob("../../gccore/explain.go")
	cluster, _ := filepath.Glob("../../gccore/cluster/*.go")
	files = append(append(files, core...), cluster...)
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var name string
			switch fun := call.Fun.(type) {
			case *ast.Ident:
				name = fun.Name
			case *ast.SelectorExpr:
				name = fun.Sel.Name
			}
			// tr(lang, "…"), the helpers whose label arguments reach tr, and the core's
			// reasons (say and gccore.Because).
			args := map[string][]int{"tr": {1}, "Tr": {1}, "fine": {0, 3}, "btn": {0}, "item": {1, 2}, "small": {0, 1}, "field": {0},
				"say": {0}, "Because": {0}}[name]
			for _, i := range args {
				if i < len(call.Args) {
					if lit, ok := call.Args[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						s, _ := strconv.Unquote(lit.Value)
						labels[s] = fset.Position(lit.Pos()).String()
					}
				}
			}
			return true
		})
	}
	for _, s := range Shortcuts {
		labels[s.Text] = "Shortcuts"
	}
	for _, ex := range workspace.Examples() {
		labels[ex.Title], labels[ex.Purpose], labels[ex.Try] = "example "+ex.ID, "example "+ex.ID, "example "+ex.ID
	}
	for _, why := range fineBlockedReasons {
		labels[why] = "fineBlockedReasons"
	}
	var missing []string
	for s, where := range labels {
		if _, ok := i18n.ZhCN()[s]; !ok && strings.TrimSpace(s) != "" && strings.ContainsAny(s, "abcdefghijklmnopqrstuvwxyz") {
			missing = append(missing, where+": "+strconv.Quote(s))
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("no zh-CN text for %s", m)
	}
}
