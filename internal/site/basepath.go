package site

import (
	"fmt"
	"strings"
)

// CheckBasePath accepts the URL path prefix a static site is served under: "/" or
// "/seg/.../seg/", each segment made of letters, digits and - . _ ~ (RFC 3986's
// unreserved characters), none of them "." or "..".
//
// go-app writes the prefix unescaped into HTML attributes (quoted with Go's strconv
// rules, not HTML's), JavaScript strings and JSON. Every path accepted here is its own
// escape in all of those and in a URL, so it cannot end an attribute or a string, start a
// tag, or name another host ("//host", "/\host"); escapesToItself checks that promise.
func CheckBasePath(p string) error {
	bad := func(why string) error { return fmt.Errorf("--base-path %q: %s", p, why) }
	if !strings.HasPrefix(p, "/") || !strings.HasSuffix(p, "/") {
		return bad("want a URL path that starts and ends with /, e.g. /gcplay/")
	}
	if p == "/" {
		return nil
	}
	for _, seg := range strings.Split(p[1:len(p)-1], "/") {
		switch {
		case seg == "":
			return bad("empty segment (//)")
		case seg == "." || seg == "..":
			return bad("segment " + seg + " is not allowed")
		}
		for _, c := range seg {
			if !unreserved(c) {
				return bad(fmt.Sprintf("character %q is not allowed: use letters, digits, - . _ ~ and /", c))
			}
		}
	}
	return nil
}

// unreserved reports whether c is one of RFC 3986's unreserved characters.
func unreserved(c rune) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}
