package site

import (
	"bytes"
	"compress/gzip"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"
)

// encodings are a file's compressed forms; a nil slice means "not worth it".
type encodings struct {
	gzip, brotli []byte
}

// Quality says how hard Precompress works. Serve wants the page up at once; build runs
// once per release.
type Quality struct {
	Gzip   int // compress/gzip level
	Brotli int // 0–11
}

// Measured on the 17.7 MB app.wasm (andybalholm/brotli v1.2.8, one busy 2-core machine):
//
//	gzip 6   4.18 MB  0.6 s     brotli 5   3.50 MB  0.9 s
//	gzip 9   4.15 MB  3.0 s     brotli 9   3.38 MB  8.6 s
//	                            brotli 11  2.96 MB  3 min 32 s (too slow even for a build)
var (
	// ServeQuality is fast enough to compress app.wasm in a second or two at start-up.
	ServeQuality = Quality{Gzip: 6, Brotli: 5}
	// BuildQuality is for the files of a static site, compressed once.
	BuildQuality = Quality{Gzip: 9, Brotli: 9}
)

// minCompress is the size below which a file is sent as it is: a header's worth.
const minCompress = 1024

// compressible reports whether a file of this type shrinks when compressed.
func compressible(f *File) bool {
	if len(f.Body) < minCompress {
		return false
	}
	ct := f.ContentType
	return strings.HasPrefix(ct, "text/") || strings.HasPrefix(ct, "application/wasm") ||
		strings.HasPrefix(ct, "application/manifest+json") || strings.HasPrefix(ct, "application/json") ||
		strings.HasPrefix(ct, "image/svg+xml")
}

// Precompress makes the gzip and brotli forms of every compressible file, once; a file is
// served compressed from the moment a form is ready. All gzip forms come first (they take
// a fraction of brotli's time). It is safe to call while the site is being served (serve
// runs it in the background); a second call does nothing.
func (s *Site) Precompress(q Quality) error {
	var todo []*File
	for _, f := range s.Files() {
		if compressible(f) && f.enc.Load() == nil {
			todo = append(todo, f)
		}
	}
	gzipped := make([][]byte, len(todo))
	for i, f := range todo {
		gz, err := gzipBytes(f.Body, q.Gzip)
		if err != nil {
			return err
		}
		if len(gz) < len(f.Body) {
			gzipped[i] = gz
		}
		f.enc.Store(&encodings{gzip: gzipped[i]})
	}
	for i, f := range todo {
		br, err := brotliBytes(f.Body, q.Brotli)
		if err != nil {
			return err
		}
		if len(br) >= len(f.Body) {
			br = nil
		}
		f.enc.Store(&encodings{gzip: gzipped[i], brotli: br})
	}
	return nil
}

// CompressedSizes are the sizes of the file's gzip and brotli forms, 0 for a form not
// made (yet).
func (f *File) CompressedSizes() (gz, br int) {
	if e := f.enc.Load(); e != nil {
		return len(e.gzip), len(e.brotli)
	}
	return 0, 0
}

func gzipBytes(b []byte, level int) ([]byte, error) {
	var out bytes.Buffer
	w, err := gzip.NewWriterLevel(&out, level)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func brotliBytes(b []byte, quality int) ([]byte, error) {
	var out bytes.Buffer
	w := brotli.NewWriterLevel(&out, quality)
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// variant is one form of a file: its bytes and the Content-Encoding naming it ("" for
// the file as it is).
type variant struct {
	body     []byte
	encoding string
}

// variants lists a file's forms, the preferred first: brotli, gzip, then as it is.
func (f *File) variants() []variant {
	var out []variant
	if e := f.enc.Load(); e != nil {
		if e.brotli != nil {
			out = append(out, variant{e.brotli, "br"})
		}
		if e.gzip != nil {
			out = append(out, variant{e.gzip, "gzip"})
		}
	}
	return append(out, variant{f.Body, ""})
}

// negotiate picks the first of the file's forms that the Accept-Encoding header value
// allows (RFC 9110 §12.5.3: a coding with q=0 is refused; "*" stands for any coding not
// named; identity is acceptable unless refused).
func (f *File) negotiate(acceptEncoding string) variant {
	q := acceptedCodings(acceptEncoding)
	vs := f.variants()
	for _, v := range vs {
		name := v.encoding
		if name == "" {
			name = "identity"
		}
		w, named := q[name]
		if !named {
			w, named = q["*"]
		}
		if !named {
			if name == "identity" {
				return v
			}
			continue
		}
		if w > 0 {
			return v
		}
	}
	return vs[len(vs)-1] // nothing acceptable: send the file as it is (RFC 9110 allows it)
}

// acceptedCodings parses an Accept-Encoding value into coding → weight.
func acceptedCodings(h string) map[string]float64 {
	out := map[string]float64{}
	for _, part := range strings.Split(h, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		w := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if x, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					w = x
				}
			}
		}
		out[name] = w
	}
	return out
}

// Gzip compresses b at a compress/gzip level; Brotli at a quality from 0 to 11 (with
// brotli's largest standard window, 16 MiB, which suits the 20 MB wasm). `make release`
// compresses app.wasm with them once, for the binary to hold.
func Gzip(b []byte, level int) ([]byte, error) { return gzipBytes(b, level) }

// Brotli: see Gzip.
func Brotli(b []byte, quality int) ([]byte, error) {
	var out bytes.Buffer
	w := brotli.NewWriterOptions(&out, brotli.WriterOptions{Quality: quality, LGWin: 24})
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
