package workspace

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	"sigs.k8s.io/yaml"
)

// WithKind declares a custom kind in the session. A scenario declares its kinds up front
// (`resources:`), so declaring one later means the kind is served from tick 0: the
// result is a new workspace whose base scenario lists d, with this session's history
// replayed on it (as Unmarshal restores a saved session) and at the same position. The
// replay may differ from the session where an input depended on the kind not being
// served (a create of it that failed now succeeds). w is left unchanged.
func (w *Workspace) WithKind(d gccore.ResourceDecl) (*Workspace, error) {
	d.APIVersion, d.Kind = strings.TrimSpace(d.APIVersion), strings.TrimSpace(d.Kind)
	name := strings.TrimSpace(scenario.Quote(d.APIVersion) + " " + scenario.Quote(d.Kind))
	if d.Kind == "" {
		name = "a kind"
	}
	decls := append(append([]gccore.ResourceDecl(nil), w.sc.Resources...), d)
	if _, err := gccore.NewResources(decls); err != nil {
		// The error names the declaration by its index in resources:, which the user
		// never saw; name the kind instead.
		msg := strings.TrimPrefix(err.Error(), fmt.Sprintf("resources[%d]: ", len(decls)-1))
		return nil, fmt.Errorf("cannot declare %s: %s", name, msg)
	}
	if r, ok := w.sim.Resources().Lookup(d.APIVersion, d.Kind); ok {
		what := "declared in this session"
		if !r.Custom {
			what = "built in"
		}
		return nil, fmt.Errorf("%s is already served (%s)", name, what)
	}
	src, err := withResource(w.source, d)
	if err != nil {
		return nil, err
	}
	var s saved
	if err := json.Unmarshal(w.Marshal(), &s); err != nil {
		return nil, fmt.Errorf("declaring %s: %v", name, err)
	}
	s.Scenario = string(src)
	b, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("declaring %s: %v", name, err)
	}
	nw, err := Unmarshal(b)
	if err != nil {
		return nil, fmt.Errorf("declaring %s: %v", name, err)
	}
	nw.publish()
	return nw, nil
}

// withResource returns the scenario text with d appended to its `resources:`. The text
// is re-rendered from its parsed form, so formatting and comments are lost, except the
// leading comment lines (the examples' descriptions).
func withResource(source []byte, d gccore.ResourceDecl) ([]byte, error) {
	js, err := yaml.YAMLToJSON(source)
	if err != nil {
		return nil, fmt.Errorf("the session's scenario is unreadable: %v", err)
	}
	var m map[string]any
	if err := json.Unmarshal(js, &m); err != nil {
		return nil, fmt.Errorf("the session's scenario is not a mapping: %v", err)
	}
	if m == nil {
		m = map[string]any{}
	}
	rs, _ := m["resources"].([]any)
	namespaced := d.Namespaced == nil || *d.Namespaced
	m["resources"] = append(rs, map[string]any{"apiVersion": d.APIVersion, "kind": d.Kind, "namespaced": namespaced})
	body, err := yaml.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("the session's scenario cannot be rendered: %v", err)
	}
	return append(leadingComments(source), body...), nil
}

// leadingComments returns the comment lines at the top of a YAML text.
func leadingComments(src []byte) []byte {
	var out []byte
	for len(src) > 0 {
		line, rest, _ := bytes.Cut(src, []byte("\n"))
		if !bytes.HasPrefix(bytes.TrimSpace(line), []byte("#")) {
			break
		}
		out = append(append(out, line...), '\n')
		src = rest
	}
	return out
}
