package store

import (
	"errors"
	"fmt"
)

// Fallback writes to Primary and, when a write fails there (a full quota, a private
// window that refuses to store), keeps the value in memory instead, so the session
// goes on where Primary stopped: reads see memory first. A failed write returns a
// *WriteError, which the page shows; the work itself is not lost until the page closes.
type Fallback struct {
	Primary Store

	mem  Memory
	gone map[string]bool // deleted here while Primary still holds the key
}

// WriteError says a write failed in the primary storage and was kept in memory only.
type WriteError struct{ Err error }

func (e *WriteError) Error() string {
	return fmt.Sprintf("saving failed (%v); kept in memory only", e.Err)
}

func (e *WriteError) Unwrap() error { return e.Err }

// Degraded reports whether some data lives in memory only.
func (s *Fallback) Degraded() bool { return len(s.mem.m)+len(s.mem.foreign)+len(s.gone) > 0 }

func (s *Fallback) shadowed(key string) bool {
	_, m := s.mem.m[key]
	_, f := s.mem.foreign[key]
	return m || f || s.gone[key]
}

func (s *Fallback) forget(key string) {
	s.mem.Delete(key)
	delete(s.gone, key)
}

// Get implements Store.
func (s *Fallback) Get(key string) ([]byte, error) {
	if s.shadowed(key) {
		return s.mem.Get(key) // a key in gone is in neither map: ErrNotFound
	}
	return s.Primary.Get(key)
}

// Put implements Store.
func (s *Fallback) Put(key string, value []byte) error {
	err := s.Primary.Put(key, value)
	s.forget(key)
	if err != nil {
		s.mem.Put(key, value)
		return &WriteError{err}
	}
	return nil
}

// Delete implements Store.
func (s *Fallback) Delete(key string) error {
	err := s.Primary.Delete(key)
	s.forget(key)
	if err != nil {
		if s.gone == nil {
			s.gone = map[string]bool{}
		}
		s.gone[key] = true
		return &WriteError{err}
	}
	return nil
}

// Update implements Store. A key kept in memory is updated there (and written through
// when Primary takes it again); f's own error is returned as it is.
func (s *Fallback) Update(key string, f func([]byte, error) ([]byte, error)) error {
	if s.shadowed(key) {
		v, err := f(s.Get(key))
		if err != nil {
			return err
		}
		return s.Put(key, v)
	}
	var wrote []byte
	var ran, failed bool
	err := s.Primary.Update(key, func(old []byte, gerr error) ([]byte, error) {
		v, err := f(old, gerr)
		ran, failed, wrote = true, err != nil, v
		return v, err
	})
	switch {
	case err == nil:
		return nil
	case failed:
		return err
	case !ran: // the transaction did not even start: decide on what Get says
		v, ferr := f(s.Primary.Get(key))
		if ferr != nil {
			return ferr
		}
		wrote = v
	}
	s.mem.Put(key, wrote)
	return &WriteError{err}
}

// Move implements Store.
func (s *Fallback) Move(from, to string) error {
	if !s.shadowed(from) && !s.shadowed(to) {
		err := s.Primary.Move(from, to)
		if err == nil {
			return nil
		}
		// Keep the value readable under its new key in memory.
		v, gerr := s.Primary.Get(from)
		var nt *NotTextError
		switch {
		case errors.As(gerr, &nt):
			s.mem.PutForeign(to, nt)
		case gerr != nil:
			return gerr
		default:
			s.mem.Put(to, v)
		}
		if s.gone == nil {
			s.gone = map[string]bool{}
		}
		s.gone[from] = true
		return &WriteError{err}
	}
	v, err := s.Get(from)
	var nt *NotTextError
	if errors.As(err, &nt) {
		s.mem.PutForeign(to, nt)
		delete(s.gone, to)
		if err := s.Delete(from); err != nil {
			return err
		}
		return &WriteError{errors.New("a value that is not text is kept in memory")}
	}
	if err != nil {
		return err
	}
	perr := s.Put(to, v)
	var we *WriteError
	if perr != nil && !errors.As(perr, &we) {
		return perr
	}
	if err := s.Delete(from); err != nil {
		return err
	}
	return perr
}

// Keys implements Store.
func (s *Fallback) Keys(prefix string) ([]string, error) {
	ks, err := s.Primary.Keys(prefix)
	if err != nil {
		return nil, err
	}
	mk, _ := s.mem.Keys(prefix)
	seen := map[string]bool{}
	var out []string
	for _, k := range append(ks, mk...) {
		if !seen[k] && !s.gone[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	sortStrings(out)
	return out, nil
}

// Kind implements Store.
func (s *Fallback) Kind() string { return s.Primary.Kind() }
