package gccore_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestInputJSONRoundTrip: inputs are plain data; what a saved history or a share link
// carries decodes to the same input.
func TestInputJSONRoundTrip(t *testing.T) {
	o := &gccore.Object{}
	o.APIVersion, o.Kind, o.Name, o.Namespace = "v1", "ConfigMap", "a", "default"
	ref := o.Ref()
	fg := metav1.DeletePropagationForeground
	for _, in := range []gccore.Input{
		{Op: gccore.InputTick},
		{Op: gccore.InputDeliverEvent},
		gccore.CreateInput(o),
		gccore.DeleteInput(ref, metav1.DeleteOptions{PropagationPolicy: &fg}),
		gccore.PatchInput(ref, []byte(`{"metadata":{"labels":{"a":"b"}}}`)),
		gccore.FinalizerInput(ref, "example.com/x", true),
		gccore.FinalizerInput(ref, "example.com/x", false),
	} {
		b, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		var back gccore.Input
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if !back.Equal(in) {
			t.Errorf("%s: %s decodes to %+v", in, b, back)
		}
	}
}

// TestApplyWrapsStatus: an API call's error is the API server's status (API-3 and
// friends), found with errors.As.
func TestApplyWrapsStatus(t *testing.T) {
	sim, err := gccore.New(gccore.Config{})
	if err != nil {
		t.Fatal(err)
	}
	ref := gccore.ObjectRef{APIVersion: "v1", Kind: "ConfigMap", Namespace: "default", Name: "missing"}
	_, err = sim.Apply(gccore.DeleteInput(ref, metav1.DeleteOptions{}))
	var st apierrors.APIStatus
	if !errors.As(err, &st) || st.Status().Code != 404 {
		t.Fatalf("delete of a missing object: %v, want a 404 status", err)
	}
	if _, err := sim.Apply(gccore.Input{Op: gccore.InputDelete}); err == nil {
		t.Fatal("a delete without a ref was applied")
	}
	if _, err := sim.Apply(gccore.Input{Op: "explode"}); err == nil {
		t.Fatal("an unknown op was applied")
	}
}

// TestComponentText: a component is a value (role and worker number) that renders, and
// encodes in JSON, as the text the trace has always shown.
func TestComponentText(t *testing.T) {
	for c, want := range map[gccore.Component]string{
		gccore.Worker(gccore.RoleDeleteWorker, 3):  "delete-worker-3",
		gccore.Worker(gccore.RoleOrphanWorker, 0):  "orphan-worker-0",
		gccore.Worker(gccore.RoleDeleteWorker, 12): "delete-worker-12",
		gccore.CompGraphBuilder:                    "graph-builder",
		{Role: "replicaset-controller"}:            "replicaset-controller",
	} {
		if got := c.String(); got != want {
			t.Errorf("%#v.String() = %q, want %q", c, got, want)
		}
		js, err := json.Marshal(gccore.Record{Component: c})
		if err != nil || !strings.Contains(string(js), `"component":"`+want+`"`) {
			t.Errorf("%#v in JSON: %s, %v", c, js, err)
		}
		var back gccore.Record
		if err := json.Unmarshal(js, &back); err != nil || back.Component != c {
			t.Errorf("%s read back as %#v, %v", js, back.Component, err)
		}
	}
	var c gccore.Component
	if err := c.UnmarshalText([]byte("delete-worker-x")); err == nil {
		t.Errorf("delete-worker-x read as %#v, want an error", c)
	}
}

func TestDelay(t *testing.T) {
	if got := (gccore.Delay{}).Or(gccore.DefaultInformerDelay); got != 1 {
		t.Errorf("unset delay = %d, want the default 1", got)
	}
	if got := gccore.Ticks(0).Or(gccore.DefaultInformerDelay); got != 0 {
		t.Errorf("Ticks(0) = %d, want none", got)
	}
	if got := gccore.Ticks(-4).Or(7); got != 0 {
		t.Errorf("Ticks(-4) = %d, want none", got)
	}
}

// TestRecordJSON: a record's typed fields encode as the text fields they replaced.
func TestRecordJSON(t *testing.T) {
	r := gccore.Record{Seq: 4, Tick: 2, Component: gccore.Worker(gccore.RoleDeleteWorker, 1), Queue: gccore.QueueAttemptToDelete,
		Object: gccore.ObjectRef{APIVersion: "v1", Kind: "Pod", Namespace: "default", Name: "p"}, UID: "u-1",
		Rule: "DEL-9c", Call: "delete v1/pods default/p", Result: gccore.Outcome{Code: 200, Reason: "OK"}}
	js, err := json.Marshal(r)
	want := `{"seq":4,"tick":2,"component":"delete-worker-1","queue":"attemptToDelete","key":"v1/Pod default/p (u-1)","rule":"DEL-9c","text":"","call":"delete v1/pods default/p","result":"200 OK"}`
	if err != nil || string(js) != want {
		t.Errorf("JSON\n%s, %v\nwant\n%s", js, err, want)
	}
	var back gccore.Record
	if err := json.Unmarshal(js, &back); err != nil || back.Result != r.Result || back.Component != r.Component {
		t.Errorf("%s read back as %+v, %v", js, back, err)
	}
}
