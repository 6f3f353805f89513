package lessons

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

func ownerRefs(name string, uid types.UID) []metav1.OwnerReference {
	return []metav1.OwnerReference{{APIVersion: "v1", Kind: "ConfigMap", Name: name, UID: uid}}
}

var update = flag.Bool("update", false, "rewrite testdata/replays.txt")

// TestBuiltin replays every built-in lesson (lessons check): its solution meets every
// goal, no goal to reach holds before the learner acts, and its wrong attempts fall short.
func TestBuiltin(t *testing.T) {
	ls, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) == 0 {
		t.Fatal("no built-in lessons")
	}
	for _, l := range ls {
		if err := Check(l); err != nil {
			t.Error(err)
		}
	}
}

// TestReplays pins, as text, each goal's state at the start, after the solution and after
// each wrong attempt of every built-in lesson: a wrong attempt must fail for the reason
// its name gives. Review the diff after `go test ./lessons -update`.
func TestReplays(t *testing.T) {
	ls, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, l := range ls {
		run, err := Play(l, "solution", l.Solution)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "# %s (par %d)\n## start, tick %d\n%s## solution, tick %d\n%s", l.ID, l.Par(),
			run.Start.Tick, Summary(l.Goals, &run.Start, "en"), run.End.Tick, Summary(l.Goals, &run.End, "en"))
		for _, set := range []struct {
			field    string
			attempts []Attempt
		}{{"alternatives", l.Alternatives}, {"wrong", l.Wrong}} {
			for i, a := range set.attempts {
				ar, err := Play(l, fmt.Sprintf("%s[%d].steps", set.field, i), a.Steps)
				if err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(&b, "## %s: %s\n%s", set.field, a.Name.In("en"), Summary(l.Goals, &ar.End, "en"))
			}
		}
		b.WriteString("\n")
	}
	golden := filepath.Join("testdata", "replays.txt")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("replays differ from %s (run with -update and review the diff):\n%s", golden, b.String())
	}
}

// TestGoalMet covers each goal's decision on a small hand-made state.
func TestGoalMet(t *testing.T) {
	cm := func(name string, mut func(*gccore.Object)) *gccore.Object {
		o := &gccore.Object{}
		o.APIVersion, o.Kind, o.Name, o.Namespace, o.UID = "v1", "ConfigMap", name, "default", types.UID("uid-"+name)
		if mut != nil {
			mut(o)
		}
		return o
	}
	ref := func(name string) gccore.ObjectRef {
		return gccore.ObjectRef{APIVersion: "v1", Kind: "ConfigMap", Namespace: "default", Name: name}
	}
	owner := cm("owner", nil)
	term := cm("term", func(o *gccore.Object) {
		o.DeletionTimestamp = &metav1.Time{}
		o.Finalizers = []string{"example.com/hold"}
	})
	child := cm("child", func(o *gccore.Object) { o.OwnerReferences = ownerRefs("owner", owner.UID) })
	stale := cm("stale", func(o *gccore.Object) { o.OwnerReferences = ownerRefs("owner", "old-uid") })
	// b was deleted and created again (a new uid); adopted holds its new uid, kept the old.
	b := cm("b", nil)
	adopted := cm("adopted", func(o *gccore.Object) { o.OwnerReferences = ownerRefs("b", b.UID) })
	kept := cm("kept", func(o *gccore.Object) { o.OwnerReferences = ownerRefs("b", "first-b-uid") })
	s := &State{
		Objects:   []*gccore.Object{owner, term, child, stale, b, adopted, kept},
		Deletions: []Deletion{{Ref: ref("a"), Tick: 3}, {Ref: ref("b"), Tick: 5}},
		Actions:   []Action{{Op: "delete", Ref: ref("a"), Policy: "Foreground"}},
		Why: func(gccore.ObjectRef) []gccore.Reason {
			return []gccore.Reason{gccore.Because("waits for its dependents (FG-1, DEL-9c)")}
		},
		Cited: CitedIn([]gccore.Record{{Rule: "RS-5"}, {Rule: "GB-9a", Also: "GB-14"}}),
	}
	cmRef := func(name string) ObjRef { return ObjRef{Kind: "ConfigMap", Name: name} }
	for _, c := range []struct {
		g    Goal
		want bool
	}{
		{Goal{Kind: GoalDeleted, Object: cmRef("a")}, true},
		{Goal{Kind: GoalDeleted, Object: cmRef("owner")}, false},
		{Goal{Kind: GoalDeleted, Object: cmRef("never")}, false}, // never stored is not deleted
		{Goal{Kind: GoalPresent, Object: cmRef("owner")}, true},
		{Goal{Kind: GoalPresent, Object: cmRef("term")}, false},
		{Goal{Kind: GoalTerminating, Object: cmRef("term")}, true},
		{Goal{Kind: GoalTerminating, Object: cmRef("owner")}, false},
		{Goal{Kind: GoalHasFinalizer, Object: cmRef("term"), Finalizer: "example.com/hold"}, true},
		{Goal{Kind: GoalNoFinalizer, Object: cmRef("term"), Finalizer: "example.com/hold"}, false},
		{Goal{Kind: GoalNoFinalizer, Object: cmRef("a"), Finalizer: "x"}, false}, // gone: not "stored without"
		{Goal{Kind: GoalOwnedBy, Object: cmRef("child"), Other: cmRef("owner")}, true},
		{Goal{Kind: GoalOwnedBy, Object: cmRef("stale"), Other: cmRef("owner")}, false}, // by uid
		{Goal{Kind: GoalNotOwnedBy, Object: cmRef("stale"), Other: cmRef("owner")}, false},
		{Goal{Kind: GoalNotOwnedBy, Object: cmRef("owner"), Other: cmRef("child")}, true},
		{Goal{Kind: GoalSameUID, Object: cmRef("owner")}, true},
		{Goal{Kind: GoalSameUID, Object: cmRef("b")}, false},     // deleted and created again
		{Goal{Kind: GoalSameUID, Object: cmRef("a")}, false},     // gone
		{Goal{Kind: GoalSameUID, Object: cmRef("never")}, false}, // never stored
		{Goal{Kind: GoalAdoptedBy, Object: cmRef("adopted"), Other: cmRef("b")}, true},
		{Goal{Kind: GoalAdoptedBy, Object: cmRef("kept"), Other: cmRef("b")}, false},      // the old uid: dangling
		{Goal{Kind: GoalAdoptedBy, Object: cmRef("child"), Other: cmRef("owner")}, false}, // owner is the start's
		{Goal{Kind: GoalAdoptedBy, Object: cmRef("adopted"), Other: cmRef("a")}, false},   // a is gone
		{Goal{Kind: GoalDeletedBefore, Object: cmRef("a"), Other: cmRef("b")}, true},
		{Goal{Kind: GoalDeletedBefore, Object: cmRef("b"), Other: cmRef("a")}, false},
		{Goal{Kind: GoalDeletedBefore, Object: cmRef("a"), Other: cmRef("owner")}, false},
		{Goal{Kind: GoalNothingDeletedBefore, N: 3}, true},
		{Goal{Kind: GoalNothingDeletedBefore, N: 4}, false},
		{Goal{Kind: GoalUsedPolicy, Policy: "Foreground"}, true},
		{Goal{Kind: GoalUsedPolicy, Policy: "Orphan"}, false},
		{Goal{Kind: GoalMaxActions, N: 1}, true},
		{Goal{Kind: GoalMaxActions, N: 0}, false},
		{Goal{Kind: GoalWhyCites, Object: cmRef("owner"), Rule: "FG-1"}, true},
		{Goal{Kind: GoalWhyCites, Object: cmRef("owner"), Rule: "DEL-9"}, false}, // DEL-9c is not DEL-9
		{Goal{Kind: GoalWhyCites, Object: cmRef("owner"), Rule: "DEL-9c"}, true},
		{Goal{Kind: GoalWhyCites, Object: cmRef("a"), Rule: "FG-1"}, false},
		{Goal{Kind: GoalTraceCites, Rule: "RS-5"}, true},
		{Goal{Kind: GoalTraceCites, Rule: "GB-14"}, true}, // a record's second rule counts
		{Goal{Kind: GoalTraceCites, Rule: "RS-1"}, false},
	} {
		if got := c.g.Met(s); got != c.want {
			t.Errorf("%s: Met = %v, want %v", c.g.Describe("en"), got, c.want)
		}
	}
	if (Goal{Kind: GoalTraceCites, Rule: "RS-5"}).Met(&State{}) {
		t.Error("traceCites met by a state that cites nothing")
	}
}

// TestReadmeExample: the complete example of lessons/README.md is a lesson that passes
// check, so the documentation cannot drift from the format.
func TestReadmeExample(t *testing.T) {
	doc, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(doc), "## A complete example\n\n```yaml\n")
	if !ok {
		t.Fatal("README.md has no complete example")
	}
	src, _, _ := strings.Cut(after, "```")
	l, err := Parse("README.md example", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(l); err != nil {
		t.Fatal(err)
	}
}
