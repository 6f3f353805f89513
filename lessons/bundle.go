package lessons

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"
)

// bundleVersion is the format version of Bundle's output.
const bundleVersion = 1

// bundle is a workshop folder as one JSON document: the files themselves, so that the
// page reads them with the same parser (LoadFS) and says the same things about them.
type bundle struct {
	Version int               `json:"version"`
	Files   map[string]string `json:"files"` // order.yaml and each ID.yaml
}

// BundleName is the bundle's asset name under web/, which `gcplay serve --lessons` and
// `gcplay build --lessons` add to the site and the page loads at start when present.
const BundleName = "lessons.json"

// Bundle checks the workshop folder dir as `gcplay lessons check DIR` does (LoadDir, then
// Check of every lesson) and returns it as one JSON document for the page (FromBundle).
// The error is the first problem, one line; the check stops once ctx ends.
func Bundle(ctx context.Context, dir string) ([]byte, error) {
	s, err := OpenFS(os.DirFS(dir), dir)
	if err != nil {
		return nil, err
	}
	ls, err := s.All()
	if err != nil {
		return nil, err
	}
	for _, l := range ls {
		if err := CheckContext(ctx, l); err != nil {
			return nil, err
		}
	}
	// The files as read once, within readFile's bounds; the order as a list of the ids.
	b := bundle{Version: bundleVersion, Files: map[string]string{OrderFile: "lessons: [" + strings.Join(s.ids, ", ") + "]\n"}}
	for _, id := range s.ids {
		b.Files[id+".yaml"] = string(s.files[id])
	}
	return json.Marshal(b)
}

// BuiltinBundle is the bundle every site ships when it has no workshop folder: the
// built-in lessons' files, which `make test` checks (`gcplay lessons check`), so they are
// not replayed again here.
func BuiltinBundle() ([]byte, error) {
	fsys, err := builtinFS()
	if err != nil {
		return nil, err
	}
	names, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return nil, err
	}
	b := bundle{Version: bundleVersion, Files: map[string]string{}}
	for _, n := range names {
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		b.Files[n] = string(data)
	}
	return json.Marshal(b)
}

// FromBundle reads the lessons of a Bundle, in order, with LoadFS's checks (name is where
// the bundle came from, in messages). It does not replay them: Bundle did.
func FromBundle(name string, data []byte) ([]*Lesson, error) {
	s, err := OpenBundle(name, data)
	if err != nil {
		return nil, err
	}
	return s.All()
}

// OpenBundle is FromBundle with each lesson parsed when first asked for (Shelf); a
// bundle of no files (what sites shipped before BuiltinBundle carried the files) is the
// built-in lessons.
func OpenBundle(name string, data []byte) (*Shelf, error) {
	var b bundle
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, fmt.Errorf("%s: not a lessons bundle: %s", name, oneLine(err.Error()))
	}
	if b.Version != bundleVersion {
		return nil, fmt.Errorf("%s: lessons bundle version %d, want %d", name, b.Version, bundleVersion)
	}
	if len(b.Files) == 0 {
		return BuiltinShelf()
	}
	fsys := bundleFS{}
	for n, text := range b.Files {
		if path.Base(n) != n || path.Ext(n) != ".yaml" {
			return nil, fmt.Errorf("%s: file %q: want ID.yaml or %s", name, n, OrderFile)
		}
		fsys[n] = []byte(text)
	}
	return OpenFS(fsys, name)
}
