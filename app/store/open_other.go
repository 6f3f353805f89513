//go:build !(js && wasm)

package store

// Open returns the best store available: outside a browser, memory.
func Open() (Store, error) { return &Memory{}, nil }
