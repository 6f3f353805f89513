package compare

import (
	"strings"
	"testing"
	"time"

	"github.com/gcplay/gcplay/gccore"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func rec(tick int64, text string) gccore.Record { return gccore.Record{Tick: tick, Text: text} }

func TestDiverge(t *testing.T) {
	same := []gccore.Record{rec(0, "create a"), rec(1, "observe a"), rec(1, "enqueue a")}
	for _, tc := range []struct {
		name string
		a, b []gccore.Record
		tick int64
		ok   bool
		nA   int
		nB   int
		same int
	}{
		{name: "same traces", a: same, b: same},
		{name: "both empty"},
		{name: "a record differs at tick 1", a: same, b: []gccore.Record{rec(0, "create a"), rec(1, "observe a"), rec(1, "delete a")}, tick: 1, ok: true, nA: 2, nB: 2, same: 1},
		{name: "b does more at tick 1", a: same, b: append(append([]gccore.Record(nil), same...), rec(1, "delete a")), tick: 1, ok: true, nA: 2, nB: 3, same: 2},
		{name: "a ends first", a: same, b: append(append([]gccore.Record(nil), same...), rec(4, "delete a")), tick: 4, ok: true, nA: 0, nB: 1},
		{name: "b skips a tick", a: []gccore.Record{rec(0, "x"), rec(2, "y")}, b: []gccore.Record{rec(0, "x"), rec(3, "y")}, tick: 2, ok: true, nA: 1, nB: 0},
		{name: "sequence numbers aside", a: []gccore.Record{{Seq: 1, Tick: 0, Text: "x"}}, b: []gccore.Record{{Seq: 9, Tick: 0, Text: "x"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, ok := Diverge(tc.a, tc.b)
			if ok != tc.ok || d.Tick != tc.tick || len(d.A) != tc.nA || len(d.B) != tc.nB || d.Same != tc.same {
				t.Fatalf("got tick %d ok %v with %d/%d records, want tick %d ok %v with %d/%d", d.Tick, ok, len(d.A), len(d.B), tc.tick, tc.ok, tc.nA, tc.nB)
			}
		})
	}
}

func TestFates(t *testing.T) {
	obj := func(ns, name string, terminating bool) *gccore.Object {
		o := &gccore.Object{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "ConfigMap"}}
		o.Namespace, o.Name = ns, name
		if terminating {
			o.DeletionTimestamp = &metav1.Time{Time: time.Unix(0, 0)}
		}
		return o
	}
	a := []*gccore.Object{obj("b", "valid", false), obj("a", "bad", false), obj("b", "held", true), obj("b", "same", false)}
	b := []*gccore.Object{obj("b", "held", false), obj("b", "same", false), obj("b", "new", false)}
	got := Fates(a, b)
	want := []string{"v1/ConfigMap a/bad live gone", "v1/ConfigMap b/held terminating live", "v1/ConfigMap b/new gone live", "v1/ConfigMap b/valid live gone"}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i, d := range got {
		if s := d.Ref.String() + " " + string(d.A) + " " + string(d.B); s != want[i] {
			t.Errorf("[%d] %s, want %s", i, s, want[i])
		}
	}
}

// TestParseSettingIsOneShortLine: a bad setting is one error naming the key or the value,
// and a long one is refused by its length instead of quoted back whole (issue 21: a
// `#compare=policy=…&ws=` link with a megabyte value was a megabyte-long notice, and
// `gcplay sim --compare` printed it).
func TestParseSettingIsOneShortLine(t *testing.T) {
	for in, want := range map[string]string{
		"workers=0":                          `workers=0: want 1 to 10000, got "0"`,
		"colour=red":                         `"colour=red": unknown setting "colour"`,
		"policy":                             `"policy": want key=value`,
		"policy=" + strings.Repeat("A", 1e6): "a setting of 1000007 characters: want key=value",
		strings.Repeat("k", 101):             "a setting of 101 characters",
	} {
		_, err := ParseSetting(in)
		if err == nil || !strings.HasPrefix(err.Error(), want) || len(err.Error()) > 200 || strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseSetting(%.20q…): got %.300v, want one line starting %q", in, err, want)
		}
	}
	if _, err := ParseSetting("controllerInformerDelay=1000"); err != nil {
		t.Errorf("the longest valid setting: %v", err)
	}
}
