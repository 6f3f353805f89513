package site

import (
	"encoding/json"
	"html"
	"net/url"
	"strings"
	"testing"
)

func TestCheckBasePath(t *testing.T) {
	for _, p := range []string{"/", "/gcplay/", "/a/b-c/d_e.f~g/", "/v1.2/"} {
		if err := CheckBasePath(p); err != nil {
			t.Errorf("%q refused: %v", p, err)
		}
		// What makes the path safe wherever go-app writes it: it is its own escape in
		// HTML, in a JSON or JavaScript string and in a URL path.
		if html.EscapeString(p) != p {
			t.Errorf("%q changes under HTML escaping", p)
		}
		if b, _ := json.Marshal(p); string(b) != `"`+p+`"` {
			t.Errorf("%q changes under JSON escaping", p)
		}
		if u := (&url.URL{Path: p}).EscapedPath(); u != p {
			t.Errorf("%q changes under URL escaping: %q", p, u)
		}
	}
	for _, p := range []string{
		`/"><img src=x onerror=alert(1)>/`, // the markup injection
		`/\evil.com/`,                      // the other host
		"", "gcplay/", "/gcplay", "//", "//evil.com/", "/a//b/", "/../", "/./", "/a/../",
		"/a b/", "/a'b/", `/a"b/`, "/a<b/", "/a>b/", "/a%2fb/", "/%2e%2e/", "/a\x00b/", "/a\nb/",
		"/a\tb/", "/a?b/", "/a#b/", "/a&b/", "/a;b/", "/a:b/", "/a`b/", "/é/", "/a\u202eb/", "/a{b}/",
	} {
		err := CheckBasePath(p)
		if err == nil {
			t.Errorf("%q accepted", p)
			continue
		}
		if msg := err.Error(); strings.ContainsAny(msg, "\n\r") || !strings.Contains(msg, "--base-path") {
			t.Errorf("%q: error %q is not one line naming --base-path", p, msg)
		}
	}
}

func FuzzCheckBasePath(f *testing.F) {
	f.Add("/gcplay/")
	f.Add(`/"><x>/`)
	f.Fuzz(func(t *testing.T, p string) {
		if CheckBasePath(p) != nil {
			return
		}
		if html.EscapeString(p) != p || strings.Contains(p, "//") || strings.Contains(p, `\`) || strings.Contains(p, "/../") {
			t.Fatalf("%q accepted", p)
		}
	})
}

// Defence in depth: Load checks the base path itself, whoever calls it.
func TestLoadRefusesABadBasePath(t *testing.T) {
	_, web := newWeb(t)
	if _, err := Load(web, `/"><img src=x onerror=alert(1)>/`, Served); err == nil {
		t.Fatal("Load accepted markup as a base path")
	}
}
