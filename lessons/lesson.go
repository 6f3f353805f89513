// Package lessons turns gcplay into workshop exercises. A lesson is data: one YAML file
// with a start scenario (scenario-format.md), goals checked on the simulation's state and
// its history, hints, a reference solution and a recap, in English and Simplified Chinese.
// Check replays every solution (and every listed wrong attempt) headless, so a lesson that
// cannot be solved, or that is solved by doing nothing, never reaches a class.
package lessons

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
)

// Languages are the languages every text of a lesson must carry, in display order.
var Languages = []string{"en", "zh-CN"}

// Text is one text in every language, keyed by language tag ("en", "zh-CN").
type Text map[string]string

// In returns the text in lang, falling back to English, with the line breaks between
// CJK characters joined (joinSoftBreaks).
func (t Text) In(lang string) string {
	if s, ok := t[lang]; ok && s != "" {
		return joinSoftBreaks(s)
	}
	return t["en"]
}

// missing names the languages the text lacks.
func (t Text) missing() []string {
	var out []string
	for _, l := range Languages {
		if strings.TrimSpace(t[l]) == "" {
			out = append(out, l)
		}
	}
	return out
}

// Level is how much a lesson assumes.
type Level int

const (
	Beginner Level = iota + 1
	Intermediate
	Advanced
)

var levelNames = map[Level]Text{
	Beginner:     {"en": "Beginner", "zh-CN": "入门"},
	Intermediate: {"en": "Intermediate", "zh-CN": "进阶"},
	Advanced:     {"en": "Advanced", "zh-CN": "高级"},
}

// Name is the level's name in lang.
func (l Level) Name(lang string) string { return levelNames[l].In(lang) }

// Controls a lesson may grant the learner. The page hides the others.
const (
	ControlStep      = "step"      // Step, Run, Run until idle, fine steps, rewind
	ControlDelete    = "delete"    // delete with a policy
	ControlFinalizer = "finalizer" // add or remove a finalizer
	ControlCreate    = "create"    // create objects (form, YAML, console)
	ControlUpdate    = "update"    // patch objects (YAML edit, console)
	ControlConsole   = "console"   // the kubectl console
	ControlRestart   = "restart"   // restart the controller-manager (SYNC-7)
	ControlFaults    = "faults"    // the Faults tab: change the start's faults or re-roll its seed (FAULT-1 … FAULT-4)
)

var knownControls = []string{ControlStep, ControlDelete, ControlFinalizer, ControlCreate, ControlUpdate, ControlConsole, ControlRestart, ControlFaults}

// Lesson is one exercise.
type Lesson struct {
	// ID is stable: progress and links name it. Lowercase words joined by dashes.
	ID    string
	Level Level
	Title Text
	// Goal is the lesson's aim in one sentence, shown first.
	Goal Text
	// Intro explains the idea, in Markdown.
	Intro Text
	// Controls the learner may use.
	Controls []string
	// Config is the simulation's settings (informer delays); the zero value is gcplay
	// sim's default.
	Config gccore.Config
	// Start is the start scenario's text (scenario-format.md). A lesson opens with it
	// run until idle: the cluster at rest, the GC caught up.
	Start []byte
	// Goals must all hold at once for the lesson to be done.
	Goals []Goal
	// Hints are revealed one by one.
	Hints []Text
	// Solution is the reference solution: steps applied to the start at rest, parsed by
	// the scenario parser (fine steps allowed); each action or fine step is a gccore.Input
	// (Step.Input), played by scenario.Player.
	Solution []scenario.Step
	// Recap says what happened, in the GC's words, citing rule ids.
	Recap Text
	// Wrong lists classic mistakes: attempts that must not meet the goals.
	Wrong []Attempt
	// Alternatives are other ways that must meet the goals too (a lesson with several
	// answers, such as unblocking a Foreground deletion three ways).
	Alternatives []Attempt
	// File is where the lesson was read from, for messages.
	File string

	// start is Start parsed, by Parse; every run of the lesson plays it (scenario). A
	// check parsed it again for the solution and each attempt, which made a lesson of
	// many attempts on a large start slow (issue 21: 486 KB, over 120 s).
	start *scenario.Scenario
}

// Step is one step as a lesson file writes it: a scenario step (scenario-format.md:
// `delete: {...}`, `run: 3`) or a fine step (`deliverEvent: {}`, `processGraphChange: {}`,
// `runDeleteItem: {}`, `runOrphanItem: {}`).
type Step map[string]any

// Attempt is a named list of steps.
type Attempt struct {
	Name  Text
	Steps []scenario.Step
}

// Par is the number of actions in the reference solution: the steps that are neither
// `run` nor fine steps.
func (l *Lesson) Par() int { return actions(l.Solution) }

func actions(steps []scenario.Step) int {
	n := 0
	for _, s := range steps {
		if s.Op != scenario.OpRun && s.Input().Action() {
			n++
		}
	}
	return n
}

// Allows reports whether the lesson grants a control.
func (l *Lesson) Allows(control string) bool { return slices.Contains(l.Controls, control) }

func (l *Lesson) String() string { return fmt.Sprintf("%s (%s)", l.ID, l.File) }
