// Package direct stands in for k8s.io/apimachinery/pkg/runtime/serializer/cbor/direct in
// the page's build (internal/pagedeps): the page has no CBOR codec, so nothing there
// calls the MarshalCBOR and UnmarshalCBOR methods that use this package, and each of its
// functions answers with ErrNoCBOR instead of keeping the codec in app.wasm.
package direct

import "errors"

// ErrNoCBOR is every function's answer.
var ErrNoCBOR = errors.New("CBOR is not built into the page (internal/pagedeps)")

// Marshal stands in for direct.Marshal: it encodes nothing.
func Marshal(src any) ([]byte, error) { return nil, ErrNoCBOR }

// Unmarshal stands in for direct.Unmarshal: it leaves dst as it is.
func Unmarshal(src []byte, dst any) error { return ErrNoCBOR }

// Diagnose stands in for direct.Diagnose.
func Diagnose(src []byte) (string, error) { return "", ErrNoCBOR }
