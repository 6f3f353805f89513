package lessons

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
)

// Shelf is a folder's lessons in order, each parsed when it is first asked for. The page
// opens with at most the lesson it shows parsed: parsing all the built-in lessons (21 then:
// their start scenarios, solutions and attempts) was a third of its start-up's work.
// A Shelf is safe for concurrent use.
type Shelf struct {
	name  string   // the folder, in messages
	ids   []string // order.yaml's order
	files map[string][]byte

	mu     sync.Mutex
	parsed map[string]*Lesson
}

// OpenFS reads fsys's order.yaml with LoadFS's checks (every file listed, every listed
// id a file, none twice) and parses no lesson yet.
func OpenFS(fsys fs.FS, name string) (*Shelf, error) {
	orderPath := path.Join(name, OrderFile)
	ids, err := ReadOrder(fsys, name)
	if err != nil {
		return nil, err
	}
	// One rule for check, serve and build: a folder of no lesson is refused by all three.
	if len(ids) == 0 {
		return nil, fmt.Errorf("%s: lists no lesson (lessons: [first-id, second-id])", orderPath)
	}
	files, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if id := strings.TrimSuffix(f, ".yaml"); f != OrderFile && !slices.Contains(ids, id) {
			return nil, fmt.Errorf("%s: lesson %q (%s) is not listed", orderPath, id, path.Join(name, f))
		}
	}
	s := &Shelf{name: name, files: map[string][]byte{}, parsed: map[string]*Lesson{}}
	for i, id := range ids {
		if slices.Contains(ids[:i], id) {
			return nil, fmt.Errorf("%s: lesson %q is listed twice", orderPath, id)
		}
		data, err := readFile(fsys, name, id+".yaml")
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrInvalid) {
			return nil, fmt.Errorf("%s: lessons[%d] %q: no file %s", orderPath, i, id, path.Join(name, id+".yaml"))
		}
		if err != nil {
			return nil, err
		}
		s.ids = append(s.ids, id)
		s.files[id] = data
	}
	return s, nil
}

// IDs are the lessons' ids in order.
func (s *Shelf) IDs() []string { return slices.Clone(s.ids) }

// Lesson parses lesson id once; ok is false when the shelf does not list it.
func (s *Shelf) Lesson(id string) (l *Lesson, ok bool, err error) {
	data, ok := s.files[id]
	if !ok {
		return nil, false, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if l := s.parsed[id]; l != nil {
		return l, true, nil
	}
	file := path.Join(s.name, id+".yaml")
	if l, err = Parse(file, data); err != nil {
		return nil, true, err
	}
	if l.ID != id {
		return nil, true, fmt.Errorf("%s: id %q, but the file is named for %q", file, l.ID, id)
	}
	s.parsed[id] = l
	return l, true, nil
}

// All parses every lesson, in order; the error is the first lesson's that fails.
func (s *Shelf) All() ([]*Lesson, error) {
	out := make([]*Lesson, 0, len(s.ids))
	for _, id := range s.ids {
		l, _, err := s.Lesson(id)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}
