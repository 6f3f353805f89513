package session

import (
	"fmt"
	"strings"

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
	if set.Key == "policy" {
		c.B.Policy = set.Value
	}
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
var compareCmds = map[Cmd]bool{CmdStep: true, CmdRunIdle: true, CmdReset: true, CmdBack: true, CmdForward: true}

// Do runs a time command (Step, Run until idle, Reset, Back, Forward) on both sides;
// after Run until idle the side that settled first steps on to the other's tick, so both
// always show one tick.
func (c *Compare) Do(cmd Cmd) error {
	if !compareCmds[cmd] {
		return fmt.Errorf("compare mode: %s acts on one session only", cmd)
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
