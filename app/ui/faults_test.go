package ui

import (
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore/faults"
)

// TestFaultsForm: the Faults panel's form reads back what it shows, and a value that is
// not a number names its field as faults.Config.Validate does (FAULT-1 … FAULT-4).
func TestFaultsForm(t *testing.T) {
	f := faults.Config{Seed: 7, InformerDelay: faults.Delays{Default: faults.Range{Min: 1, Max: 4}}, DropWatch: 0.2, RelistEvery: 30, APIErrors: 0.1}
	got, err := formOf(f).parse(faults.Config{})
	if err != nil || got.Seed != 7 || got.InformerDelay.Default != f.InformerDelay.Default || got.DropWatch != 0.2 || got.RelistEvery != 30 || got.APIErrors != 0.1 {
		t.Fatalf("round trip: %+v, %v", got, err)
	}
	for _, c := range []struct {
		change func(*faultsForm)
		field  string
	}{
		{func(x *faultsForm) { x.seed = "-1" }, "faults.seed"},
		{func(x *faultsForm) { x.delayMax = "two" }, "faults.informerDelay"},
		{func(x *faultsForm) { x.dropWatch = "" }, "faults.dropWatch"},
		{func(x *faultsForm) { x.relistEvery = "1.5" }, "faults.relistEvery"},
		{func(x *faultsForm) { x.apiErrors = "x" }, "faults.apiErrors"},
	} {
		form := formOf(f)
		c.change(&form)
		if _, err := form.parse(f); err == nil || !strings.HasPrefix(err.Error(), c.field+":") {
			t.Errorf("%+v: %v, want an error naming %s", form, err, c.field)
		}
	}
}
