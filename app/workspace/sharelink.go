package workspace

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gcplay/gcplay/gccore/scenario"
)

// MaxShareLinkChars bounds the value of a `#ws=` link. 2 MiB is Chrome's limit for a
// whole URL (Firefox and Safari take more); a session of a few thousand actions on a
// scenario of a few thousand objects fits, since the link is compressed. Larger
// sessions travel as an exported scenario file instead.
const MaxShareLinkChars = 2 << 20

// EncodeShare encodes the whole session, as Marshal saves it (the scenario, every input
// and the position), for the `#ws=` URL fragment: base64url (no padding) of its zlib
// stream (DEFLATE with a checksum, so that a changed character is caught, not inflated
// into another session). Opening it (DecodeShare) gives the same objects at the same tick.
func EncodeShare(w *Workspace) string {
	var buf bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&buf, zlib.BestCompression) // the level is valid
	zw.Write(w.Marshal())                                    // a bytes.Buffer does not fail
	zw.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// DecodeShare opens a `#ws=` value as a new workspace named name, or with the name it was
// saved with when name is empty (a lesson's attempt stays one). A value that is too
// long, not base64url, not zlib (or its checksum fails), inflates past MaxTextBytes or is not a saved
// session gives one error line and no workspace; padding and the standard alphabet are
// tolerated, as in DecodeLink. The error says what is wrong with "it" (the link); the
// page says which link.
func DecodeShare(name, s string) (*Workspace, error) {
	s = strings.TrimRight(strings.TrimSpace(s), "=")
	if len(s) > MaxShareLinkChars {
		return nil, fmt.Errorf("it is %d characters, more than the %d gcplay opens; share the session as an exported scenario file instead", len(s), MaxShareLinkChars)
	}
	if s == "" {
		return nil, errors.New("it holds no workspace")
	}
	s = strings.NewReplacer("+", "-", "/", "_").Replace(s)
	z, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("it is damaged (not base64url: %s); copy it again from Share", scenario.OneLine(err.Error()))
	}
	// Inflate at most one byte past the limit, so that a small link cannot expand
	// into gigabytes (a "zip bomb").
	zr, err := zlib.NewReader(bytes.NewReader(z))
	var data []byte
	if err == nil {
		data, err = io.ReadAll(io.LimitReader(zr, MaxTextBytes+1))
	}
	if err != nil {
		return nil, fmt.Errorf("it is damaged or cut short (%s); copy it again from Share", scenario.OneLine(err.Error()))
	}
	if len(data) > MaxTextBytes {
		return nil, errors.New(tooLarge("its workspace", len(data)))
	}
	w, err := Unmarshal(data)
	var limit *LimitError
	if errors.As(err, &limit) {
		return nil, fmt.Errorf("its %s", limit.What)
	}
	if err != nil {
		return nil, fmt.Errorf("it does not hold a gcplay workspace (%s)", scenario.OneLine(err.Error()))
	}
	if name != "" {
		w.name = name
	}
	return w, nil
}
