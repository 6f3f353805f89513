package session

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/app/i18n"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/compare"
	"k8s.io/apimachinery/pkg/types"
)

// Compare is compare mode (issue 26): one scenario open twice, A as written and B with
// one setting changed, stepped together. It holds two Sessions and reads what they ran
// through package compare: the first tick where their traces diverge and the objects
// whose fate differs, as of the tick shown.
type Compare struct {
	Setting compare.Setting
	A, B    *Session

	// selected is the object selected in either graph (Select), by reference: its uid
	// may differ between the runs. Zero when nothing is.
	selected gccore.ObjectRef
}

// NewCompare opens ws twice at its start (workspace.Variant: its scenario with the
// person's actions as steps): A as the person left it, B with set applied.
func NewCompare(lang string, lib *Library, ws *workspace.Workspace, set compare.Setting) (*Compare, error) {
	a, err := ws.Variant(nil)
	if err != nil {
		return nil, err
	}
	return compareWith(lang, lib, a, set)
}

// compareWith opens B beside the workspace a, at a's tick.
func compareWith(lang string, lib *Library, a *workspace.Workspace, set compare.Setting) (*Compare, error) {
	b, err := a.Variant(set.Apply)
	if err != nil {
		return nil, err
	}
	c := &Compare{Setting: set, A: New(lang, lib), B: New(lang, lib)}
	c.A.Open(a)
	c.B.Open(b)
	c.SetPolicy("")
	if err := c.catchUp(); err != nil {
		return nil, err
	}
	if c.A.View().Settled && c.B.View().Idle && !c.B.View().Settled {
		// B stepped to a settled A's tick: the scenario's last step (run: idle) is done
		// once Run until idle applies it, as it was on A.
		if err := c.B.Do(CmdRunIdle); err != nil {
			return nil, err
		}
		return c, c.catchUp()
	}
	return c, nil
}

// compareCmds are the commands that act on both sides.
var compareCmds = map[Cmd]bool{CmdStep: true, CmdRunIdle: true, CmdReset: true, CmdBack: true, CmdForward: true, CmdDelete: true}

// Do runs a time command (Step, Run until idle, Reset, Back, Forward) or Delete on both
// sides; after Run until idle the side that settled first steps on to the other's tick,
// so both always show one tick.
func (c *Compare) Do(cmd Cmd) error {
	if !compareCmds[cmd] {
		return fmt.Errorf("compare mode: %s acts on one session only", cmd)
	}
	if cmd == CmdDelete {
		if err := c.CanDelete(); err != nil {
			return err
		}
		c.A.Selected, c.B.Selected = uidOf(c.A.View(), c.selected), uidOf(c.B.View(), c.selected)
	}
	errA, errB := c.A.Do(cmd), c.B.Do(cmd)
	if errA != nil {
		return fmt.Errorf("A: %w", errA)
	}
	if errB != nil {
		return fmt.Errorf("B (%s): %w", c.Setting, errB)
	}
	if cmd == CmdRunIdle {
		return c.catchUp()
	}
	return nil
}

// catchUp steps the side behind until both show one tick.
func (c *Compare) catchUp() error {
	for range workspace.MaxTicks {
		ta, tb := c.A.View().Tick, c.B.View().Tick
		var err error
		switch {
		case ta < tb:
			err = c.A.Do(CmdStep)
		case tb < ta:
			err = c.B.Do(CmdStep)
		default:
			return nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// SetPolicy is the policy A deletes with (the workspace's, Session.Policy), and B too
// unless the comparison is of the policy, which B then deletes with.
func (c *Compare) SetPolicy(policy string) {
	c.A.Policy, c.B.Policy = policy, policy
	if c.Setting.Key == "policy" {
		c.B.Policy = c.Setting.Value
	}
}

// Select selects, in both graphs, the object with uid in either run (a click in one
// graph): the same object by reference in the other run, whose uid may differ. Another
// uid (a node of the GC's graph with no object) is selected in both as it is.
func (c *Compare) Select(uid types.UID) {
	c.selected = gccore.ObjectRef{}
	c.A.Selected, c.B.Selected = uid, uid
	o, ok := c.A.View().ObjectByUID(uid)
	if !ok {
		o, ok = c.B.View().ObjectByUID(uid)
	}
	if !ok {
		return
	}
	c.selected = o.Ref()
	c.A.Selected, c.B.Selected = uidOf(c.A.View(), c.selected), uidOf(c.B.View(), c.selected)
}

// Selected is the object selected in both graphs, by reference.
func (c *Compare) Selected() (gccore.ObjectRef, bool) {
	return c.selected, c.selected != gccore.ObjectRef{}
}

// uidOf is the uid of the object ref stores in v's run; "" when it stores none.
func uidOf(v *workspace.View, ref gccore.ObjectRef) types.UID {
	for _, o := range v.Objects {
		if o.Ref() == ref {
			return o.UID
		}
	}
	return ""
}

// CanDelete says why Delete cannot act in both runs now, nil when it can: it deletes the
// selected object in each, A with its policy and B with its own (SetPolicy), and the
// comparison's link replays A's delete in B (Link), so both must store it.
func (c *Compare) CanDelete() error {
	ref, ok := c.Selected()
	if !ok {
		return errors.New(i18n.Tr(c.A.Lang, "select an object in the graph first"))
	}
	for _, side := range []struct {
		name string
		view *workspace.View
	}{{"A", c.A.View()}, {"B", c.B.View()}} {
		if uidOf(side.view, ref) == "" {
			return fmt.Errorf(i18n.Tr(c.A.Lang, "%s is gone in %s: Delete acts in both runs"), ref, side.name)
		}
	}
	return nil
}

// Diverge is the first tick at which the two traces, up to the tick shown, differ.
func (c *Compare) Diverge() (compare.Divergence, bool) {
	return compare.Diverge(c.A.View().Trace, c.B.View().Trace)
}

// Fates are the objects whose fate differs at the tick shown.
func (c *Compare) Fates() []compare.Difference {
	return compare.Fates(c.A.View().Objects, c.B.View().Objects)
}

// Marked are the uids, on each side, of the objects whose fate differs: the nodes the
// graphs mark. An object gone on one side has no uid there.
func (c *Compare) Marked() (a, b map[types.UID]bool) {
	refs := map[gccore.ObjectRef]bool{}
	for _, d := range c.Fates() {
		refs[d.Ref] = true
	}
	uids := func(objs []*gccore.Object) map[types.UID]bool {
		m := map[types.UID]bool{}
		for _, o := range objs {
			if refs[o.Ref()] {
				m[o.UID] = true
			}
		}
		return m
	}
	return uids(c.A.View().Objects), uids(c.B.View().Objects)
}

// Ghosts are, on each side, the objects whose fate differs that the other side still
// stores and this one no longer does: the graphs draw them where they would sit
// (scene.WithGhosts), so what went is seen, not only named.
func (c *Compare) Ghosts() (a, b []*gccore.Object) {
	fates := c.Fates()
	gone := func(inA bool, other *workspace.View) []*gccore.Object {
		byRef := make(map[gccore.ObjectRef]*gccore.Object, len(other.Objects))
		for _, o := range other.Objects {
			byRef[o.Ref()] = o
		}
		var out []*gccore.Object
		for _, d := range fates {
			fate := d.B
			if inA {
				fate = d.A
			}
			if fate == compare.Gone {
				out = append(out, byRef[d.Ref]) // fates differ: the other run stores it
			}
		}
		return out
	}
	return gone(true, c.B.View()), gone(false, c.A.View())
}

// CompareLinkKey starts a compare link's fragment: `#compare=KEY=VALUE&ws=CODE`, the
// setting and A's session as Share encodes it (workspace.EncodeShare).
const CompareLinkKey = "compare="

// Link is the fragment (without "#") that reopens this comparison at its tick.
func (c *Compare) Link() string {
	return CompareLinkKey + c.Setting.String() + "&ws=" + c.A.ShareCode()
}

// OpenCompareLink reopens a comparison from its link's fragment (Link): A from its
// session, B beside it at A's tick. A bad link is one error and no comparison.
func OpenCompareLink(lang string, lib *Library, fragment string) (*Compare, error) {
	setting, code, ok := strings.Cut(strings.TrimPrefix(fragment, CompareLinkKey), "&ws=")
	if !ok || !strings.HasPrefix(fragment, CompareLinkKey) {
		return nil, fmt.Errorf("it is not a compare link (want #compare=KEY=VALUE&ws=...)")
	}
	set, err := compare.ParseSetting(setting)
	if err != nil {
		return nil, err
	}
	a, err := workspace.DecodeShare("", code)
	if err != nil {
		return nil, err
	}
	return compareWith(lang, lib, a, set)
}
