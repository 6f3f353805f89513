package cluster

import (
	"testing"

	"github.com/gcplay/gcplay/gccore"
)

// TestTolerationSeconds pins NODE-2: how long a Pod tolerates a NoExecute taint, from its
// own tolerations or the DefaultTolerationSeconds admission plugin's default (checked
// against the tolerations the real plugin writes, through realgc).
func TestTolerationSeconds(t *testing.T) {
	for _, tc := range []struct {
		name        string
		tolerations []any
		key         string
		secs        int64
		forever     bool
	}{
		{name: "none: the admission plugin's 300 s", key: TaintNotReady, secs: DefaultTolerationSeconds},
		{name: "its own seconds", key: TaintNotReady, secs: 60,
			tolerations: []any{map[string]any{"key": TaintNotReady, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": int64(60)}}},
		{name: "a toleration of the other taint leaves the default", key: TaintUnreachable, secs: DefaultTolerationSeconds,
			tolerations: []any{map[string]any{"key": TaintNotReady, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": int64(60)}}},
		{name: "without seconds: for ever", key: TaintNotReady, forever: true,
			tolerations: []any{map[string]any{"key": TaintNotReady, "operator": "Exists", "effect": "NoExecute"}}},
		{name: "the least seconds of those that match", key: TaintNotReady, secs: 10, tolerations: []any{
			map[string]any{"key": TaintNotReady, "operator": "Exists"},
			map[string]any{"operator": "Exists", "tolerationSeconds": float64(10)},
			map[string]any{"key": TaintNotReady, "effect": "NoExecute", "tolerationSeconds": int64(20)}}},
		{name: "negative seconds are 0", key: TaintNotReady, secs: 0,
			tolerations: []any{map[string]any{"key": TaintNotReady, "operator": "Exists", "tolerationSeconds": int64(-5)}}},
		{name: "a NoSchedule toleration does not match", key: TaintNotReady, secs: DefaultTolerationSeconds,
			tolerations: []any{map[string]any{"key": TaintNotReady, "operator": "Exists", "effect": "NoSchedule"}}},
		{name: "an empty key without Exists matches nothing", key: TaintNotReady, secs: DefaultTolerationSeconds,
			tolerations: []any{map[string]any{"operator": "Equal", "tolerationSeconds": int64(5)}}},
		// What realgc's real API server (v1.37.2, DefaultTolerationSeconds) wrote into the
		// same Pods (2026-11-27): a toleration of every taint gets no default, one of
		// not-ready without seconds gets unreachable's 300 s.
		{name: "a toleration of every taint: for ever", key: TaintUnreachable, forever: true,
			tolerations: []any{map[string]any{"operator": "Exists"}}},
		{name: "not-ready for ever leaves unreachable's default", key: TaintUnreachable, secs: DefaultTolerationSeconds,
			tolerations: []any{map[string]any{"key": TaintNotReady, "operator": "Exists", "effect": "NoExecute"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &gccore.Object{Content: map[string]any{"spec": map[string]any{"tolerations": tc.tolerations}}}
			secs, forever := tolerationSeconds(p, tc.key)
			if secs != tc.secs || forever != tc.forever {
				t.Errorf("tolerationSeconds = %d, %v; want %d, %v", secs, forever, tc.secs, tc.forever)
			}
		})
	}
}

// TestWantedTaint pins NODE-1 and NODE-4: the taint each Ready status calls for.
func TestWantedTaint(t *testing.T) {
	node := func(conds ...any) *gccore.Object {
		return &gccore.Object{Content: map[string]any{"status": map[string]any{"conditions": conds}}}
	}
	ready := func(s string) any { return map[string]any{"type": "Ready", "status": s} }
	for _, tc := range []struct {
		n    *gccore.Object
		want string
	}{
		{node(ready("True")), ""},
		{node(ready("False")), TaintNotReady},
		{node(ready("Unknown")), TaintUnreachable},
		{node(), TaintUnreachable},
	} {
		if got := wantedTaint(tc.n); got != tc.want {
			t.Errorf("wantedTaint(Ready %q) = %q, want %q", readyStatus(tc.n), got, tc.want)
		}
	}
}
