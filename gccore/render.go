package gccore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"
)

// ListObject renders objects as a v1 List, the final output of `gcplay sim`.
func ListObject(objs []*Object) map[string]any {
	items := make([]any, len(objs))
	for i, o := range objs {
		items[i] = o.Unstructured().Object
	}
	return map[string]any{"apiVersion": "v1", "kind": "List", "items": items}
}

// ListJSON renders objects as an indented JSON v1 List.
func ListJSON(objs []*Object) []byte {
	var b bytes.Buffer
	WriteListJSON(&b, objs)
	return b.Bytes()
}

// ListYAML renders objects as a YAML v1 List.
func ListYAML(objs []*Object) []byte {
	var b bytes.Buffer
	WriteListYAML(&b, objs)
	return b.Bytes()
}

// WriteListJSON writes ListJSON's bytes one object at a time, so that printing a
// million objects needs memory for one object's rendering, not for the whole List
// (json.MarshalIndent of ListObject built every object's map and the whole text first).
func WriteListJSON(w io.Writer, objs []*Object) error {
	if len(objs) == 0 {
		_, err := io.WriteString(w, "{\n  \"apiVersion\": \"v1\",\n  \"items\": [],\n  \"kind\": \"List\"\n}\n")
		return err
	}
	if _, err := io.WriteString(w, "{\n  \"apiVersion\": \"v1\",\n  \"items\": [\n"); err != nil {
		return err
	}
	for i, o := range objs {
		// An item is indented as MarshalIndent indents it inside the List: two levels.
		b, err := json.MarshalIndent(o.Unstructured().Object, "    ", "  ")
		if err != nil {
			return err
		}
		sep := ",\n    "
		if i == 0 {
			sep = "    "
		}
		if _, err := io.WriteString(w, sep); err != nil {
			return err
		}
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, "\n  ],\n  \"kind\": \"List\"\n}\n")
	return err
}

// listYAMLHead and listYAMLTail surround the items of a YAML v1 List: the map's keys in
// the sorted order sigs.k8s.io/yaml writes them.
const listYAMLHead, listYAMLTail = "apiVersion: v1\nitems:\n", "kind: List\n"

// WriteListYAML writes ListYAML's bytes one object at a time. Each item is rendered as
// the only item of a List and cut out of it, so that it sits at the same indentation as in
// the whole List, and long strings are folded at the same columns: the bytes are those of
// yaml.Marshal(ListObject(objs)), which needed memory for every object at once (12.6 GB
// for a million).
func WriteListYAML(w io.Writer, objs []*Object) error {
	if len(objs) == 0 {
		_, err := io.WriteString(w, "apiVersion: v1\nitems: []\nkind: List\n")
		return err
	}
	if _, err := io.WriteString(w, listYAMLHead); err != nil {
		return err
	}
	for _, o := range objs {
		b, err := yaml.Marshal(ListObject([]*Object{o}))
		if err != nil {
			return err
		}
		item, ok := bytes.CutPrefix(b, []byte(listYAMLHead))
		if ok {
			item, ok = bytes.CutSuffix(item, []byte(listYAMLTail))
		}
		if !ok {
			return fmt.Errorf("rendering %s: unexpected YAML List layout", o.Ref())
		}
		if _, err := w.Write(item); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, listYAMLTail)
	return err
}

// WatchLine renders a watch event as one JSON line (scenario-format.md --watch).
func WatchLine(ev WatchEvent) []byte {
	b, _ := json.Marshal(struct {
		Tick   int64          `json:"tick"`
		Type   string         `json:"type"`
		Object map[string]any `json:"object"`
	}{ev.Tick, string(ev.Type), ev.Object.Unstructured().Object})
	return b
}

// ObjectLine is the canonical one-line summary of an object: ref, uid, owners,
// finalizers, and whether it is terminating.
func ObjectLine(o *Object) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s uid=%s", o.Ref(), o.UID)
	b.WriteString(ownersField(o.OwnerReferences, true))
	if len(o.Finalizers) > 0 {
		b.WriteString(" finalizers=[" + strings.Join(o.Finalizers, " ") + "]")
	}
	if o.Terminating() {
		b.WriteString(" terminating")
	}
	return b.String()
}

// ownersField is " owners=[uid(controller)(block) ...]", or "" when there are none; a
// graph node's line leaves out the controller flag (withController false).
func ownersField(refs []metav1.OwnerReference, withController bool) string {
	if len(refs) == 0 {
		return ""
	}
	owners := make([]string, len(refs))
	for i, r := range refs {
		s := string(r.UID)
		if withController && isTrue(r.Controller) {
			s += "(controller)"
		}
		if isTrue(r.BlockOwnerDeletion) {
			s += "(block)"
		}
		owners[i] = s
	}
	return " owners=[" + strings.Join(owners, " ") + "]"
}

// NodeLine is the canonical one-line summary of a graph node.
func NodeLine(n NodeView) string {
	var b strings.Builder
	id := objectReference{APIVersion: n.APIVersion, Kind: n.Kind, Name: n.Name, UID: n.UID, Namespace: n.Namespace}
	b.WriteString(id.String())
	b.WriteString(ownersField(n.Owners, false))
	if len(n.Dependents) > 0 {
		var deps []string
		for _, d := range n.Dependents {
			deps = append(deps, string(d))
		}
		b.WriteString(" dependents=[" + strings.Join(deps, " ") + "]")
	}
	for _, f := range []struct {
		on   bool
		name string
	}{{n.Virtual, "virtual"}, {n.BeingDeleted, "beingDeleted"}, {n.DeletingDependents, "deletingDependents"}} {
		if f.on {
			b.WriteString(" " + f.name)
		}
	}
	return b.String()
}

// QueueLines renders a queue view, one item per line.
func QueueLines(q QueueView) string {
	if len(q.Items) == 0 {
		return string(q.Name) + ": empty\n"
	}
	var b strings.Builder
	b.WriteString(string(q.Name) + ":\n")
	for _, it := range q.Items {
		fmt.Fprintf(&b, "  %s %s why=%s retries=%d", it.State, it.Key, it.Why, it.Retries)
		if it.Worker != (Component{}) {
			b.WriteString(" worker=" + it.Worker.String())
		}
		if it.NextAttemptMS != 0 {
			fmt.Fprintf(&b, " next=%dms", it.NextAttemptMS)
		}
		if it.Stuck != "" {
			b.WriteString(" stuck=" + it.Stuck)
		}
		b.WriteByte('\n')
	}
	return b.String()
}
