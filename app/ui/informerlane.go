package ui

import (
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// informerLane is the head of the graphChanges column: the watch events between the API
// server and the GC's graph builder (issue 26 §2). With the fault lab it lists them: the
// events lost since the last relist (FAULT-2), marked lost until the relist that repairs
// them, the events in flight with the tick each arrives (FAULT-1), the last relist
// (FAULT-3) and the next, and what the controller-manager's shared informers (CM-1) have
// in flight or lost; the relist comes first, where a short column still shows it. Without faults the count of undelivered events says enough. Its rows
// are few and change every tick: one app.Raw, like the controllers' queues.
func informerLane(lang string, v *workspace.View) app.UI {
	in := v.Informers
	var b strings.Builder
	b.WriteString(`<div class="inflane" id="informer-lane"><p class="muted small">`)
	// With the fault lab the rows show what is in flight: the count would take the lines
	// a short column needs for them.
	if !v.Faults.Active() || in.InFlightLen+in.LostLen == 0 {
		b.WriteString(esc(fmt.Sprintf(tr(lang, "%d watch event(s) not delivered yet"), v.PendingWatch)))
	}
	if in.LostLen > 0 {
		fmt.Fprintf(&b, `<span id="lost-watch" class="lost-watch">%s</span>`,
			esc(fmt.Sprintf(tr(lang, "%d lost, until the relist at tick %d"), in.LostLen, in.NextRelist)))
	}
	b.WriteString(`</p>`)
	if v.Faults.Active() {
		b.WriteString(`<ul class="inlist" aria-label="` + esc(tr(lang, "GC informers")) + `">`)
		relistRow(&b, lang, in, v.Tick)
		for _, e := range in.Lost {
			laneRow(&b, "lost", tr(lang, "lost"), e, fmt.Sprintf(tr(lang, "rv %s lost at tick %d: the relist at tick %d repairs it (FAULT-2, FAULT-3)"), e.ResourceVersion, e.Written, in.NextRelist))
		}
		for _, e := range in.InFlight {
			laneRow(&b, "flight", fmt.Sprintf(tr(lang, "→ tick %d"), e.Due), e, fmt.Sprintf(tr(lang, "rv %s written at tick %d, arrives at tick %d (FAULT-1)"), e.ResourceVersion, e.Written, e.Due))
		}
		if in.InFlightLen > len(in.InFlight) {
			fmt.Fprintf(&b, `<li class="ie muted small">%s</li>`, esc(fmt.Sprintf(tr(lang, "… and %d more"), in.InFlightLen-len(in.InFlight))))
		}
		b.WriteString(`</ul>`)
	}
	if c := v.ControllerInformers; c.InFlightLen > 0 || c.LostLen > 0 {
		text := fmt.Sprintf(tr(lang, "Controllers' informers (CM-1): %d in flight"), c.InFlightLen)
		if c.LostLen > 0 {
			text += tr(lang, ", ") + fmt.Sprintf(tr(lang, "%d lost, until the relist at tick %d"), c.LostLen, c.NextRelist)
		}
		fmt.Fprintf(&b, `<p class="small cinf%s" id="controller-informers" title="%s">%s</p>`,
			onlyIf(c.LostLen > 0, " cinf-lost"), esc(laneTitle(c)), esc(text))
	}
	b.WriteString(`</div>`)
	return app.Raw(b.String())
}

// laneRow writes one event of the lane: its state, then the event, which selects its
// object.
func laneRow(b *strings.Builder, state, label string, e gccore.LaneEvent, detail string) {
	fmt.Fprintf(b, `<li class="ie ie-%s" title="%s"><span class="qs qs-%s">%s</span><button class="linkish qk" data-select="%s">%s %s</button></li>`,
		state, esc(detail), state, esc(label), esc(string(e.UID)), esc(string(e.Type)), esc(e.Object.String()))
}

// relistRow draws the last relist that repaired something, marked while it is the tick
// shown, and when the next comes (FAULT-3); before the first, with events lost, the lost
// count already names the next.
func relistRow(b *strings.Builder, lang string, in gccore.InformerLane, tick int64) {
	if in.NextRelist == 0 || (in.LastRelist.Tick == 0 && in.LostLen > 0) {
		return
	}
	text := fmt.Sprintf(tr(lang, "next relist at tick %d"), in.NextRelist)
	if r := in.LastRelist; r.Tick > 0 {
		text = fmt.Sprintf(tr(lang, "relist at tick %d: %d lost, %d repaired"), r.Tick, r.Lost, r.Repaired) + tr(lang, "; ") + text
	}
	fmt.Fprintf(b, `<li class="ie ie-relist%s" id="relist-row"><span class="qs qs-relist">%s</span>%s</li>`,
		onlyIf(in.LastRelist.Tick == tick && tick > 0, " ie-now"), esc(tr(lang, "relist")), esc(text))
}

// laneTitle lists a lane's first events in one tooltip, lost ones first.
func laneTitle(l gccore.InformerLane) string {
	var lines []string
	for _, e := range l.Lost {
		lines = append(lines, fmt.Sprintf("✕ %s %s rv=%s", e.Type, e.Object, e.ResourceVersion))
	}
	for _, e := range l.InFlight {
		lines = append(lines, fmt.Sprintf("→%d %s %s rv=%s", e.Due, e.Type, e.Object, e.ResourceVersion))
	}
	return strings.Join(lines, "\n")
}
