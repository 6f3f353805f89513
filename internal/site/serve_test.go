package site

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

// rawGet sends path as it is on the request line (Go's client would clean it) and returns
// the response with its body read.
func rawGet(t *testing.T, addr, path string, header ...string) (*http.Response, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	req := "GET " + path + " HTTP/1.1\r\nHost: " + addr + "\r\nConnection: close\r\n"
	for _, h := range header {
		req += h + "\r\n"
	}
	if _, err := io.WriteString(conn, req+"\r\n"); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, body
}

func serveSite(t *testing.T) (*Site, string) {
	t.Helper()
	_, web := newWeb(t)
	s := load(t, web, "/")
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return s, strings.TrimPrefix(srv.URL, "http://")
}

// The finding: go-app's default handler served the working directory
// (/web/..%2f.git%2fconfig, /web/..%2fgo.mod, directory listings). The site answers its
// own URLs and 404 for anything else, under any spelling of "..".
func TestServesOnlyThePlayground(t *testing.T) {
	s, addr := serveSite(t)
	for _, path := range []string{"/", "/?wasm=false", "/app.js", "/app-worker.js", "/wasm_exec.js", "/manifest.webmanifest",
		"/app.css", "/web/app.wasm", "/web/playground.css", "/web/icon.svg", "/web/dom.js"} {
		if res, _ := rawGet(t, addr, path); res.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %s, want 200", path, res.Status)
		}
	}
	for _, path := range []string{
		"/web/", "/web", "/web/secret.txt", "/go.mod", "/.git/config", "/.git/", "/index.html",
		"/web/..%2fgo.mod", "/web/..%2f.git%2fconfig", "/web/..%2F.git%2Fconfig",
		"/web/%2e%2e/go.mod", "/web/%2e%2e%2fgo.mod", "/web/%2E%2E%2Fgo.mod",
		"/web/%252e%252e%252fgo.mod", "/web/..%252fgo.mod",
		"/web/..\\go.mod", "/web/..%5cgo.mod", "/web/..%5C.git%5Cconfig",
		"/web/../go.mod", "/web/./../go.mod", "//go.mod", "/web//../go.mod", "/%2fgo.mod",
		"/web/app.wasm/", "/web/app.wasm%00", "/app.wasm", "/goapp.wasm", "/goapp.js", "/manifest.json",
		"/robots.txt", "/sitemap.xml", "/ads.txt", "/web/.", "/web/..",
	} {
		res, body := rawGet(t, addr, path)
		if res.StatusCode != http.StatusNotFound && res.StatusCode != http.StatusBadRequest {
			t.Errorf("GET %s: %s, want 404", path, res.Status)
		}
		if bytes.Contains(body, []byte("SECRET")) || bytes.Contains(body, []byte("<a href")) {
			t.Errorf("GET %s served %q", path, body)
		}
	}
	// A file is found by its whole decoded path only: an encoded but equal path is the
	// same file, nothing more.
	if res, body := rawGet(t, addr, "/web/app%2ewasm"); res.StatusCode != http.StatusOK || !bytes.Equal(body, s.File("web/app.wasm").Body) {
		t.Errorf("GET /web/app%%2ewasm: %s", res.Status)
	}
	res, err := http.Post("http://"+addr+"/", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %s, want 405", res.Status)
	}
}

// Every answer, a 404 too, carries the security headers.
func TestSecurityHeaders(t *testing.T) {
	_, addr := serveSite(t)
	for _, path := range []string{"/", "/web/app.wasm", "/app.js", "/nothing"} {
		res, _ := rawGet(t, addr, path)
		if got := res.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("GET %s: X-Content-Type-Options %q", path, got)
		}
		csp := res.Header.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'none'", "script-src 'self' 'wasm-unsafe-eval';", "frame-ancestors *"} {
			if !strings.Contains(csp, want) {
				t.Errorf("GET %s: CSP %q lacks %q", path, csp, want)
			}
		}
		// Any site may frame the page (?embed=1 is for course pages): no X-Frame-Options.
		if got := res.Header.Get("X-Frame-Options"); got != "" {
			t.Errorf("GET %s: X-Frame-Options %q forbids embedding", path, got)
		}
		if strings.Contains(csp, "'unsafe-eval'") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") {
			t.Errorf("GET %s: CSP %q lets strings run as script", path, csp)
		}
		if res.Header.Get("Referrer-Policy") == "" {
			t.Errorf("GET %s: no Referrer-Policy", path)
		}
	}
}

func decode(t *testing.T, encoding string, b []byte) []byte {
	t.Helper()
	var r io.Reader
	switch encoding {
	case "br":
		r = brotli.NewReader(bytes.NewReader(b))
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	case "":
		return b
	default:
		t.Fatalf("unknown encoding %q", encoding)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decoding %s: %v", encoding, err)
	}
	return out
}

// app.wasm goes out as brotli or gzip when the client accepts it, and decodes to the file.
func TestCompressesByAcceptEncoding(t *testing.T) {
	s, addr := serveSite(t)
	wasm := s.File("web/app.wasm").Body
	// Before Precompress (serve runs it in the background), the file goes out as it is.
	res, body := rawGet(t, addr, "/web/app.wasm", "Accept-Encoding: br, gzip")
	if enc := res.Header.Get("Content-Encoding"); enc != "" || !bytes.Equal(body, wasm) {
		t.Fatalf("before compression: Content-Encoding %q, %d bytes", enc, len(body))
	}
	if err := s.Precompress(ServeQuality); err != nil {
		t.Fatal(err)
	}
	etags := map[string]string{}
	for _, c := range []struct{ accept, want string }{
		{"gzip, deflate, br, zstd", "br"},
		{"gzip", "gzip"},
		{"br;q=0, gzip", "gzip"},
		{"BR", "br"},
		{"*", "br"},
		{"", ""},
		{"identity", ""},
		{"br;q=0, gzip;q=0", ""},
		{"deflate", ""},
	} {
		res, body := rawGet(t, addr, "/web/app.wasm", "Accept-Encoding: "+c.accept)
		if got := res.Header.Get("Content-Encoding"); got != c.want {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", c.accept, got, c.want)
			continue
		}
		if got := res.Header.Get("Vary"); got != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: Vary %q", c.accept, got)
		}
		if got := res.Header.Get("Content-Type"); got != "application/wasm" {
			t.Errorf("Accept-Encoding %q: Content-Type %q", c.accept, got)
		}
		if c.want != "" && len(body) >= len(wasm) {
			t.Errorf("Accept-Encoding %q: %d bytes, not smaller than %d", c.accept, len(body), len(wasm))
		}
		if !bytes.Equal(decode(t, c.want, body), wasm) {
			t.Errorf("Accept-Encoding %q: the body does not decode to app.wasm", c.accept)
		}
		etags[c.want] = res.Header.Get("ETag")
	}
	if len(etags) != 3 || etags["br"] == etags["gzip"] || etags["br"] == etags[""] {
		t.Errorf("one ETag per encoding wanted: %v", etags)
	}
	// A revalidation costs nothing.
	res, body = rawGet(t, addr, "/web/app.wasm", "Accept-Encoding: br", "If-None-Match: "+etags["br"])
	if res.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("revalidation: %s, %d bytes", res.Status, len(body))
	}
	// A small file is not worth compressing.
	if res, _ := rawGet(t, addr, "/web/icon.svg", "Accept-Encoding: br"); res.Header.Get("Content-Encoding") != "" {
		t.Errorf("icon.svg (%d bytes) compressed", len(s.File("web/icon.svg").Body))
	}
}

// The finding: 50 half-sent requests stayed open forever. A client that stops in
// the middle of its header is cut off after ReadHeaderTimeout.
func TestHalfSentRequestIsClosed(t *testing.T) {
	_, web := newWeb(t)
	srv := NewServer(load(t, web, "/").Handler())
	for name, d := range map[string]time.Duration{"ReadHeaderTimeout": srv.ReadHeaderTimeout, "ReadTimeout": srv.ReadTimeout,
		"WriteTimeout": srv.WriteTimeout, "IdleTimeout": srv.IdleTimeout} {
		if d <= 0 {
			t.Errorf("%s unset", name)
		}
	}
	if srv.MaxHeaderBytes <= 0 {
		t.Error("MaxHeaderBytes unset")
	}
	srv.ReadHeaderTimeout = 100 * time.Millisecond // small, for the test
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\n"); err != nil {
		t.Fatal(err)
	}
	// The deadline only keeps a broken server from hanging the test.
	conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	_, err = io.ReadAll(conn)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatal("the server kept a half-sent request open")
	}
}

func TestLoopback(t *testing.T) {
	for addr, want := range map[string]bool{"127.0.0.1:0": true, "[::1]:0": true, "0.0.0.0:0": false, ":0": false} {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			if strings.Contains(addr, "::") {
				continue // no IPv6 here
			}
			t.Fatal(err)
		}
		if got := Loopback(ln.Addr()); got != want {
			t.Errorf("Loopback(%s) = %v", ln.Addr(), got)
		}
		ln.Close()
	}
}
