package gccore

import (
	"slices"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore/rules"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// TestWhy: Inspector.Why says what the worker's own decision code decides (DEL-8, DEL-9) and
// what the GC has not observed yet, never a rule re-derived on the side (issue 11, item 4).
func TestWhy(t *testing.T) {
	block := true
	ref := func(apiVersion, kind, name string, uid types.UID) metav1.OwnerReference {
		return metav1.OwnerReference{APIVersion: apiVersion, Kind: kind, Name: name, UID: uid, BlockOwnerDeletion: &block}
	}
	foreground := metav1.DeletePropagationForeground
	cm := func(name string) ObjectRef {
		return ObjectRef{APIVersion: "v1", Kind: "ConfigMap", Namespace: "default", Name: name}
	}
	for _, tc := range []struct {
		name string
		// setup builds the state; Why is asked about the ConfigMap "ask".
		setup     func(t *testing.T, s *Sim)
		want, not []string
	}{{
		name: "owner live: kept (DEL-9a)",
		setup: func(t *testing.T, s *Sim) {
			gcTestCreate(t, s, "v1", "ConfigMap", "owner", "o")
			gcTestCreate(t, s, "v1", "ConfigMap", "ask", "a", ref("v1", "ConfigMap", "owner", "o"))
			runIdle(t, s)
		},
		want: []string{"Its owner(s) exist: ConfigMap owner", "DEL-9a"},
	}, {
		name: "owner never existed: deleted when processed (DEL-9c)",
		setup: func(t *testing.T, s *Sim) {
			gcTestCreate(t, s, "v1", "ConfigMap", "ask", "a", ref("v1", "ConfigMap", "ghost", "g"))
		},
		want: []string{"No owner is live (ConfigMap ghost)", "DEL-9c"},
	}, {
		name: "owner's kind not served: stuck, never deleted (XNS-4)",
		setup: func(t *testing.T, s *Sim) {
			gcTestCreate(t, s, "apps/v1", "Deployment", "web", "d")
			gcTestCreate(t, s, "v1", "ConfigMap", "ask", "a", ref("extensions/v1beta1", "Deployment", "web", "d"))
			runIdle(t, s)
		},
		want: []string{"It is stuck", `no matches for kind "Deployment" in version "extensions/v1beta1"`, "never deletes it", "XNS-4"},
		not:  []string{"GC deletes", "deletes it once", "DEL-9c"},
	}, {
		name: "blocking dependent deleted, deletion not yet observed (informer delay)",
		setup: func(t *testing.T, s *Sim) {
			gcTestCreate(t, s, "v1", "ConfigMap", "ask", "o")
			gcTestCreate(t, s, "v1", "ConfigMap", "dep", "d", ref("v1", "ConfigMap", "ask", "o"))
			runIdle(t, s)
			if _, err := s.Delete(cm("ask"), metav1.DeleteOptions{PropagationPolicy: &foreground}); err != nil {
				t.Fatal(err)
			}
			// The GC deletes dep in the foreground cascade; stop at the tick it is gone
			// from the API server, before the informer delivers its deletion.
			for i := 0; i < 20; i++ {
				if _, err := s.Get(cm("dep")); err != nil {
					break
				}
				s.Tick()
			}
			if _, err := s.Get(cm("dep")); err == nil {
				t.Fatal("dep is still stored")
			}
			if _, ok := s.Inspect().Node("d"); !ok {
				t.Fatal("the GC's graph no longer has dep: nothing to explain")
			}
		},
		want: []string{"ConfigMap dep is already deleted, but the GC has not observed the deletion yet (informer delay)", "GB-10"},
		not:  []string{"waits for"},
	}, {
		name: "blocking dependent still stored: waits (FG-1)",
		setup: func(t *testing.T, s *Sim) {
			gcTestCreate(t, s, "v1", "ConfigMap", "ask", "o")
			d := gcTestCreate(t, s, "v1", "ConfigMap", "dep", "d", ref("v1", "ConfigMap", "ask", "o"))
			if _, err := s.AddFinalizer(d.Ref(), "example.com/hold"); err != nil {
				t.Fatal(err)
			}
			runIdle(t, s)
			if _, err := s.Delete(cm("ask"), metav1.DeleteOptions{PropagationPolicy: &foreground}); err != nil {
				t.Fatal(err)
			}
			runIdle(t, s)
		},
		want: []string{"it waits for 1 dependent(s) with blockOwnerDeletion: ConfigMap dep (terminating)", "FG-1"},
		not:  []string{"not observed"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := gcTestSim(t)
			tc.setup(t, s)
			before := s.TraceLen()
			got := strings.Join(s.Inspect().Why(cm("ask")), "\n")
			if s.TraceLen() != before {
				t.Fatalf("Why recorded %d trace record(s)", s.TraceLen()-before)
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("Why does not say %q:\n%s", w, got)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(got, n) {
					t.Errorf("Why says %q:\n%s", n, got)
				}
			}
		})
	}
}

func runIdle(t *testing.T, s *Sim) {
	t.Helper()
	if err := s.RunUntilIdle(100); err != nil {
		t.Fatal(err)
	}
}

// A Why sentence carries the rule ids it cites, clauses included: those in its format,
// then its rules.ID arguments (issue 24: a lesson's whyCites goal found them by
// substring). A learner's name that looks like a rule id cites nothing: a finalizer
// example.com/DEL-4 made a whyCites DEL-4 goal hold when the text was searched.
func TestReasonCarriesItsRules(t *testing.T) {
	r := Because("No owner is live (%s, %s): the GC deletes it (DEL-8, DEL-9c); not XDEL-1, del-9 or DEL-99z9.", "held by KUBELET-2", rules.DEL5)
	want := []rules.ID{"DEL-8", "DEL-9c", "DEL-5"}
	if got := r.Rules(); !slices.Equal(got, want) {
		t.Errorf("Rules = %v, want %v", got, want)
	}
	s, _ := gcTestSim(t)
	cm := &Object{}
	cm.APIVersion, cm.Kind = "v1", "ConfigMap"
	cm.Name, cm.Namespace, cm.Finalizers = "a", "default", []string{"example.com/DEL-4"}
	for _, in := range []Input{CreateInput(cm), DeleteInput(cm.Ref(), metav1.DeleteOptions{})} {
		if _, err := s.Apply(in); err != nil {
			t.Fatal(err)
		}
		runIdle(t, s)
	}
	for _, r := range s.Inspect().Reasons(cm.Ref()) {
		if slices.Contains(r.Rules(), rules.DEL4) {
			t.Errorf("%q cites %v: the finalizer's name is not a citation", r, r.Rules())
		}
	}
}
