package session

import (
	"fmt"
	"github.com/gcplay/gcplay/gccore/rules"

	"github.com/gcplay/gcplay/app/i18n"
	"github.com/gcplay/gcplay/app/kubectl"
	"github.com/gcplay/gcplay/app/scene"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	"github.com/gcplay/gcplay/lessons"
	"sigs.k8s.io/yaml"
)

// SelectedObject is the stored object that is selected.
func (s *Session) SelectedObject() (*gccore.Object, bool) {
	if s.ws == nil || s.Selected == "" {
		return nil, false
	}
	return s.ws.View().ObjectByUID(s.Selected)
}

// Toggle folds or unfolds a subtree; an unfolded node is marked false, the learner's
// choice, which Fit leaves alone (scene.Fold). Collapsed is replaced, not changed in place.
func (s *Session) Toggle(id string) {
	if s.Collapsed[id] {
		s.Collapsed = scene.Unfold(s.ws.View(), s.Mode, id, s.Collapsed) // one layer in a large graph
		return
	}
	next := make(map[string]bool, len(s.Collapsed)+1)
	for k, v := range s.Collapsed {
		next[k] = v
	}
	next[id] = true
	s.Collapsed = next
}

// CreateObjects parses authored YAML and creates every object in it as one batch. Its
// error is shown next to the text (the editor keeps it), not as the notice.
func (s *Session) CreateObjects(text string) error {
	if err := s.Refuse(lessons.ControlCreate); err != nil {
		return err
	}
	objs, err := s.ws.ParseObjects(text)
	if err != nil {
		return err
	}
	cs := make([]gccore.Input, len(objs))
	for i, o := range objs {
		cs[i] = gccore.CreateInput(o)
	}
	if err := s.ws.Batch(cs); err != nil {
		s.settle(nil)
		return err
	}
	s.Inform(fmt.Sprintf(i18n.Tr(s.Lang, "Created %d object(s) at tick %d."), len(objs), s.ws.View().Tick))
	return s.settle(nil)
}

// DeclareKind serves a custom kind from tick 0: the session is replayed on a base
// scenario that declares it (workspace.WithKind). Selection and run state stay. Its error
// is shown under the declaration form, not as the notice.
func (s *Session) DeclareKind(d gccore.ResourceDecl) error {
	ws, err := s.ws.WithKind(d)
	if err != nil {
		return err
	}
	s.ws = ws
	s.Inform(fmt.Sprintf("Declared %s %s; the session was replayed with it served from tick 0.", d.APIVersion, d.Kind))
	return s.settle(nil)
}

// EditFinalizer adds or removes a finalizer, as the controller that owns it would.
func (s *Session) EditFinalizer(ref gccore.ObjectRef, finalizer string, add bool) error {
	if err := s.Refuse(lessons.ControlFinalizer); err != nil {
		return s.settle(err)
	}
	return s.settle(s.ws.Do(gccore.FinalizerInput(ref, finalizer, add)))
}

// RunConsole runs one kubectl-style command line, stdin its standard input, and returns
// its output; its error is the console's, not the notice.
func (s *Session) RunConsole(line, stdin string) (string, error) {
	if err := s.Refuse(lessons.ControlConsole); err != nil {
		return "", err
	}
	if stdin != "" {
		line += "\n" + stdin
	}
	out, err := kubectl.Run(s.ws, line)
	s.settle(nil)
	return out, err
}

// SetNodeReady sets a node Ready or NotReady at the current tick, as a setNodeReady step
// does (scenario.NodeReadyInput), recorded in the workspace's history.
func (s *Session) SetNodeReady(node string, ready bool) error {
	if err := s.Refuse(lessons.ControlUpdate); err != nil {
		return s.settle(err)
	}
	if err := s.ws.Do(scenario.NodeReadyInput(node, ready)); err != nil {
		return s.settle(err)
	}
	msg := "Node %s is NotReady at tick %d: its kubelet holds the Pods it must remove (KUBELET-2). Click it again to set it Ready."
	if ready {
		msg = "Node %s is Ready at tick %d: its kubelet removes its Terminating Pods when their grace period is over (KUBELET-1)."
	}
	s.Inform(fmt.Sprintf(i18n.Tr(s.Lang, msg), node, s.ws.View().Tick))
	return s.settle(nil)
}

// WhyLine is one sentence of Why in the session's language, with the rule ids its
// Reason cites (gccore.Reason.Rules): the page links them without reading the text.
type WhyLine struct {
	Text  string
	Rules []rules.ID
}

// Why is why the selected object is still stored, in the session's language (the core's
// English format is the key); nil when nothing is selected.
func (s *Session) Why() []WhyLine {
	o, ok := s.SelectedObject()
	if !ok {
		return nil
	}
	return WhyLines(s.ws.Sim().Inspect().Reasons(o.Ref()), s.Lang)
}

// WhyLines says reasons in lang (the core's English format is the key).
func WhyLines(rs []gccore.Reason, lang string) []WhyLine {
	out := make([]WhyLine, len(rs))
	for i, r := range rs {
		out[i] = WhyLine{Text: fmt.Sprintf(i18n.Tr(lang, r.Format), r.Args...), Rules: r.Rules()}
	}
	return out
}

// SelectedYAML is the selected object as YAML, "" when nothing is selected.
func (s *Session) SelectedYAML() string {
	o, ok := s.SelectedObject()
	if !ok {
		return ""
	}
	return ObjectYAML(o)
}

// ObjectYAML is o as the Inspector shows it.
func ObjectYAML(o *gccore.Object) string {
	b, err := yaml.Marshal(o.Unstructured().Object)
	if err != nil {
		return err.Error()
	}
	return string(b)
}
