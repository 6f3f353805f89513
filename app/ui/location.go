package ui

import (
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The page's address is read in parts: a #scenario= link makes it megabytes long, and
// app.Window().URL() parses all of it, which cost tens of milliseconds a call while a
// 20,000-object link opened (issue 14); most callers want the query or the path.

// pageLocation is the page's address without its fragment.
func pageLocation() *url.URL {
	loc := app.Window().Get("location")
	u, err := url.Parse(loc.Get("protocol").String() + "//" + loc.Get("host").String() + loc.Get("pathname").String() + loc.Get("search").String())
	if err != nil {
		return &url.URL{}
	}
	return u
}

// pageFragment is the address's fragment, unescaped as url.URL's Fragment is.
func pageFragment() string {
	f, err := url.PathUnescape(strings.TrimPrefix(app.Window().Get("location").Get("hash").String(), "#"))
	if err != nil {
		return ""
	}
	return f
}
