// Package store keeps the playground's data between visits: in IndexedDB in the
// browser (github.com/hack-pad/go-indexeddb), in memory elsewhere or when the browser
// refuses storage. It stores opaque text by key; the layout of the keys (the workspace
// catalog, its schema and migrations) is package catalog's.
package store

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Store saves and loads text by key. Implementations may block (IndexedDB awaits a
// promise): call them off the UI goroutine.
type Store interface {
	// Get returns the value saved under key: ErrNotFound if there is none, a
	// *NotTextError if the value is not text (written by something other than gcplay).
	Get(key string) ([]byte, error)
	// Put saves value under key.
	Put(key string, value []byte) error
	// Delete forgets key.
	Delete(key string) error
	// Update reads key and writes what f returns, in one transaction: no other tab
	// writes key in between. old and err are Get's answer; f returning an error writes
	// nothing and Update returns that error.
	Update(key string, f func(old []byte, err error) ([]byte, error)) error
	// Move puts the value of from under to, as it is (whatever its type), and deletes
	// from, in one transaction.
	Move(from, to string) error
	// Keys lists the keys that start with prefix, sorted.
	Keys(prefix string) ([]string, error)
	// Kind names the storage for the page ("IndexedDB", "memory").
	Kind() string
}

// ErrNotFound is returned by Get for a key with no value.
var ErrNotFound = errors.New("not found")

// NotTextError is Get's error for a value that is not a string: gcplay never writes
// one, so it is reported, never mistaken for an absent key.
type NotTextError struct {
	Type string // the JavaScript type ("number", "object", …)
	Text string // the value as text (JSON where possible), for a download
}

func (e *NotTextError) Error() string {
	return fmt.Sprintf("the stored value is a %s, not text", e.Type)
}

// Memory is a Store in memory; its zero value is ready to use. Values that are not
// text can be planted with PutForeign (tests).
type Memory struct {
	m       map[string][]byte
	foreign map[string]*NotTextError
}

// Get implements Store.
func (s *Memory) Get(key string) ([]byte, error) {
	if f, ok := s.foreign[key]; ok {
		return nil, f
	}
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
	delete(s.foreign, key)
	s.m[key] = append([]byte(nil), value...)
	return nil
}

// PutForeign plants a value that is not text under key, as another program might.
func (s *Memory) PutForeign(key string, v *NotTextError) {
	if s.foreign == nil {
		s.foreign = map[string]*NotTextError{}
	}
	delete(s.m, key)
	s.foreign[key] = v
}

// Delete implements Store.
func (s *Memory) Delete(key string) error {
	delete(s.m, key)
	delete(s.foreign, key)
	return nil
}

// Update implements Store.
func (s *Memory) Update(key string, f func([]byte, error) ([]byte, error)) error {
	v, err := f(s.Get(key))
	if err != nil {
		return err
	}
	return s.Put(key, v)
}

// Move implements Store.
func (s *Memory) Move(from, to string) error {
	if fv, ok := s.foreign[from]; ok {
		s.PutForeign(to, fv)
		return s.Delete(from)
	}
	v, err := s.Get(from)
	if err != nil {
		return err
	}
	if err := s.Put(to, v); err != nil {
		return err
	}
	return s.Delete(from)
}

// Keys implements Store.
func (s *Memory) Keys(prefix string) ([]string, error) {
	var out []string
	for k := range s.m {
		if strings.HasPrefix(k, prefix) {
			out = append(out, k)
		}
	}
	for k := range s.foreign {
		if strings.HasPrefix(k, prefix) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out, nil
}

// Kind implements Store.
func (s *Memory) Kind() string { return "memory" }

func sortStrings(s []string) { sort.Strings(s) }
