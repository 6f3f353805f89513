package scenario_test

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	"github.com/gcplay/gcplay/internal/fixtures"
)

// TestControllerLagKeepsOutcomes: every cluster scenario ends with the same objects when
// the controllers read caches 3 ticks behind (CM-1) as with current caches: the same
// names (generated suffixes aside), Terminating or not, finalizers and owners. A stale
// cache delays what the controllers do; expectations (RS-5, JOB-4), conflicts and the
// events that come later keep it from changing what they end with.
func TestControllerLagKeepsOutcomes(t *testing.T) {
	for _, sc := range fixtures.ReadScenarios(t, scenarioDir) {
		name := filepath.Base(sc.Path)
		if !strings.HasPrefix(name, "cluster-") {
			continue
		}
		t.Run(strings.TrimSuffix(name, ".yaml"), func(t *testing.T) {
			var ends [2]string
			for i, delay := range []int{0, 3} {
				r, err := scenario.Run(name, sc.Data, gccore.Config{ControllerInformerDelay: delay}, scenario.DefaultMaxTicks)
				if err != nil {
					t.Fatalf("controller informer delay %d: %v", delay, err)
				}
				ends[i] = outcome(r.Sim.Objects())
			}
			if ends[0] != ends[1] {
				t.Errorf("ends differently with the controllers 3 ticks late:\n%s\nwith current caches:\n%s", ends[1], ends[0])
			}
		})
	}
}

// generated is the random suffix of a name a controller generated (RandSuffix).
var generated = regexp.MustCompile(`-[bcdfghjklmnpqrstvwxz2456789]{5}\b`)

// outcome is the end state without times and generated suffixes: one sorted line per object.
func outcome(objs []*gccore.Object) string {
	var lines []string
	for _, o := range objs {
		var owners []string
		for _, r := range o.OwnerReferences {
			owners = append(owners, r.Kind+"/"+r.Name)
		}
		lines = append(lines, generated.ReplaceAllString(fmt.Sprintf("%s %s terminating=%v finalizers=%v owners=%v",
			o.Ref(), o.Labels, o.Terminating(), o.Finalizers, owners), "-*"))
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}
