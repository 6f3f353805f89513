package lessons

import (
	"io/fs"
	"os"
)

// OrderFile lists a folder's lessons in the order a class takes them.
const OrderFile = "order.yaml"

// Builtin returns the lessons shipped with gcplay, in order. The page has none of its
// own (builtin_page.go): every site ships them as web/lessons.json (BuiltinBundle).
func Builtin() ([]*Lesson, error) {
	s, err := BuiltinShelf()
	if err != nil {
		return nil, err
	}
	return s.All()
}

// BuiltinShelf is Builtin, each lesson parsed when first asked for.
func BuiltinShelf() (*Shelf, error) {
	sub, err := builtinFS()
	if err != nil {
		return nil, err
	}
	return OpenFS(sub, "lessons/builtin")
}

// LoadDir reads a workshop folder: lesson files named ID.yaml and an order.yaml.
func LoadDir(dir string) ([]*Lesson, error) {
	return LoadFS(os.DirFS(dir), dir)
}

// LoadFS reads the lessons of fsys in the order its order.yaml gives (`lessons: [id,
// ...]`). Every lesson file must be listed and every listed id must have a file named
// ID.yaml whose id is ID. name is the folder's name in messages.
func LoadFS(fsys fs.FS, name string) ([]*Lesson, error) {
	s, err := OpenFS(fsys, name)
	if err != nil {
		return nil, err
	}
	return s.All()
}

// ByID returns the lesson with that id.
func ByID(ls []*Lesson, id string) (*Lesson, bool) {
	for _, l := range ls {
		if l.ID == id {
			return l, true
		}
	}
	return nil, false
}
