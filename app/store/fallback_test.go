package store

import (
	"errors"
	"testing"
)

// errQuota stands for the browser's QuotaExceededError.
var errQuota = errors.New("QuotaExceededError: the quota has been exceeded")

// full is a Store that reads but refuses every write, as a full quota does.
type full struct{ Memory }

func (s *full) Put(string, []byte) error { return errQuota }
func (s *full) Delete(string) error      { return errQuota }
func (s *full) Move(string, string) error {
	return errQuota
}
func (s *full) Update(key string, f func([]byte, error) ([]byte, error)) error {
	if _, err := f(s.Get(key)); err != nil {
		return err
	}
	return errQuota
}

// TestFallbackKeepsWritesInMemory: with the quota full every write reports a
// WriteError, and the values are still there to read: the session continues in memory.
func TestFallbackKeepsWritesInMemory(t *testing.T) {
	var prim full
	prim.Memory.Put("old", []byte("on disk"))
	s := &Fallback{Primary: &prim}
	var we *WriteError
	if err := s.Put("a", []byte("1")); !errors.As(err, &we) || !errors.Is(err, errQuota) {
		t.Fatalf("Put on a full store: %v, want a WriteError wrapping the quota error", err)
	}
	if v, err := s.Get("a"); err != nil || string(v) != "1" {
		t.Fatalf("Get after a failed Put = %q, %v", v, err)
	}
	if err := s.Update("a", func(old []byte, err error) ([]byte, error) { return append(old, '2'), err }); !errors.As(err, &we) {
		t.Fatalf("Update: %v", err)
	}
	if err := s.Update("old", func(old []byte, err error) ([]byte, error) { return append(old, '!'), err }); !errors.As(err, &we) {
		t.Fatalf("Update of a stored key: %v", err)
	}
	if v, _ := s.Get("old"); string(v) != "on disk!" {
		t.Fatalf("Update kept %q in memory", v)
	}
	sentinel := errors.New("conflict")
	if err := s.Update("a", func([]byte, error) ([]byte, error) { return nil, sentinel }); err != sentinel {
		t.Fatalf("f's own error came back as %v", err)
	}
	if err := s.Move("old", "moved"); !errors.As(err, &we) {
		t.Fatalf("Move: %v", err)
	}
	if ks, _ := s.Keys(""); len(ks) != 2 || ks[0] != "a" || ks[1] != "moved" {
		t.Fatalf("Keys = %q, want [a moved]", ks)
	}
	if v, _ := s.Get("a"); string(v) != "12" {
		t.Fatalf("a = %q", v)
	}
	if !s.Degraded() {
		t.Fatal("not degraded after failed writes")
	}
}

// TestFallbackWritesThroughAgain: once Primary takes writes again, the memory copy goes.
func TestFallbackWritesThroughAgain(t *testing.T) {
	var prim Memory
	s := &Fallback{Primary: &prim}
	s.mem.Put("a", []byte("mem"))
	if err := s.Put("a", []byte("disk")); err != nil {
		t.Fatal(err)
	}
	if v, _ := prim.Get("a"); string(v) != "disk" || s.Degraded() {
		t.Fatalf("primary has %q, degraded %v", v, s.Degraded())
	}
}

func TestMemoryUpdateMoveKeys(t *testing.T) {
	var s Memory
	s.Put("ws/1", []byte("x"))
	s.PutForeign("ws/2", &NotTextError{Type: "number", Text: "42"})
	var nt *NotTextError
	if _, err := s.Get("ws/2"); !errors.As(err, &nt) || nt.Text != "42" {
		t.Fatalf("Get of a number: %v", err)
	}
	if err := s.Move("ws/2", "q/2"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get("q/2"); !errors.As(err, &nt) {
		t.Fatalf("the moved value changed type: %v", err)
	}
	if ks, _ := s.Keys("ws/"); len(ks) != 1 || ks[0] != "ws/1" {
		t.Fatalf("Keys(ws/) = %q", ks)
	}
	if err := s.Update("ws/1", func(old []byte, err error) ([]byte, error) { return append(old, 'y'), err }); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.Get("ws/1"); string(v) != "xy" {
		t.Fatalf("after Update: %q", v)
	}
}
