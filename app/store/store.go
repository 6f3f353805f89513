// Package store keeps the playground's workspace between visits: in IndexedDB in the
// browser (github.com/hack-pad/go-indexeddb), in memory elsewhere or when the browser
// refuses storage.
package store

import "errors"

// Store saves and loads blobs by key. Implementations may block (IndexedDB awaits a
// promise): call them off the UI goroutine.
type Store interface {
	// Get returns the value saved under key; ErrNotFound if there is none.
	Get(key string) ([]byte, error)
	// Put saves value under key.
	Put(key string, value []byte) error
	// Delete forgets key.
	Delete(key string) error
	// Kind names the storage for the page ("IndexedDB", "memory").
	Kind() string
}

// ErrNotFound is returned by Get for a key with no value.
var ErrNotFound = errors.New("not found")

// Memory is a Store in memory; its zero value is ready to use.
type Memory struct{ m map[string][]byte }

// Get implements Store.
func (s *Memory) Get(key string) ([]byte, error) {
	v, ok := s.m[key]
	if !ok {
		return nil, ErrNotFound
	}
	return append([]byte(nil), v...), nil
}

// Put implements Store.
func (s *Memory) Put(key string, value []byte) error {
	if s.m == nil {
		s.m = map[string][]byte{}
	}
	s.m[key] = append([]byte(nil), value...)
	return nil
}

// Delete implements Store.
func (s *Memory) Delete(key string) error {
	delete(s.m, key)
	return nil
}

// Kind implements Store.
func (s *Memory) Kind() string { return "memory" }
