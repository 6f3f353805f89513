package lessons

import (
	"strings"
	"testing"
	"testing/fstest"
)

// base is a valid lesson; the tests below break one thing at a time.
const base = `id: tiny
level: beginner
title: {en: Tiny, zh-CN: 小}
goal: {en: Delete a, zh-CN: 删除 a}
intro: {en: Intro, zh-CN: 介绍}
controls: [delete, step]
start:
  objects:
  - {apiVersion: v1, kind: ConfigMap, metadata: {name: a, uid: a-uid}}
  - apiVersion: v1
    kind: ConfigMap
    metadata: {name: b, ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: a, uid: a-uid}]}
goals:
- deleted: ConfigMap/b
hints:
- {en: Delete a, zh-CN: 删除 a}
solution:
- delete: {apiVersion: v1, kind: ConfigMap, name: a}
recap: {en: Gone (DEL-9c), zh-CN: 没了（DEL-9c）}
`

// edited is the base lesson with old replaced by new; old must be in it.
func edited(t *testing.T, old, new string) string {
	t.Helper()
	src := strings.Replace(base, old, new, 1)
	if src == base {
		t.Fatalf("the test's old text %q is not in the base lesson", old)
	}
	return src
}

func TestParseBase(t *testing.T) {
	l, err := Parse("tiny.yaml", []byte(base))
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(l); err != nil {
		t.Fatal(err)
	}
	if l.Par() != 1 || l.Level != Beginner || !l.Allows(ControlDelete) || l.Allows(ControlCreate) {
		t.Errorf("par %d, level %v, controls %v", l.Par(), l.Level, l.Controls)
	}
}

// TestParseErrors: each broken lesson gets one line naming the file, the field and the
// problem.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ name, old, new, want string }{
		{"bad id", "id: tiny", "id: Tiny Lesson", `id "Tiny Lesson"`},
		{"bad level", "level: beginner", "level: easy", `level "easy"`},
		{"no Chinese", "title: {en: Tiny, zh-CN: 小}", "title: {en: Tiny}", "title: no text in zh-CN"},
		{"unknown language", "title: {en: Tiny, zh-CN: 小}", "title: {en: Tiny, zh-CN: 小, fr: Petit}", `title: unknown language "fr"`},
		{"unknown field", "level: beginner", "level: beginner\nlevle: x", "unknown field"},
		{"unknown control", "controls: [delete, step]", "controls: [delete, fly]", `controls[1] "fly"`},
		{"no goals", "goals:\n- deleted: ConfigMap/b\n", "goals: []\n", "goals: give at least one"},
		{"unknown goal", "- deleted: ConfigMap/b", "- vanished: ConfigMap/b", `goals[0]: unknown goal "vanished"`},
		{"two goals", "- deleted: ConfigMap/b", "- {deleted: ConfigMap/b, present: ConfigMap/a}", "two goals in one entry (deleted and present)"},
		{"bad object", "- deleted: ConfigMap/b", "- deleted: b", `object "b"`},
		{"unknown rule", "- deleted: ConfigMap/b", "- whyCites: {object: ConfigMap/b, rule: XYZ-1}", `rule "XYZ-1" is not in gc-behavior.md`},
		{"unknown rule in the trace", "- deleted: ConfigMap/b", "- traceCites: RS-99", `traceCites: rule "RS-99" is not in gc-behavior.md`},
		{"traceCites with an object", "- deleted: ConfigMap/b", "- traceCites: {object: ConfigMap/b, rule: DEL-9c}", "traceCites: json: cannot unmarshal"},
		{"bad policy", "- deleted: ConfigMap/b", "- usedPolicy: Sideways", `policy "Sideways"`},
		{"only keep goals", "- deleted: ConfigMap/b", "- present: ConfigMap/a", "every goal is one to keep"},
		{"no solution", "- delete: {apiVersion: v1, kind: ConfigMap, name: a}", "- run: idle", "solution: give the reference solution"},
		{"bad step", "- delete: {apiVersion: v1, kind: ConfigMap, name: a}", "- delete: {apiVersion: v1, kind: ConfigMap}", "solution[0] (delete)"},
		{"bad start", "metadata: {name: a, uid: a-uid}", "metadata: {uid: a-uid}", "start: objects[0]"},
		{"no hints", "hints:\n- {en: Delete a, zh-CN: 删除 a}\n", "hints: []\n", "hints: give at least one"},
		{"bad delay", "controls: [delete, step]", "controls: [delete, step]\nconfig: {informerDelay: 0}", "config.informerDelay 0"},
		{"delay for an unknown kind", "controls: [delete, step]", "controls: [delete, step]\nconfig: {informerDelay: 2, informerDelays: {Gadget: 3}}", `config: informer delay for "Gadget"`},
		{"bad adoptedBy", "- deleted: ConfigMap/b", "- adoptedBy: {object: ConfigMap/b, parent: ConfigMap/a}", `adoptedBy: json: unknown field "parent"`},
		{"cluster step in a version 1 lesson", "- delete: {apiVersion: v1, kind: ConfigMap, name: a}", "- setNodeReady: {node: node-a, ready: true}", "needs version: 2"},
		// Issue 21 §5, §9: lesson text is printable; the error names the field and its line.
		{"NUL in the intro", "intro: {en: Intro, zh-CN: 介绍}", `intro: {en: "In\x00tro", zh-CN: 介绍}`, `line 5: intro.en: control character '\x00'`},
		{"escape in a hint", "- {en: Delete a, zh-CN: 删除 a}", "- {en: Delete a, zh-CN: 删除 a}\n- en: ok\n  zh-CN: \"\\e[8mhidden\"", `line 18: hints[1].zh-CN: control character '\x1b'`},
		{"CR in a goal's text", "- deleted: ConfigMap/b", "- deleted: ConfigMap/b\n  text: {en: \"a\\rb\", zh-CN: b}", `goals[0].text.en: control character '\r'`},
		{"C1 control in a wrong attempt's name", "recap:", "wrong:\n- name: {en: \"x\\u009by\", zh-CN: y}\n  steps: [{delete: {apiVersion: v1, kind: ConfigMap, name: b}}]\nrecap:", `line 20: wrong[0].name.en: control character '\u009b'`},
		{"second document", "recap: {en: Gone (DEL-9c), zh-CN: 没了（DEL-9c）}\n", "recap: {en: Gone (DEL-9c), zh-CN: 没了（DEL-9c）}\n---\nid: other\n", "line 21: a second YAML document"},
		{"fine step with a ref", "- delete: {apiVersion: v1, kind: ConfigMap, name: a}", "- delete: {apiVersion: v1, kind: ConfigMap, name: a}\n- runOrphanItem: {name: a}", "solution[1] (runOrphanItem): runOrphanItem takes {}"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := edited(t, c.old, c.new)
			_, err := Parse("tiny.yaml", []byte(src))
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "tiny.yaml: ") || !strings.Contains(msg, c.want) || strings.Contains(msg, "\n") {
				t.Errorf("error %q, want one line starting with the file and containing %q", msg, c.want)
			}
		})
	}
}

// TestCheckErrors: a lesson that is done before the learner acts, a solution that misses
// a goal, a wrong attempt that succeeds, a goal naming an object the lesson never has.
func TestCheckErrors(t *testing.T) {
	for _, c := range []struct{ name, old, new, want string }{
		{"holds at start", "- deleted: ConfigMap/b", "- notOwnedBy: {object: ConfigMap/a, owner: ConfigMap/b}", "goals[0] (ConfigMap a exists with no ownerReference to ConfigMap b) already holds before the learner acts"},
		{"solution falls short", "- delete: {apiVersion: v1, kind: ConfigMap, name: a}", "- delete: {apiVersion: v1, kind: ConfigMap, name: a, propagationPolicy: Orphan}", "the solution leaves goals[0] (ConfigMap b is deleted) unmet"},
		{"wrong attempt succeeds", "recap:", "wrong:\n- name: {en: Also right, zh-CN: 也对}\n  steps:\n  - delete: {apiVersion: v1, kind: ConfigMap, name: b}\nrecap:", "wrong[0] (Also right) meets every goal"},
		{"alternative falls short", "recap:", "alternatives:\n- name: {en: Orphan it, zh-CN: 孤儿}\n  steps:\n  - delete: {apiVersion: v1, kind: ConfigMap, name: a, propagationPolicy: Orphan}\nrecap:", "alternatives[0] (Orphan it) leaves goals[0] (ConfigMap b is deleted) unmet"},
		{"unknown object", "- deleted: ConfigMap/b", "- deleted: ConfigMap/b\n- deleted: ConfigMap/c", "goals[1] (ConfigMap c is deleted) names ConfigMap c, which the lesson never stores"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := edited(t, c.old, c.new)
			l, err := Parse("tiny.yaml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			err = Check(l)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "tiny.yaml: ") {
				t.Errorf("Check = %v, want an error containing %q", err, c.want)
			}
		})
	}
}

// TestLoadFS: the order file decides the order; unlisted files, missing files, a file
// named for another id are errors.
func TestLoadFS(t *testing.T) {
	lesson := func(id string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte(strings.Replace(base, "id: tiny", "id: "+id, 1))}
	}
	ok := fstest.MapFS{"order.yaml": {Data: []byte("lessons: [two, one]")}, "one.yaml": lesson("one"), "two.yaml": lesson("two")}
	ls, err := LoadFS(ok, "ws")
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 2 || ls[0].ID != "two" || ls[1].ID != "one" {
		t.Errorf("loaded %v, want two then one", ls)
	}
	for _, c := range []struct {
		name string
		fsys fstest.MapFS
		want string
	}{
		{"no order", fstest.MapFS{"one.yaml": lesson("one")}, "ws/order.yaml: missing"},
		{"unlisted", fstest.MapFS{"order.yaml": {Data: []byte("lessons: [one]")}, "one.yaml": lesson("one"), "two.yaml": lesson("two")}, `lesson "two" (ws/two.yaml) is not listed`},
		{"no file", fstest.MapFS{"order.yaml": {Data: []byte("lessons: [one, three]")}, "one.yaml": lesson("one")}, `lessons[1] "three": no file ws/three.yaml`},
		{"twice", fstest.MapFS{"order.yaml": {Data: []byte("lessons: [one, one]")}, "one.yaml": lesson("one")}, `lesson "one" is listed twice`},
		// Issue 21 §10: check agrees with serve and build; a second document is not dropped.
		{"empty order", fstest.MapFS{"order.yaml": {Data: []byte("")}}, "ws/order.yaml: lists no lesson"},
		{"order of no lesson", fstest.MapFS{"order.yaml": {Data: []byte("lessons: []")}}, "ws/order.yaml: lists no lesson"},
		{"second document", fstest.MapFS{"order.yaml": {Data: []byte("lessons: [one]\n---\nlessons: [two]\n")}, "one.yaml": lesson("one")}, "ws/order.yaml: line 3: a second YAML document"},
		{"misnamed", fstest.MapFS{"order.yaml": {Data: []byte("lessons: [one]")}, "one.yaml": lesson("uno")}, `ws/one.yaml: id "uno", but the file is named for "one"`},
	} {
		if _, err := LoadFS(c.fsys, "ws"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// FuzzParse: any input gives a lesson or one error line, never a panic.
func FuzzParse(f *testing.F) {
	f.Add([]byte(base))
	f.Add([]byte("goals: [{deleted: 1}]"))
	f.Add([]byte(strings.Replace(base, "- deleted: ConfigMap/b", "- traceCites: DEL-9c", 1)))
	f.Add([]byte("goals: [{traceCites: [RS-5]}, {traceCites: null}]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Parse("f.yaml", data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		_ = Check(l)
	})
}

// TestFineStepsInSolution: a solution may use fine steps (issue 12 §1); they are parsed
// by the scenario step parser into inputs, do not count toward par, and a fine step with
// nothing to do fails the run naming it. Scenario files still refuse them.
func TestFineStepsInSolution(t *testing.T) {
	src := edited(t, "- delete: {apiVersion: v1, kind: ConfigMap, name: a}\n",
		"- delete: {apiVersion: v1, kind: ConfigMap, name: a}\n- deliverEvent: {kind: ConfigMap}\n- processGraphChange: {}\n- run: idle\n")
	l, err := Parse("tiny.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(l); err != nil {
		t.Fatal(err)
	}
	if l.Par() != 1 || len(l.Solution) != 4 || l.Solution[1].Input().EventKind != "ConfigMap" {
		t.Fatalf("par %d, solution %+v", l.Par(), l.Solution)
	}
	idle := edited(t, "- delete: {apiVersion: v1, kind: ConfigMap, name: a}\n", "- runDeleteItem: {}\n- delete: {apiVersion: v1, kind: ConfigMap, name: a}\n")
	l, err = Parse("tiny.yaml", []byte(idle))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Play(l, "solution", l.Solution); err == nil || !strings.Contains(err.Error(), "(runDeleteItem): nothing to do") {
		t.Fatalf("a fine step with nothing to do: %v", err)
	}
	bad := edited(t, "- delete: {apiVersion: v1, kind: ConfigMap, name: a}\n", "- delete: {apiVersion: v1, kind: ConfigMap, name: a}\n- processGraphChange: {kind: ConfigMap}\n")
	if _, err := Parse("tiny.yaml", []byte(bad)); err == nil || !strings.Contains(err.Error(), "solution[1]") {
		t.Fatalf("processGraphChange with a kind: %v", err)
	}
}

// TestStepErrorsNameTheLessonStep: a step the scenario parser refuses is named as the
// lesson's author wrote it ("solution[0]", "wrong[0].steps[1]"), built from the parser's
// typed error, not by rewriting its text (issue 24: no text the core wrote parsed back).
func TestStepErrorsNameTheLessonStep(t *testing.T) {
	solution := "- delete: {apiVersion: v1, kind: ConfigMap, name: a}"
	attempt := func(field, step string) string {
		return field + ":\n- name: {en: X, zh-CN: 叉}\n  steps:\n  - delete: {apiVersion: v1, kind: ConfigMap, name: b}\n  - " + step + "\nrecap:"
	}
	for _, c := range []struct{ name, old, new, want string }{
		{"no name", solution, "- delete: {apiVersion: v1, kind: ConfigMap}",
			"tiny.yaml: solution[0] (delete): apiVersion, kind and name are required"},
		{"unknown step", solution, solution + "\n- explode: {}",
			`tiny.yaml: solution[1] (explode): unknown step "explode" (want create, update, delete, addFinalizer, removeFinalizer, run, scale, setNodeReady, setLabels or restart)`},
		{"cluster step in version 1", solution, "- setNodeReady: {node: node-a, ready: true}",
			"tiny.yaml: solution[0] (setNodeReady): needs version: 2 at the top of the file"},
		{"wrong attempt", "recap:", attempt("wrong", "delete: {apiVersion: v1, kind: ConfigMap, name: a, propagationPolicy: Sideways}"),
			`tiny.yaml: wrong[0].steps[1] (delete v1/ConfigMap default/a): propagationPolicy "Sideways" is not Orphan, Background or Foreground`},
		{"alternative", "recap:", attempt("alternatives", "run: soon"),
			`tiny.yaml: alternatives[0].steps[1] (run): run takes a tick count or "idle", got "soon"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("tiny.yaml", []byte(edited(t, c.old, c.new)))
			if err == nil || err.Error() != c.want {
				t.Errorf("error %v\nwant  %s", err, c.want)
			}
		})
	}
}

// TestRunErrorsNameTheLessonStep: a learner's step that the API server refuses while the
// lesson plays is named in the lesson's numbering too, after a start with steps of its
// own ("solution[1]", not the played scenario's "solution: steps[2]").
func TestRunErrorsNameTheLessonStep(t *testing.T) {
	src := edited(t, "goals:", "  steps:\n  - run: idle\ngoals:")
	src = strings.Replace(src, "solution:\n- delete: {apiVersion: v1, kind: ConfigMap, name: a}",
		"solution:\n- delete: {apiVersion: v1, kind: ConfigMap, name: a}\n- delete: {apiVersion: v1, kind: ConfigMap, name: ghost}", 1)
	l, err := Parse("tiny.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	err = Check(l)
	const want = `solution[1] (delete v1/ConfigMap default/ghost): 404 NotFound`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v\nwant one containing %s", err, want)
	}
}

// TestCheckRerolls: a lesson that grants the Faults tab (faults) must have faults: in its
// start, and check plays its solution under the next seeds too, as a learner's Re-roll
// does (FAULT-1 … FAULT-4 change timing, not the outcome).
func TestCheckRerolls(t *testing.T) {
	l, err := Parse("tiny.yaml", []byte(edited(t, "controls: [delete, step]", "controls: [delete, step, faults]")))
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(l); err == nil || !strings.Contains(err.Error(), "controls: faults needs faults: in the start") {
		t.Errorf("no faults to re-roll: %v", err)
	}
	src := edited(t, "controls: [delete, step]\nstart:\n", "controls: [delete, step, faults]\nstart:\n  version: 2\n  faults: {seed: 1, informerDelay: [1, 3], apiErrors: 0.3}\n")
	if l, err = Parse("tiny.yaml", []byte(src)); err != nil {
		t.Fatal(err)
	}
	before := replays.Load()
	if err := Check(l); err != nil {
		t.Fatal(err)
	}
	if n := replays.Load() - before; n != 1+rerollsChecked {
		t.Errorf("%d replays, want the solution and %d re-rolls", n, rerollsChecked)
	}
}
