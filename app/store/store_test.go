package store

import (
	"errors"
	"testing"
)

func TestMemory(t *testing.T) {
	var s Memory
	if _, err := s.Get("k"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get on empty: %v", err)
	}
	if err := s.Put("k", []byte("v")); err != nil {
		t.Fatal(err)
	}
	if v, err := s.Get("k"); err != nil || string(v) != "v" {
		t.Fatalf("Get = %q, %v", v, err)
	}
	if err := s.Delete("k"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get("k"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get after Delete: %v", err)
	}
}

// TestOpenOutsideBrowser: without a browser the store is memory (under node, IndexedDB
// is missing and Open says so; the page then keeps the workspace in memory).
func TestOpenOutsideBrowser(t *testing.T) {
	s, err := Open()
	if err != nil {
		t.Logf("Open: %v (expected under node)", err)
		return
	}
	if s.Kind() == "" {
		t.Fatal("a store without a kind")
	}
}
