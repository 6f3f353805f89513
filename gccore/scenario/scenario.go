// Package scenario reads gcplay scenario files (scenario-format.md) and runs them on a
// gccore simulation. It is the public, headless contract shared by `gcplay sim`, the
// playground, lessons and tests.
//
// A file is read by yaml.v3 and sigs.k8s.io/yaml, or, when it keeps to the style that
// generated files and links use, by one hand-written fast reader that means the same
// (README.md in this folder: what it takes, when it gives up, why it exists).
package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/faults"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/yaml"
)

// Scenario is a parsed scenario file.
type Scenario struct {
	File      string
	Resources []gccore.ResourceDecl
	Objects   []*gccore.Object
	Steps     []Step
	// Version is the format version (1 unless the file says `version: 2`); Controllers
	// are the controllers that run (cluster.go).
	Version     int
	Controllers []string
	// Kubernetes is the release the file plays (`kubernetes:`, version 2); a runner's
	// Config.Kubernetes, when set, overrides it (gcplay sim --kubernetes).
	Kubernetes gccore.Release
	// Faults is the file's fault lab (`faults:`, version 2); a runner's Config.Faults,
	// when it injects anything, overrides it.
	Faults faults.Config
}

// Op names a step kind.
type Op string

// The step kinds of scenario-format.md.
const (
	OpCreate          Op = "create"
	OpUpdate          Op = "update"
	OpDelete          Op = "delete"
	OpAddFinalizer    Op = "addFinalizer"
	OpRemoveFinalizer Op = "removeFinalizer"
	OpRun             Op = "run"
)

// The fine steps (one informer event, one graph change, one worker item), which
// ParseWith(..., Options{FineSteps: true}) accepts (lessons) and so does a version 2
// file (Options.forVersion); a version 1 file may not hold them (scenario-format.md has
// no sub-tick steps).
const (
	OpDeliverEvent = Op(gccore.InputDeliverEvent)
	OpGraphChange  = Op(gccore.InputGraphChange)
	OpDeleteItem   = Op(gccore.InputDeleteItem)
	OpOrphanItem   = Op(gccore.InputOrphanItem)
)

// Options are the parser's extensions to scenario-format.md.
type Options struct {
	// FineSteps accepts `deliverEvent: {kind: K}` (kind optional), `processGraphChange: {}`,
	// `runDeleteItem: {}` (or `{reads: true}`) and `runOrphanItem: {}` as steps.
	FineSteps bool
}

// forVersion is opt for a file of format version v: a version 2 file may hold the fine
// steps, so that a golden scenario can put a write between a worker's GET and its
// DELETE (the new-owner race of V-6) as lessons do; version 1 keeps scenario-format.md.
func (opt Options) forVersion(v int) Options {
	if v == ClusterVersion {
		opt.FineSteps = true
	}
	return opt
}

// Step is one entry of `steps:`.
type Step struct {
	Op Op
	// Object is the object of create, or the merge patch of update, as parsed.
	Object *gccore.Object
	// Patch is update's JSON merge patch body.
	Patch     []byte
	Ref       gccore.ObjectRef
	Delete    metav1.DeleteOptions
	Finalizer string
	Ticks     int64 // run: N
	Idle      bool  // run: idle
	// EventKind restricts a deliverEvent fine step to one kind.
	EventKind string
	// Reads stops a runDeleteItem fine step after the item's reads (gccore.Input.Reads).
	Reads bool
}

type rawScenario struct {
	Resources []gccore.ResourceDecl        `json:"resources"`
	Objects   []map[string]any             `json:"objects"`
	Steps     []map[string]json.RawMessage `json:"steps"`
	rawCluster
}

type rawRef struct {
	APIVersion         string `json:"apiVersion"`
	Kind               string `json:"kind"`
	Name               string `json:"name"`
	Namespace          string `json:"namespace"`
	PropagationPolicy  string `json:"propagationPolicy,omitempty"`
	OrphanDependents   *bool  `json:"orphanDependents,omitempty"`
	GracePeriodSeconds *int64 `json:"gracePeriodSeconds,omitempty"`
	Preconditions      *struct {
		UID             *string `json:"uid,omitempty"`
		ResourceVersion *string `json:"resourceVersion,omitempty"`
	} `json:"preconditions,omitempty"`
	Finalizer string `json:"finalizer,omitempty"`
}

// Parse reads a scenario. Every error names the file and the object or step it is about.
func Parse(file string, data []byte) (*Scenario, error) { return ParseWith(file, data, Options{}) }

// ParseWith is Parse with extensions (Options).
func ParseWith(file string, data []byte, opt Options) (*Scenario, error) {
	file = Quote(file)
	if sc, ok := parseFast(file, data, opt); ok {
		return sc, nil
	}
	return parseWhole(file, data, opt)
}

// parseWhole parses a scenario with yaml.v3 (CheckYAML) and sigs.k8s.io/yaml; it reports
// every error.
func parseWhole(file string, data []byte, opt Options) (*Scenario, error) {
	raw, err := decodeRaw(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	b, err := newBuilder(file, raw.Resources, len(raw.Objects))
	if err != nil {
		return nil, err
	}
	for _, m := range raw.Objects {
		if err := b.object(m); err != nil {
			return nil, err
		}
	}
	sc, err := b.steps(raw.Steps, opt.forVersion(raw.Version))
	if err != nil {
		return nil, err
	}
	return withCluster(sc, raw.rawCluster)
}

// decodeRaw checks a scenario's YAML and decodes its sections through sigs.k8s.io/yaml
// and JSON.
func decodeRaw(data []byte) (*rawScenario, error) {
	if err := checkYAML(data, MaxNesting); err != nil {
		return nil, err
	}
	return decodeRawJSON(data)
}

// decodeRawJSON decodes a checked scenario's sections through sigs.k8s.io/yaml and JSON.
func decodeRawJSON(data []byte) (*rawScenario, error) {
	js, err := yaml.YAMLToJSON(data)
	if err != nil {
		return nil, fmt.Errorf("unparsable YAML: %v", oneLine(err))
	}
	var raw rawScenario
	if !bytes.Equal(bytes.TrimSpace(js), []byte("null")) {
		dec := json.NewDecoder(bytes.NewReader(js))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("not a scenario (want resources, objects and steps): %v", oneLine(err))
		}
	}
	return &raw, nil
}

// builder turns a scenario's decoded sections into a Scenario, objects one at a time,
// checking what spans objects (duplicate names and uids).
type builder struct {
	sc   *Scenario
	rs   *gccore.Resources
	seen map[gccore.ObjectRef]int
	uids map[types.UID]int
}

// newBuilder starts a scenario of about n objects.
func newBuilder(file string, decls []gccore.ResourceDecl, n int) (*builder, error) {
	rs, err := gccore.NewResources(decls)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", file, oneLine(err))
	}
	sc := &Scenario{File: file, Resources: decls}
	if n > 0 {
		sc.Objects = make([]*gccore.Object, 0, n)
	}
	return &builder{sc: sc, rs: rs, seen: make(map[gccore.ObjectRef]int, n), uids: make(map[types.UID]int, n)}, nil
}

// object adds objects[i], i being the number of objects added before.
func (b *builder) object(m map[string]any) error {
	file, i := b.sc.File, len(b.sc.Objects)
	o, err := parseObject(b.rs, m)
	if err != nil {
		return fmt.Errorf("%s: objects[%d]%s: %s", file, i, describe(m), oneLine(err))
	}
	key := o.Ref()
	if j, dup := b.seen[key]; dup {
		return fmt.Errorf("%s: objects[%d] (%s): duplicate of objects[%d]", file, i, quoteRef(o.Ref()), j)
	}
	b.seen[key] = i
	if o.UID != "" {
		if j, dup := b.uids[o.UID]; dup {
			return fmt.Errorf("%s: objects[%d] (%s): uid %q is already used by objects[%d]", file, i, quoteRef(o.Ref()), o.UID, j)
		}
		b.uids[o.UID] = i
	}
	b.sc.Objects = append(b.sc.Objects, o)
	return nil
}

// steps parses the steps and returns the finished scenario.
func (b *builder) steps(raw []map[string]json.RawMessage, opt Options) (*Scenario, error) {
	for i, s := range raw {
		st, err := parseStep(b.rs, s, opt)
		if err != nil {
			label := stepName(s)
			if st.Ref.Name != "" { // the step got far enough to name its object
				label = fmt.Sprintf("%s %s", st.Op, quoteRef(st.Ref))
			}
			return nil, &StepParseError{File: b.sc.File, Index: i, Label: label, Err: err}
		}
		b.sc.Steps = append(b.sc.Steps, st)
	}
	return b.sc, nil
}

func describe(m map[string]any) string {
	kind, _ := m["kind"].(string)
	md, _ := m["metadata"].(map[string]any)
	name, _ := md["name"].(string)
	if kind == "" && name == "" {
		return ""
	}
	var parts []string
	for _, s := range []string{kind, name} {
		if s != "" {
			parts = append(parts, Quote(s))
		}
	}
	return " (" + strings.Join(parts, " ") + ")"
}

// stepName labels a step the parser could not read by its key, or its first key in
// sorted order when it has several (one message for the same file, whatever the map
// order).
func stepName(s map[string]json.RawMessage) string {
	if len(s) == 0 {
		return ""
	}
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return Quote(keys[0])
}

// StepParseError is a step the parser refused: steps[Index] of File, labelled as far as
// the parser could read it (Label: `delete v1/ConfigMap default/a`, `explode`, or empty),
// and why (Err). A caller that numbers steps its own way (a lesson's "solution[2]")
// names the step with Naming instead of parsing Error's text.
type StepParseError struct {
	File  string
	Index int
	Label string
	Err   error
}

func (e *StepParseError) Error() string {
	return e.Naming(stepAt(e.File, e.Index))
}

// Naming is the error on one line with the step called step: "step (Label): Err".
func (e *StepParseError) Naming(step string) string { return stepText(step, e.Label, oneLine(e.Err)) }

// stepAt names steps[index] of file as the scenario format numbers them.
func stepAt(file string, index int) string { return fmt.Sprintf("%s: steps[%d]", file, index) }

// stepText is a step's error on one line: "step (label): cause", or "step: cause"
// without a label. Parse errors (StepParseError) and run errors (StepError) share it.
func stepText(step, label, cause string) string {
	if label != "" {
		step += " (" + label + ")"
	}
	return step + ": " + cause
}

func (e *StepParseError) Unwrap() error { return e.Err }

// parseObject checks an object as scenario-format.md asks: apiVersion, kind and name are
// required, the kind must be served, every ownerReference needs a uid, and the metadata
// must pass the API server's validation. A namespaced object defaults to "default".
func parseObject(rs *gccore.Resources, m map[string]any) (*gccore.Object, error) {
	if err := checkStrings(m); err != nil {
		return nil, err
	}
	o, err := gccore.ObjectFromUnstructured(m)
	if err != nil {
		return nil, err
	}
	if o.APIVersion == "" || o.Kind == "" {
		return nil, fmt.Errorf("apiVersion and kind are required")
	}
	r, ok := rs.Lookup(o.APIVersion, o.Kind)
	if !ok {
		return nil, fmt.Errorf("unknown kind %s %s (declare custom kinds under resources:)", Quote(o.APIVersion), Quote(o.Kind))
	}
	if o.Name == "" {
		return nil, fmt.Errorf("metadata.name is required")
	}
	if r.Namespaced && o.Namespace == "" {
		o.Namespace = metav1.NamespaceDefault
	}
	if !r.Namespaced {
		o.Namespace = ""
	}
	var controllers []string
	for i, ref := range o.OwnerReferences {
		if ref.UID == "" {
			return nil, fmt.Errorf("metadata.ownerReferences[%d] (%s %q) has no uid", i, Quote(ref.Kind), ref.Name)
		}
		if ref.Controller != nil && *ref.Controller {
			controllers = append(controllers, fmt.Sprintf("[%d] (%s %q)", i, Quote(ref.Kind), ref.Name))
		}
	}
	if len(controllers) > 1 { // API-2, said more plainly than the validation error
		return nil, fmt.Errorf("metadata.ownerReferences%s set controller: true; at most one owner may be the controller", strings.Join(controllers, " and "))
	}
	if err := gccore.ValidateMetadata(r, o); err != nil {
		return nil, err
	}
	return o, nil
}

// checkStrings names a metadata field that must be a string but is not, which YAML makes
// easy: unquoted y, no, on, off, 1e3 or 0755 are booleans and numbers there. The converter
// would only say "unrecognized type".
func checkStrings(m map[string]any) error {
	md, _ := m["metadata"].(map[string]any)
	bad := func(path string, v any) error {
		switch v.(type) {
		case map[string]any:
			return fmt.Errorf("%s: want a string, got a map", path)
		case []any:
			return fmt.Errorf("%s: want a string, got a list", path)
		}
		return fmt.Errorf("%s: want a string, got %T %s (quote it in YAML)", path, v, Quote(fmt.Sprint(v)))
	}
	for _, k := range []string{"name", "namespace", "uid", "generateName", "resourceVersion"} {
		if v, ok := md[k]; ok && v != nil {
			if _, ok := v.(string); !ok {
				return bad("metadata."+k, v)
			}
		}
	}
	// A label or annotation value of another type: the converter said only "metadata:
	// unrecognized type: string", naming neither the field nor the key (issue 21).
	for _, k := range []string{"labels", "annotations"} {
		kv, ok := md[k].(map[string]any)
		if !ok {
			if v := md[k]; v != nil {
				return fmt.Errorf("metadata.%s: want a map of strings, got %s", k, Quote(fmt.Sprint(v)))
			}
			continue
		}
		keys := make([]string, 0, len(kv))
		for key := range kv {
			keys = append(keys, key)
		}
		sort.Strings(keys) // the same message for the same file, whatever the map order
		for _, key := range keys {
			if v := kv[key]; v != nil {
				if _, ok := v.(string); !ok {
					return bad("metadata."+k+"."+Quote(key), v)
				}
			}
		}
	}
	if fs, ok := md["finalizers"].([]any); ok {
		for i, f := range fs {
			if _, ok := f.(string); !ok {
				return bad(fmt.Sprintf("metadata.finalizers[%d]", i), f)
			}
		}
	}
	if refs, ok := md["ownerReferences"].([]any); ok {
		for i, r := range refs {
			ref, _ := r.(map[string]any)
			for _, k := range []string{"apiVersion", "kind", "name", "uid"} {
				if v, ok := ref[k]; ok && v != nil {
					if _, ok := v.(string); !ok {
						return bad(fmt.Sprintf("metadata.ownerReferences[%d].%s", i, k), v)
					}
				}
			}
		}
	}
	return nil
}

func parseStep(rs *gccore.Resources, s map[string]json.RawMessage, opt Options) (Step, error) {
	if len(s) != 1 {
		keys := make([]string, 0, len(s))
		for k := range s {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for i, k := range keys {
			keys[i] = Quote(k)
		}
		return Step{}, fmt.Errorf("a step has exactly one key, got %v", keys)
	}
	var st Step
	for op, body := range s {
		st.Op = Op(op)
		switch st.Op {
		case OpCreate, OpUpdate:
			if err := parseObjectStep(rs, &st, body); err != nil {
				return st, err
			}
		case OpDelete, OpAddFinalizer, OpRemoveFinalizer:
			if err := parseRefStep(rs, &st, body); err != nil {
				return st, err
			}
		case OpRun:
			if err := parseRun(&st, body); err != nil {
				return st, err
			}
		case OpDeliverEvent, OpGraphChange, OpDeleteItem, OpOrphanItem:
			if err := parseFineStep(&st, body, opt); err != nil {
				return st, err
			}
		default:
			if ok, err := clusterStep(rs, &st, body); ok {
				return st, err
			}
			return st, fmt.Errorf("unknown step %q (want create, update, delete, addFinalizer, removeFinalizer, run, scale, setNodeReady, setLabels or restart)", op)
		}
	}
	return st, nil
}

// parseObjectStep is create (an object) or update (a JSON merge patch of one: only
// apiVersion, kind and name must be there).
func parseObjectStep(rs *gccore.Resources, st *Step, body json.RawMessage) error {
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil || m == nil {
		return fmt.Errorf("want an object")
	}
	o, err := parseObject(rs, m)
	if st.Op == OpUpdate && err != nil {
		// update is a merge patch: only apiVersion, kind and name must be there.
		if err = checkStrings(m); err == nil {
			o, err = gccore.ObjectFromUnstructured(m)
		}
		if err == nil && (o.APIVersion == "" || o.Kind == "" || o.Name == "") {
			err = fmt.Errorf("apiVersion, kind and metadata.name are required")
		}
		if err == nil {
			if r, ok := rs.Lookup(o.APIVersion, o.Kind); !ok {
				err = fmt.Errorf("unknown kind %s %s", Quote(o.APIVersion), Quote(o.Kind))
			} else if r.Namespaced && o.Namespace == "" {
				o.Namespace = metav1.NamespaceDefault
			}
		}
	}
	if err != nil {
		return err
	}
	st.Object, st.Ref = o, o.Ref()
	if st.Op == OpUpdate {
		delete(m, "apiVersion")
		delete(m, "kind")
		st.Patch, _ = json.Marshal(m)
	}
	return nil
}

// parseFineStep is one of the fine steps that scripts and lessons may take.
func parseFineStep(st *Step, body json.RawMessage, opt Options) error {
	op := string(st.Op)
	if !opt.FineSteps {
		return fmt.Errorf("%s is a fine step, which needs version: %d at the top of the file", op, ClusterVersion)
	}
	var b struct {
		Kind  string `json:"kind"`
		Reads bool   `json:"reads"`
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return fmt.Errorf("%s takes {} or, for deliverEvent, {kind: KIND}, for runDeleteItem, {reads: true}: %v", op, oneLine(err))
	}
	if b.Kind != "" && st.Op != OpDeliverEvent {
		return fmt.Errorf("%s takes no kind", op)
	}
	if b.Reads && st.Op != OpDeleteItem {
		return fmt.Errorf("%s takes no reads", op)
	}
	st.EventKind, st.Reads = b.Kind, b.Reads
	return nil
}

func parseRefStep(rs *gccore.Resources, st *Step, body json.RawMessage) error {
	var r rawRef
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return fmt.Errorf("%v", oneLine(err))
	}
	if r.APIVersion == "" || r.Kind == "" || r.Name == "" {
		return fmt.Errorf("apiVersion, kind and name are required")
	}
	res, ok := rs.Lookup(r.APIVersion, r.Kind)
	if !ok {
		return fmt.Errorf("unknown kind %s %s", Quote(r.APIVersion), Quote(r.Kind))
	}
	if res.Namespaced && r.Namespace == "" {
		r.Namespace = metav1.NamespaceDefault
	}
	st.Ref = gccore.ObjectRef{APIVersion: r.APIVersion, Kind: r.Kind, Namespace: r.Namespace, Name: r.Name}
	if st.Op != OpDelete {
		if r.Finalizer == "" {
			return fmt.Errorf("finalizer is required")
		}
		if r.PropagationPolicy != "" || r.Preconditions != nil || r.OrphanDependents != nil || r.GracePeriodSeconds != nil {
			return fmt.Errorf("%s takes only apiVersion, kind, namespace, name and finalizer", st.Op)
		}
		st.Finalizer = r.Finalizer
		return nil
	}
	if r.Finalizer != "" {
		return fmt.Errorf("delete takes no finalizer")
	}
	switch p := metav1.DeletionPropagation(r.PropagationPolicy); p {
	case "":
	case metav1.DeletePropagationOrphan, metav1.DeletePropagationBackground, metav1.DeletePropagationForeground:
		st.Delete.PropagationPolicy = &p
	default:
		return fmt.Errorf("propagationPolicy %q is not Orphan, Background or Foreground", r.PropagationPolicy)
	}
	st.Delete.OrphanDependents = r.OrphanDependents
	st.Delete.GracePeriodSeconds = r.GracePeriodSeconds
	if p := r.Preconditions; p != nil {
		st.Delete.Preconditions = &metav1.Preconditions{ResourceVersion: p.ResourceVersion}
		if p.UID != nil {
			uid := types.UID(*p.UID)
			st.Delete.Preconditions.UID = &uid
		}
	}
	return nil
}

func parseRun(st *Step, body json.RawMessage) error {
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case string:
		if x == "idle" {
			st.Idle = true
			return nil
		}
		n, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		if err != nil || n < 0 {
			return fmt.Errorf("run takes a tick count or \"idle\", got %q", x)
		}
		st.Ticks = n
	case float64:
		if x < 0 || x != float64(int64(x)) {
			return fmt.Errorf("run takes a non-negative whole tick count, got %v", x)
		}
		st.Ticks = int64(x)
	default:
		return fmt.Errorf("run takes a tick count or \"idle\", got %s", Quote(fmt.Sprint(v)))
	}
	return nil
}

// quoteRef renders an object reference for an error, its name quoted when it needs it.
func quoteRef(r gccore.ObjectRef) string {
	s := Quote(r.APIVersion) + "/" + Quote(r.Kind) + " "
	if r.Namespace != "" {
		s += Quote(r.Namespace) + "/"
	}
	return s + Quote(r.Name)
}
