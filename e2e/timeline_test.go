//go:build !js

package e2e

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
)

// TestTimeline: after fine steps, Steps, a rewind with the slider and a fine step that
// drops the rewound future, the timeline slider's live value and max, the "/ N" beside
// it and data-tick agree with a workspace given the same inputs (its tick and the tick
// at the end of its history). Each Step moves the slider's value and max up together,
// the case where a value set before its max is clamped to the old max.
func TestTimeline(t *testing.T) {
	src := example(t, "deployment")
	w, err := workspace.New("link", src)
	if err != nil {
		t.Fatal(err)
	}
	ctx := newTab(t)
	openScenario(t, ctx, src)

	check := func(what string) {
		t.Helper()
		v := w.View()
		last := max(v.LastTick, v.Tick)
		want := fmt.Sprintf("value=%d max=%d shown=/ %d data-tick=%d", v.Tick, last, last, v.Tick)
		expr := `(() => { const s = document.querySelector('input.timeline');
			return 'value=' + s.value + ' max=' + s.max + ' shown=' + document.querySelector('.tb-timeline .tb-num').textContent +
				' data-tick=' + document.querySelector('[data-tick]').dataset.tick })()`
		deadline := time.Now().Add(5 * time.Second)
		got := eval[string](t, ctx, expr)
		for got != want && time.Now().Before(deadline) {
			time.Sleep(25 * time.Millisecond)
			got = eval[string](t, ctx, expr)
		}
		if got != want {
			failShot(t, ctx)
			t.Fatalf("%s: timeline %q, workspace %q", what, got, want)
		}
	}
	fine := map[string]gccore.InputOp{"Event": gccore.InputDeliverEvent, "Graph change": gccore.InputGraphChange, "Delete item": gccore.InputDeleteItem}
	// fineStep clicks a fine step, or finds it disabled: then the workspace has nothing
	// to do either.
	fineStep := func(b string) {
		t.Helper()
		if eval[bool](t, ctx, buttonDisabledJS(b)) {
			if why := w.View().FineBlocked(gccore.Input{Op: fine[b]}); why == "" {
				t.Fatalf("%s is disabled while the workspace has work for it", b)
			}
			return
		}
		clickSaved(t, ctx, b)
		if err := w.Fine(fine[b]); err != nil {
			t.Fatalf("%s was enabled, but the workspace: %v", b, err)
		}
	}
	for _, b := range []string{"Event", "Event", "Graph change", "Delete item", "Graph change"} {
		fineStep(b)
		check("after " + b)
	}
	for i := 0; i < 8; i++ {
		clickSaved(t, ctx, "Step")
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
		check(fmt.Sprintf("after Step %d", i+1))
		if i == 2 {
			fineStep("Event")
			check("after Event at tick 3")
		}
	}

	// Rewind with the slider to tick 0 (after the fine steps made at tick 0), then a fine
	// step: it differs from the kept future (a tick), so it drops it and max shrinks.
	eval[bool](t, ctx, `(() => { const e = document.querySelector('input.timeline'); e.value = '0';
		e.dispatchEvent(new Event('input', {bubbles: true})); return true })()`)
	if err := w.Rewind(0); err != nil {
		t.Fatal(err)
	}
	waitTick(t, ctx, 0)
	check("after a rewind to tick 0")
	for _, b := range []string{"Event", "Graph change"} {
		clickSaved(t, ctx, b)
		if err := w.Fine(fine[b]); err != nil {
			t.Fatalf("%s at tick 0 after the rewind: %v", b, err)
		}
		check("after " + b + " at tick 0")
	}
	if v := w.View(); v.LastTick != 0 || v.HistoryLen != v.Position {
		t.Fatalf("the fine steps did not drop the future: last tick %d, position %d of %d", v.LastTick, v.Position, v.HistoryLen)
	}
	for i := 0; i < 4; i++ {
		clickSaved(t, ctx, "Step")
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
		check(fmt.Sprintf("after Step %d past the rewind", i+1))
	}
	screenshot(t, ctx, "timeline-after-fine-steps")
}

// clickSaved clicks a button and waits until the page has handled it: every handled
// command bumps #status's data-save-seq.
func clickSaved(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	seq := func() int {
		s, _ := strconv.Atoi(eval[string](t, ctx, `document.querySelector('#status').dataset.saveSeq ?? '0'`))
		return s
	}
	before := seq()
	click(t, ctx, name)
	waitJS(t, ctx, name+" handled", fmt.Sprintf(`+(document.querySelector('#status').dataset.saveSeq ?? '0') > %d`, before), 10*time.Second)
}
