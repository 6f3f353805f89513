package ui

import (
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/gcplay/gcplay/gccore/faults"
)

// TestFaultsForm: the Faults panel's form reads back what it shows, and a value that is
// not a number names its field as faults.Config.Validate does (FAULT-1 … FAULT-4).
func TestFaultsForm(t *testing.T) {
	pod, dep := schema.GroupVersionKind{Version: "v1", Kind: "Pod"}, schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "Deployment"}
	f := faults.Config{Seed: 7, InformerDelay: faults.Delays{Default: faults.Range{Min: 1, Max: 4},
		ByResource: map[schema.GroupVersionKind]faults.Range{pod: {Min: 2, Max: 8}, dep: {Min: 3, Max: 3}}}, DropWatch: 0.2, RelistEvery: 30, APIErrors: 0.1}
	if got := formOf(f).perResource; got != "apps/v1/Deployment: [3, 3], v1/Pod: [2, 8]" {
		t.Errorf("per resource shown as %q", got)
	}
	got, err := formOf(f).parse(faults.Config{})
	if err != nil || !reflect.DeepEqual(got, f) {
		t.Fatalf("round trip: %+v, %v", got, err)
	}
	form := formOf(f)
	form.perResource = " v1/Pod: 5 "
	if got, err := form.parse(f); err != nil || len(got.InformerDelay.ByResource) != 1 || got.InformerDelay.ByResource[pod] != (faults.Range{Min: 5, Max: 5}) {
		t.Errorf("one range for Pods: %+v, %v", got.InformerDelay, err)
	}
	form.perResource = ""
	if got, err := form.parse(f); err != nil || got.InformerDelay.ByResource != nil {
		t.Errorf("no per-resource range: %+v, %v", got.InformerDelay, err)
	}
	for _, c := range []struct {
		change func(*faultsForm)
		field  string
	}{
		{func(x *faultsForm) { x.seed = "-1" }, "faults.seed"},
		{func(x *faultsForm) { x.delayMax = "two" }, "faults.informerDelay"},
		{func(x *faultsForm) { x.perResource = "Pod: [1, 2]" }, "faults.informerDelay"},
		{func(x *faultsForm) { x.perResource = "v1/Pod: [1, 2" }, "faults.informerDelay"},
		{func(x *faultsForm) { x.perResource = "default: 3" }, "faults.informerDelay"},
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
