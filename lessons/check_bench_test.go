package lessons

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// bigLesson is a valid lesson of a start of objects ConfigMaps owned by one owner, a
// solution of steps updates and wrong attempts, the shape of the lessons that made check
// slow and large (issue 21 §8).
func bigLesson(objects, steps, wrong int) string {
	var b strings.Builder
	b.WriteString(strings.Replace(base[:strings.Index(base, "goals:")], "  - apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: b, ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: a, uid: a-uid}]}\n", "", 1))
	for i := range objects {
		fmt.Fprintf(&b, "  - {apiVersion: v1, kind: ConfigMap, metadata: {name: c%d, ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: a, uid: a-uid}]}}\n", i)
	}
	b.WriteString("goals:\n- deleted: ConfigMap/c0\nhints:\n- {en: Delete a, zh-CN: 删除 a}\nsolution:\n")
	for i := range steps {
		fmt.Fprintf(&b, "- update: {apiVersion: v1, kind: ConfigMap, metadata: {name: c%d, labels: {step: s%d}}}\n", i%objects, i)
	}
	b.WriteString("- delete: {apiVersion: v1, kind: ConfigMap, name: a}\nrecap: {en: Gone (DEL-9c), zh-CN: 没了（DEL-9c）}\nwrong:\n")
	for i := range wrong {
		fmt.Fprintf(&b, "- name: {en: w%d, zh-CN: w%d}\n  steps: [{delete: {apiVersion: v1, kind: ConfigMap, name: c1}}]\n", i, i)
	}
	return b.String()
}

// TestCheckWorkIsLinear bounds Check's work by counting: one replay for the solution and
// one per attempt, each on the start parsed once by Parse (a check parsed it again for
// every replay: a 486 KB lesson took over 120 s), and a lesson whose replays would create
// more than MaxReplayObjects objects is refused when it is read.
func TestCheckWorkIsLinear(t *testing.T) {
	l, err := Parse("big.yaml", []byte(bigLesson(200, 300, 40)))
	if err != nil {
		t.Fatal(err)
	}
	before := replays.Load()
	if err := Check(l); err != nil {
		t.Fatal(err)
	}
	if n := replays.Load() - before; n != 1+40 {
		t.Errorf("%d replays, want 41: the solution and 40 wrong attempts", n)
	}
	sc, err := l.scenario("wrong[0].steps", l.Wrong[0].Steps)
	if err != nil || &sc.Objects[0] != &l.start.Objects[0] {
		t.Errorf("a replay parsed the start again (%v)", err)
	}
	_, err = Parse("big.yaml", []byte(bigLesson(2000, 1, 500)))
	if err == nil || !strings.Contains(err.Error(), "start: 2001 objects, replayed for the solution and 500 attempts, are 1002501 objects to check, more than 1000000") {
		t.Errorf("too much to replay: %v", err)
	}
}

// TestCheckContextStops: a check ends promptly, naming the lesson, once its context ends
// (gcplay serve --lessons ignored Ctrl-C while it checked, issue 21 §4).
func TestCheckContextStops(t *testing.T) {
	l, err := Parse("big.yaml", []byte(bigLesson(2000, 1, 400)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	before := replays.Load()
	time.AfterFunc(50*time.Millisecond, cancel)
	err = CheckContext(ctx, l)
	if err == nil || !strings.HasPrefix(err.Error(), "big.yaml: ") || !strings.Contains(err.Error(), "interrupted (context canceled)") {
		t.Fatalf("CheckContext = %v, want big.yaml: ... interrupted", err)
	}
	if n := replays.Load() - before; n >= 401 {
		t.Errorf("%d replays after the context ended: the check ran to its end", n)
	}
}

// BenchmarkCheck is lessons check on a large lesson: 1,000 objects, a solution of 1,000
// steps, 300 wrong attempts (make bench-lessons).
func BenchmarkCheck(b *testing.B) {
	l, err := Parse("big.yaml", []byte(bigLesson(1000, 1000, 300)))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := Check(l); err != nil {
			b.Fatal(err)
		}
	}
}
