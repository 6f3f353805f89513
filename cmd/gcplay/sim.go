package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/faults"
	"github.com/gcplay/gcplay/gccore/scenario"
)

var errHelpShown = errors.New("help shown")

var commandHelp = map[string]string{
	"sim": `gcplay sim runs a scenario file (see README "Scenario format") headless and prints
the objects still stored after the run, as a v1 List sorted by apiVersion, kind,
namespace and name.

Bad input (unparsable YAML, an unknown step or kind, a missing name or uid, a step
that fails as the API server would refuse it, a run that is not idle by --max-ticks)
exits 1 with one line on stderr naming the file, the step or object, and the problem;
nothing is printed on stdout then. A scenario file larger than --max-input-bytes
(64 MiB by default), nested more than 100 levels deep, holding a second YAML
document or repeating a key is bad input too.

Examples:
  gcplay sim -f scenario.yaml                 # final objects as YAML
  gcplay sim -f scenario.yaml -o json         # ... as JSON
  gcplay sim -f scenario.yaml --watch         # every watch event, one JSON line each
  gcplay sim -f scenario.yaml --trace         # the GC's decisions with rule ids
  gcplay sim -f scenario.yaml --why           # why each remaining object is not deleted
  gcplay sim -f - < scenario.yaml             # read the scenario from stdin
  gcplay sim -f scenario.yaml --max-ticks 50  # fail unless the GC is idle by tick 50
  gcplay sim -f scenario.yaml --workers 1     # one worker per queue: items one by one
  gcplay sim -f scenario.yaml --informer-delay 3 --watch   # the GC sees writes 3 ticks late
  gcplay sim -f scenario.yaml --controller-informer-delay 3 --trace   # so do the controllers (CM-1)
  gcplay sim -f scenario.yaml --seed 7        # other uids for objects that do not pin one
  gcplay sim -f big.yaml --max-input-bytes 268435456   # read a scenario of up to 256 MiB
  gcplay sim -f scenario.yaml --kubernetes 1.16 --trace  # the GC rules of Kubernetes 1.16
  gcplay sim -f faults.yaml --faults-seed 8 --trace     # the file's faults: with another seed
  gcplay sim -f scenario.yaml --compare kubernetes=1.16  # as written and under 1.16, side by side

--kubernetes plays the garbage collector of an older release (gc-behavior.md section 15,
V-1 ... V-7): "1.13" and "1.16" (absentOwnerCache keyed by uid, no namespace or scope
checks, the old NotFound handling), "1.20" (workers wait for every monitor with no
time limit, uid-only delete preconditions), "1.33" (the same preconditions; workers
start after 30 s) or "current" (today's rules, the default). It overrides the file's
kubernetes: field (a version 2 file). Version 2 files may also restart the
controller-manager (a step 'restart: controller-manager') and declare a resource
'broken: true' (its monitor never syncs); see README "Scenario format version 2".

A version 2 file may carry faults: (late and lost watch events, relists, writes failing
with 500; cluster-rules.md FAULT-1 ... FAULT-4), all drawn from one source seeded by
faults.seed: the same file and seed give the same trace. --faults-seed N (not 0) replaces
that seed.
` + compareHelp,
	"dot": `gcplay dot runs a scenario and prints the garbage collector's graph (uidToNode)
as Graphviz DOT, edges from dependent to owner.

Examples:
  gcplay dot -f scenario.yaml | dot -Tsvg > graph.svg
  gcplay dot -f - < scenario.yaml             # read the scenario from stdin
  gcplay dot -f scenario.yaml --max-ticks 50 --workers 1 --informer-delay 3 --seed 7
                                              # the same run settings as gcplay sim
  gcplay dot -f scenario.yaml --controller-informer-delay 3   # controllers on stale caches
  gcplay dot -f scenario.yaml --kubernetes 1.16   # the graph as Kubernetes 1.16's GC leaves it
  gcplay dot -f faults.yaml --faults-seed 8        # the graph the file's faults: leave with another seed
  gcplay dot -f big.yaml --max-input-bytes 268435456   # read a scenario of up to 256 MiB
`,
	"serve": `gcplay serve serves the playground on a loopback address. Run it from the
repository root after 'make wasm': it serves the page, go-app's scripts and the
assets of ./web the page loads, and nothing else (no listing, no other file).
Compressed copies of app.wasm and the scripts (brotli, gzip) are made in the
background at start-up and sent to browsers that accept them. An --addr that is not
loopback is served too, with a warning: anyone who reaches it gets the playground.

Example:
  gcplay serve --addr 127.0.0.1:8080
`,
	"build": `gcplay build writes the playground as a static site that any static file server
can host under the given base path (GitHub Pages, ...), with a .gz and a .br copy
beside each large file for servers that send precompressed files. Run it after
'make wasm', from the repository root.

--out must be absent, empty, or a site gcplay build wrote (it holds .gcplay-site.json):
only the files that build wrote are replaced. The working directory, its parents, web/
and any folder holding go.mod or .git are always refused. --base-path is a URL path
of letters, digits, - . _ ~ between slashes.

Example:
  gcplay build --out dist --base-path /gcplay/
`,
}

func printHelp(w io.Writer, cmd string, fs interface{ PrintDefaults() }) {
	fmt.Fprint(w, commandHelp[cmd]+"\nFlags:\n")
	if f, ok := fs.(*flag.FlagSet); ok {
		f.SetOutput(w)
	}
	fs.PrintDefaults()
}

type simOptions struct {
	file          string
	output        string
	watch, trace  bool
	why           bool
	maxTicks      int64
	workers       int
	informerDelay int
	// controllerDelay is --controller-informer-delay (gccore.Config.ControllerInformerDelay).
	controllerDelay int
	seed            uint64
	maxInput        int64
	kubernetes      string
	faultsSeed      uint64
	compare         string // --compare KEY=VALUE (compare.go)
}

// defaultMaxInput bounds the scenario text read (--max-input-bytes): 64 MiB holds a
// scenario of about half a million objects, and `-f /dev/zero` or an endless stdin must
// end in one line, not in a machine out of memory.
const defaultMaxInput = 64 << 20

func commonFlags(fs *flag.FlagSet, o *simOptions) {
	fs.StringVar(&o.file, "f", "", "scenario file to run, or - for stdin (required)")
	fs.Int64Var(&o.maxTicks, "max-ticks", scenario.DefaultMaxTicks, "fail if the run is not idle by this tick")
	fs.IntVar(&o.workers, "workers", 20, fmt.Sprintf("GC workers per queue, like --concurrent-gc-syncs (1 to %d)", gccore.MaxWorkers))
	fs.IntVar(&o.informerDelay, "informer-delay", 1, "ticks between an API write and the GC seeing its watch event")
	fs.IntVar(&o.controllerDelay, "controller-informer-delay", 0, "ticks between an API write and the controllers seeing its watch event (version 2)")
	fs.Uint64Var(&o.seed, "seed", 0, "seed for the uids the API server assigns")
	fs.Uint64Var(&o.faultsSeed, "faults-seed", 0, "reseed the file's faults: (version 2; 0 keeps the file's faults.seed)")
	fs.Int64Var(&o.maxInput, "max-input-bytes", defaultMaxInput, "refuse a scenario file larger than this many bytes")
	fs.StringVar(&o.kubernetes, "kubernetes", "", "play the GC rules of this release, overriding the file's kubernetes: ("+
		strings.Join(gccore.ReleaseNames(), ", ")+"; default: the file's, else current)")
}

func simFlags(out io.Writer) (*flag.FlagSet, *simOptions) {
	o := &simOptions{}
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(out)
	commonFlags(fs, o)
	fs.StringVar(&o.output, "o", "yaml", "output format of the final objects: yaml or json")
	fs.BoolVar(&o.watch, "watch", false, "print every watch event as one JSON line instead of the final objects")
	fs.BoolVar(&o.trace, "trace", false, "print the trace (every decision with its rule id) instead of the final objects")
	fs.StringVar(&o.compare, "compare", "", "run twice, the second time with KEY=VALUE changed, and print where they diverge (see below)")
	fs.BoolVar(&o.why, "why", false, "print each object still stored with why it is not deleted (reasons cite rule ids) instead of the final objects")
	return fs, o
}

func dotFlags(out io.Writer) (*flag.FlagSet, *simOptions) {
	o := &simOptions{}
	fs := flag.NewFlagSet("dot", flag.ContinueOnError)
	fs.SetOutput(out)
	commonFlags(fs, o)
	return fs, o
}

// parseFlags parses args; -h prints the command's help.
func parseFlags(cmd string, fs *flag.FlagSet, args []string, stdout io.Writer) error {
	var errBuf bytes.Buffer
	fs.SetOutput(&errBuf)
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			printHelp(stdout, cmd, fs)
			return errHelpShown
		}
		return fmt.Errorf("%s: %v (see 'gcplay help %s')", cmd, err, cmd)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%s: unexpected argument %q (see 'gcplay help %s')", cmd, fs.Arg(0), cmd)
	}
	return nil
}

// batchGCPercent is the garbage collector's GOGC while `gcplay sim` and `gcplay dot`
// parse and run a scenario: the heap then mostly grows (the objects, their graph
// nodes), so collecting half as often saves CPU for little memory. The output is written
// with the default again: a long List is mostly garbage over a large live heap, where
// 200 would raise the peak by half (docs/benchmarks.md, "gcplay sim under 1.5 s").
const batchGCPercent = 200

// batchGC sets batchGCPercent unless GOGC is in the environment, and returns what puts
// the previous setting back.
func batchGC() (restore func()) {
	if _, set := os.LookupEnv("GOGC"); set {
		return func() {}
	}
	old := debug.SetGCPercent(batchGCPercent)
	return func() { debug.SetGCPercent(old) }
}

// runScenario loads and runs the scenario the options name.
func runScenario(o *simOptions, stdin io.Reader) (*scenario.Runner, error) {
	defer batchGC()()
	sc, cfg, err := loadScenario(o, stdin)
	if err != nil {
		return nil, err
	}
	return runLoaded(sc, cfg, o.maxTicks)
}

// runLoaded runs a parsed scenario to its end and to idle.
func runLoaded(sc *scenario.Scenario, cfg gccore.Config, maxTicks int64) (*scenario.Runner, error) {
	r, err := scenario.NewRunner(sc, cfg)
	if err != nil {
		return nil, err
	}
	r.MaxTicks = maxTicks
	return r, r.Run()
}

// loadScenario checks the options, reads and parses the scenario they name, and returns
// it with the run's configuration.
func loadScenario(o *simOptions, stdin io.Reader) (*scenario.Scenario, gccore.Config, error) {
	var cfg gccore.Config
	switch {
	case o.file == "":
		return nil, cfg, fmt.Errorf("-f FILE is required (use -f - for stdin)")
	case o.maxTicks < 0:
		return nil, cfg, fmt.Errorf("--max-ticks %d: want 0 or more", o.maxTicks)
	case o.workers < 1 || o.workers > gccore.MaxWorkers:
		return nil, cfg, fmt.Errorf("--workers %d: want 1 to %d", o.workers, gccore.MaxWorkers)
	case o.informerDelay < 0:
		return nil, cfg, fmt.Errorf("--informer-delay %d: want 0 or more", o.informerDelay)
	case o.controllerDelay < 0:
		return nil, cfg, fmt.Errorf("--controller-informer-delay %d: want 0 or more", o.controllerDelay)
	case o.maxInput < 1:
		return nil, cfg, fmt.Errorf("--max-input-bytes %d: want 1 or more", o.maxInput)
	}
	release, err := gccore.ParseRelease(o.kubernetes)
	if err != nil {
		return nil, cfg, fmt.Errorf("--kubernetes: %v", err)
	}
	name := o.file
	in := stdin
	if o.file == "-" {
		name = "<stdin>"
	} else {
		f, err := os.Open(o.file)
		if err != nil {
			return nil, cfg, err
		}
		defer f.Close()
		in = f
	}
	data, err := readLimited(in, o.maxInput)
	if err != nil {
		return nil, cfg, fmt.Errorf("%s: %v", scenario.Quote(name), err)
	}
	delay := gccore.Ticks(o.informerDelay)
	// Quiet unless the trace or the watch events are printed: keeping them costs time and
	// memory in proportion to the run, and nothing else reads them.
	quiet := !o.trace && !o.watch
	cfg = gccore.Config{Workers: o.workers, InformerDelay: delay, ControllerInformerDelay: o.controllerDelay, Seed: o.seed, Quiet: quiet, Kubernetes: release,
		Faults: faults.Config{Seed: o.faultsSeed}}
	sc, err := scenario.Parse(name, data)
	return sc, cfg, err
}

// readLimited reads r to its end, but no more than limit bytes. A regular file is read
// into one buffer of its size: growing one as io.ReadAll does copied a large scenario
// about three times over.
func readLimited(r io.Reader, limit int64) ([]byte, error) {
	var buf bytes.Buffer
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			buf.Grow(int(min(st.Size(), limit)) + bytes.MinRead) // ReadFrom wants MinRead free to stop
		}
	}
	if _, err := buf.ReadFrom(io.LimitReader(r, overLimit(limit))); err != nil {
		return nil, err
	}
	data := buf.Bytes()
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("larger than %s; raise --max-input-bytes to read it", byteCount(limit))
	}
	return data, nil
}

// overLimit is limit+1, the bytes to read to tell a text of limit bytes from a longer
// one; at math.MaxInt64 it is limit itself (limit+1 overflowed: nothing was read and
// an empty scenario ran).
func overLimit(limit int64) int64 {
	if limit == math.MaxInt64 {
		return limit
	}
	return limit + 1
}

// byteCount renders a limit for people: "64 MiB (67108864 bytes)", "1000 bytes".
func byteCount(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB (%d bytes)", n>>20, n)
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

func simCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs, o := simFlags(stderr)
	if err := parseFlags("sim", fs, args, stdout); err != nil {
		return err
	}
	if o.output != "yaml" && o.output != "json" {
		return fmt.Errorf("sim: -o %q: want yaml or json", o.output)
	}
	if o.watch && o.trace {
		return fmt.Errorf("sim: --watch and --trace cannot be combined")
	}
	if o.why && (o.watch || o.trace) {
		return fmt.Errorf("sim: --why cannot be combined with --watch or --trace")
	}
	if o.compare != "" {
		return compareCommand(o, o.compare, stdin, stdout)
	}
	r, err := runScenario(o, stdin)
	if err != nil {
		return err
	}
	// The run succeeded: from here on the output streams to stdout, one object, event
	// or record at a time, through one buffer.
	out := bufio.NewWriterSize(stdout, 64<<10)
	rd := r.Sim.Take()
	switch {
	case o.watch:
		for _, ev := range rd.Watch {
			out.Write(gccore.WatchLine(ev))
			out.WriteByte('\n')
		}
	case o.trace:
		out.WriteString(gccore.RenderTrace(rd.Records))
		for _, q := range r.Sim.Inspect().Queues() {
			for _, it := range q.Items {
				if it.State == gccore.ItemStuck {
					fmt.Fprintf(out, "stuck [%s] %s: %s\n", q.Name, it.Key, it.Stuck)
				}
			}
		}
	case o.why:
		// One object a paragraph: its reference, then each reason of Inspector.Why, which asks
		// the GC's own decision code (DEL-8, DEL-9) and cites the rules.
		for _, obj := range r.Sim.ObjectsShared() {
			fmt.Fprintf(out, "%s\n", obj.Ref())
			for _, reason := range r.Sim.Inspect().Why(obj.Ref()) {
				fmt.Fprintf(out, "  %s\n", reason)
			}
		}
	case o.output == "json":
		err = gccore.WriteListJSON(out, r.Sim.ObjectsShared())
	default:
		err = gccore.WriteListYAML(out, r.Sim.ObjectsShared())
	}
	if err != nil {
		return err
	}
	return out.Flush()
}

func dotCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs, o := dotFlags(stderr)
	if err := parseFlags("dot", fs, args, stdout); err != nil {
		return err
	}
	r, err := runScenario(o, stdin)
	if err != nil {
		return err
	}
	_, err = io.WriteString(stdout, r.Sim.Inspect().DOT())
	return err
}
