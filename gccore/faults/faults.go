// Package faults is the fault lab's configuration and its one source of chance: a
// scenario's `faults:` section (issue 26) says how late watch events arrive, how many are
// lost until a relist repairs the view, and how often a write fails with a 500. Every draw
// comes from one PCG source seeded by `seed`, in the order the simulation asks, so that the
// same file and seed give the same trace natively and in wasm.
package faults

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"
	sigsjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// MaxDelay bounds an informer delay, in ticks: a class sees an event arrive, not wait for it.
const MaxDelay = 1000

// MaxAPIErrors bounds apiErrors (FAULT-4). Each failed write is retried with a backoff
// capped at 1000 ticks, so a write failing with probability p is tried about 1/(1-p)
// times: at 0.99, 2,000 objects were still retried at the tick bound and Run until idle
// took 20 s and 540 MB natively, its trace growing all the way (issue 21); at 0.9 they
// are idle by about tick 60,000 in 2.7 s and 144 MB.
const MaxAPIErrors = 0.9

// Config is a scenario's `faults:` section. The zero value injects nothing.
type Config struct {
	// Seed seeds every draw (Source).
	Seed uint64 `json:"seed"`
	// InformerDelay is how many ticks late each watch event arrives, drawn per event;
	// a resource's events keep their order.
	InformerDelay Delays `json:"informerDelay"`
	// DropWatch is the probability that a watch event is lost; the informer's next relist
	// (RelistEvery) repairs what it missed.
	DropWatch float64 `json:"dropWatch"`
	// RelistEvery is the period, in ticks, of every informer's relist; 0 is never.
	RelistEvery int64 `json:"relistEvery"`
	// APIErrors is the probability that a write by the GC or a controller fails with a
	// 500 (and is retried with the work queue's backoff).
	APIErrors float64 `json:"apiErrors"`
}

// Parse reads a `faults:` section (YAML or JSON) strictly and validates it: a repeated,
// unknown or miscased field ("dropwatch") is an error, as the API server's strict field
// validation makes it.
func Parse(text []byte) (Config, error) {
	js, err := yaml.YAMLToJSONStrict(text)
	if err != nil {
		return Config{}, oneLine(err)
	}
	if bytes.Equal(bytes.TrimSpace(js), []byte("null")) {
		return Config{}, nil
	}
	var c Config
	strict, err := sigsjson.UnmarshalStrict(js, &c)
	if err == nil && len(strict) > 0 {
		err = strict[0]
	}
	if err != nil {
		return Config{}, oneLine(err)
	}
	return c, c.Validate()
}

func oneLine(err error) error {
	return fmt.Errorf("faults: %s", strings.Join(strings.Fields(err.Error()), " "))
}

// Range is a closed interval of ticks, written [min, max] (or one number for both).
type Range struct{ Min, Max int64 }

// Delays is InformerDelay: one Range for every resource, or a map from "apiVersion/Kind"
// ("v1/Pod", "apps/v1/Deployment") to a Range with "default" for the others.
type Delays struct {
	Default    Range
	ByResource map[schema.GroupVersionKind]Range
}

// For is the delay range of gvk's events.
func (d Delays) For(gvk schema.GroupVersionKind) Range {
	if r, ok := d.ByResource[gvk]; ok {
		return r
	}
	return d.Default
}

// IsZero reports whether no delay was set.
func (d Delays) IsZero() bool { return d.Default == (Range{}) && len(d.ByResource) == 0 }

// Active reports whether c injects anything at all.
func (c Config) Active() bool {
	return !c.InformerDelay.IsZero() || c.DropWatch > 0 || c.RelistEvery > 0 || c.APIErrors > 0
}

// UnmarshalJSON reads [min, max] or a single number.
func (r *Range) UnmarshalJSON(b []byte) error {
	var n int64
	if err := json.Unmarshal(b, &n); err == nil {
		*r = Range{n, n}
		return nil
	}
	var pair []int64
	if err := json.Unmarshal(b, &pair); err != nil || len(pair) != 2 {
		return fmt.Errorf("want a number of ticks or [min, max], got %s", b)
	}
	*r = Range{pair[0], pair[1]}
	return nil
}

// MarshalJSON writes [min, max].
func (r Range) MarshalJSON() ([]byte, error) { return json.Marshal([2]int64{r.Min, r.Max}) }

// UnmarshalJSON reads the flat form (a Range) or the per-resource map.
func (d *Delays) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' {
		*d = Delays{}
		return d.Default.UnmarshalJSON(b)
	}
	var m map[string]Range
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*d = Delays{ByResource: map[schema.GroupVersionKind]Range{}}
	for key, r := range m {
		if key == "default" {
			d.Default = r
			continue
		}
		i := strings.LastIndexByte(key, '/')
		if i <= 0 || i == len(key)-1 {
			return fmt.Errorf("key %q: want apiVersion/Kind (v1/Pod, apps/v1/Deployment) or default", key)
		}
		gv, err := schema.ParseGroupVersion(key[:i])
		if err == nil && gv.Version == "" { // "/" parses as the empty group version
			err = fmt.Errorf("no version in %q", key[:i])
		}
		if err != nil {
			return fmt.Errorf("key %q: %v", key, err)
		}
		d.ByResource[gv.WithKind(key[i+1:])] = r
	}
	return nil
}

// MarshalJSON writes the flat form when there is no per-resource range.
func (d Delays) MarshalJSON() ([]byte, error) {
	if len(d.ByResource) == 0 {
		return d.Default.MarshalJSON()
	}
	m := map[string]Range{"default": d.Default}
	for gvk, r := range d.ByResource {
		m[gvk.GroupVersion().String()+"/"+gvk.Kind] = r
	}
	return json.Marshal(m) // encoding/json sorts map keys
}

// Validate names the first field that is out of range, as "faults.<field>: ...".
func (c Config) Validate() error {
	check := func(field string, r Range) error {
		if r.Min < 0 || r.Max < r.Min || r.Max > MaxDelay {
			return fmt.Errorf("faults.%s: [%d, %d] must satisfy 0 <= min <= max <= %d", field, r.Min, r.Max, MaxDelay)
		}
		return nil
	}
	if err := check("informerDelay", c.InformerDelay.Default); err != nil {
		return err
	}
	keys := make([]string, 0, len(c.InformerDelay.ByResource))
	byKey := map[string]Range{}
	for gvk, r := range c.InformerDelay.ByResource {
		k := gvk.GroupVersion().String() + "/" + gvk.Kind
		keys, byKey[k] = append(keys, k), r
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := check("informerDelay."+k, byKey[k]); err != nil {
			return err
		}
	}
	// Below 1: a watch that never delivers never ends.
	if !(c.DropWatch >= 0 && c.DropWatch < 1) {
		return fmt.Errorf("faults.dropWatch: %v must be at least 0 and below 1", c.DropWatch)
	}
	if !(c.APIErrors >= 0 && c.APIErrors <= MaxAPIErrors) {
		return fmt.Errorf("faults.apiErrors: %v must be from 0 to %v (past it the retries of a few thousand objects outlast the tick bound)", c.APIErrors, MaxAPIErrors)
	}
	if c.RelistEvery < 0 || c.RelistEvery > MaxDelay*100 {
		return fmt.Errorf("faults.relistEvery: %d must be between 0 (never) and %d ticks", c.RelistEvery, MaxDelay*100)
	}
	if c.DropWatch > 0 && c.RelistEvery == 0 {
		return fmt.Errorf("faults.dropWatch: a lost watch event is only repaired by a relist; set faults.relistEvery too")
	}
	return nil
}

// Source is the fault lab's one source of chance. Its draws depend only on the seed and
// the order of the calls, which the deterministic simulation fixes.
type Source struct {
	cfg Config
	rng *rand.Rand
}

// NewSource seeds a Source for cfg. The second PCG word is fixed and differs from the
// uid generator's, so that the same seed gives unrelated streams.
func NewSource(cfg Config) *Source {
	return &Source{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, 0x6661756c7473))}
}

// Delay draws the delay of one watch event of gvk.
func (s *Source) Delay(gvk schema.GroupVersionKind) int64 {
	r := s.cfg.InformerDelay.For(gvk)
	if r.Max == r.Min {
		return r.Min
	}
	return r.Min + s.rng.Int64N(r.Max-r.Min+1)
}

// DropWatch draws whether one watch event is lost.
func (s *Source) DropWatch() bool { return s.cfg.DropWatch > 0 && s.rng.Float64() < s.cfg.DropWatch }

// APIError draws whether one write fails with a 500.
func (s *Source) APIError() bool { return s.cfg.APIErrors > 0 && s.rng.Float64() < s.cfg.APIErrors }

// Relists reports whether tick is a relist tick.
func (s *Source) Relists(tick int64) bool {
	return s.cfg.RelistEvery > 0 && tick > 0 && tick%s.cfg.RelistEvery == 0
}
