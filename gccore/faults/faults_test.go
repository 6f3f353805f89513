package faults

import (
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"
)

var pod = schema.GroupVersionKind{Version: "v1", Kind: "Pod"}
var deploy = schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "Deployment"}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     Config
		err      string
	}{
		{name: "issue 26's flat form", in: "seed: 7\ninformerDelay: [1, 4]\ndropWatch: 0.2\nrelistEvery: 30\napiErrors: 0.1\n",
			want: Config{Seed: 7, InformerDelay: Delays{Default: Range{1, 4}}, DropWatch: 0.2, RelistEvery: 30, APIErrors: 0.1}},
		{name: "one number is a fixed delay", in: "informerDelay: 3\n",
			want: Config{InformerDelay: Delays{Default: Range{3, 3}}}},
		{name: "per resource", in: "informerDelay: {v1/Pod: [2, 8], apps/v1/Deployment: 5, default: [1, 2]}\n",
			want: Config{InformerDelay: Delays{Default: Range{1, 2}, ByResource: map[schema.GroupVersionKind]Range{pod: {2, 8}, deploy: {5, 5}}}}},
		{name: "empty", in: "{}\n", want: Config{}},
		{name: "bad key", in: "informerDelay: {Pod: [1, 2]}\n", err: `key "Pod": want apiVersion/Kind`},
		{name: "three numbers", in: "informerDelay: [1, 2, 3]\n", err: "want a number of ticks or [min, max], got [1,2,3]"},
		{name: "reversed", in: "informerDelay: [4, 1]\n", err: "faults.informerDelay: [4, 1] must satisfy 0 <= min <= max <= 1000"},
		{name: "negative", in: "informerDelay: {v1/Pod: [-1, 2]}\n", err: "faults.informerDelay.v1/Pod: [-1, 2]"},
		{name: "too late", in: "informerDelay: [1, 5000]\n", err: "max <= 1000"},
		{name: "certain loss", in: "dropWatch: 1\nrelistEvery: 5\n", err: "faults.dropWatch: 1 must be at least 0 and below 1"},
		{name: "certain error", in: "apiErrors: -0.5\n", err: "faults.apiErrors: -0.5 must be from 0 to 0.9"},
		{name: "nearly certain error", in: "apiErrors: 0.99\n", err: "faults.apiErrors: 0.99 must be from 0 to 0.9 (past it the retries of a few thousand objects outlast the tick bound)"},
		{name: "most errors", in: "apiErrors: 0.9\n", want: Config{APIErrors: 0.9}},
		{name: "loss never repaired", in: "dropWatch: 0.2\n", err: "set faults.relistEvery too"},
		{name: "negative relist", in: "relistEvery: -3\n", err: "faults.relistEvery: -3"},
		{name: "unknown field", in: "dropwatch: 0.2\n", err: `unknown field "dropwatch"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse([]byte(tc.in))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(c, tc.want) {
				t.Fatalf("got %+v, want %+v", c, tc.want)
			}
		})
	}
}

// TestSourceIsSeeded: the same seed draws the same delays, losses and errors in the same
// order; another seed draws others (issue 26: same file, same seed, same trace).
func TestSourceIsSeeded(t *testing.T) {
	cfg := Config{Seed: 7, InformerDelay: Delays{Default: Range{1, 4}}, DropWatch: 0.2, RelistEvery: 30, APIErrors: 0.1}
	draw := func(c Config) []int64 {
		s := NewSource(c)
		var out []int64
		for i := 0; i < 200; i++ {
			d := s.Delay(pod)
			if d < 1 || d > 4 {
				t.Fatalf("delay %d outside [1, 4]", d)
			}
			out = append(out, d)
			if s.DropWatch() {
				out = append(out, -1)
			}
			if s.APIError() {
				out = append(out, -2)
			}
		}
		return out
	}
	a, b := draw(cfg), draw(cfg)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed drew differently")
	}
	cfg.Seed = 8
	if reflect.DeepEqual(a, draw(cfg)) {
		t.Fatal("seeds 7 and 8 drew the same 200 events")
	}
	if s := NewSource(cfg); s.Relists(0) || !s.Relists(30) || s.Relists(31) {
		t.Fatal("relistEvery 30 relists at tick 30 and its multiples only")
	}
}

// FuzzParse: any text gives a Config or one error, never a panic, and a valid Config
// survives a round trip through its YAML.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"seed: 7\ninformerDelay: [1, 4]\ndropWatch: 0.2\nrelistEvery: 30\napiErrors: 0.1\n",
		"informerDelay: {v1/Pod: [2, 8], default: [1, 2]}\n",
		"informerDelay: {apps/v1/Deployment: 3}\n",
		"informerDelay: [1e3, 1e400]\n", "dropWatch: .nan\n", "informerDelay: {/: 1}\n", "{}", "",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		c, err := Parse(in)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("a multi-line error: %q", err)
			}
			return
		}
		out, err := yaml.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse(out)
		if err != nil {
			t.Fatalf("%s does not parse back: %v", out, err)
		}
		if again, _ := yaml.Marshal(back); string(again) != string(out) {
			t.Fatalf("round trip changed\n%s\nto\n%s", out, again)
		}
	})
}
