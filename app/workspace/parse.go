package workspace

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	"sigs.k8s.io/yaml"
)

// ParseError is an authoring error tied to a line of the pasted text.
type ParseError struct {
	Line int // 1-based line where the offending document starts; 0 when unknown
	Msg  string
}

func (e *ParseError) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// serverFields are set by the API server; a `kubectl get -o yaml` dump carries them, a
// create must not (uid is kept: it ties a dump's ownerReferences together).
var serverFields = []string{"resourceVersion", "creationTimestamp", "deletionTimestamp",
	"deletionGracePeriodSeconds", "generation", "managedFields", "selfLink"}

// ParseObjects reads objects to create from YAML: one object, a `kind: List`, or several
// documents separated by `---` (a `kubectl get -o yaml` dump). Each object is checked as
// a scenario object is (scenario.Parse) against the kinds the workspace serves. Errors
// name the line of the document and the object.
func (w *Workspace) ParseObjects(text string) ([]*gccore.Object, error) {
	if len(text) > MaxTextBytes {
		return nil, &ParseError{0, tooLarge("the pasted text", len(text))}
	}
	docs := splitDocuments(text)
	var out []*gccore.Object
	for _, d := range docs {
		// The structure first (nesting, repeated keys), as the scenario parser does: the
		// converter below recurses, and in the browser a deep enough text exhausts the
		// stack ("Maximum call stack size exceeded") instead of failing.
		if err := scenario.CheckYAMLFrom([]byte(d.text), d.line); err != nil {
			var ye *scenario.YAMLError
			if errors.As(err, &ye) && ye.Line > 0 {
				return nil, &ParseError{ye.Line, ye.Problem()}
			}
			return nil, &ParseError{d.line, err.Error()}
		}
		js, err := yaml.YAMLToJSON([]byte(d.text))
		if err != nil {
			return nil, &ParseError{d.line + yamlLine(err), "unparsable YAML: " + oneLine(err)}
		}
		var m map[string]any
		if err := json.Unmarshal(js, &m); err != nil || m == nil {
			if bytes.Equal(bytes.TrimSpace(js), []byte("null")) {
				continue // an empty document
			}
			return nil, &ParseError{d.line, "want an object (a map with apiVersion, kind and metadata)"}
		}
		items := []any{m}
		list := false
		if k, _ := m["kind"].(string); k == "List" || strings.HasSuffix(k, "List") {
			it, ok := m["items"].([]any)
			if !ok {
				return nil, &ParseError{d.line, "a " + k + " needs items"}
			}
			items, list = it, true
		}
		for i, it := range items {
			obj, ok := it.(map[string]any)
			where := ""
			if list {
				where = fmt.Sprintf("items[%d]: ", i)
			}
			if !ok {
				return nil, &ParseError{d.line, where + "not an object"}
			}
			o, err := w.checkObject(obj)
			if err != nil {
				return nil, &ParseError{d.line, where + err.Error()}
			}
			out = append(out, o)
		}
	}
	if len(out) == 0 {
		return nil, &ParseError{0, "no object found: paste one object, a List, or documents separated by ---"}
	}
	return out, nil
}

// checkObject validates one object with the scenario parser's rules.
func (w *Workspace) checkObject(obj map[string]any) (*gccore.Object, error) {
	if md, ok := obj["metadata"].(map[string]any); ok {
		for _, f := range serverFields {
			delete(md, f)
		}
	}
	delete(obj, "status")
	js, err := json.Marshal(map[string]any{"resources": w.sc.Resources, "objects": []any{obj}})
	if err != nil {
		return nil, err
	}
	sc, err := scenario.Parse("object", js)
	if err != nil {
		msg := err.Error()
		// "object: objects[0] (Kind name): problem" -> "Kind name: problem"
		msg = strings.TrimPrefix(msg, "object: ")
		msg = strings.TrimPrefix(msg, "objects[0]")
		msg = strings.TrimPrefix(msg, " (")
		msg = strings.Replace(msg, "): ", ": ", 1)
		msg = strings.TrimPrefix(msg, ": ")
		return nil, fmt.Errorf("%s", msg)
	}
	return sc.Objects[0], nil
}

type document struct {
	text string
	line int // 1-based first line
}

// splitDocuments splits YAML text at `---` lines.
func splitDocuments(text string) []document {
	var docs []document
	var cur []string
	start := 1
	for i, l := range strings.Split(text, "\n") {
		if t := strings.TrimRight(l, " \t\r"); t == "---" || strings.HasPrefix(t, "--- ") {
			docs = append(docs, document{strings.Join(cur, "\n"), start})
			cur, start = nil, i+2
			continue
		}
		cur = append(cur, l)
	}
	docs = append(docs, document{strings.Join(cur, "\n"), start})
	return docs
}

// yamlLine extracts "line N" from a YAML error, relative to the document (0 if none).
func yamlLine(err error) int {
	var n int
	s := err.Error()
	if i := strings.Index(s, "line "); i >= 0 {
		fmt.Sscanf(s[i:], "line %d", &n)
	}
	if n > 0 {
		return n - 1
	}
	return 0
}

func oneLine(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }

// MaxTextBytes bounds the text the playground reads at once: a pasted object or dump, a
// scenario opened from a `#scenario=` link or an example. 16 MiB is a scenario of about
// 100,000 objects, more than the page can show; `gcplay sim` reads larger ones.
const MaxTextBytes = 16 << 20

func tooLarge(what string, n int) string {
	return fmt.Sprintf("%s is %.1f MiB, more than the playground reads (%d MiB); run larger scenarios with gcplay sim", what, float64(n)/(1<<20), MaxTextBytes>>20)
}

// EncodeLink encodes a scenario for the `#scenario=` URL fragment: base64url, no padding.
func EncodeLink(scenarioYAML []byte) string {
	return base64.RawURLEncoding.EncodeToString(scenarioYAML)
}

// DecodeLink decodes a `#scenario=` value. Padding and standard-alphabet characters are
// tolerated, since links get copied through tools that add them.
func DecodeLink(s string) ([]byte, error) {
	s = strings.TrimRight(strings.TrimSpace(s), "=")
	if n := base64.RawURLEncoding.DecodedLen(len(s)); n > MaxTextBytes {
		return nil, errors.New(tooLarge("the #scenario= link's scenario", n))
	}
	s = strings.NewReplacer("+", "-", "/", "_").Replace(s)
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("the #scenario= link is not valid base64url: %s", scenario.OneLine(err.Error()))
	}
	return b, nil
}
