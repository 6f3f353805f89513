package kubectl

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// defaultWaitTicks bounds --wait when no --timeout is given. kubectl would wait a week;
// here a tick is a simulated second and a minute covers every cascade of the examples.
const defaultWaitTicks = 60

var deleteFlags = map[string]flagSpec{
	"namespace": valueFlag,
	// A bare --cascade is background, as kubectl's; "--cascade foreground" leaves
	// "foreground" as an argument there too.
	"cascade":      {noOpt: "background"},
	"grace-period": valueFlag, "precondition-uid": valueFlag, "precondition-resource-version": valueFlag,
	"wait": boolFlag, "timeout": valueFlag, "force": boolFlag, "now": boolFlag,
}

// forceWarning is what kubectl prints for a delete with --force and no grace period.
const forceWarning = "Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely."

// deleted is one object a delete call accepted.
type deleted struct {
	res  resource
	ref  gccore.ObjectRef
	uid  types.UID
	deps int // stored dependents when it was deleted
}

func del(ws *workspace.Workspace, args []string) (string, error) {
	f, err := parseFlags(args, deleteFlags)
	if err != nil {
		return "", err
	}
	opts, err := deleteOptions(f)
	if err != nil {
		return "", err
	}
	wait, err := f.bool("wait", true)
	if err != nil {
		return "", err
	}
	limit, err := waitLimit(f)
	if err != nil {
		return "", err
	}
	sel, err := selectArgs(ws, f.pos)
	if err != nil {
		return "", err
	}
	if !sel.byName {
		return "", errors.New("name the objects to delete: TYPE NAME... or TYPE/NAME... (deleting every object of a type is not supported here)")
	}
	var out []string
	var errs []error
	var done []deleted
	verb := "deleted"
	if force, _ := f.bool("force", false); force {
		verb = "force deleted"
		if g := opts.GracePeriodSeconds; g != nil && *g == 0 {
			out = append(out, forceWarning)
		}
	}
	for _, tn := range sel.types {
		for _, name := range tn.names {
			ref := tn.res.ref(namespace(f), name)
			o, err := ws.Sim().Get(ref)
			if err != nil { // checked first, so a typo is not recorded in the session's history
				errs = append(errs, notFound(tn.res, name))
				continue
			}
			deps := len(dependents(ws.View(), o))
			if err := ws.Do(gccore.DeleteInput(ref, opts)); err != nil {
				errs = append(errs, err)
				continue
			}
			out = append(out, fmt.Sprintf("%s %q %s", tn.res.typeName(), name, verb))
			done = append(done, deleted{res: tn.res, ref: ref, uid: o.UID, deps: deps})
		}
	}
	if len(done) > 0 {
		note, err := waitFor(ws, done, *opts.PropagationPolicy, wait, limit)
		out = append(out, note)
		errs = append(errs, err)
	}
	return strings.Join(out, "\n"), errors.Join(errs...)
}

func deleteOptions(f flags) (metav1.DeleteOptions, error) {
	var opts metav1.DeleteOptions
	pol, err := gccore.CascadePolicy(f.val["cascade"]) // API-20: kubectl always sends a policy
	if err != nil {
		return opts, err
	}
	opts.PropagationPolicy = &pol
	grace := int64(-1) // kubectl: a negative value means "use the default"
	if g, ok := f.val["grace-period"]; ok {
		if grace, err = strconv.ParseInt(g, 10, 64); err != nil {
			return opts, fmt.Errorf("invalid --grace-period %q: want a number of seconds", g)
		}
	}
	// kubectl's rules (its DeleteOptions.Complete): --now is a one-second grace period;
	// --grace-period=0 becomes 1 unless --force says it is meant; --force alone is 0.
	force, err := f.bool("force", false)
	if err != nil {
		return opts, err
	}
	now, err := f.bool("now", false)
	if err != nil {
		return opts, err
	}
	if now {
		if f.has("grace-period") {
			return opts, errors.New("--now and --grace-period cannot be specified together")
		}
		grace = 1
	}
	if grace == 0 && !force {
		grace = 1
	}
	if force && grace < 0 {
		grace = 0
	}
	if grace >= 0 {
		opts.GracePeriodSeconds = &grace
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
	return opts, nil
}

// waitLimit is --timeout in ticks (one tick is one simulated second).
func waitLimit(f flags) (int, error) {
	s, ok := f.val["timeout"]
	if !ok {
		return defaultWaitTicks, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("invalid --timeout %q: want a duration such as 30s (one tick is one second)", s)
	}
	if d == 0 {
		return defaultWaitTicks, nil
	}
	return int(math.Ceil(d.Seconds())), nil
}

// waitFor is --wait in a tick-based simulator: it runs ticks, as Step does, until every
// deleted object is gone, the simulation is settled with one still there (nothing will
// change without you; kubectl would wait on), or limit ticks have run. It returns a
// note saying what happened, and kubectl's error when the time ran out.
func waitFor(ws *workspace.Workspace, done []deleted, policy metav1.DeletionPropagation, wait bool, limit int) (string, error) {
	prefix := "# propagationPolicy=" + string(policy) + "; "
	start := ws.View().Tick
	if !wait {
		return prefix + "--wait=false: no tick ran (Step to watch the GC)", nil
	}
	left := stillStored(ws, done)
	ticks := 0
	for len(left) > 0 && ticks < limit && !ws.View().Settled {
		if err := ws.Step(); err != nil {
			return prefix + fmt.Sprintf("waited %s", span(ticks, start, ws.View().Tick)), err
		}
		ticks++
		left = stillStored(ws, left)
	}
	switch {
	case len(left) == 0 && ticks == 0:
		deps := 0
		for _, d := range done {
			deps += d.deps
		}
		if deps > 0 {
			return prefix + fmt.Sprintf("gone at once, no tick ran; the GC collects its %s as time ticks (Step to watch)", count(deps, "dependent")), nil
		}
		return prefix + "gone at once, no tick ran", nil
	case len(left) == 0:
		return prefix + fmt.Sprintf("waited %s until it was gone", span(ticks, start, ws.View().Tick)), nil
	case ws.View().Settled:
		d := left[0]
		return prefix + fmt.Sprintf("waited %s: the simulation is idle and %s/%s is still there, so kubectl would wait forever; `kubectl describe %s %s` says why",
			span(ticks, start, ws.View().Tick), d.res.typeName(), d.ref.Name, strings.ToLower(d.ref.Kind), d.ref.Name), nil
	}
	d := left[0]
	return prefix + fmt.Sprintf("waited %s (--timeout: one tick is one simulated second)", span(ticks, start, ws.View().Tick)),
		fmt.Errorf("timed out waiting for the condition on %s/%s", d.res.groupResource(), d.ref.Name)
}

// stillStored keeps the objects the API server still stores (the same uid: an object
// created again under the name is another object).
func stillStored(ws *workspace.Workspace, ds []deleted) []deleted {
	var out []deleted
	for _, d := range ds {
		if o, err := ws.Sim().Get(d.ref); err == nil && o.UID == d.uid {
			out = append(out, d)
		}
	}
	return out
}

func span(ticks int, from, to int64) string {
	return fmt.Sprintf("%s (tick %d → %d)", count(ticks, "tick"), from, to)
}

func count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
