package workspace

// The page's input limits (issue 10 §4), tested natively and, by make wasm-node, in
// node's V8, whose stack is the browser's: a link nested 4,000 deep and a paste nested
// 5,000 deep give one clear error instead of "Maximum call stack size exceeded".

import (
	"errors"
	"strings"
	"testing"
	"unicode"
)

func TestDeepLinkIsAClearError(t *testing.T) {
	for _, src := range []string{
		"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: x}, data: {x: " + strings.Repeat("[", 4000) + strings.Repeat("]", 4000) + "}}]\n",
		"x: |\n  it's 'open\ny: " + strings.Repeat("{a: ", 4000) + "1" + strings.Repeat("}", 4000) + "\n",
	} {
		b, err := DecodeLink(EncodeLink([]byte(src)))
		if err != nil {
			t.Fatal(err)
		}
		_, err = New("link", b)
		if err == nil || !strings.Contains(err.Error(), "nested too deeply (more than 100 levels)") {
			t.Fatalf("got %v", err)
		}
	}
}

func TestDeepPasteIsAnInlineError(t *testing.T) {
	w, err := New("blank", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		text string
		line int
		want string
	}{
		{"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\nspec: {x: " + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + "}\n", 4, "nested too deeply"},
		{"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n---\n" + strings.Repeat("- ", 100000) + "x\n", 5, "nested too deeply"},
		{"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: a\n  name: b\n", 9, "key name is repeated (first at line 8)"},
	} {
		_, err := w.ParseObjects(tc.text)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != tc.line || !strings.Contains(pe.Msg, tc.want) {
			t.Errorf("%.40q: got %#v, want line %d %q", tc.text, err, tc.line, tc.want)
		}
	}
}

func TestPageTextLimits(t *testing.T) {
	w, err := New("blank", nil)
	if err != nil {
		t.Fatal(err)
	}
	big := "# " + strings.Repeat("x", MaxTextBytes) + "\n"
	if _, err := w.ParseObjects(big); err == nil || !strings.Contains(err.Error(), "more than the playground reads (16 MiB)") {
		t.Errorf("paste: got %v", err)
	}
	if _, err := New("big", []byte(big)); err == nil || !strings.Contains(err.Error(), "more than the playground reads (16 MiB)") {
		t.Errorf("scenario: got %v", err)
	}
	if _, err := DecodeLink(EncodeLink([]byte(big))); err == nil || !strings.Contains(err.Error(), "link's scenario is 16.0 MiB, more than the playground reads (16 MiB)") {
		t.Errorf("link: got %v", err)
	}
}

// FuzzDecodeLink: whatever follows #scenario=, decoding and opening it never panics and
// every error is one printable line.
func FuzzDecodeLink(f *testing.F) {
	for _, s := range []string{"", "e30", "!!!not-base64", "%zz", "abc%", "b2JqZWN0czogW10K", "b2JqZWN0czogW10K==", "a+b/c", " \n\t", strings.Repeat("W1", 3000)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := DecodeLink(s)
		if err == nil {
			_, err = New("link", b)
		}
		if err != nil {
			for _, r := range err.Error() {
				if !unicode.IsPrint(r) && r != ' ' {
					t.Fatalf("error holds %U: %q", r, err)
				}
			}
		}
	})
}
