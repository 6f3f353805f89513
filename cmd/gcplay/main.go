// Command gcplay runs the Kubernetes garbage-collector simulator: headless scenarios
// (`gcplay sim`), the GC graph as DOT (`gcplay dot`), and the browser playground.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/gcplay/gcplay/gccore/scenario"
)

const usage = `gcplay - the Kubernetes garbage collector, tick by tick

Usage:
  gcplay sim -f FILE [-o yaml|json] [--watch] [--trace] [--max-ticks N]
                                   run a scenario headless and print the final objects
  gcplay dot -f FILE               run a scenario and print the GC's graph as DOT
  gcplay serve [--addr ADDR] [--lessons DIR]
                                   serve the playground (a release binary holds it; from
                                   a checkout, after make wasm), with a workshop
                                   folder's lessons instead of the built-in ones
  gcplay build [--out DIR] [--base-path /P/] [--lessons DIR]
                                   write the playground as a static site
  gcplay lessons list|check|new    workshop lessons (gcplay lessons help)
  gcplay version                   the version, and the Kubernetes version it models
  gcplay help [COMMAND]            show help

Examples:
  gcplay sim -f gccore/testdata/scenarios/example-foreground-blocked.yaml
  gcplay sim -f - --watch < scenario.yaml
  gcplay dot -f scenario.yaml | dot -Tsvg > graph.svg

Run 'gcplay help sim' for every flag of a command.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the process: it returns the exit status. Output goes to stdout only
// when the command succeeds; an error is one line on stderr.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "gcplay: internal error: %s\n", scenario.OneLine(fmt.Sprint(r)))
			code = 2
		}
	}()
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cmd, rest := args[0], args[1:]
	var err error
	switch cmd {
	case "sim":
		err = simCommand(rest, stdin, stdout, stderr)
	case "dot":
		err = dotCommand(rest, stdin, stdout, stderr)
	case "serve":
		err = serveCommand(rest, stdout, stderr)
	case "build":
		err = buildCommand(rest, stdout, stderr)
	case "lessons":
		err = lessonsCommand(rest, stdout, stderr)
	case "version", "--version":
		err = versionCommand(rest, stdout)
	case "help", "-h", "--help", "-help":
		return helpCommand(rest, stdout, stderr)
	default:
		err = fmt.Errorf("unknown command %q (want sim, dot, serve, build, lessons, version or help)", cmd)
	}
	if err == errHelpShown {
		return 0
	}
	if err != nil {
		// One line of printable text, whatever the error quotes (the last guard: the
		// parser already quotes the names it reports).
		fmt.Fprintf(stderr, "gcplay: %s\n", scenario.OneLine(err.Error()))
		return 1
	}
	return 0
}

func helpCommand(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stdout, usage)
		return 0
	}
	var fs interface{ PrintDefaults() }
	switch args[0] {
	case "lessons":
		fmt.Fprint(stdout, lessonsUsage)
		return 0
	case "sim":
		fs, _ = simFlags(io.Discard)
	case "dot":
		fs, _ = dotFlags(io.Discard)
	case "serve":
		fs, _ = serveFlags(io.Discard)
	case "build":
		fs, _ = buildFlags(io.Discard)
	default:
		fmt.Fprintf(stderr, "gcplay: no help for %q\n", args[0])
		return 1
	}
	printHelp(stdout, args[0], fs)
	return 0
}
