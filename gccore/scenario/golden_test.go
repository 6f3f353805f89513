package scenario_test

// Golden tests: every scenario file in gccore/testdata/scenarios (the upstream integration
// and API-server scenarios S-30 ... S-45 and the realgc examples, see README.md there) is run
// with the default configuration, and its outputs are compared byte for byte with the files
// next to it:
//
//	NAME.final.yaml   the objects left (gccore.ListYAML), what `gcplay sim` prints
//	NAME.watch.jsonl  every watch event (gccore.WatchLine), what `gcplay sim --watch` prints
//	NAME.trace.txt    every trace record (gccore.RenderTrace)
//
// `go test ./gccore/scenario -run TestGolden -update` rewrites them; the review is the diff.
// The same test runs as GOOS=js GOARCH=wasm under node (make wasm-node), so passing both
// proves that native and wasm runs are byte-identical.

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/faults"
	"github.com/gcplay/gcplay/gccore/scenario"
	"github.com/gcplay/gcplay/internal/fixtures"
)

var update = flag.Bool("update", false, "rewrite the golden files of gccore/testdata/scenarios")

const scenarioDir = "../testdata/scenarios"

func TestGoldenScenarios(t *testing.T) {
	files, err := fixtures.ScenarioFiles(scenarioDir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		n++
		name := strings.TrimSuffix(filepath.Base(f), ".yaml")
		t.Run(name, func(t *testing.T) {
			final, watch, trace := runGolden(t, f)
			base := strings.TrimSuffix(f, ".yaml")
			checkGolden(t, base+".final.yaml", final)
			checkGolden(t, base+".watch.jsonl", watch)
			checkGolden(t, base+".trace.txt", trace)
		})
	}
	if n < 20 {
		t.Fatalf("found %d scenario files in %s, want the 20 of README.md", n, scenarioDir)
	}
}

// goldenConfigs are the files that run with another Config than the default, each as a
// `gcplay sim` flag sets it (README.md there says which).
var goldenConfigs = map[string]gccore.Config{
	// --controller-informer-delay 3: the controllers act on caches 3 ticks behind (CM-1).
	"cluster-rs-expectations.yaml":  {ControllerInformerDelay: 3},
	"cluster-job-expectations.yaml": {ControllerInformerDelay: 3},
	// --faults-seed 3: the file's faults: reseeded (its seed is 30).
	"faults-seed-reroll.yaml": {Faults: faults.Config{Seed: 3}},
}

// runGolden runs one scenario file as `gcplay sim` does, with the default Config unless
// goldenConfigs has another.
func runGolden(t *testing.T, file string) (final, watch, trace []byte) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	r, err := scenario.Run(filepath.Base(file), data, goldenConfigs[filepath.Base(file)], scenario.DefaultMaxTicks)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Sim.Inspect().CheckInvariants(); err != nil {
		t.Fatalf("invariant broken: %v", err)
	}
	if err := r.Sim.Inspect().CheckGraphMatchesServer(); err != nil {
		t.Fatalf("idle, but the graph disagrees with the API server: %v", err)
	}
	rd := r.Sim.Take()
	var w bytes.Buffer
	for _, ev := range rd.Watch {
		w.Write(gccore.WatchLine(ev))
		w.WriteByte('\n')
	}
	return gccore.ListYAML(r.Sim.Objects()), w.Bytes(), []byte(gccore.RenderTrace(rd.Records))
}

// checkGolden compares got with the golden file, or rewrites it with -update.
func checkGolden(t *testing.T, file string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run `go test ./gccore/scenario -run TestGolden -update` to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (rerun with -update and review the diff): %s", file, firstDiff(want, got))
	}
}

// firstDiff describes the first line where want and got differ.
func firstDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g || i >= len(wl) || i >= len(gl) {
			return fmt.Sprintf("line %d:\n  want: %s\n  got:  %s", i+1, w, g)
		}
	}
	return "same lines, different bytes"
}
