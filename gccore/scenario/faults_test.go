package scenario_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/faults"
	"github.com/gcplay/gcplay/gccore/scenario"
)

// TestFaultsParse: `faults:` is a version 2 section (refused in version 1, like
// `kubernetes:`), read strictly by faults.Parse, with one error naming the field; a
// runner plays it, and a Config.Faults with only a seed reseeds it (gcplay sim
// --faults-seed). FAULT-1 … FAULT-4 are what it injects.
func TestFaultsParse(t *testing.T) {
	src := "version: 2\nfaults: {seed: 7, informerDelay: [1, 4], dropWatch: 0.2, relistEvery: 30, apiErrors: 0.1}\n"
	sc, err := scenario.Parse("f.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := faults.Config{Seed: 7, InformerDelay: faults.Delays{Default: faults.Range{Min: 1, Max: 4}}, DropWatch: 0.2, RelistEvery: 30, APIErrors: 0.1}
	if sc.Faults.Seed != want.Seed || sc.Faults.InformerDelay.Default != want.InformerDelay.Default ||
		sc.Faults.DropWatch != want.DropWatch || sc.Faults.RelistEvery != want.RelistEvery || sc.Faults.APIErrors != want.APIErrors {
		t.Errorf("faults = %+v, want %+v", sc.Faults, want)
	}
	for _, tc := range []struct{ src, want string }{
		{"faults: {seed: 1}\n", "f.yaml: controllers:, nodes:, kubernetes: and faults: need version: 2"},
		{"version: 2\nfaults: {dropwatch: 0.2}\n", `f.yaml: faults: unknown field "dropwatch"`},
		{"version: 2\nfaults: {dropWatch: 0.2}\n", "f.yaml: faults.dropWatch: a lost watch event is only repaired by a relist"},
		{"version: 2\nfaults: {informerDelay: [4, 1]}\n", "f.yaml: faults.informerDelay: [4, 1] must satisfy"},
	} {
		_, err := scenario.Parse("f.yaml", []byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %v, want one line containing %q", tc.src, err, tc.want)
		}
	}
}

// TestFaultsDeterministic: the same file and fault seed give a byte-identical trace twice,
// and another seed (--faults-seed) another trace (FAULT-1 … FAULT-4). It runs under wasm
// too (GOOS=js GOARCH=wasm go test -exec=…/go_js_wasm_exec ./gccore/scenario -run
// TestFaultsDeterministic), so native and wasm agree with the same goldens.
func TestFaultsDeterministic(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "scenarios", "faults-*.yaml"))
	if len(files) == 0 {
		t.Fatal("no faults-*.yaml scenario")
	}
	for _, f := range files {
		if strings.HasSuffix(f, ".final.yaml") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		trace := func(seed uint64) string {
			cfg := goldenConfigs[filepath.Base(f)] // the golden's reseed (--faults-seed), if any
			if seed != 0 {
				cfg.Faults.Seed = seed
			}
			r, err := scenario.Run(f, data, cfg, scenario.DefaultMaxTicks)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			return gccore.RenderTrace(r.Sim.Take().Records)
		}
		first, second := trace(0), trace(0)
		if first != second {
			t.Errorf("%s: two runs give different traces", f)
		}
		golden, err := os.ReadFile(strings.TrimSuffix(f, ".yaml") + ".trace.txt")
		if err != nil || string(golden) != first {
			t.Errorf("%s: the trace is not its golden (%v)", f, err)
		}
		if other := trace(12345); other == first {
			t.Errorf("%s: --faults-seed 12345 gives the same trace as the file's seed", f)
		}
	}
}
