package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	yamlv3 "go.yaml.in/yaml/v3"
	"sigs.k8s.io/yaml"
)

// MaxNesting bounds how deeply a scenario or a pasted object may nest (maps and lists,
// counting what an alias expands to), so absurd input fails fast with one line instead
// of exhausting a recursive converter's stack (in the browser: "Maximum call stack size
// exceeded").
const MaxNesting = 100

// YAMLError is a problem with the YAML text itself, tied to its line.
type YAMLError struct {
	Line int // 1-based; 0 when unknown
	Msg  string
	// First is the line of what the problem repeats (a key's first use); 0 if none.
	First int
}

func (e *YAMLError) Error() string {
	if e.Line == 0 {
		return e.Problem()
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Problem())
}

// Problem is the error without its line.
func (e *YAMLError) Problem() string {
	if e.First > 0 {
		return fmt.Sprintf("%s (first at line %d)", e.Msg, e.First)
	}
	return e.Msg
}

// CheckYAML reads data as one YAML document and refuses what sigs.k8s.io/yaml would
// accept silently or could not survive: binary data, a second document (it would be
// ignored), a key repeated in a mapping (the last one would win), nesting deeper than
// MaxNesting, and an alias that contains itself. It checks the parsed structure, not the
// text, so quotes, block scalars and comments cannot fool it.
//
// The structure comes from go.yaml.in/yaml/v3, whose scanner stops at 10,000 levels of
// either flow or block nesting by itself: its recursive parse never runs deeper than that,
// which a browser's stack survives (TestCheckYAMLDeepInWasm). What a valid file means is
// still sigs.k8s.io/yaml's reading: Parse converts the text with it, or reads the same
// values with its fast reader where it is sure they are the same (fastyaml.go).
func CheckYAML(data []byte) error { return CheckYAMLFrom(data, 1) }

// CheckYAMLFrom is CheckYAML for a text that starts at line first of a larger one (a
// document of a pasted dump): the lines its errors name are the larger text's.
func CheckYAMLFrom(data []byte, first int) error {
	err := checkYAML(data, MaxNesting)
	var ye *YAMLError
	if first > 1 && errors.As(err, &ye) {
		if ye.Line > 0 {
			ye.Line += first - 1
		}
		if ye.First > 0 {
			ye.First += first - 1
		}
	}
	return err
}

// checkYAML checks data as one document nested at most limit levels deep.
func checkYAML(data []byte, limit int) error {
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return &YAMLError{Line: 1 + bytes.Count(data[:i], []byte("\n")), Msg: "binary data, not YAML"}
	}
	dec := yamlv3.NewDecoder(bytes.NewReader(data))
	var doc yamlv3.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil // empty input: an empty scenario
		}
		return syntaxError(data, err)
	}
	var next yamlv3.Node
	switch err := dec.Decode(&next); {
	case errors.Is(err, io.EOF):
	case err != nil:
		return syntaxError(data, err)
	default:
		return &YAMLError{Line: documentLine(&next), Msg: "a second YAML document (after ---): the file is one document"}
	}
	return checkNode(&doc, limit)
}

// documentLine is the first line of a document's content, or of the document.
func documentLine(doc *yamlv3.Node) int {
	if len(doc.Content) > 0 {
		return doc.Content[0].Line
	}
	return doc.Line
}

// syntaxError reports text the structure parser could not read. A syntax error that
// sigs.k8s.io/yaml finds too is left to it (nil here): the callers convert the text with
// it next and have always reported its message, whose line numbers are right where
// yaml.v3's are off by one for some errors.
func syntaxError(data []byte, err error) error {
	if strings.Contains(err.Error(), "exceeded max depth") {
		return yamlv3Error(err)
	}
	if _, err2 := yaml.YAMLToJSON(data); err2 != nil {
		return nil
	}
	return yamlv3Error(err)
}

// yamlv3Error turns a parse error into one line: "yaml: line 3: did not find expected key".
func yamlv3Error(err error) error {
	msg := oneLine(err)
	msg = strings.TrimPrefix(msg, "yaml: ")
	if strings.Contains(msg, "exceeded max depth") {
		return &YAMLError{Msg: fmt.Sprintf("nested too deeply (more than %d levels)", MaxNesting)}
	}
	line := 0
	if _, err := fmt.Sscanf(msg, "line %d:", &line); err == nil {
		msg = strings.TrimSpace(msg[strings.Index(msg, ":")+1:])
	}
	return &YAMLError{Line: line, Msg: "unparsable YAML: " + msg}
}

// checkNode walks a document without recursion, computing each node's height: the
// levels of maps and lists at and below it, an alias counting as what it names. Anchored
// nodes keep their height, so that an alias costs one lookup and an alias bomb no more
// than its text.
func checkNode(doc *yamlv3.Node, limit int) error {
	const inProgress = -1
	anchored := map[*yamlv3.Node]int{} // height of each anchored node seen, or inProgress
	type frame struct {
		n      *yamlv3.Node
		next   int // index of the next child to visit
		height int // the highest child so far
	}
	tooDeep := func(n *yamlv3.Node) error {
		return &YAMLError{Line: n.Line, Msg: fmt.Sprintf("nested too deeply (more than %d levels)", MaxNesting)}
	}
	stack := []frame{{n: doc}}
	for {
		top := &stack[len(stack)-1]
		n := top.n
		if top.next == 0 {
			if n.Anchor != "" {
				anchored[n] = inProgress
			}
			if n.Kind == yamlv3.MappingNode {
				if err := checkKeys(n); err != nil {
					return err
				}
			}
			if n.Kind == yamlv3.AliasNode && n.Alias != nil {
				h, ok := anchored[n.Alias]
				if !ok || h == inProgress {
					return &YAMLError{Line: n.Line, Msg: fmt.Sprintf("alias *%s refers to a map or list that contains it", Quote(n.Value))}
				}
				top.height = h
			}
		}
		if top.next < len(n.Content) {
			c := n.Content[top.next]
			top.next++
			stack = append(stack, frame{n: c})
			continue
		}
		h := top.height
		if n.Kind == yamlv3.MappingNode || n.Kind == yamlv3.SequenceNode {
			h++
		}
		if h > limit {
			return tooDeep(n)
		}
		if n.Anchor != "" {
			anchored[n] = h
		}
		stack = stack[:len(stack)-1]
		if len(stack) == 0 {
			return nil
		}
		parent := &stack[len(stack)-1]
		parent.height = max(parent.height, h)
	}
}

// checkKeys refuses a key that appears twice in one mapping: YAML forbids it, and the
// converter would silently keep the last value.
func checkKeys(m *yamlv3.Node) error {
	first := map[string]int{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := m.Content[i]
		if k.Kind != yamlv3.ScalarNode {
			continue
		}
		if line, dup := first[k.Value]; dup {
			return &YAMLError{Line: k.Line, Msg: fmt.Sprintf("key %s is repeated", Quote(k.Value)), First: line}
		}
		first[k.Value] = k.Line
	}
	return nil
}
