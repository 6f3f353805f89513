package gccore

import (
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Object is one stored API object: typed metadata plus the rest of its content.
type Object struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	// Content holds every top-level field other than apiVersion, kind and metadata
	// (spec, data, status...). It is never changed in place: an update installs a new map,
	// so copies of an Object may share it.
	Content map[string]any
}

// Copy returns a copy whose metadata can be changed freely; Content is shared (see Content).
func (o *Object) Copy() *Object {
	c := &Object{TypeMeta: o.TypeMeta, Content: o.Content}
	o.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return c
}

// Ref returns the reference a scenario step or a UI uses to name the object.
func (o *Object) Ref() ObjectRef {
	return ObjectRef{APIVersion: o.APIVersion, Kind: o.Kind, Namespace: o.Namespace, Name: o.Name}
}

// Terminating reports whether the object has a deletionTimestamp.
func (o *Object) Terminating() bool { return o.DeletionTimestamp != nil }

// HasFinalizer reports whether f is among the object's finalizers.
func (o *Object) HasFinalizer(f string) bool { return hasString(o.Finalizers, f) }

// Unstructured renders the object the way the API server serves it.
func (o *Object) Unstructured() *unstructured.Unstructured {
	m := make(map[string]any, len(o.Content)+3)
	for k, v := range o.Content {
		m[k] = runtime.DeepCopyJSONValue(v)
	}
	meta, err := runtime.DefaultUnstructuredConverter.ToUnstructured(&o.ObjectMeta)
	if err != nil {
		panic(fmt.Sprintf("gccore: metadata of %s cannot be rendered: %v", o.Ref(), err)) // ObjectMeta always converts
	}
	delete(meta, "creationTimestamp")
	if !o.CreationTimestamp.IsZero() {
		meta["creationTimestamp"] = o.CreationTimestamp.UTC().Format(time.RFC3339)
	}
	m["apiVersion"], m["kind"], m["metadata"] = o.APIVersion, o.Kind, meta
	return &unstructured.Unstructured{Object: m}
}

// ObjectFromUnstructured splits u into typed metadata and content. It rejects metadata
// whose fields have the wrong types, naming the field.
func ObjectFromUnstructured(u map[string]any) (*Object, error) {
	o := &Object{Content: map[string]any{}}
	for k, v := range u {
		switch k {
		case "apiVersion", "kind":
			s, ok := v.(string)
			if !ok {
				return nil, fmt.Errorf("%s must be a string", k)
			}
			if k == "kind" {
				o.Kind = s
			} else {
				o.APIVersion = s
			}
		case "metadata":
			m, ok := v.(map[string]any)
			if !ok && v != nil {
				return nil, fmt.Errorf("metadata must be a map")
			}
			if metadataFast(m, &o.ObjectMeta) {
				break
			}
			o.ObjectMeta = metav1.ObjectMeta{} // what the fast path filled before it gave up
			if err := runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation(m, &o.ObjectMeta, true); err != nil {
				return nil, fmt.Errorf("metadata: %v", err)
			}
		default:
			o.Content[k] = v
		}
	}
	return o, nil
}

// ObjectRef names an object by apiVersion, kind, namespace and name.
type ObjectRef struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Namespace  string `json:"namespace,omitempty"`
	Name       string `json:"name"`
}

func (r ObjectRef) String() string {
	if r.Namespace == "" {
		return r.APIVersion + "/" + r.Kind + " " + r.Name
	}
	return r.APIVersion + "/" + r.Kind + " " + r.Namespace + "/" + r.Name
}

// GVK returns the reference's group/version/kind.
func (r ObjectRef) GVK() schema.GroupVersionKind {
	return schema.FromAPIVersionAndKind(r.APIVersion, r.Kind)
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func removeString(list []string, s string) []string {
	var out []string
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}
