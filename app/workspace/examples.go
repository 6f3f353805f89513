package workspace

import (
	"embed"
	"path"
	"strings"
)

//go:embed examples/*.yaml
var exampleFiles embed.FS

// Example is a built-in scenario to start from.
type Example struct {
	ID    string // stable: saved workspaces and links refer to it
	Title string
	// About is the file's header comment, in words.
	About  string
	Source []byte
}

var exampleTitles = map[string]string{
	"deployment":           "Deployment → ReplicaSet → Pods",
	"configmap-family":     "A ConfigMap family",
	"cycle":                "An ownership cycle",
	"cluster-scoped-owner": "A cluster-scoped owner",
	"foreground-stuck":     "Foreground deletion stuck on a finalizer",
	"cross-namespace":      "A cross-namespace reference",
	"blank":                "Blank canvas",
}

// DefaultExample is the example a first visit opens.
const DefaultExample = "deployment"

// Examples returns the built-in examples in menu order.
func Examples() []Example {
	entries, err := exampleFiles.ReadDir("examples")
	if err != nil {
		panic(err) // embedded at build time
	}
	var out []Example
	for _, e := range entries {
		src, err := exampleFiles.ReadFile(path.Join("examples", e.Name()))
		if err != nil {
			panic(err)
		}
		id := strings.TrimSuffix(e.Name(), ".yaml")
		if i := strings.IndexByte(id, '-'); i >= 0 {
			id = id[i+1:] // drop the ordering prefix
		}
		out = append(out, Example{ID: id, Title: exampleTitles[id], About: headerComment(src), Source: src})
	}
	return out
}

// ExampleByID returns the example with that id.
func ExampleByID(id string) (Example, bool) {
	for _, e := range Examples() {
		if e.ID == id {
			return e, true
		}
	}
	return Example{}, false
}

// headerComment joins the leading comment lines of a YAML file.
func headerComment(src []byte) string {
	var lines []string
	for _, l := range strings.Split(string(src), "\n") {
		if !strings.HasPrefix(l, "#") {
			break
		}
		lines = append(lines, strings.TrimSpace(strings.TrimPrefix(l, "#")))
	}
	return strings.Join(lines, " ")
}
