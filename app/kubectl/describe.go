package kubectl

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
)

// describe prints each named object as kubectl describe does, with what the garbage
// collector needs: owner references, finalizers, the deletion timestamp, the dependents,
// and gccore's answer to "why is it not deleted yet" (gccore.Inspector.Why, as the page's Inspector shows).
func describe(ws *workspace.Workspace, args []string) (string, error) {
	f, err := parseFlags(args, listFlags)
	if err != nil {
		return "", err
	}
	if len(f.pos) == 0 {
		return "", errors.New(`you must specify the type of resource to describe: try "kubectl describe deploy web"`)
	}
	found, err := lookup(ws, f)
	if err != nil && found == nil {
		return "", err
	}
	var parts []string
	for _, g := range found.groups {
		for _, o := range g.objs {
			parts = append(parts, describeObject(ws, o))
		}
	}
	if len(parts) == 0 && !found.byName {
		return found.empty(), err
	}
	return strings.Join(parts, "\n\n"), err
}

// whyWidth is where the why sentences wrap, as for a terminal of 80 columns.
const whyWidth = 80

func describeObject(ws *workspace.Workspace, o *gccore.Object) string {
	v := ws.View()
	var b bytes.Buffer
	w := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	line := func(indent int, key, value string) { writeLine(w, indent, key, value) }
	line(0, "Name", o.Name)
	if o.Namespace != "" {
		line(0, "Namespace", o.Namespace)
	}
	mapLines(w, "Labels", o.Labels)
	mapLines(w, "Annotations", o.Annotations)
	line(0, "API Version", o.APIVersion)
	line(0, "Kind", o.Kind)
	line(0, "UID", string(o.UID))
	line(0, "Creation Timestamp", timestamp(o.CreationTimestamp.Time, v.Tick))
	if o.Terminating() {
		line(0, "Deletion Timestamp", timestamp(o.DeletionTimestamp.Time, v.Tick))
		if g := o.DeletionGracePeriodSeconds; g != nil && *g > 0 {
			line(0, "Deletion Grace Period Seconds", fmt.Sprint(*g))
		}
	} else {
		line(0, "Deletion Timestamp", "<unset>")
	}
	line(0, "Finalizers", orNone(strings.Join(o.Finalizers, ", ")))
	for _, r := range o.OwnerReferences {
		if r.Controller != nil && *r.Controller {
			line(0, "Controlled By", r.Kind+"/"+r.Name)
		}
	}
	line(0, "Dependents", orNone(strings.Join(dependents(v, o), ", ")))
	if len(o.OwnerReferences) == 0 {
		line(0, "Owner References", "<none>")
	} else {
		fmt.Fprintln(w, "Owner References:")
		for i, r := range o.OwnerReferences {
			if i > 0 {
				fmt.Fprintln(w, "  ---")
			}
			name := r.Name
			if _, stored := v.InAPI[r.UID]; !stored {
				name += " (not stored)"
			}
			line(1, "Kind", r.Kind)
			line(1, "Name", name)
			line(1, "API Version", r.APIVersion)
			line(1, "UID", string(r.UID))
			line(1, "Controller", boolText(r.Controller))
			line(1, "Block Owner Deletion", boolText(r.BlockOwnerDeletion))
		}
	}
	fmt.Fprintln(w, "Why Not Deleted Yet:")
	for _, s := range ws.Sim().Inspect().Why(o.Ref()) {
		fmt.Fprintln(w, wrap(s, "  - ", "    ", whyWidth))
	}
	events(w, v, o)
	w.Flush()
	return strings.TrimRight(b.String(), "\n")
}

// writeLine writes "key:<tab>value", indented by two spaces per level.
//
//go:noinline
func writeLine(w io.Writer, indent int, key, value string) {
	io.WriteString(w, "    "[:2*indent]+key+":\t"+value+"\n")
}

// mapLines prints labels or annotations: the first on the key's line, the rest below it.
func mapLines(w *tabwriter.Writer, key string, m map[string]string) {
	if len(m) == 0 {
		fmt.Fprintf(w, "%s:\t<none>\n", key)
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		label := key + ":"
		if i > 0 {
			label = ""
		}
		fmt.Fprintf(w, "%s\t%s=%s\n", label, k, m[k])
	}
}

// dependents lists the stored objects that name o as an owner.
func dependents(v *workspace.View, o *gccore.Object) []string {
	var out []string
	for _, d := range v.Objects {
		for _, r := range d.OwnerReferences {
			if r.UID == o.UID {
				out = append(out, typeNameOf(d.APIVersion, d.Kind)+"/"+d.Name)
				break
			}
		}
	}
	return out
}

// events prints the garbage collector's events about o, as kubectl prints an object's
// events.
func events(w *tabwriter.Writer, v *workspace.View, o *gccore.Object) {
	var rows []gccore.GCEvent
	for _, e := range v.Events {
		if e.UID == o.UID {
			rows = append(rows, e)
		}
	}
	if len(rows) == 0 {
		fmt.Fprintln(w, "Events:\t<none>")
		return
	}
	fmt.Fprintln(w, "Events:")
	fmt.Fprintln(w, "  Type\tReason\tAge\tFrom\tMessage")
	fmt.Fprintln(w, "  ----\t------\t----\t----\t-------")
	for _, e := range rows {
		fmt.Fprintf(w, "  %s\t%s\t%s\t%s\t%s\n", e.Type, e.Reason, age(v.Tick-e.Tick), "garbage-collector-controller", e.Message)
	}
}

func timestamp(t time.Time, now int64) string {
	tick := tickOf(t)
	return fmt.Sprintf("%s (tick %d, %s ago)", t.UTC().Format(time.RFC1123Z), tick, age(now-tick))
}

func boolText(b *bool) string {
	if b == nil {
		return "<unset>"
	}
	return fmt.Sprint(*b)
}

// wrap breaks s into lines of at most width characters (a longer word stays whole), the
// first line after first and the others after rest.
func wrap(s, first, rest string, width int) string {
	var lines []string
	cur, empty := first, true
	for _, word := range strings.Fields(s) {
		if !empty && len(cur)+1+len(word) > width {
			lines = append(lines, cur)
			cur, empty = rest, true
		}
		if !empty {
			cur += " "
		}
		cur += word
		empty = false
	}
	return strings.Join(append(lines, cur), "\n")
}
