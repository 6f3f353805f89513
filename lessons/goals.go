package lessons

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/rules"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// GoalKind names a goal's check.
type GoalKind string

// The goals. Object goals name objects as "Kind/name" or "Kind/namespace/name".
const (
	GoalDeleted              GoalKind = "deleted"              // the object was deleted and is gone
	GoalPresent              GoalKind = "present"              // the object is stored and not Terminating
	GoalTerminating          GoalKind = "terminating"          // the object is stored with a deletionTimestamp
	GoalHasFinalizer         GoalKind = "hasFinalizer"         // the object holds the finalizer
	GoalNoFinalizer          GoalKind = "noFinalizer"          // the object is stored without the finalizer
	GoalOwnedBy              GoalKind = "ownedBy"              // the object has an ownerReference to the stored owner's uid
	GoalNotOwnedBy           GoalKind = "notOwnedBy"           // the object is stored with no ownerReference naming owner
	GoalDeletedBefore        GoalKind = "deletedBefore"        // first was deleted before then, both deleted
	GoalNothingDeletedBefore GoalKind = "nothingDeletedBefore" // no deletion before tick N (a constraint)
	GoalUsedPolicy           GoalKind = "usedPolicy"           // a learner's delete used the policy
	GoalMaxActions           GoalKind = "maxActions"           // at most N learner actions (a constraint)
	GoalWhyCites             GoalKind = "whyCites"             // the object's "why" cites the rule
	GoalSameUID              GoalKind = "sameUID"              // the object was never deleted: the one of the start (a constraint)
	GoalAdoptedBy            GoalKind = "adoptedBy"            // an ownerReference holds the uid of owner, re-created since
	GoalTraceCites           GoalKind = "traceCites"           // a trace record since the start at rest cites the rule
)

// Goal is one check of a lesson.
type Goal struct {
	Kind GoalKind
	// Object is the object the goal is about; Other is the owner (ownedBy, notOwnedBy)
	// or the later deletion (deletedBefore: Object first, then Other).
	Object, Other ObjRef
	Finalizer     string
	Rule          string
	Policy        string
	N             int64
	// Text replaces the generated wording, if set.
	Text Text
}

// Keep reports whether the goal is one the learner must keep rather than reach: an object
// that must survive, a bound on actions or on early deletions. Such goals hold before
// anyone acts, so Check does not require them unmet at the start; every other goal must
// be unmet there.
func (g Goal) Keep() bool {
	return g.Kind == GoalPresent || g.Kind == GoalNothingDeletedBefore || g.Kind == GoalMaxActions || g.Kind == GoalSameUID
}

// ObjRef names an object in a goal: its kind, namespace (empty: "default" or cluster
// scope) and name.
type ObjRef struct{ Kind, Namespace, Name string }

// ParseObjRef reads "Kind/name" or "Kind/namespace/name".
func ParseObjRef(s string) (ObjRef, error) {
	parts := strings.Split(s, "/")
	for _, p := range parts {
		if p == "" {
			return ObjRef{}, fmt.Errorf("object %q: want Kind/name or Kind/namespace/name", s)
		}
	}
	switch len(parts) {
	case 2:
		return ObjRef{Kind: parts[0], Name: parts[1]}, nil
	case 3:
		return ObjRef{Kind: parts[0], Namespace: parts[1], Name: parts[2]}, nil
	}
	return ObjRef{}, fmt.Errorf("object %q: want Kind/name or Kind/namespace/name", s)
}

func (r ObjRef) String() string {
	if r.Namespace != "" {
		return r.Kind + " " + r.Namespace + "/" + r.Name
	}
	return r.Kind + " " + r.Name
}

// Matches reports whether ref names this object.
func (r ObjRef) Matches(ref gccore.ObjectRef) bool {
	if r.Kind != ref.Kind || r.Name != ref.Name {
		return false
	}
	if r.Namespace != "" {
		return r.Namespace == ref.Namespace
	}
	return ref.Namespace == "" || ref.Namespace == "default"
}

// State is what goals are judged on: the stored objects now and the history so far.
type State struct {
	Tick    int64
	Objects []*gccore.Object
	// Deletions are the objects removed from storage, in the order they went.
	Deletions []Deletion
	// Actions are the learner's actions, in order (not the start scenario's).
	Actions []Action
	// Why answers "why is this object not deleted yet" (gccore.Inspector.Reasons): sentences
	// that carry the rule ids they cite.
	Why func(gccore.ObjectRef) []gccore.Reason
	// Cited reports whether a trace record since the start at rest cites the rule (its
	// Rule or Also, gccore.Record.Rules): what the learner's run made the GC or a
	// controller do, not what the start did. Nil cites nothing.
	Cited func(rules.ID) bool
}

// CitedIn is a State's Cited over records: whether one of them cites the rule.
func CitedIn(records []gccore.Record) func(rules.ID) bool {
	return func(id rules.ID) bool {
		return slices.ContainsFunc(records, func(r gccore.Record) bool { return slices.Contains(r.Rules(), id) })
	}
}

// Deletion is an object's removal from storage.
type Deletion struct {
	Ref  gccore.ObjectRef
	Tick int64
}

// Action is one learner action.
type Action struct {
	Op     string // a scenario step name: create, update, delete, addFinalizer, removeFinalizer
	Ref    gccore.ObjectRef
	Policy string // delete's propagationPolicy; "" for the API server's default
}

// ActionOf is the learner's action an input is, if it is one (not a step of time): the
// one reading of inputs that lessons.Play and the page's lesson mode share.
func ActionOf(in gccore.Input) (Action, bool) {
	if !in.Action() {
		return Action{}, false
	}
	a := Action{Op: string(in.Op)}
	if in.Ref != nil {
		a.Ref = *in.Ref
	}
	if in.Op == gccore.InputCreate {
		if o, err := gccore.ObjectFromUnstructured(in.Object); err == nil {
			a.Ref = o.Ref()
		}
	}
	if in.Options != nil && in.Options.PropagationPolicy != nil {
		a.Policy = string(*in.Options.PropagationPolicy)
	}
	return a, true
}

func (s *State) object(r ObjRef) (*gccore.Object, bool) {
	for _, o := range s.Objects {
		if r.Matches(o.Ref()) {
			return o, true
		}
	}
	return nil, false
}

func (s *State) deletedAt(r ObjRef) int {
	for i, d := range s.Deletions {
		if r.Matches(d.Ref) {
			return i
		}
	}
	return -1
}

// ownedBy reports whether an ownerReference of o holds the uid of the stored owner: by
// uid, as the GC judges it (a reference to the name with a stale uid is dangling).
func (s *State) ownedBy(o *gccore.Object, owner ObjRef) bool {
	own, ok := s.object(owner)
	return ok && slices.ContainsFunc(o.OwnerReferences, func(ref metav1.OwnerReference) bool {
		return ref.Kind == owner.Kind && ref.UID == own.UID
	})
}

// Met reports whether the goal holds in s.
func (g Goal) Met(s *State) bool {
	o, stored := s.object(g.Object)
	switch g.Kind {
	case GoalDeleted:
		return !stored && s.deletedAt(g.Object) >= 0
	case GoalPresent:
		return stored && !o.Terminating()
	case GoalTerminating:
		return stored && o.Terminating()
	case GoalHasFinalizer:
		return stored && slices.Contains(o.Finalizers, g.Finalizer)
	case GoalNoFinalizer:
		return stored && !slices.Contains(o.Finalizers, g.Finalizer)
	case GoalOwnedBy:
		return stored && s.ownedBy(o, g.Other)
	case GoalAdoptedBy:
		// The owner now stored is not the start's: it was deleted since (a uid only
		// changes by a delete and a create).
		return stored && s.deletedAt(g.Other) >= 0 && s.ownedBy(o, g.Other)
	case GoalSameUID:
		return stored && s.deletedAt(g.Object) < 0
	case GoalNotOwnedBy:
		return stored && !slices.ContainsFunc(o.OwnerReferences, func(ref metav1.OwnerReference) bool {
			return ref.Kind == g.Other.Kind && ref.Name == g.Other.Name
		})
	case GoalDeletedBefore:
		first, then := s.deletedAt(g.Object), s.deletedAt(g.Other)
		return first >= 0 && then >= 0 && first < then
	case GoalNothingDeletedBefore:
		return len(s.Deletions) == 0 || s.Deletions[0].Tick >= g.N
	case GoalUsedPolicy:
		return slices.ContainsFunc(s.Actions, func(a Action) bool { return a.Op == "delete" && a.Policy == g.Policy })
	case GoalMaxActions:
		return int64(len(s.Actions)) <= g.N
	case GoalWhyCites:
		if !stored || s.Why == nil {
			return false
		}
		return slices.ContainsFunc(s.Why(o.Ref()), func(r gccore.Reason) bool { return slices.Contains(r.Rules(), rules.ID(g.Rule)) })
	}
	if g.Kind == GoalTraceCites {
		return s.Cited != nil && s.Cited(rules.ID(g.Rule))
	}
	return false
}

// Describe is the goal in words, in lang: the checklist's line.
func (g Goal) Describe(lang string) string {
	if len(g.Text) > 0 {
		return g.Text.In(lang)
	}
	t := goalTexts[g.Kind]
	if lang == "zh-CN" {
		return g.fill(t.zh)
	}
	return g.fill(t.en)
}

// fill replaces the placeholders of a goal text: {object} {other} {finalizer} {rule}
// {policy} {n}.
func (g Goal) fill(s string) string {
	return strings.NewReplacer("{object}", g.Object.String(), "{other}", g.Other.String(), "{finalizer}", g.Finalizer,
		"{rule}", g.Rule, "{policy}", g.Policy, "{n}", fmt.Sprint(g.N)).Replace(s)
}

var goalTexts = map[GoalKind]struct{ en, zh string }{
	GoalDeleted:              {"{object} is deleted", "{object} 已被删除"},
	GoalPresent:              {"{object} still exists, not Terminating", "{object} 仍然存在，且未处于 Terminating"},
	GoalTerminating:          {"{object} is Terminating", "{object} 处于 Terminating 状态"},
	GoalHasFinalizer:         {"{object} holds the finalizer {finalizer}", "{object} 带有 finalizer {finalizer}"},
	GoalNoFinalizer:          {"{object} no longer holds the finalizer {finalizer}", "{object} 不再带有 finalizer {finalizer}"},
	GoalOwnedBy:              {"{object} is owned by {other} (its ownerReference holds that object's uid)", "{object} 属于 {other}（ownerReference 中是该对象的 uid）"},
	GoalNotOwnedBy:           {"{object} exists with no ownerReference to {other}", "{object} 仍然存在，且没有指向 {other} 的 ownerReference"},
	GoalDeletedBefore:        {"{object} is deleted before {other}", "{object} 先于 {other} 被删除"},
	GoalNothingDeletedBefore: {"Nothing is deleted before tick {n}", "第 {n} 个 tick 之前没有对象被删除"},
	GoalUsedPolicy:           {"You delete with propagationPolicy {policy}", "你使用 propagationPolicy {policy} 进行删除"},
	GoalMaxActions:           {"At most {n} actions", "最多 {n} 个操作"},
	GoalWhyCites:             {"The “why” of {object} cites {rule}", "{object} 的“为什么”引用了 {rule}"},
	GoalSameUID:              {"{object} is still the object of the start (same uid, never deleted)", "{object} 仍是开始时的那个对象（uid 不变，从未被删除）"},
	GoalAdoptedBy:            {"{object} is owned by the re-created {other} (its ownerReference holds the new uid)", "{object} 属于重新创建的 {other}（ownerReference 中是新的 uid）"},
	GoalTraceCites:           {"The trace cites {rule} after the start", "开始之后的轨迹引用了 {rule}"},
}
