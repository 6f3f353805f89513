package workspace

import (
	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
)

// Variant is a new workspace on w's export (its scenario with the person's actions as
// steps, ExportScenario) and settings, at its start, whose scenario and configuration
// change first changed (compare mode's runs, compare.Setting.Apply; nil: an unchanged
// replay). So what the person created and deleted is played too, and a policy setting
// applies to the person's deletes. w is not touched; change gets the parsed export, whose
// steps it must copy before changing them.
func (w *Workspace) Variant(change func(*scenario.Scenario, *gccore.Config) error) (*Workspace, error) {
	source := w.ExportScenario()
	parses.Add(1)
	parsed, err := scenario.Parse(w.name, source)
	if err != nil {
		return nil, err
	}
	sc, cfg := *parsed, w.settings.config()
	if change != nil {
		if err := change(&sc, &cfg); err != nil {
			return nil, err
		}
	}
	v := &Workspace{name: w.name, sc: &sc, settings: w.settings, cfg: cfg}
	if err := v.rebuild(); err != nil {
		return nil, err
	}
	// Its source is its own export at tick 0, which carries what change set (the faults
	// of a Re-roll): saved and opened again, it plays the variant, not w.
	v.source = v.ExportScenario()
	v.publish()
	return v, nil
}
