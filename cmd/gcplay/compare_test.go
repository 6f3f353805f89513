package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

func scenarioFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "gccore", "testdata", "scenarios", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSimCompare: --compare runs the file as written and with one setting changed, and
// prints the first diverging tick, the objects whose fate differs and both final states
// (issue 26, compare mode).
func TestSimCompare(t *testing.T) {
	for _, tc := range []struct {
		name, file, setting string
		want                []string
	}{
		// V-2a/V-3a: under 1.16 the stray's virtual owner keeps namespace a, the real owner
		// in b is found absent, and the valid dependents in b go (issue #65200).
		{"the cross-namespace incident", "lens-cross-namespace-current.yaml", "kubernetes=1.16", []string{
			"# first diverging tick: 1 (its first 7 record(s) alike)\n",
			"#   t=1 graph-builder [graphChanges] V-3a v1/Secret a/parent (parent-uid): virtual node observed; its identity is kept\n",
			"#   v1/ConfigMap b/child-1: live -> gone\n", "#   v1/ConfigMap b/child-2: live -> gone\n",
			"# final objects, A (as written)\n", "# final objects, B (kubernetes=1.16)\n"}},
		// FAULT-2: another seed loses other watch events; the cascade ends the same.
		{"another fault seed", "faults-dropped-event-relist.yaml", "faults.seed=8", []string{
			"# first diverging tick: 0", "#   t=0 informer FAULT-2 v1/ConfigMap default/owner: ADDED rv=1 lost (the next relist repairs it)\n",
			"# every object ends the same\n"}},
		{"the same run twice", "lens-cross-namespace-current.yaml", "workers=20", []string{
			"# the traces are the same: no tick diverges\n", "# every object ends the same\n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, scenarioFile(t, tc.file), "sim", "-f", "-", "--compare", tc.setting)
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			// Without its comment lines the output is two YAML lists.
			var lists []string
			for _, part := range strings.Split(out, "\n# final objects, ")[1:] {
				_, body, _ := strings.Cut(part, "\n")
				lists = append(lists, body)
			}
			for i, l := range lists {
				var v struct{ Kind string }
				if err := yaml.Unmarshal([]byte(l), &v); err != nil || v.Kind != "List" {
					t.Errorf("final list %d does not read as a List: %v\n%s", i, err, l)
				}
			}
		})
	}
}

// TestSimComparePolicy: policy= changes every delete step's propagationPolicy (API-12):
// an Orphan delete keeps the dependents a Background delete removes (DEL-9c, ORPH-1).
func TestSimComparePolicy(t *testing.T) {
	src := `objects:
- {apiVersion: v1, kind: ConfigMap, metadata: {name: owner, uid: owner-uid}}
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: child, ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: owner, uid: owner-uid}]}
steps:
- run: idle
- delete: {apiVersion: v1, kind: ConfigMap, name: owner, propagationPolicy: Background}
`
	code, out, errOut := runCLI(t, src, "sim", "-f", "-", "--compare", "policy=Orphan")
	if code != 0 || !strings.Contains(out, "#   v1/ConfigMap default/child: gone -> live\n") {
		t.Fatalf("exit %d %s:\n%s", code, errOut, out)
	}
}

// Bad settings are one line naming the setting (never a panic).
func TestSimCompareRefusesBadSettings(t *testing.T) {
	for setting, want := range map[string]string{
		"kubernetes":       `"kubernetes": want key=value`,
		"color=blue":       `unknown setting "color"`,
		"kubernetes=1.17":  "kubernetes=1.17: ",
		"policy=Sideways":  `policy=Sideways: want Orphan, Background or Foreground, got "Sideways"`,
		"informerDelay=-1": "informerDelay=-1: want 0 to 1000 ticks",
		"workers=0":        "workers=0: want 1 to",
		"faults.seed=-1":   `faults.seed=-1: want a seed (0 or more), got "-1"`,
	} {
		code, _, errOut := runCLI(t, "{}\n", "sim", "-f", "-", "--compare", setting)
		if code != 1 || !strings.Contains(errOut, want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("--compare %s: exit %d, %q; want one line with %q", setting, code, errOut, want)
		}
	}
	if code, _, errOut := runCLI(t, "{}\n", "sim", "-f", "-", "--compare", "workers=2", "--trace"); code != 1 || !strings.Contains(errOut, "cannot be combined") {
		t.Errorf("--compare --trace: %d %q", code, errOut)
	}
}
