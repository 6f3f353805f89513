package main

import (
	"net/url"
	"strings"
)

// repairURL makes the page's address parseable by net/url, which go-app parses at
// start-up and dereferences without a check: a fragment with a stray % (`#scenario=%zz`,
// `#abc%`) made it panic, and the page stayed on "Loading the simulator…". A % not
// followed by two hex digits becomes %25, so the fragment reads as typed and the link's
// own error says what is wrong with it; anything else unparseable loses its fragment.
func repairURL(href string) string {
	if _, err := url.Parse(href); err == nil {
		return href
	}
	var b strings.Builder
	for i := 0; i < len(href); i++ {
		if href[i] == '%' && !(i+2 < len(href) && isHex(href[i+1]) && isHex(href[i+2])) {
			b.WriteString("%25")
			continue
		}
		b.WriteByte(href[i])
	}
	fixed := b.String()
	if _, err := url.Parse(fixed); err != nil {
		fixed, _, _ = strings.Cut(fixed, "#")
	}
	return fixed
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
