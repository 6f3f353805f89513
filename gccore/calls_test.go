package gccore

import (
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// TestAPICallText pins the one renderer of API calls in each caller's style: the texts the
// trace goldens hold for a person's, a controller's and the GC's calls (OPS-1 … OPS-4).
func TestAPICallText(t *testing.T) {
	fg, bg := metav1.DeletePropagationForeground, metav1.DeletePropagationBackground
	orphan, grace, uid, rv := false, int64(0), types.UID("u-1"), "7"
	all := metav1.DeleteOptions{PropagationPolicy: &fg, OrphanDependents: &orphan, GracePeriodSeconds: &grace,
		Preconditions: &metav1.Preconditions{UID: &uid, ResourceVersion: &rv}}
	gc := apiCall{byGC, "v1/pods default/p"}
	for _, tc := range []struct{ got, want string }{
		{apiCall{style: byClient}.delete(&all), "delete propagationPolicy=Foreground orphanDependents=false gracePeriodSeconds=0"},
		{apiCall{style: byController}.delete(&all), "delete propagationPolicy=Foreground orphanDependents=false gracePeriodSeconds=0 preconditions.uid=u-1"},
		{apiCall{style: byClient}.delete(&metav1.DeleteOptions{}), "delete"},
		{gc.delete(&metav1.DeleteOptions{PropagationPolicy: &bg, Preconditions: &metav1.Preconditions{UID: &uid, ResourceVersion: &rv}}),
			"delete v1/pods default/p propagationPolicy=Background preconditions(uid=u-1, resourceVersion=7)"},
		{gc.delete(&metav1.DeleteOptions{PropagationPolicy: &bg, Preconditions: &metav1.Preconditions{UID: &uid}}),
			"delete v1/pods default/p propagationPolicy=Background preconditions(uid=u-1)"},
		{apiCall{style: byClient}.patch(MergePatch, []byte(`{"a":1}`)), `patch (merge) {"a":1}`},
		{gc.patch(StrategicPatch, []byte(`{"a":1}`)), `patch v1/pods default/p strategic {"a":1}`},
		{gc.get(), "get v1/pods default/p"},
		{apiCall{style: byController}.create(), "create"},
	} {
		if tc.got != tc.want {
			t.Errorf("got  %s\nwant %s", tc.got, tc.want)
		}
	}
}
