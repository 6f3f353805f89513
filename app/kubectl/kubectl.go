// Package kubectl runs kubectl-style commands against a playground workspace, for people
// who think in kubectl: get (tables, -o name|yaml|json|wide, "all"), describe (with the
// GC's answer to "why is it not deleted yet"), delete with --cascade and --wait, create
// -f -, patch --type=merge, help. Output follows kubectl's formats. It is
// plain Go, tested natively and under node.
package kubectl

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// The help texts: Help is all of them, `help COMMAND` one (constants: no code builds them).
const (
	helpGet = `  get TYPE[,TYPE...] [NAME...] | TYPE/NAME...  [-n NS | -A] [-l SELECTOR]
        [-o wide|name|yaml|json] [--show-labels]
      Lists objects in kubectl's tables. TYPE "all" is kubectl's category: pods,
      replicationcontrollers, services, daemonsets, deployments, replicasets, statefulsets,
      horizontalpodautoscalers, cronjobs, jobs. -o wide adds gcplay's OWNERS and FINALIZERS.
      e.g. get all · get deploy,rs,po -o wide · get cm shared -o yaml · get pods -A -o name
`
	helpDescribe = `  describe TYPE [NAME...] | TYPE/NAME...  [-n NS | -A] [-l SELECTOR]
      Labels, owner references (kind, name, uid, controller, blockOwnerDeletion),
      finalizers, deletion timestamp, dependents, why it is not deleted yet (the
      Inspector's answer, with rule ids) and the GC's events about it.
`
	helpDelete = `  delete TYPE NAME... | TYPE/NAME...  [-n NS] [--cascade=background|foreground|orphan]
        [--wait=false] [--timeout=Ns] [--grace-period=N] [--now] [--force]
        [--precondition-uid=UID] [--precondition-resource-version=RV]
      --cascade maps to propagationPolicy as kubectl does (API-20): background (the
      default, also a bare --cascade or --cascade=true), foreground, orphan (--cascade=false).
      --wait (the default): time moves here only by ticks (a tick is a simulated second),
      so after the delete the console runs ticks, as Step does, until the objects are gone,
      or the simulation is idle with one still there (kubectl would wait forever; the
      console says which, and describe says why), or --timeout passes (default 60s = 60
      ticks). --wait=false runs no tick: press Step to watch the GC. As kubectl's: --now
      is --grace-period=1, --grace-period=0 needs --force (else it is 1), and --force
      alone is --grace-period=0: a force delete. The --precondition-* flags are gcplay's.
`
	helpCreate = `  create -f -
      Creates the objects in the YAML that follows (one object, a List, or documents
      separated by ---), on the next lines or in a here-document:
        kubectl create -f - <<EOF
        apiVersion: v1
        kind: ConfigMap
        metadata: {name: owner}
        EOF
`
	helpPatch = `  patch TYPE NAME | TYPE/NAME  [-n NS] --type=merge -p JSON
      Applies a JSON merge patch: -p '{"metadata":{"finalizers":null}}' removes every finalizer.
`
	// Help is the console's help text.
	Help = "Commands (kubectl style; the word \"kubectl\" is optional):\n" + helpGet + helpDescribe + helpDelete +
		helpCreate + helpPatch + `  help [COMMAND] · clear (empties the transcript)
TYPE is a kind, its plural or a short name (po, rs, deploy, cm, ns, pv, pvc, svc, sa,
...), the scenario's custom kinds included; -n defaults to "default".`
)

// Run runs one command (its first line; the rest is its standard input) and returns
// what kubectl would print on standard output and, as the error, what it would print on
// standard error: both can be set (a delete of two objects, one of them missing). Each
// error line reads as kubectl's: "Error from server (NotFound): ..." or "error: ...".
func Run(ws *workspace.Workspace, input string) (string, error) {
	out, err := run(ws, input)
	return out, errorLines(err)
}

func run(ws *workspace.Workspace, input string) (string, error) {
	line, stdin := heredoc(input)
	words, err := split(line)
	if err != nil {
		return "", err
	}
	if len(words) > 0 && words[0] == "kubectl" {
		words = words[1:]
	}
	if len(words) == 0 {
		return Help, nil
	}
	verb, args := words[0], words[1:]
	for _, a := range args {
		if a == "-h" || a == "--help" {
			return helpFor(verb)
		}
	}
	switch verb {
	case "help", "-h", "--help":
		if len(args) > 0 {
			return helpFor(args[0])
		}
		return Help, nil
	case "get":
		return get(ws, args)
	case "describe":
		return describe(ws, args)
	case "delete":
		return del(ws, args)
	case "create":
		return create(ws, args, stdin)
	case "patch":
		return patch(ws, args)
	}
	return "", fmt.Errorf("unknown command %q for \"kubectl\" (try help)", verb)
}

func helpFor(verb string) (string, error) {
	switch verb {
	case "get":
		return helpGet, nil
	case "describe":
		return helpDescribe, nil
	case "delete":
		return helpDelete, nil
	case "create":
		return helpCreate, nil
	case "patch":
		return helpPatch, nil
	}
	return "", fmt.Errorf("unknown command %q for \"kubectl\" (try help)", verb)
}

// errorLines turns an error (or several, joined) into the lines kubectl prints: the API
// server's errors with their reason, the rest after "error: ".
func errorLines(err error) error {
	if err == nil {
		return nil
	}
	var errs []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	} else {
		errs = []error{err}
	}
	lines := make([]string, 0, len(errs))
	for _, e := range errs {
		var st apierrors.APIStatus
		reason := apierrors.ReasonForError(e)
		switch {
		case !errors.As(e, &st):
			lines = append(lines, "error: "+e.Error())
		case reason == metav1.StatusReasonInvalid:
			lines = append(lines, e.Error()) // kubectl prints these as the server words them
		case reason == "":
			lines = append(lines, "Error from server: "+e.Error())
		default:
			lines = append(lines, "Error from server ("+string(reason)+"): "+e.Error())
		}
	}
	return errors.New(strings.Join(lines, "\n"))
}

// notFound is the API server's 404 for one object.
func notFound(r resource, name string) error {
	return apierrors.NewNotFound(schema.GroupResource{Group: r.gvk.Group, Resource: r.plural}, name)
}

// flagSpec describes one flag a command accepts.
type flagSpec struct {
	value bool // takes a value: --name=v, --name v, -xv, -x v
	// noOpt is the value a flag given without "=value" gets when it takes none: "true"
	// for a boolean, "background" for --cascade (kubectl's NoOptDefVal).
	noOpt string
}

var (
	valueFlag = flagSpec{value: true}
	boolFlag  = flagSpec{noOpt: "true"}
)

// shorthands are the one-letter forms of the long flags.
var shorthands = map[byte]string{'n': "namespace", 'A': "all-namespaces", 'o': "output", 'p': "patch",
	'f': "filename", 'l': "selector"}

// flags holds the parsed options and positional arguments of a command.
type flags struct {
	pos []string
	val map[string]string // by long name
}

func (f flags) has(name string) bool { _, ok := f.val[name]; return ok }

// bool reads a boolean flag, def when absent.
func (f flags) bool(name string, def bool) (bool, error) {
	v, ok := f.val[name]
	if !ok {
		return def, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("invalid argument %q for \"--%s\" flag: want true or false", v, name)
	}
	return b, nil
}

// parseFlags reads --name=value, --name value, -x value, -xvalue and boolean flags, as
// kubectl's flag parser does; "--" ends the flags.
func parseFlags(args []string, known map[string]flagSpec) (flags, error) {
	f := flags{val: map[string]string{}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			f.pos = append(f.pos, args[i+1:]...)
			return f, nil
		case !strings.HasPrefix(a, "-") || a == "-":
			f.pos = append(f.pos, a)
			continue
		}
		var name, value, shown string
		var hasValue bool
		if strings.HasPrefix(a, "--") {
			name, value, hasValue = strings.Cut(a[2:], "=")
			shown = "--" + name
			if _, ok := known[name]; !ok {
				return f, fmt.Errorf("unknown flag: --%s", name)
			}
		} else {
			long, ok := shorthands[a[1]]
			if _, accepted := known[long]; !ok || !accepted {
				return f, fmt.Errorf("unknown shorthand flag: '%c' in %s", a[1], a)
			}
			name, shown = long, fmt.Sprintf("'%c' in %s", a[1], a)
			if rest := strings.TrimPrefix(a[2:], "="); len(a) > 2 {
				value, hasValue = rest, true
			}
		}
		spec := known[name]
		switch {
		case hasValue:
		case spec.value:
			if i+1 >= len(args) {
				return f, fmt.Errorf("flag needs an argument: %s", shown)
			}
			i++
			value = args[i]
		default:
			value = spec.noOpt
		}
		f.val[name] = value
	}
	return f, nil
}

// namespace is -n, or "default".
func namespace(f flags) string {
	if ns := f.val["namespace"]; ns != "" {
		return ns
	}
	return metav1.NamespaceDefault
}

// target resolves the one object a command names: TYPE/NAME or TYPE NAME.
func target(ws *workspace.Workspace, f flags) (gccore.ObjectRef, error) {
	sel, err := selectArgs(ws, f.pos)
	if err != nil {
		return gccore.ObjectRef{}, err
	}
	if len(sel.types) != 1 || len(sel.types[0].names) != 1 {
		return gccore.ObjectRef{}, errors.New("name one object: TYPE/NAME or TYPE NAME")
	}
	return sel.types[0].res.ref(namespace(f), sel.types[0].names[0]), nil
}

func create(ws *workspace.Workspace, args []string, stdin string) (string, error) {
	f, err := parseFlags(args, map[string]flagSpec{"filename": valueFlag, "namespace": valueFlag})
	if err != nil {
		return "", err
	}
	if f.val["filename"] != "-" || len(f.pos) > 0 {
		return "", errors.New("only `kubectl create -f -` is supported: put the YAML on the following lines")
	}
	if strings.TrimSpace(stdin) == "" {
		return "", errors.New("no objects passed to create: put the YAML on the lines after the command")
	}
	objs, err := ws.ParseObjects(stdin)
	if err != nil {
		return "", err
	}
	cs := make([]gccore.Input, len(objs))
	var b strings.Builder
	for i, o := range objs {
		if ns := f.val["namespace"]; ns != "" && o.Namespace != "" && o.Namespace == metav1.NamespaceDefault {
			o.Namespace = ns
		}
		cs[i] = gccore.CreateInput(o)
		fmt.Fprintf(&b, "%s/%s created\n", typeNameOf(o.APIVersion, o.Kind), o.Name)
	}
	if err := ws.Batch(cs); err != nil {
		return "", err
	}
	return b.String(), nil
}

func patch(ws *workspace.Workspace, args []string) (string, error) {
	f, err := parseFlags(args, map[string]flagSpec{"namespace": valueFlag, "type": valueFlag, "patch": valueFlag})
	if err != nil {
		return "", err
	}
	ref, err := target(ws, f)
	if err != nil {
		return "", err
	}
	if t := f.val["type"]; t != "merge" {
		return "", fmt.Errorf("--type=%q is not supported: use --type=merge (a JSON merge patch, as the scenario update step)", t)
	}
	body := f.val["patch"]
	if body == "" {
		return "", errors.New("missing the patch: -p '{...}'")
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		return "", fmt.Errorf("the patch is not a JSON object: %v", err)
	}
	if err := ws.Do(gccore.PatchInput(ref, []byte(body))); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s/%s patched", typeNameOf(ref.APIVersion, ref.Kind), ref.Name), nil
}
