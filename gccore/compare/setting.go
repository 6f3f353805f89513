package compare

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Setting is the one setting in which the second run differs from the first, written
// key=value: "kubernetes=1.16", "policy=Foreground", "informerDelay=3".
type Setting struct{ Key, Value string }

func (s Setting) String() string { return s.Key + "=" + s.Value }

// settings are the keys a compare may vary, each applied to the second run's scenario
// and configuration.
var settings = map[string]func(v string, sc *scenario.Scenario, cfg *gccore.Config) error{
	// kubernetes plays another release's GC rules (the version lens, V-*).
	"kubernetes": func(v string, _ *scenario.Scenario, cfg *gccore.Config) error {
		r, err := gccore.ParseRelease(v)
		cfg.Kubernetes = r
		return err
	},
	// policy deletes with another propagation policy in every delete step (API-12).
	"policy": func(v string, sc *scenario.Scenario, _ *gccore.Config) error {
		policy := metav1.DeletionPropagation(v)
		switch policy {
		case metav1.DeletePropagationOrphan, metav1.DeletePropagationBackground, metav1.DeletePropagationForeground:
		default:
			return fmt.Errorf("want Orphan, Background or Foreground, got %q", v)
		}
		sc.Steps = append([]scenario.Step(nil), sc.Steps...) // the first run's steps are shared
		for i := range sc.Steps {
			if sc.Steps[i].Op == scenario.OpDelete {
				sc.Steps[i].Delete.PropagationPolicy = &policy
				sc.Steps[i].Delete.OrphanDependents = nil
			}
		}
		return nil
	},
	// informerDelay is the GC's informer lag in ticks.
	"informerDelay": func(v string, _ *scenario.Scenario, cfg *gccore.Config) error {
		n, err := ticks(v)
		cfg.InformerDelay = gccore.Ticks(n)
		return err
	},
	// controllerInformerDelay is the controllers' informer lag in ticks (CM-1).
	"controllerInformerDelay": func(v string, _ *scenario.Scenario, cfg *gccore.Config) error {
		n, err := ticks(v)
		cfg.ControllerInformerDelay = n
		return err
	},
	// faults.seed draws the fault lab's delays, losses and errors anew (FAULT-1 … FAULT-4):
	// the same faults: with another seed.
	"faults.seed": func(v string, sc *scenario.Scenario, cfg *gccore.Config) error {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return fmt.Errorf("want a seed (0 or more), got %q", v)
		}
		sc.Faults.Seed = n
		if !cfg.Faults.Active() {
			cfg.Faults.Seed = n // a configuration that only reseeds (--faults-seed) would win
		}
		return nil
	},
	// workers is the number of GC workers per queue.
	"workers": func(v string, _ *scenario.Scenario, cfg *gccore.Config) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > gccore.MaxWorkers {
			return fmt.Errorf("want 1 to %d, got %q", gccore.MaxWorkers, v)
		}
		cfg.Workers = n
		return nil
	},
}

func ticks(v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 1000 {
		return 0, fmt.Errorf("want 0 to 1000 ticks, got %q", v)
	}
	return n, nil
}

// Keys lists the settings a compare may vary, sorted.
func Keys() []string {
	keys := make([]string, 0, len(settings))
	for k := range settings {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// maxSettingChars bounds a setting's text: the longest valid one, a controller informer
// delay, is under 30 characters. A longer one is refused by its length, so that its error
// does not quote a `#compare=` link's megabytes back (issue 21).
const maxSettingChars = 100

// ParseSetting reads key=value; an unknown key or a bad value is one error naming it.
func ParseSetting(s string) (Setting, error) {
	if len(s) > maxSettingChars {
		return Setting{}, fmt.Errorf("a setting of %d characters: want key=value, with key one of %s", len(s), strings.Join(Keys(), ", "))
	}
	key, value, ok := strings.Cut(s, "=")
	if !ok || key == "" {
		return Setting{}, fmt.Errorf("%q: want key=value, with key one of %s", s, strings.Join(Keys(), ", "))
	}
	set := Setting{Key: key, Value: value}
	if _, known := settings[key]; !known {
		return Setting{}, fmt.Errorf("%q: unknown setting %q (want one of %s)", s, key, strings.Join(Keys(), ", "))
	}
	if err := set.Apply(&scenario.Scenario{}, &gccore.Config{}); err != nil {
		return Setting{}, err
	}
	return set, nil
}

// Apply changes the second run's scenario and configuration; sc's steps are copied
// before they change, so the first run's scenario may be the same value.
func (s Setting) Apply(sc *scenario.Scenario, cfg *gccore.Config) error {
	apply, ok := settings[s.Key]
	if !ok {
		return fmt.Errorf("%s: unknown setting", s)
	}
	if err := apply(s.Value, sc, cfg); err != nil {
		return fmt.Errorf("%s: %v", s, err)
	}
	return nil
}
