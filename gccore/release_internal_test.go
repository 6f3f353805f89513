package gccore

import (
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestReleaseBranches is the version lens's table (gc-behavior.md section 15): for each
// release gcplay plays, which of the V-rule branches it takes. V-1 (the metadata client)
// changes no decision and is not modelled, so 1.13 and 1.16 play alike.
func TestReleaseBranches(t *testing.T) {
	type branches struct {
		uidKeyedCache       bool // V-2, V-2a
		coordinateChecks    bool // V-3, V-3a/V-3b when false
		gb9c                bool // V-3d when false (v1.21, #98068)
		refuseClusterScoped bool // XNS-3; V-3c when false
		markObserved        bool // V-4, V-4a
		waitForever         bool // V-5, V-5a
		rvPrecondition      bool // V-6; V-6a when false
		deleteNotFound      bool // DEL-12's virtual delete; V-6b when false
		dedup               bool // API-3, V-7; V-7a when false
	}
	old := branches{uidKeyedCache: true, markObserved: true, waitForever: true}
	for _, tc := range []struct {
		r    Release
		want branches
	}{
		{Release113, old},
		{Release116, old},
		{Release120, branches{coordinateChecks: true, refuseClusterScoped: true, waitForever: true, dedup: true}},
		{Release133, branches{coordinateChecks: true, gb9c: true, refuseClusterScoped: true, dedup: true}},
		{ReleaseCurrent, branches{coordinateChecks: true, gb9c: true, refuseClusterScoped: true, rvPrecondition: true, deleteNotFound: true, dedup: true}},
		{ReleaseDefault, branches{coordinateChecks: true, gb9c: true, refuseClusterScoped: true, rvPrecondition: true, deleteNotFound: true, dedup: true}},
	} {
		r := tc.r
		got := branches{
			uidKeyedCache:       r.uidKeyedAbsentOwners(),
			coordinateChecks:    r.checksCoordinates(),
			gb9c:                r.flagsVirtualClusterScopedOwner(),
			refuseClusterScoped: r.refusesNamespacedOwnerOfClusterScoped(),
			markObserved:        r.marksObservedOnNotFound(),
			waitForever:         r.waitsForEverySync(),
			rvPrecondition:      r.resourceVersionPrecondition(),
			deleteNotFound:      r.virtualDeleteOnDeleteNotFound(),
			dedup:               r.dedupsOwnerReferences(),
		}
		if got != tc.want {
			t.Errorf("%s: got %+v, want %+v", r, got, tc.want)
		}
	}
}

// TestParseRelease: every value round-trips; anything else is one error naming the
// allowed values, the unquoted-YAML trap ("1.2") included.
func TestParseRelease(t *testing.T) {
	for _, name := range ReleaseNames() {
		r, err := ParseRelease(name)
		if err != nil || r.String() != name || !r.Set() {
			t.Errorf("ParseRelease(%q) = %v, %v", name, r, err)
		}
	}
	if r, err := ParseRelease(""); err != nil || r.Set() || r.String() != "current" {
		t.Errorf(`ParseRelease("") = %v (set %v), %v; want the default, playing current`, r, r.Set(), err)
	}
	for _, bad := range []string{"1.2", "1.18", "v1.16", "Current", "latest"} {
		_, err := ParseRelease(bad)
		if err == nil || !strings.Contains(err.Error(), `"1.13", "1.16", "1.20", "1.33", "current"`) || !strings.Contains(err.Error(), bad) {
			t.Errorf("ParseRelease(%q): %v", bad, err)
		}
	}
}

// TestAbsentOwnerCacheByUID (AOC-1, AOC-3; V-2a): keyed by uid alone, an identity from
// another namespace or with other coordinates hits the cached uid and refreshes that one
// entry; keyed by identity, it does not.
func TestAbsentOwnerCacheByUID(t *testing.T) {
	cached := objectReference{APIVersion: "v1", Kind: "Secret", Name: "parent", Namespace: "a", UID: "u"}
	other := objectReference{APIVersion: "v1", Kind: "Secret", Name: "parent", Namespace: "b", UID: "u"}
	for _, uidOnly := range []bool{false, true} {
		c := newAbsentOwnerCache(2)
		c.uidOnly = uidOnly
		c.Add(cached)
		if got := c.Has(other); got != uidOnly {
			t.Errorf("uidOnly=%v: Has(other namespace) = %v", uidOnly, got)
		}
		c.Add(other)
		if n := len(c.Entries()); n != map[bool]int{false: 2, true: 1}[uidOnly] {
			t.Errorf("uidOnly=%v: %d entries after adding the same uid twice", uidOnly, n)
		}
		if want := map[bool]string{false: "", true: "V-2a"}[uidOnly]; string(c.keyRule()) != want {
			t.Errorf("uidOnly=%v: keyRule %q, want %q", uidOnly, c.keyRule(), want)
		}
	}
}

// TestDuplicateOwnerReferencesByRelease (API-3; V-7a): from 1.20 the API server drops an
// entry identical to an earlier one; 1.16 stores both.
func TestDuplicateOwnerReferencesByRelease(t *testing.T) {
	ref := metav1.OwnerReference{APIVersion: "v1", Kind: "ConfigMap", Name: "o", UID: "o-uid"}
	for _, tc := range []struct {
		r    Release
		want int
	}{{Release116, 2}, {Release120, 1}, {ReleaseCurrent, 1}} {
		s, err := New(Config{Kubernetes: tc.r})
		if err != nil {
			t.Fatal(err)
		}
		o := &Object{}
		o.APIVersion, o.Kind, o.Name, o.Namespace = "v1", "ConfigMap", "twice", "default"
		o.OwnerReferences = []metav1.OwnerReference{ref, ref}
		got, err := s.Create(o)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.OwnerReferences) != tc.want {
			t.Errorf("%s: %d ownerReferences stored, want %d", tc.r, len(got.OwnerReferences), tc.want)
		}
	}
}

// TestStartupWaits (Q-6; SYNC-4, V-5, V-5a): with a broken monitor the workers never
// run before v1.32, and from then on start 30 ticks after the GC (re)started; without
// one they run at once.
func TestStartupWaits(t *testing.T) {
	broken, err := NewResources([]ResourceDecl{{APIVersion: "example.com/v1", Kind: "Widget", Broken: true}})
	if err != nil {
		t.Fatal(err)
	}
	healthy, _ := NewResources(nil)
	var tr tracer
	for _, tc := range []struct {
		r     Release
		rs    *Resources
		at    int64
		tick  int64
		run   bool
		never bool
	}{
		{Release116, healthy, 0, 1, true, false},
		{Release116, broken, 0, 1000, false, true},
		{Release120, broken, 0, 1000, false, true},
		{Release133, broken, 0, 29, false, false},
		{Release133, broken, 0, 30, true, false},
		{ReleaseCurrent, broken, 10, 39, false, false},
		{ReleaseCurrent, broken, 10, 40, true, false},
	} {
		st := newStartup(tc.r, tc.rs, tc.at)
		if got := st.workersRun(tc.tick, &tr); got != tc.run || st.never() != tc.never {
			t.Errorf("%s at tick %d (started %d): workersRun %v never %v, want %v %v", tc.r, tc.tick, tc.at, got, st.never(), tc.run, tc.never)
		}
	}
}
