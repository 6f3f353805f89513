package gccore

import (
	"encoding/json"
	"fmt"
	"sort"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// strategicMetadataPatch applies a strategic merge patch to an object's metadata with
// ObjectMeta's patch strategies (API-17): ownerReferences merge by uid (an entry with
// "$patch": "delete" removes that uid, any other entry overwrites the fields it carries or
// is appended), finalizers merge as a set ("$deleteFromPrimitiveList/finalizers" removes
// the ones it lists), labels and annotations merge as maps (null
// deletes a key), and uid must name the object (checked by the update, API-7).
//
// It covers what the GC and a learner send; apimachinery's generic strategicpatch package
// would cost the playground's wasm ~0.9 MB for the same result. Anything else is refused
// with a clear error rather than applied half-way.
func strategicMetadataPatch(cur *Object, body []byte) (*Object, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil {
		return nil, fmt.Errorf("invalid strategic merge patch: %v", err)
	}
	nu := cur.Copy()
	for key, raw := range top {
		if key != "metadata" {
			return nil, fmt.Errorf("strategic merge patch of %q is not supported by the simulator (only metadata)", key)
		}
		var md map[string]json.RawMessage
		if err := json.Unmarshal(raw, &md); err != nil {
			return nil, fmt.Errorf("invalid strategic merge patch: metadata: %v", err)
		}
		keys := make([]string, 0, len(md))
		for k := range md {
			keys = append(keys, k)
		}
		sort.Strings(keys) // a fixed order, so the first error is always the same
		for _, k := range keys {
			if err := patchMetadataField(nu, k, md[k]); err != nil {
				return nil, fmt.Errorf("invalid strategic merge patch: metadata.%s: %v", k, err)
			}
		}
	}
	return nu, nil
}

// patchMetadataField applies one field of a patch's metadata with ObjectMeta's patch
// strategy for it.
func patchMetadataField(o *Object, key string, raw json.RawMessage) error {
	switch key {
	case "uid":
		var uid types.UID
		if err := json.Unmarshal(raw, &uid); err != nil {
			return err
		}
		o.UID = uid
		return nil
	case "resourceVersion":
		return json.Unmarshal(raw, &o.ResourceVersion)
	case "ownerReferences":
		return mergeOwnerReferences(o, raw)
	case "finalizers":
		return mergeFinalizers(o, raw)
	case "$deleteFromPrimitiveList/finalizers":
		// The directive upstream's controllers send to drop finalizers from the set
		// (the Job controller's removeTrackingFinalizerPatch, JOB-3).
		return dropFinalizers(o, raw)
	case "labels":
		return mergeStringMap(&o.Labels, raw)
	case "annotations":
		return mergeStringMap(&o.Annotations, raw)
	}
	return fmt.Errorf("not supported by the simulator's strategic merge patch")
}

// mergeOwnerReferences applies a patch's ownerReferences, merged by uid; null clears them.
func mergeOwnerReferences(o *Object, raw json.RawMessage) error {
	if isJSONNull(raw) {
		o.OwnerReferences = nil
		return nil
	}
	var entries []map[string]any
	if err := json.Unmarshal(raw, &entries); err != nil {
		return err
	}
	for _, e := range entries {
		if err := mergeOwnerReference(o, e); err != nil {
			return err
		}
	}
	return nil
}

// mergeFinalizers adds a patch's finalizers to the set; null clears it.
func mergeFinalizers(o *Object, raw json.RawMessage) error {
	if isJSONNull(raw) {
		o.Finalizers = nil
		return nil
	}
	var add []string
	if err := json.Unmarshal(raw, &add); err != nil {
		return err
	}
	for _, f := range add {
		if !hasString(o.Finalizers, f) {
			o.Finalizers = append(o.Finalizers, f)
		}
	}
	return nil
}

// dropFinalizers removes the finalizers a $deleteFromPrimitiveList directive lists.
func dropFinalizers(o *Object, raw json.RawMessage) error {
	var drop []string
	if err := json.Unmarshal(raw, &drop); err != nil {
		return err
	}
	var kept []string
	for _, f := range o.Finalizers {
		if !hasString(drop, f) {
			kept = append(kept, f)
		}
	}
	o.Finalizers = kept
	return nil
}

// mergeStringMap merges a patch's labels or annotations into *target: a null value
// deletes its key, a null map clears them all.
func mergeStringMap(target *map[string]string, raw json.RawMessage) error {
	if isJSONNull(raw) {
		*target = nil
		return nil
	}
	var m map[string]*string
	if err := json.Unmarshal(raw, &m); err != nil {
		return err
	}
	for k, v := range m {
		if v == nil {
			delete(*target, k)
			continue
		}
		if *target == nil {
			*target = map[string]string{}
		}
		(*target)[k] = *v
	}
	return nil
}

// mergeOwnerReference applies one ownerReferences entry, merged by uid.
func mergeOwnerReference(o *Object, e map[string]any) error {
	uid, _ := e["uid"].(string)
	if uid == "" {
		return fmt.Errorf("an entry has no uid (the merge key)")
	}
	if e["$patch"] == "delete" {
		var kept []metav1.OwnerReference
		for _, r := range o.OwnerReferences {
			if string(r.UID) != uid {
				kept = append(kept, r)
			}
		}
		o.OwnerReferences = kept
		return nil
	}
	delete(e, "$patch")
	for i, r := range o.OwnerReferences {
		if string(r.UID) != uid {
			continue
		}
		base, err := json.Marshal(r)
		if err != nil {
			return err
		}
		var m map[string]any
		_ = json.Unmarshal(base, &m)
		for k, v := range e {
			m[k] = v
		}
		b, _ := json.Marshal(m)
		var merged metav1.OwnerReference
		if err := json.Unmarshal(b, &merged); err != nil {
			return err
		}
		refs := append([]metav1.OwnerReference(nil), o.OwnerReferences...)
		refs[i] = merged
		o.OwnerReferences = refs
		return nil
	}
	b, _ := json.Marshal(e)
	var added metav1.OwnerReference
	if err := json.Unmarshal(b, &added); err != nil {
		return err
	}
	o.OwnerReferences = append(append([]metav1.OwnerReference(nil), o.OwnerReferences...), added)
	return nil
}
