package ui

import "testing"

// TestConsolePlaceholder: the console's input suggests a command on an object of the
// open workspace: the owner at the top of a tree, with -n outside "default".
func TestConsolePlaceholder(t *testing.T) {
	for id, want := range map[string]string{
		"deployment":       "kubectl describe deployment web",
		"configmap-family": "kubectl describe configmap grandparent",
		"cross-namespace":  "kubectl describe configmap parent -n b",
		"blank":            "kubectl get all",
	} {
		v := exampleWorkspace(t, id).View()
		if got := consolePlaceholder(v); got != want {
			t.Errorf("%s: placeholder %q, want %q", id, got, want)
		}
		mustContain(t, render(&ConsolePanel{View: v}), `placeholder="`+want+`"`, `id="con-log"`)
	}
}
