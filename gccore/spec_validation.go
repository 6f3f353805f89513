package gccore

import (
	"math"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// countFields are the int32 counts of the workload kinds whose controllers gcplay runs
// (package cluster) or whose counts a person may scale: the API server decodes each into
// an int32 and refuses a negative one (API-2: the object is invalid, nothing is stored).
// A controller then reads a count that is a whole number from 0 to 2^31-1 (issue 21:
// `replicas: -1` made the ReplicaSet controller panic, and "3", 1.5 or true were read as 1).
var countFields = map[schema.GroupKind][]string{
	{Group: "apps", Kind: "Deployment"}:        {"replicas"},
	{Group: "apps", Kind: "ReplicaSet"}:        {"replicas"},
	{Group: "apps", Kind: "StatefulSet"}:       {"replicas"},
	{Group: "", Kind: "ReplicationController"}: {"replicas"},
	{Group: "batch", Kind: "Job"}:              {"parallelism", "completions"},
}

// validateCounts checks the countFields of o's kind under spec.
func validateCounts(r *Resource, o *Object) field.ErrorList {
	names := countFields[r.GVK.GroupKind()]
	if names == nil {
		return nil
	}
	spec, _ := o.Content["spec"].(map[string]any)
	var errs field.ErrorList
	for _, name := range names {
		v, ok := spec[name]
		if !ok || v == nil {
			continue // unset: defaulted (1, or the Job's parallelism 1)
		}
		path := field.NewPath("spec", name)
		n, whole := wholeNumber(v)
		switch {
		case !whole || n > math.MaxInt32:
			errs = append(errs, field.Invalid(path, v, "must be a whole number from 0 to 2147483647 (int32)"))
		case n < 0:
			errs = append(errs, field.Invalid(path, v, "must be greater than or equal to 0"))
		}
	}
	return errs
}

// wholeNumber reads a decoded JSON number that has no fractional part; a string, a bool
// or a number beyond int64 is not one.
func wholeNumber(v any) (int64, bool) {
	switch n := v.(type) {
	case int64:
		return n, true
	case int:
		return int64(n), true
	case int32:
		return int64(n), true
	case float64:
		if n != math.Trunc(n) || n < math.MinInt64 || n >= math.MaxInt64 {
			return 0, false
		}
		return int64(n), true
	}
	return 0, false
}

// WholeNumber reads a whole number as a decoded scenario holds it (int64, int or a
// float64 without a fraction).
func WholeNumber(v any) (int64, bool) { return wholeNumber(v) }

// SpecCount reads a count of countFields that the API server has validated, or def when
// it is unset.
func SpecCount(o *Object, name string, def int64) int64 {
	spec, _ := o.Content["spec"].(map[string]any)
	if n, ok := wholeNumber(spec[name]); ok {
		return n
	}
	return def
}
