package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/compare"
)

// compareHelp is sim's --compare in its help text.
const compareHelp = `
--compare KEY=VALUE runs the scenario twice, as written (A) and with one setting
changed (B), and prints the first tick at which their traces diverge with each run's
records of that tick, the objects whose fate differs (live, terminating, gone), and
both final states. KEY is kubernetes (a release, as --kubernetes), policy (Orphan,
Background or Foreground for every delete step), informerDelay,
controllerInformerDelay, workers or faults.seed (the file's faults: drawn anew).
`

// compareCommand is gcplay sim --compare: the same scenario run twice, B with one
// setting changed, side by side (issue 26, compare mode).
func compareCommand(o *simOptions, setting string, stdin io.Reader, stdout io.Writer) error {
	if o.watch || o.trace || o.why {
		return fmt.Errorf("sim: --compare cannot be combined with --watch, --trace or --why")
	}
	set, err := compare.ParseSetting(setting)
	if err != nil {
		return fmt.Errorf("sim: --compare %v", err)
	}
	o.trace = true // both traces are kept: the divergence is found in them
	sc, cfg, err := loadScenario(o, stdin)
	if err != nil {
		return err
	}
	a, err := runLoaded(sc, cfg, o.maxTicks)
	if err != nil {
		return fmt.Errorf("A (as written): %w", err)
	}
	scB, cfgB := *sc, cfg
	if err := set.Apply(&scB, &cfgB); err != nil {
		return fmt.Errorf("sim: --compare %v", err)
	}
	b, err := runLoaded(&scB, cfgB, o.maxTicks)
	if err != nil {
		return fmt.Errorf("B (%s): %w", set, err)
	}
	out := bufio.NewWriter(stdout)
	writeComparison(out, set, a.Sim.Take().Records, b.Sim.Take().Records, a.Sim.ObjectsShared(), b.Sim.ObjectsShared())
	fmt.Fprintf(out, "\n# final objects, A (as written)\n")
	write := gccore.WriteListYAML
	if o.output == "json" {
		write = gccore.WriteListJSON
	}
	if err := write(out, a.Sim.ObjectsShared()); err != nil {
		return err
	}
	fmt.Fprintf(out, "\n# final objects, B (%s)\n", set)
	if err := write(out, b.Sim.ObjectsShared()); err != nil {
		return err
	}
	return out.Flush()
}

// maxDivergingRecords is how many records of each side the divergence shows.
const maxDivergingRecords = 8

// writeComparison prints the divergence and the differing fates as comment lines, so the
// output stays one YAML stream of two lists when the comments are stripped.
func writeComparison(out io.Writer, set compare.Setting, ta, tb []gccore.Record, a, b []*gccore.Object) {
	fmt.Fprintf(out, "# gcplay sim --compare %s\n", set)
	d, diverged := compare.Diverge(ta, tb)
	if !diverged {
		fmt.Fprintf(out, "# the traces are the same: no tick diverges\n")
	} else {
		fmt.Fprintf(out, "# first diverging tick: %d", d.Tick)
		if d.Same > 0 {
			fmt.Fprintf(out, " (its first %d record(s) alike)", d.Same)
		}
		fmt.Fprintf(out, "\n")
		for _, side := range []struct {
			name string
			rs   []gccore.Record
		}{{"A (as written)", d.A[d.Same:]}, {fmt.Sprintf("B (%s)", set), d.B[d.Same:]}} {
			fmt.Fprintf(out, "# %s then:\n", side.name)
			if len(side.rs) == 0 {
				fmt.Fprintf(out, "#   (nothing more at tick %d)\n", d.Tick)
			}
			for i, r := range side.rs {
				if i == maxDivergingRecords {
					fmt.Fprintf(out, "#   ... %d more at tick %d\n", len(side.rs)-i, d.Tick)
					break
				}
				fmt.Fprintf(out, "#   %s\n", r)
			}
		}
	}
	fates := compare.Fates(a, b)
	if len(fates) == 0 {
		fmt.Fprintf(out, "# every object ends the same\n")
		return
	}
	fmt.Fprintf(out, "# objects whose fate differs (A -> B):\n")
	for _, f := range fates {
		fmt.Fprintf(out, "#   %s: %s -> %s\n", f.Ref, f.A, f.B)
	}
}
