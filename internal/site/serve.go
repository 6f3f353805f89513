package site

import (
	"bytes"
	"net"
	"net/http"
	"time"
)

// ContentSecurityPolicy is sent with every response. The page runs go-app's two scripts
// and the wasm ('wasm-unsafe-eval' compiles it; nothing else evaluates strings), loads
// its styles and icon from the server, and sets style attributes from Go
// (style-src-attr); its service worker and fetches stay on the same origin. Any page may
// frame it (frame-ancestors *): ?embed=1 exists to be an iframe in course pages and
// slides, and the embedded page stores nothing (README "Embedding").
const ContentSecurityPolicy = "default-src 'none'; " +
	"script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self'; style-src-attr 'unsafe-inline'; " +
	"img-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors *"

// urlFiles maps each URL the site answers to its file: the generated ones at their
// go-app URLs, the assets under /web/.
func (s *Site) urlFiles() map[string]*File {
	m := map[string]*File{}
	for name, f := range s.files {
		if url, ok := generated[name]; ok {
			m[url] = f
		} else {
			m["/"+name] = f
		}
	}
	return m
}

// Handler serves the site at the root of a server: exactly its files, each at one URL
// matched whole against the request's decoded path, and 404 for anything else (no
// directory listing, no file outside the site, whatever the encoding of the path).
// Compressed forms go to clients that accept them.
func (s *Site) Handler() http.Handler {
	byURL := s.urlFiles()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", ContentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		f := byURL[r.URL.Path]
		if f == nil {
			http.NotFound(w, r)
			return
		}
		serveFile(w, r, f)
	})
}

func serveFile(w http.ResponseWriter, r *http.Request, f *File) {
	h := w.Header()
	v := f.negotiate(r.Header.Get("Accept-Encoding"))
	if compressible(f) {
		h.Set("Vary", "Accept-Encoding")
	}
	etag := f.hash
	if v.encoding != "" {
		h.Set("Content-Encoding", v.encoding)
		etag += "-" + v.encoding
	}
	h.Set("Content-Type", f.ContentType)
	h.Set("ETag", `"`+etag+`"`)
	// Revalidate every time: a rebuilt wasm shows at the next load, and an unchanged one
	// costs a 304.
	h.Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(v.body))
}

// Server limits. A request has no body and a few headers; an answer may be a 20 MB wasm
// sent as it is to a slow client, so writes get minutes.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 10 * time.Minute
	idleTimeout       = 2 * time.Minute
	maxHeaderBytes    = 64 << 10
)

// NewServer is an http.Server for h with every timeout bounded: a client that sends half
// a request, or keeps an idle connection, is cut off.
func NewServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
	}
}

// Loopback reports whether a listener's address is reachable from this machine only.
func Loopback(addr net.Addr) bool {
	tcp, ok := addr.(*net.TCPAddr)
	return ok && tcp.IP.IsLoopback()
}
