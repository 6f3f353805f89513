package lessons

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/rules"
	"github.com/gcplay/gcplay/gccore/scenario"
	"sigs.k8s.io/yaml"
)

// rawLesson is a lesson file as written (lessons/README.md documents it).
type rawLesson struct {
	ID           string                       `json:"id"`
	Level        string                       `json:"level"`
	Title        Text                         `json:"title"`
	Goal         Text                         `json:"goal"`
	Intro        Text                         `json:"intro"`
	Controls     []string                     `json:"controls"`
	Config       *rawConfig                   `json:"config"`
	Start        map[string]any               `json:"start"`
	Goals        []map[string]json.RawMessage `json:"goals"`
	Hints        []Text                       `json:"hints"`
	Solution     []Step                       `json:"solution"`
	Recap        Text                         `json:"recap"`
	Wrong        []rawAttempt                 `json:"wrong"`
	Alternatives []rawAttempt                 `json:"alternatives"`
}

// rawConfig is a lesson's optional simulation settings (gccore.Config).
type rawConfig struct {
	InformerDelay  int            `json:"informerDelay"`
	InformerDelays map[string]int `json:"informerDelays"`
}

type rawAttempt struct {
	Name  Text   `json:"name"`
	Steps []Step `json:"steps"`
}

var (
	idPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	levels    = map[string]Level{"beginner": Beginner, "intermediate": Intermediate, "advanced": Advanced}
	policies  = []string{"Orphan", "Background", "Foreground"}
)

// MaxFileBytes bounds a lesson file: lessons are short texts and small scenarios.
const MaxFileBytes = 1 << 20

// MaxReplayObjects bounds the start's objects times the runs that replay it (the
// solution, each wrong attempt and each alternative): about 4 s of lessons check.
const MaxReplayObjects = 1_000_000

// Parse reads a lesson file. Every error is one line naming the file and the field.
func Parse(file string, data []byte) (*Lesson, error) {
	l, err := parse(file, data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return l, nil
}

func parse(file string, data []byte) (*Lesson, error) {
	raw, err := decode(data)
	if err != nil {
		return nil, err
	}
	l := &Lesson{ID: raw.ID, Title: raw.Title, Goal: raw.Goal, Intro: raw.Intro, Controls: raw.Controls,
		Hints: raw.Hints, Recap: raw.Recap, File: file}
	// In the order a reader meets the fields, so that the first error is the first wrong field.
	for _, read := range []func(*rawLesson) error{l.readHeader, l.readConfig, l.readStart, l.readGoals, l.readRuns} {
		if err := read(raw); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// decode checks a lesson file's size, YAML and text, and decodes its fields.
func decode(data []byte) (*rawLesson, error) {
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("larger than %d bytes", MaxFileBytes)
	}
	// A second document, which the converter would drop silently, is an error naming
	// its line, as in a scenario file.
	if err := scenario.CheckYAML(data); err != nil {
		return nil, err
	}
	var raw rawLesson
	if err := yaml.UnmarshalStrict(data, &raw); err != nil {
		return nil, fmt.Errorf("not a lesson: %s", oneLine(err.Error()))
	}
	if err := checkPrintable(data, &raw); err != nil {
		return nil, err
	}
	return &raw, nil
}

// readHeader checks what the lesson says to the learner: its id, level, texts, hints and
// controls.
func (l *Lesson) readHeader(raw *rawLesson) error {
	if !idPattern.MatchString(raw.ID) {
		return fmt.Errorf("id %q: want lowercase words joined by dashes, like background-deletion", raw.ID)
	}
	var ok bool
	if l.Level, ok = levels[raw.Level]; !ok {
		return fmt.Errorf("level %q: want beginner, intermediate or advanced", raw.Level)
	}
	for _, t := range []struct {
		field string
		text  Text
	}{{"title", raw.Title}, {"goal", raw.Goal}, {"intro", raw.Intro}, {"recap", raw.Recap}} {
		if err := checkText(t.field, t.text); err != nil {
			return err
		}
	}
	if len(raw.Hints) == 0 {
		return fmt.Errorf("hints: give at least one")
	}
	for i, h := range raw.Hints {
		if err := checkText(fmt.Sprintf("hints[%d]", i), h); err != nil {
			return err
		}
	}
	if len(raw.Controls) == 0 {
		return fmt.Errorf("controls: list what the learner may use (%s)", strings.Join(knownControls, ", "))
	}
	for i, c := range raw.Controls {
		if !slices.Contains(knownControls, c) {
			return fmt.Errorf("controls[%d] %q: want one of %s", i, c, strings.Join(knownControls, ", "))
		}
	}
	return nil
}

// readConfig checks the optional simulation settings as gccore.New would.
func (l *Lesson) readConfig(raw *rawLesson) error {
	c := raw.Config
	if c == nil {
		return nil
	}
	if c.InformerDelay < 1 {
		return fmt.Errorf("config.informerDelay %d: want a tick count of 1 or more", c.InformerDelay)
	}
	l.Config = gccore.Config{InformerDelay: gccore.Ticks(c.InformerDelay), InformerDelays: c.InformerDelays}
	if _, err := gccore.New(l.Config); err != nil {
		return fmt.Errorf("config: %s", oneLine(err.Error()))
	}
	return nil
}

// readStart parses the start scenario, once: every run of the lesson shares it.
func (l *Lesson) readStart(raw *rawLesson) error {
	if raw.Start == nil {
		return fmt.Errorf("start: the start scenario is missing")
	}
	start, err := json.Marshal(raw.Start)
	if err != nil {
		return fmt.Errorf("start: %v", err)
	}
	l.Start = start
	startParses.Add(1)
	l.start, err = scenario.Parse("start", start)
	return err
}

// readGoals parses the goals; at least one must be one the learner reaches (not one to keep).
func (l *Lesson) readGoals(raw *rawLesson) error {
	if len(raw.Goals) == 0 {
		return fmt.Errorf("goals: give at least one")
	}
	for i, m := range raw.Goals {
		g, err := parseGoal(m)
		if err != nil {
			return fmt.Errorf("goals[%d]: %v", i, err)
		}
		l.Goals = append(l.Goals, g)
	}
	if !slices.ContainsFunc(l.Goals, func(g Goal) bool { return !g.Keep() }) {
		return fmt.Errorf("goals: every goal is one to keep (present, maxActions, nothingDeletedBefore); add one the learner must reach")
	}
	return nil
}

// readRuns parses the steps Check replays: the solution, the wrong attempts and the
// alternatives.
func (l *Lesson) readRuns(raw *rawLesson) error {
	var err error
	if l.Solution, err = l.steps(raw.Start, "solution", raw.Solution); err != nil {
		return err
	}
	if actions(l.Solution) == 0 {
		return fmt.Errorf("solution: give the reference solution, with at least one action")
	}
	if l.Wrong, err = l.attempts(raw.Start, "wrong", raw.Wrong); err != nil {
		return err
	}
	if l.Alternatives, err = l.attempts(raw.Start, "alternatives", raw.Alternatives); err != nil {
		return err
	}
	// Check replays the start for the solution and for each attempt, and for the
	// solution's re-rolls when the lesson grants the Faults tab (checkRerolls): bound the
	// product, which a file under MaxFileBytes can make tens of millions (issue 21 §8).
	runs := 1 + len(l.Wrong) + len(l.Alternatives)
	if l.Allows(ControlFaults) {
		runs += rerollsChecked
	}
	if objs := len(l.start.Objects); runs*objs > MaxReplayObjects {
		return fmt.Errorf("start: %d objects, replayed for the solution and %d attempts, are %d objects to check, more than %d: give fewer objects or fewer attempts",
			objs, runs-1, runs*objs, MaxReplayObjects)
	}
	return nil
}

func (l *Lesson) attempts(start map[string]any, field string, raw []rawAttempt) ([]Attempt, error) {
	var out []Attempt
	for i, a := range raw {
		if err := checkText(fmt.Sprintf("%s[%d].name", field, i), a.Name); err != nil {
			return nil, err
		}
		steps, err := l.steps(start, fmt.Sprintf("%s[%d].steps", field, i), a.Steps)
		if err != nil {
			return nil, err
		}
		if actions(steps) == 0 {
			return nil, fmt.Errorf("%s[%d].steps: give at least one action", field, i)
		}
		out = append(out, Attempt{Name: a.Name, Steps: steps})
	}
	return out, nil
}

func checkText(field string, t Text) error {
	if m := t.missing(); len(m) > 0 {
		return fmt.Errorf("%s: no text in %s (every text is given in %s)", field, strings.Join(m, ", "), strings.Join(Languages, " and "))
	}
	for lang := range t {
		if !slices.Contains(Languages, lang) {
			return fmt.Errorf("%s: unknown language %q (want %s)", field, lang, strings.Join(Languages, ", "))
		}
	}
	return nil
}

// parseGoal reads one goal: a mapping with one goal key and an optional text.
func parseGoal(m map[string]json.RawMessage) (Goal, error) {
	g, body, err := goalEntry(m)
	if err != nil {
		return g, err
	}
	if err := g.readBody(body); err != nil {
		return g, fmt.Errorf("%s: %s", g.Kind, oneLine(err.Error()))
	}
	return g, nil
}

// goalEntry reads a goal entry's keys: its text, if any, and its one kind with that
// kind's body, unread.
func goalEntry(m map[string]json.RawMessage) (Goal, json.RawMessage, error) {
	var g Goal
	var body json.RawMessage
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys) // one message for the same file, whatever the map order
	for _, k := range keys {
		v := m[k]
		if k == "text" {
			if err := json.Unmarshal(v, &g.Text); err != nil {
				return g, nil, fmt.Errorf("text: %s", oneLine(err.Error()))
			}
			if err := checkText("text", g.Text); err != nil {
				return g, nil, err
			}
			continue
		}
		if g.Kind != "" {
			return g, nil, fmt.Errorf("two goals in one entry (%s and %s): give each its own entry", g.Kind, k)
		}
		if _, known := goalTexts[GoalKind(k)]; !known {
			return g, nil, fmt.Errorf("unknown goal %q", k)
		}
		g.Kind, body = GoalKind(k), v
	}
	if g.Kind == "" {
		return g, nil, fmt.Errorf("no goal (want one of %s)", goalNames())
	}
	return g, body, nil
}

// readBody reads the body of g's kind into g.
func (g *Goal) readBody(body json.RawMessage) error {
	var err error
	switch g.Kind {
	case GoalDeleted, GoalPresent, GoalTerminating, GoalSameUID:
		var s string
		if err = json.Unmarshal(body, &s); err == nil {
			g.Object, err = ParseObjRef(s)
		}
	case GoalHasFinalizer, GoalNoFinalizer:
		var v struct{ Object, Finalizer string }
		if err = strictJSON(body, &v); err == nil {
			g.Object, g.Finalizer = mustRef(v.Object, &err), v.Finalizer
			if err == nil && v.Finalizer == "" {
				err = fmt.Errorf("no finalizer")
			}
		}
	case GoalOwnedBy, GoalNotOwnedBy, GoalAdoptedBy:
		var v struct{ Object, Owner string }
		if err = strictJSON(body, &v); err == nil {
			g.Object, g.Other = mustRef(v.Object, &err), mustRef(v.Owner, &err)
		}
	case GoalDeletedBefore:
		var v struct{ First, Then string }
		if err = strictJSON(body, &v); err == nil {
			g.Object, g.Other = mustRef(v.First, &err), mustRef(v.Then, &err)
		}
	case GoalNothingDeletedBefore, GoalMaxActions:
		if err = json.Unmarshal(body, &g.N); err == nil && g.N < 0 {
			err = fmt.Errorf("%d is negative", g.N)
		}
	case GoalUsedPolicy:
		if err = json.Unmarshal(body, &g.Policy); err == nil && !slices.Contains(policies, g.Policy) {
			err = fmt.Errorf("policy %q: want Orphan, Background or Foreground", g.Policy)
		}
	case GoalTraceCites:
		if err = json.Unmarshal(body, &g.Rule); err == nil {
			err = knownRule(g.Rule)
		}
	case GoalWhyCites:
		var v struct{ Object, Rule string }
		if err = strictJSON(body, &v); err == nil {
			g.Object, g.Rule = mustRef(v.Object, &err), v.Rule
			if err == nil {
				err = knownRule(v.Rule)
			}
		}
	}
	return err
}

// knownRule refuses a rule id that neither rules file numbers.
func knownRule(id string) error {
	if !rules.ID(id).Known() {
		return fmt.Errorf("rule %q is not in gc-behavior.md or cluster-rules.md", id)
	}
	return nil
}

func goalNames() string {
	var names []string
	for k := range goalTexts {
		names = append(names, string(k))
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// mustRef parses an object name, keeping the first error in *err.
func mustRef(s string, err *error) ObjRef {
	r, e := ParseObjRef(s)
	if e != nil && *err == nil {
		*err = e
	}
	return r
}

func strictJSON(data []byte, v any) error {
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// steps parses a lesson's steps with the scenario step parser, fine steps allowed,
// against the start scenario's resources (start as the file writes it). what names the
// steps in errors.
func (l *Lesson) steps(start map[string]any, what string, raw []Step) ([]scenario.Step, error) {
	// The start's resources (custom kinds) and version (2: the cluster steps scale,
	// setNodeReady and setLabels) decide what a step may say.
	data, err := json.Marshal(map[string]any{"resources": start["resources"], "version": start["version"], "steps": raw})
	if err != nil {
		return nil, err
	}
	sc, err := scenario.ParseWith(what, data, scenario.Options{FineSteps: true})
	var bad *scenario.StepParseError
	if errors.As(err, &bad) {
		// Name the step as the lesson's author wrote it: "solution[2]", not the parsed
		// scenario's "solution: steps[2]".
		return nil, errors.New(bad.Naming(fmt.Sprintf("%s[%d]", what, bad.Index)))
	}
	if err != nil {
		return nil, err
	}
	return sc.Steps, nil
}

// scenario is the start scenario with steps appended after its own: what a run of the
// lesson plays. what names the steps in errors. The start is parsed once (by Parse, or
// here for a Lesson made otherwise) and shared: a run copies the objects it creates.
func (l *Lesson) scenario(what string, steps []scenario.Step) (*scenario.Scenario, error) {
	start, err := l.startScenario(what)
	if err != nil {
		return nil, err
	}
	sc := *start
	sc.File = what
	sc.Steps = append(slices.Clip(start.Steps), steps...)
	return &sc, nil
}

// StartScenario is the start scenario parsed: the one Parse made, shared by every run of
// the lesson and by the page's workspace (lessonmode.Open), which must not change it.
func (l *Lesson) StartScenario() (*scenario.Scenario, error) { return l.startScenario("start") }

func (l *Lesson) startScenario(what string) (*scenario.Scenario, error) {
	if l.start != nil {
		return l.start, nil
	}
	startParses.Add(1)
	return scenario.Parse(what, l.Start) // a Lesson made otherwise than by Parse
}

// startParses and replays (check.go) count the start scenarios parsed and the runs
// played, for the tests that bound a lesson's work (Work).
var startParses atomic.Int64

// Work is the start scenarios parsed and the runs played (Play, Check) so far in the
// process, for the tests that bound the work of checking or opening a lesson.
func Work() (parses, runs int64) { return startParses.Load(), replays.Load() }

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
