package lessons

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"

	"sigs.k8s.io/yaml"
)

// OrderFile lists a folder's lessons in the order a class takes them.
const OrderFile = "order.yaml"

// Builtin returns the lessons shipped with gcplay, in order. The page has none of its
// own (builtin_page.go): every site ships them as web/lessons.json (BuiltinBundle).
func Builtin() ([]*Lesson, error) {
	sub, err := builtinFS()
	if err != nil {
		return nil, err
	}
	return LoadFS(sub, "lessons/builtin")
}

// LoadDir reads a workshop folder: lesson files named ID.yaml and an order.yaml.
func LoadDir(dir string) ([]*Lesson, error) {
	return LoadFS(os.DirFS(dir), dir)
}

// LoadFS reads the lessons of fsys in the order its order.yaml gives (`lessons: [id,
// ...]`). Every lesson file must be listed and every listed id must have a file named
// ID.yaml whose id is ID. name is the folder's name in messages.
func LoadFS(fsys fs.FS, name string) ([]*Lesson, error) {
	orderPath := path.Join(name, OrderFile)
	data, err := fs.ReadFile(fsys, OrderFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: missing: list the lessons in order (lessons: [first-id, second-id])", orderPath)
	}
	if err != nil {
		return nil, err
	}
	var order struct {
		Lessons []string `json:"lessons"`
	}
	if err := yaml.UnmarshalStrict(data, &order); err != nil {
		return nil, fmt.Errorf("%s: %s", orderPath, oneLine(err.Error()))
	}
	files, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if id := strings.TrimSuffix(f, ".yaml"); f != OrderFile && !slices.Contains(order.Lessons, id) {
			return nil, fmt.Errorf("%s: lesson %q (%s) is not listed", orderPath, id, path.Join(name, f))
		}
	}
	var out []*Lesson
	for i, id := range order.Lessons {
		if slices.Contains(order.Lessons[:i], id) {
			return nil, fmt.Errorf("%s: lesson %q is listed twice", orderPath, id)
		}
		file := path.Join(name, id+".yaml")
		data, err := fs.ReadFile(fsys, id+".yaml")
		if err != nil {
			return nil, fmt.Errorf("%s: lessons[%d] %q: no file %s", orderPath, i, id, file)
		}
		l, err := Parse(file, data)
		if err != nil {
			return nil, err
		}
		if l.ID != id {
			return nil, fmt.Errorf("%s: id %q, but the file is named for %q", file, l.ID, id)
		}
		out = append(out, l)
	}
	return out, nil
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
