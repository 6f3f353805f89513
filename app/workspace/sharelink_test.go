package workspace

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"strings"
	"testing"
	"unicode"

	"github.com/gcplay/gcplay/gccore"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// sharedSession is the default example after a Foreground delete of its Deployment and a
// few ticks, rewound one step: a link must keep the future after the position too.
func sharedSession(t *testing.T) *Workspace {
	t.Helper()
	w, _, err := OpenExample(DefaultExample)
	if err != nil {
		t.Fatal(err)
	}
	fg := metav1.DeletePropagationForeground
	dep := w.View().Objects[0].Ref()
	for _, o := range w.View().Objects {
		if o.Kind == "Deployment" {
			dep = o.Ref()
		}
	}
	if err := w.Do(gccore.DeleteInput(dep, metav1.DeleteOptions{PropagationPolicy: &fg})); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ {
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Seek(w.View().Position - 1); err != nil {
		t.Fatal(err)
	}
	return w
}

// TestShareRoundTrip: a #ws= link reopens the same session: objects, tick, position and
// the history after it.
func TestShareRoundTrip(t *testing.T) {
	w := sharedSession(t)
	link := EncodeShare(w)
	if strings.ContainsAny(link, "+/=") {
		t.Errorf("link is not unpadded base64url: %q", link)
	}
	got, err := DecodeShare("Link", link)
	if err != nil {
		t.Fatal(err)
	}
	a, b := w.View(), got.View()
	if a.Tick != b.Tick || a.Position != b.Position || a.HistoryLen != b.HistoryLen {
		t.Errorf("tick/position/history: %d/%d/%d, want %d/%d/%d", b.Tick, b.Position, b.HistoryLen, a.Tick, a.Position, a.HistoryLen)
	}
	if !bytes.Equal(gccore.ListYAML(w.View().Objects), gccore.ListYAML(got.View().Objects)) {
		t.Errorf("objects differ:\n%s\nwant\n%s", gccore.ListYAML(got.View().Objects), gccore.ListYAML(w.View().Objects))
	}
	if got.Name() != "Link" {
		t.Errorf("name %q", got.Name())
	}
	if kept, err := DecodeShare("", link); err != nil || kept.Name() != w.Name() {
		t.Errorf("DecodeShare with no name: %v, name %q, want the saved %q", err, kept.Name(), w.Name())
	}
	if len(link) > len(w.Marshal())/2 {
		t.Errorf("link of %d characters for %d bytes: not compressed", len(link), len(w.Marshal()))
	}
}

// TestShareTampered: a damaged, cut or foreign link is one clear error line.
func TestShareTampered(t *testing.T) {
	link := EncodeShare(sharedSession(t))
	deflated := func(s string) string {
		var buf bytes.Buffer
		zw, _ := zlib.NewWriterLevel(&buf, zlib.BestSpeed)
		zw.Write([]byte(s))
		zw.Close()
		return base64.RawURLEncoding.EncodeToString(buf.Bytes())
	}
	for _, tc := range []struct{ link, want string }{
		{"", "holds no workspace"},
		{link[:len(link)/2], "damaged or cut short"},
		{link[:len(link)-3] + "!!!", "not base64url"},
		{link[:10] + "AAAAAAAA" + link[18:], "damaged or cut short"},
		{deflated("not json"), "does not hold a gcplay workspace (saved workspace is unreadable"},
		{deflated(`{"version":9}`), "format version 9"},
		{deflated(`{"version":1,"scenario":"objects: 3"}`), "does not hold a gcplay workspace"},
		{deflated(`{"version":1,"scenario":"","position":7}`), "position 7 outside its history of 0"},
		{strings.Repeat("A", MaxShareLinkChars+1), "more than the 2097152 gcplay opens"},
		{deflated(strings.Repeat(" ", MaxTextBytes+1)), "more than the playground reads (16 MiB)"},
	} {
		_, err := DecodeShare("Link", tc.link)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("link %.20q…: got %v, want one line with %q", tc.link, err, tc.want)
		}
	}
}

// TestShareChecksum: changing any one character of a link (but the last, whose low bits
// base64 ignores) is caught by the zlib checksum or the parser, never opened as another
// session.
func TestShareChecksum(t *testing.T) {
	link := EncodeShare(sharedSession(t))
	for i := 0; i < len(link)-1; i++ {
		c := byte('A')
		if link[i] == 'A' {
			c = 'B'
		}
		if _, err := DecodeShare("Link", link[:i]+string(c)+link[i+1:]); err == nil {
			t.Fatalf("a link changed at %d of %d opened", i, len(link))
		}
	}
}

// FuzzDecodeShare: whatever follows #ws=, opening it never panics and every error is one
// printable line.
func FuzzDecodeShare(f *testing.F) {
	var buf bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&buf, zlib.BestSpeed)
	zw.Write([]byte(`{"version":1,"name":"x","scenario":"objects: []\n","history":[{"op":"tick","pos":{}}],"position":1}`))
	zw.Close()
	for _, s := range []string{"", "e30", "!!!", "AAAA", base64.RawURLEncoding.EncodeToString(buf.Bytes()), "a+b/c==", strings.Repeat("_-", 500)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := DecodeShare("Link", s); err != nil {
			for _, r := range err.Error() {
				if !unicode.IsPrint(r) && r != ' ' {
					t.Fatalf("error holds %U: %q", r, err)
				}
			}
		}
	})
}
