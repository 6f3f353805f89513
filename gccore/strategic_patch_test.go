package gccore

import (
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestStrategicMetadataPatch pins API-17's strategic merge patch on metadata: ownerReferences
// merge by uid (S-5: $patch delete; S-6: field overwrite keeps unset fields unset).
func TestStrategicMetadataPatch(t *testing.T) {
	tr, f := true, false
	refs := []metav1.OwnerReference{
		{APIVersion: "v1", Kind: "ConfigMap", Name: "a", UID: "1", BlockOwnerDeletion: &tr},
		{APIVersion: "v1", Kind: "ConfigMap", Name: "b", UID: "2", BlockOwnerDeletion: &f},
		{APIVersion: "v1", Kind: "ConfigMap", Name: "c", UID: "3"},
	}
	cur := &Object{ObjectMeta: metav1.ObjectMeta{Name: "x", UID: "100", OwnerReferences: refs,
		Finalizers: []string{"a/b"}, Labels: map[string]string{"k": "v", "gone": "x"}}}
	for _, tc := range []struct {
		rule, patch, want, err string
	}{
		{"S-5 API-17 delete by uid", `{"metadata":{"uid":"100","ownerReferences":[{"$patch":"delete","uid":"2"},{"$patch":"delete","uid":"3"}]}}`, "1", ""},
		{"API-17 delete of an absent uid is a no-op", `{"metadata":{"ownerReferences":[{"$patch":"delete","uid":"9"}]}}`, "1,2,3", ""},
		{"S-6 DEL-10 unblock overwrites one field", `{"metadata":{"ownerReferences":[{"uid":"1","blockOwnerDeletion":false}]}}`, "1:false,2,3", ""},
		{"API-17 a new uid is appended", `{"metadata":{"ownerReferences":[{"apiVersion":"v1","kind":"Secret","name":"s","uid":"4"}]}}`, "1,2,3,4", ""},
		{"API-17 entry without uid", `{"metadata":{"ownerReferences":[{"name":"x"}]}}`, "", "no uid"},
		{"API-17 only metadata", `{"spec":{"x":1}}`, "", "only metadata"},
		{"API-17 unsupported metadata field", `{"metadata":{"name":"y"}}`, "", "metadata.name"},
		{"API-17 not JSON", `{`, "", "invalid strategic merge patch"},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			got, err := strategicMetadataPatch(cur, []byte(tc.patch))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, r := range got.OwnerReferences {
				id := string(r.UID)
				if r.UID == "1" && r.BlockOwnerDeletion != nil && !*r.BlockOwnerDeletion {
					id += ":false"
				}
				if r.UID == "3" && r.BlockOwnerDeletion != nil {
					t.Fatalf("unset blockOwnerDeletion became %v", *r.BlockOwnerDeletion)
				}
				ids = append(ids, id)
			}
			if s := strings.Join(ids, ","); s != tc.want {
				t.Fatalf("refs = %s, want %s", s, tc.want)
			}
			if len(cur.OwnerReferences) != 3 || !*cur.OwnerReferences[0].BlockOwnerDeletion {
				t.Fatal("the patch changed the stored object in place")
			}
		})
	}
	got, err := strategicMetadataPatch(cur, []byte(`{"metadata":{"finalizers":["a/b","c/d"],"labels":{"gone":null,"n":"1"}}}`))
	if err != nil || strings.Join(got.Finalizers, ",") != "a/b,c/d" || got.Labels["gone"] != "" || got.Labels["n"] != "1" || got.Labels["k"] != "v" {
		t.Fatalf("finalizers/labels merge: %v %v %v", got.Finalizers, got.Labels, err)
	}
}
