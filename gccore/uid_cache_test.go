package gccore

import (
	"reflect"
	"testing"

	apitypes "k8s.io/apimachinery/pkg/types"
)

// Tests for absentOwnerCache (AOC-1, AOC-3) and S-4 (TestAbsentOwnerCache, size 2).

func aocID(name, ns string) objectReference {
	return objectReference{APIVersion: "v1", Kind: "ReplicationController", Name: name, UID: apitypes.UID("uid-" + name), Namespace: ns}
}

func aocNames(c *absentOwnerCache) []string {
	var out []string
	for _, id := range c.Entries() {
		out = append(out, id.Name+"@"+id.Namespace)
	}
	return out
}

func TestAbsentOwnerCache(t *testing.T) {
	rc1, rc2, rc3 := aocID("rc1", "ns1"), aocID("rc2", "ns1"), aocID("rc3", "ns1")
	for _, tc := range []struct {
		rule, name string
		size       int
		run        func(c *absentOwnerCache) []bool
		hits       []bool
		entries    []string
	}{
		{"AOC-1", "the key is the full identity: another namespace misses", 500, func(c *absentOwnerCache) []bool {
			c.Add(rc1)
			return []bool{c.Has(rc1), c.Has(aocID("rc1", "ns2")), c.Has(aocID("rc1", ""))}
		}, []bool{true, false, false}, []string{"rc1@ns1"}},
		{"AOC-1", "the key is the full identity: another apiVersion, kind, name or uid misses", 500, func(c *absentOwnerCache) []bool {
			c.Add(rc1)
			v, k, n, u := rc1, rc1, rc1, rc1
			v.APIVersion, k.Kind, n.Name, u.UID = "v2", "Pod", "other", "other"
			return []bool{c.Has(v), c.Has(k), c.Has(n), c.Has(u)}
		}, []bool{false, false, false, false}, []string{"rc1@ns1"}},
		{"AOC-1", "a cluster-scoped identity has an empty namespace", 500, func(c *absentOwnerCache) []bool {
			c.Add(aocID("pv", ""))
			return []bool{c.Has(aocID("pv", "")), c.Has(aocID("pv", "ns1"))}
		}, []bool{true, false}, []string{"pv@"}},
		{"AOC-1", "adding an entry twice keeps one entry and refreshes it", 2, func(c *absentOwnerCache) []bool {
			c.Add(rc1)
			c.Add(rc2)
			c.Add(rc1)
			c.Add(rc3)
			return nil
		}, nil, []string{"rc3@ns1", "rc1@ns1"}},
		{"AOC-1", "LRU eviction when full, no expiry otherwise", 2, func(c *absentOwnerCache) []bool {
			c.Add(rc1)
			c.Add(rc2)
			c.Add(rc3)
			return []bool{c.Has(rc1), c.Has(rc2), c.Has(rc3)}
		}, []bool{false, true, true}, []string{"rc3@ns1", "rc2@ns1"}},
		{"AOC-3", "a miss does not change the order", 2, func(c *absentOwnerCache) []bool {
			c.Add(rc1)
			c.Add(rc2)
			return []bool{c.Has(rc3)}
		}, []bool{false}, []string{"rc2@ns1", "rc1@ns1"}},
		// S-4: rc1Pod1, rc2Pod1, rc1Pod2 (a hit on rc1 that refreshes it), rc3Pod1.
		{"AOC-3", "S-4: a hit refreshes the entry, so rc2 is evicted, not rc1", 2, func(c *absentOwnerCache) []bool {
			hits := []bool{c.Has(rc1)}
			c.Add(rc1)
			hits = append(hits, c.Has(rc2))
			c.Add(rc2)
			hits = append(hits, c.Has(rc1))
			hits = append(hits, c.Has(rc3))
			c.Add(rc3)
			return hits
		}, []bool{false, false, true, false}, []string{"rc3@ns1", "rc1@ns1"}},
	} {
		t.Run(tc.rule+" "+tc.name, func(t *testing.T) {
			c := newAbsentOwnerCache(tc.size)
			hits := tc.run(c)
			if !reflect.DeepEqual(hits, tc.hits) || !reflect.DeepEqual(aocNames(c), tc.entries) {
				t.Errorf("%s: hits=%v entries=%v, want %v %v", tc.rule, hits, aocNames(c), tc.hits, tc.entries)
			}
		})
	}
}
