//go:build !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
	"github.com/gcplay/gcplay/internal/fixtures"
)

// profileJS records a CPU profile of the page while f runs and logs where the time went
// (self and inclusive samples per function). A development aid: GCPLAY_PROFILE=1.
func profileJS(t *testing.T, ctx context.Context, f func()) {
	t.Helper()
	call := func(fn func(ctx context.Context, s cdp.Session) error) {
		if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error { return fn(ctx, tg) })); err != nil {
			t.Fatal(err)
		}
	}
	call(func(ctx context.Context, s cdp.Session) error {
		_, err := cdp.Call(ctx, s, profiler.Enable, cdp.Empty{})
		return err
	})
	call(func(ctx context.Context, s cdp.Session) error {
		_, err := cdp.Call(ctx, s, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200})
		return err
	})
	call(func(ctx context.Context, s cdp.Session) error {
		_, err := cdp.Call(ctx, s, profiler.Start, cdp.Empty{})
		return err
	})
	f()
	var prof *profiler.Profile
	call(func(ctx context.Context, s cdp.Session) error {
		r, err := cdp.Call(ctx, s, profiler.Stop, cdp.Empty{})
		prof = r.Profile
		return err
	})
	parent := map[int64]int64{}
	byID := map[int64]*profiler.ProfileNode{}
	for _, n := range prof.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	self, incl := map[string]int{}, map[string]int{}
	total := 0
	other := map[string]int{} // idle time and the browser's own work (layout, parsing)
	for _, id := range prof.Samples {
		n := byID[id]
		name := n.CallFrame.FunctionName
		if name == "(idle)" || name == "(program)" {
			other[name]++
			continue
		}
		total++
		self[name]++
		seen := map[string]bool{}
		for cur, ok := id, true; ok; cur, ok = parent[cur] {
			fn := byID[cur].CallFrame.FunctionName
			if !seen[fn] {
				seen[fn] = true
				incl[fn]++
			}
		}
	}
	top := func(m map[string]int, k int, filter string) string {
		type kv struct {
			k string
			v int
		}
		var kvs []kv
		for k, v := range m {
			if filter == "" || strings.Contains(k, filter) {
				kvs = append(kvs, kv{k, v})
			}
		}
		sort.Slice(kvs, func(i, j int) bool { return kvs[i].v > kvs[j].v })
		var b strings.Builder
		for i := 0; i < k && i < len(kvs); i++ {
			fmt.Fprintf(&b, "  %5.1f%% %s\n", 100*float64(kvs[i].v)/float64(total), kvs[i].k)
		}
		return b.String()
	}
	span := float64(prof.EndTime-prof.StartTime) / 1000
	t.Logf("%.0f ms profiled: %d busy samples, %d (program), %d (idle)", span, total, other["(program)"], other["(idle)"])
	t.Logf("%d busy samples\nself:\n%sinclusive (gcplay, go-app):\n%s%s", total, top(self, 25, ""), top(incl, envInt("GCPLAY_PROFILE_TOP", 40), "gcplay"), top(incl, envInt("GCPLAY_PROFILE_TOP", 40)/2, "maxence"))
}

func TestProfileTick(t *testing.T) {
	if os.Getenv("GCPLAY_PROFILE") == "" {
		t.Skip("set GCPLAY_PROFILE=1 to profile")
	}
	ctx := newTab(t)
	openScenario(t, ctx, []byte(fixtures.Tree(profileObjects())))
	do(t, ctx, "wait", chromedp.WaitVisible(objectSel("Deployment", "d"))) // the Pods are folded away (scene.Fold)
	click(t, ctx, "Step")
	deleteWith(t, ctx, "Deployment", "d", "Background")
	time.Sleep(time.Duration(envInt("GCPLAY_PROFILE_QUIET_MS", 0)) * time.Millisecond) // let the lessons warm (warmLessons) first
	// GCPLAY_PROFILE_SKIP: the cascade's first ticks unfold the tree; skip them.
	for i := 0; i < envInt("GCPLAY_PROFILE_SKIP", 0); i++ {
		click(t, ctx, "Step")
	}
	profileJS(t, ctx, func() {
		for i := 0; i < envInt("GCPLAY_PROFILE_TICKS", 6); i++ {
			timeAction(t, ctx, `[...document.querySelectorAll('button')].find(b => b.textContent.trim() === 'Step').click()`)
		}
	})
}

// profileObjects is the tree size profiled: GCPLAY_PROFILE_N, 5000 by default.
func profileObjects() int { return envInt("GCPLAY_PROFILE_N", 5000) }

// envInt reads a positive number from the environment, def when it is not set.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}
