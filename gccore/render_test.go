package gccore

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// TestListStreamsTheSameBytes: WriteListYAML and WriteListJSON, which render one object at
// a time, print exactly what marshalling the whole List printed, including long strings
// that YAML folds at a column and multi-line strings.
func TestListStreamsTheSameBytes(t *testing.T) {
	long := strings.Repeat("word ", 40)
	var objs []*Object
	for _, m := range []map[string]any{
		{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "a", "namespace": "default",
			"annotations": map[string]any{"long": long, "lines": "one\ntwo\n\nfour\n", "odd": "- not: a list", "html": "<a&b>"}},
			"data": map[string]any{"k": long + "\n" + long, "empty": "", "yes": "yes", "num": "0755"}},
		{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": map[string]any{"name": "b", "namespace": "x",
			"ownerReferences": []any{map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "name": "a", "uid": "u", "controller": true}},
			"finalizers":      []any{"example.com/" + strings.Repeat("f", 60)}}, "spec": map[string]any{"replicas": int64(3), "list": []any{[]any{"x", long}}}},
		{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "c"}},
	} {
		o, err := ObjectFromUnstructured(m)
		if err != nil {
			t.Fatal(err)
		}
		objs = append(objs, o)
	}
	for n := 0; n <= len(objs); n++ {
		list := ListObject(objs[:n])
		wantYAML, err := yaml.Marshal(list)
		if err != nil {
			t.Fatal(err)
		}
		wantJSON, err := json.MarshalIndent(list, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		wantJSON = append(wantJSON, '\n')
		var gotYAML, gotJSON bytes.Buffer
		if err := WriteListYAML(&gotYAML, objs[:n]); err != nil {
			t.Fatal(err)
		}
		if err := WriteListJSON(&gotJSON, objs[:n]); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(gotYAML.Bytes(), wantYAML) {
			t.Errorf("%d objects, YAML:\n%s\nwant:\n%s", n, gotYAML.Bytes(), wantYAML)
		}
		if !bytes.Equal(gotJSON.Bytes(), wantJSON) {
			t.Errorf("%d objects, JSON:\n%s\nwant:\n%s", n, gotJSON.Bytes(), wantJSON)
		}
	}
}
