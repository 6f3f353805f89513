package direct

import (
	"errors"
	"testing"
)

func TestEveryCallAnswersErrNoCBOR(t *testing.T) {
	if b, err := Marshal("x"); b != nil || !errors.Is(err, ErrNoCBOR) {
		t.Errorf("Marshal = %q, %v", b, err)
	}
	s := "kept"
	if err := Unmarshal([]byte{0x61, 0x79}, &s); !errors.Is(err, ErrNoCBOR) || s != "kept" {
		t.Errorf("Unmarshal = %v, dst %q", err, s)
	}
	if d, err := Diagnose([]byte{0x01}); d != "" || !errors.Is(err, ErrNoCBOR) {
		t.Errorf("Diagnose = %q, %v", d, err)
	}
}
