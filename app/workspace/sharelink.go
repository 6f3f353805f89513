package workspace

import (
	"bytes"
	"compress/flate"
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
// and the position), for the `#ws=` URL fragment: base64url (no padding) of its raw
// DEFLATE. Opening it (DecodeShare) gives the same objects at the same tick.
func EncodeShare(w *Workspace) string {
	var buf bytes.Buffer
	zw, _ := flate.NewWriter(&buf, flate.BestCompression) // the level is valid
	zw.Write(w.Marshal())                                  // a bytes.Buffer does not fail
	zw.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// DecodeShare opens a `#ws=` value as a new workspace named name. A value that is too
// long, not base64url, not DEFLATE, inflates past MaxTextBytes or is not a saved
// session gives one error line and no workspace; padding and the standard alphabet are
// tolerated, as in DecodeLink.
func DecodeShare(name, s string) (*Workspace, error) {
	s = strings.TrimRight(strings.TrimSpace(s), "=")
	if len(s) > MaxShareLinkChars {
		return nil, fmt.Errorf("the #ws= link is %d characters, more than the %d gcplay opens; share the session as an exported scenario file instead", len(s), MaxShareLinkChars)
	}
	if s == "" {
		return nil, errors.New("the #ws= link holds no workspace")
	}
	s = strings.NewReplacer("+", "-", "/", "_").Replace(s)
	z, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("the #ws= link is damaged (not base64url: %s); copy it again from Share", scenario.OneLine(err.Error()))
	}
	// Inflate at most one byte past the limit, so that a small link cannot expand
	// into gigabytes (a "zip bomb").
	data, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(z)), MaxTextBytes+1))
	if err != nil {
		return nil, fmt.Errorf("the #ws= link is damaged or cut short (%s); copy it again from Share", scenario.OneLine(err.Error()))
	}
	if len(data) > MaxTextBytes {
		return nil, errors.New(tooLarge("the #ws= link's workspace", len(data)))
	}
	w, err := Unmarshal(data)
	if err != nil {
		return nil, fmt.Errorf("the #ws= link does not hold a gcplay workspace: %s", scenario.OneLine(err.Error()))
	}
	w.name = name
	return w, nil
}
