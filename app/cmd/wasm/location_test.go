package main

import (
	"net/url"
	"testing"
)

func TestRepairURL(t *testing.T) {
	for _, tc := range []struct{ in, want, fragment string }{
		{"http://h/#scenario=abc", "http://h/#scenario=abc", "scenario=abc"},
		{"http://h/#scenario=%zz", "http://h/#scenario=%25zz", "scenario=%zz"},
		{"http://h/#abc%", "http://h/#abc%25", "abc%"},
		{"http://h/#a%2", "http://h/#a%252", "a%2"},
		{"http://h/#ok%20and%zz", "http://h/#ok%20and%25zz", "ok and%zz"},
		{"http://h/p?q=1#%", "http://h/p?q=1#%25", "%"},
	} {
		got := repairURL(tc.in)
		if got != tc.want {
			t.Errorf("repairURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
		u, err := url.Parse(got)
		if err != nil {
			t.Fatalf("%q still does not parse: %v", got, err)
		}
		if u.Fragment != tc.fragment {
			t.Errorf("%q: fragment %q, want %q", got, u.Fragment, tc.fragment)
		}
	}
}
