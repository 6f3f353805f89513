package kubectl

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
)

func family(t *testing.T) *workspace.Workspace {
	t.Helper()
	ex, _ := workspace.ExampleByID("configmap-family")
	w, err := workspace.New(ex.ID, ex.Source)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	return w
}

func TestSplit(t *testing.T) {
	got, err := split(`kubectl patch cm/x --type=merge -p '{"metadata":{"finalizers":null}}' "a b" c\ d`)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"kubectl", "patch", "cm/x", "--type=merge", "-p", `{"metadata":{"finalizers":null}}`, "a b", "c d"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("split = %q", got)
	}
	if _, err := split(`-p '{"a"`); err == nil {
		t.Fatal("an unterminated quote was accepted")
	}
}

// TestDeleteCascade: --cascade maps to propagationPolicy as kubectl does (API-20).
func TestDeleteCascade(t *testing.T) {
	for _, c := range []struct{ flag, policy string }{{"", "Background"}, {"--cascade=foreground", "Foreground"},
		{"--cascade=orphan", "Orphan"}, {"--cascade=false", "Orphan"}, {"--cascade=true", "Background"}} {
		w := family(t)
		out, err := Run(w, "kubectl delete cm/parent-a "+c.flag)
		if err != nil {
			t.Fatalf("%s: %v", c.flag, err)
		}
		if !strings.Contains(out, "propagationPolicy="+c.policy) {
			t.Errorf("%s: %q", c.flag, out)
		}
		tr := w.View().Trace
		if last := tr[len(tr)-2].String(); !strings.Contains(last, "delete propagationPolicy="+c.policy) {
			t.Errorf("%s: the API call was %q", c.flag, last)
		}
	}
}

func TestCommands(t *testing.T) {
	w := family(t)
	for _, c := range []struct{ in, want, err string }{
		{in: "kubectl get cm", want: "shared"},
		{in: "get configmaps -A -o name", want: "configmap/parent-b"},
		{in: "kubectl get cm/shared -o yaml", want: "name: shared"},
		{in: "kubectl get nothing", err: `the server doesn't have a resource type "nothing"`},
		{in: "kubectl get cm missing", err: `configmap "missing" not found`},
		{in: "kubectl delete cm/parent-a --cascade=sideways", err: "invalid --cascade value"},
		{in: "kubectl delete cm/nope", err: "not found"},
		{in: "kubectl patch cm/shared --type=json -p '[]'", err: "--type=\"json\" is not supported"},
		{in: "kubectl patch cm/shared --type=merge -p 'nope'", err: "not a JSON object"},
		{in: "kubectl frobnicate", err: "unknown command"},
		{in: "kubectl delete --help", want: "--cascade"},
		{in: "help", want: "kubectl create -f -"},
		{in: "kubectl create -f -", err: "no objects passed to create"},
		{in: "kubectl create -f - <<EOF\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: [bad\nEOF", err: "line 3"},
		{in: "kubectl create -f -\napiVersion: v1\nkind: Secret\nmetadata: {name: s1}\n---\napiVersion: v1\nkind: Secret\nmetadata: {name: s2}", want: "secret/s2 created"},
		{in: `kubectl patch secret/s1 --type=merge -p '{"metadata":{"labels":{"a":"b"}}}'`, want: "secret/s1 patched"},
	} {
		out, err := Run(w, c.in)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: error %v, want %q", c.in, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%q: %v", c.in, err)
		case c.err == "" && !strings.Contains(out, c.want):
			t.Errorf("%q printed %q, want %q", c.in, out, c.want)
		}
	}
	s1, err := w.Sim().Get(gccore.ObjectRef{APIVersion: "v1", Kind: "Secret", Namespace: "default", Name: "s1"})
	if err != nil || s1.Labels["a"] != "b" {
		t.Fatalf("patch not applied: %v %v", s1, err)
	}
}
