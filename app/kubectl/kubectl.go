// Package kubectl runs kubectl-style commands against a playground workspace, for people
// who think in kubectl: get, create -f -, delete with --cascade, patch --type=merge, help.
// It is plain Go, tested natively.
package kubectl

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// Help is the console's help text.
const Help = `Commands (kubectl style; the "kubectl" word is optional):
  kubectl get [KIND[/NAME] | KIND NAME] [-n NS | -A] [-o yaml|json|name]
  kubectl create -f -            the YAML follows on the next lines, or in <<EOF ... EOF
  kubectl delete KIND/NAME [-n NS] [--cascade=background|foreground|orphan]
                 [--grace-period=N] [--precondition-uid=UID] [--precondition-resource-version=RV]
  kubectl patch KIND/NAME [-n NS] --type=merge -p '{"metadata":{"finalizers":null}}'
  kubectl help [COMMAND]
KIND is a kind, its plural or a short name (cm, po, rs, deploy, ...); -n defaults to "default".
--cascade maps to propagationPolicy as kubectl does (API-20): background (the default),
foreground, orphan. The --precondition-* flags are gcplay's (kubectl has none).`

var commandHelp = map[string]string{
	"get":    "kubectl get [KIND[/NAME] | KIND NAME] [-n NS | -A] [-o yaml|json|name]\nLists objects with their owners, finalizers and state. Without KIND, lists everything.",
	"create": "kubectl create -f -\nCreates the objects in the YAML that follows (one object, a List, or documents separated by ---).\nExample:\n  kubectl create -f - <<EOF\n  apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: owner}\n  EOF",
	"delete": "kubectl delete KIND/NAME [-n NS] [--cascade=background|foreground|orphan] [--grace-period=N]\n              [--precondition-uid=UID] [--precondition-resource-version=RV]\n--cascade=background is kubectl's default; --cascade=false is orphan, true is background (API-20).",
	"patch":  "kubectl patch KIND/NAME [-n NS] --type=merge -p JSON\nApplies a JSON merge patch, e.g. -p '{\"metadata\":{\"finalizers\":null}}' removes every finalizer.",
}

// Run runs one command (its first line; the rest is its standard input) and returns
// what kubectl would print. Errors read like kubectl's.
func Run(ws *workspace.Workspace, input string) (string, error) {
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
	case "create":
		return create(ws, args, stdin)
	case "delete":
		return del(ws, args)
	case "patch":
		return patch(ws, args)
	}
	return "", fmt.Errorf("unknown command %q: try get, create, delete, patch or help", verb)
}

func helpFor(verb string) (string, error) {
	h, ok := commandHelp[verb]
	if !ok {
		return "", fmt.Errorf("no help for %q: try get, create, delete or patch", verb)
	}
	return h, nil
}

// flags holds the parsed options and positional arguments of a command.
type flags struct {
	pos []string
	val map[string]string
}

// parseFlags reads --name=value, --name value, -n value and boolean flags.
func parseFlags(args []string, known map[string]bool) (flags, error) {
	f := flags{val: map[string]string{}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			f.pos = append(f.pos, a)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch name {
		case "namespace":
			name = "n"
		case "all-namespaces":
			name = "A"
		case "output":
			name = "o"
		case "patch":
			name = "p"
		case "filename":
			name = "f"
		}
		takesValue, ok := known[name]
		if !ok {
			return f, fmt.Errorf("unknown flag: %s", a)
		}
		if takesValue && !hasValue {
			if i+1 >= len(args) {
				return f, fmt.Errorf("flag needs an argument: %s", a)
			}
			i++
			value = args[i]
		}
		f.val[name] = value
	}
	return f, nil
}

// target resolves KIND/NAME or KIND NAME to a reference.
func target(ws *workspace.Workspace, f flags) (gccore.ObjectRef, error) {
	var kind, name string
	switch {
	case len(f.pos) == 1 && strings.Contains(f.pos[0], "/"):
		kind, name, _ = strings.Cut(f.pos[0], "/")
	case len(f.pos) == 2:
		kind, name = f.pos[0], f.pos[1]
	default:
		return gccore.ObjectRef{}, errors.New("name one object: KIND/NAME or KIND NAME")
	}
	k, err := resolveKind(ws, kind)
	if err != nil {
		return gccore.ObjectRef{}, err
	}
	ref := gccore.ObjectRef{APIVersion: k.APIVersion, Kind: k.Kind, Name: name}
	if k.Namespaced {
		ref.Namespace = namespace(f)
	}
	return ref, nil
}

func namespace(f flags) string {
	if ns := f.val["n"]; ns != "" {
		return ns
	}
	return metav1.NamespaceDefault
}

var shortNames = map[string]string{
	"cm": "ConfigMap", "po": "Pod", "rs": "ReplicaSet", "rc": "ReplicationController", "deploy": "Deployment",
	"sts": "StatefulSet", "ds": "DaemonSet", "sa": "ServiceAccount", "ns": "Namespace", "pv": "PersistentVolume",
	"pvc": "PersistentVolumeClaim", "svc": "Service", "no": "Node", "cj": "CronJob", "crd": "CustomResourceDefinition",
}

// resolveKind finds a served kind by kind name, plural, singular or short name, with an
// optional .group suffix (widgets.example.com).
func resolveKind(ws *workspace.Workspace, s string) (workspace.Kind, error) {
	name, group, _ := strings.Cut(strings.ToLower(s), ".")
	if k, ok := shortNames[name]; ok {
		name = strings.ToLower(k)
	}
	for _, r := range ws.Sim().Resources().All() {
		if group != "" && r.GVK.Group != group {
			continue
		}
		kind := strings.ToLower(r.GVK.Kind)
		if name == kind || name == r.Plural || name+"s" == r.Plural {
			return workspace.Kind{APIVersion: r.GVK.GroupVersion().String(), Kind: r.GVK.Kind, Namespaced: r.Namespaced, Custom: r.Custom}, nil
		}
	}
	return workspace.Kind{}, fmt.Errorf("the server doesn't have a resource type %q", s)
}

func create(ws *workspace.Workspace, args []string, stdin string) (string, error) {
	f, err := parseFlags(args, map[string]bool{"f": true, "n": true})
	if err != nil {
		return "", err
	}
	if f.val["f"] != "-" || len(f.pos) > 0 {
		return "", errors.New("only `kubectl create -f -` is supported: put the YAML on the following lines")
	}
	if strings.TrimSpace(stdin) == "" {
		return "", errors.New("no objects passed to create: put the YAML on the lines after the command")
	}
	objs, err := ws.ParseObjects(stdin)
	if err != nil {
		return "", err
	}
	cs := make([]workspace.Command, len(objs))
	var b strings.Builder
	for i, o := range objs {
		if ns := f.val["n"]; ns != "" && o.Namespace != "" && o.Namespace == metav1.NamespaceDefault {
			o.Namespace = ns
		}
		cs[i] = workspace.CreateCommand(o)
		fmt.Fprintf(&b, "%s/%s created\n", strings.ToLower(o.Kind), o.Name)
	}
	if err := ws.Batch(cs); err != nil {
		return "", err
	}
	return b.String(), nil
}

func del(ws *workspace.Workspace, args []string) (string, error) {
	f, err := parseFlags(args, map[string]bool{"n": true, "cascade": true, "grace-period": true,
		"precondition-uid": true, "precondition-resource-version": true, "wait": true})
	if err != nil {
		return "", err
	}
	ref, err := target(ws, f)
	if err != nil {
		return "", err
	}
	var opts metav1.DeleteOptions
	pol, err := gccore.CascadePolicy(f.val["cascade"]) // API-20: kubectl always sends a policy
	if err != nil {
		return "", err
	}
	opts.PropagationPolicy = &pol
	if g, ok := f.val["grace-period"]; ok {
		n, err := strconv.ParseInt(g, 10, 64)
		if err != nil {
			return "", fmt.Errorf("invalid --grace-period %q", g)
		}
		if n >= 0 { // kubectl: a negative value means "use the default"
			opts.GracePeriodSeconds = &n
		}
	}
	if u, ok := f.val["precondition-uid"]; ok {
		uid := types.UID(u)
		opts.Preconditions = &metav1.Preconditions{UID: &uid}
	}
	if rv, ok := f.val["precondition-resource-version"]; ok {
		if opts.Preconditions == nil {
			opts.Preconditions = &metav1.Preconditions{}
		}
		opts.Preconditions.ResourceVersion = &rv
	}
	if err := ws.Do(workspace.DeleteCommand(ref, opts)); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s \"%s\" deleted (propagationPolicy=%s)", strings.ToLower(ref.Kind), ref.Name, *opts.PropagationPolicy), nil
}

func patch(ws *workspace.Workspace, args []string) (string, error) {
	f, err := parseFlags(args, map[string]bool{"n": true, "type": true, "p": true})
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
	body := f.val["p"]
	if body == "" {
		return "", errors.New("missing the patch: -p '{...}'")
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		return "", fmt.Errorf("the patch is not a JSON object: %v", err)
	}
	if err := ws.Do(workspace.PatchCommand(ref, []byte(body))); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s/%s patched", strings.ToLower(ref.Kind), ref.Name), nil
}
