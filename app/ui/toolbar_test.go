package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/app/workspace"
)

// TestToolbarFineStepsBlocked: once settled, every fine step and Until change is
// disabled with a title saying why; at the start, delivering an event is not (issue 11,
// item 5).
func TestToolbarFineStepsBlocked(t *testing.T) {
	w := exampleWorkspace(t, "deployment")
	fine := map[string]string{"Event": "", "Graph change": "", "Delete item": "", "Orphan item": "", "Until change": ""}
	disabled := func(html, name string) bool { // disabled, with a title saying why
		m := regexp.MustCompile(`<button([^>]*)>\s*` + name + `\s*</button>`).FindStringSubmatch(html)
		return m != nil && regexp.MustCompile(`\bdisabled(\s|$)`).MatchString(m[1]) && strings.Contains(m[1], "nothing to do")
	}
	start := render(&Toolbar{Until: workspace.QueueAttemptToDelete, Blocked: blocked(w.View())})
	if disabled(start, "Event") {
		t.Errorf("Event is disabled while watch events wait")
	}
	if err := w.RunUntilIdle(); err != nil {
		t.Fatal(err)
	}
	idle := render(&Toolbar{Until: workspace.QueueAttemptToDelete, Settled: true, Blocked: blocked(w.View())})
	for name := range fine {
		if !disabled(idle, name) {
			t.Errorf("%s is not disabled with a reason once settled", name)
		}
	}
}
