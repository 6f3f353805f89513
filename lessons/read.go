package lessons

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"

	"github.com/gcplay/gcplay/gccore/scenario"
	"sigs.k8s.io/yaml"
)

// readFile reads the file name of a lesson folder (dir in messages) within its bounds:
// a regular file, or a symbolic link to a regular file inside the folder, of at most
// MaxFileBytes. It looks before it reads: a FIFO hung check, serve and build, /dev/zero
// ran out of memory, and a 1.5 GB file was read whole before the size check (issue 21).
func readFile(fsys fs.FS, dir, name string) ([]byte, error) {
	file := path.Join(dir, name)
	fi, err := fs.Lstat(fsys, name)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the message names the file as the folder has it
		}
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		target, err := fs.ReadLink(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
		// Followed only to a file of the folder itself: a link to /dev/zero, to a file
		// elsewhere or to another link is refused.
		inside := path.Join(path.Dir(name), target)
		if path.IsAbs(target) || !fs.ValidPath(inside) {
			return nil, fmt.Errorf("%s: a symbolic link to %s, outside the folder: only a link to a regular file inside it is followed", file, scenario.Quote(target))
		}
		if fi, err = fs.Lstat(fsys, inside); err != nil {
			return nil, fmt.Errorf("%s: a symbolic link to %s, which is missing", file, scenario.Quote(target))
		}
		if !fi.Mode().IsRegular() {
			return nil, fmt.Errorf("%s: a symbolic link to %s, not to a regular file: only a link to a regular file inside the folder is followed", file, scenario.Quote(target))
		}
		name = inside
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%s): a lesson folder holds plain files", file, fileType(fi.Mode()))
	}
	if fi.Size() > MaxFileBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes", file, MaxFileBytes)
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The file may have grown since: read one byte past the bound to tell.
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes", file, MaxFileBytes)
	}
	return data, nil
}

// fileType names a file's type for people.
func fileType(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "mode " + m.String()
}

// ReadOrder reads the order file of the lesson folder fsys (dir in messages): the
// lessons' ids in order, possibly none. The file is read within readFile's bounds and
// must be one YAML document; a missing one is an error wrapping fs.ErrNotExist.
func ReadOrder(fsys fs.FS, dir string) ([]string, error) {
	file := path.Join(dir, OrderFile)
	data, err := readFile(fsys, dir, OrderFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, missing{file + ": missing: list the lessons in order (lessons: [first-id, second-id])"}
	}
	if err != nil {
		return nil, err
	}
	if err := scenario.CheckYAML(data); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	var order struct {
		Lessons []string `json:"lessons"`
	}
	if err := yaml.UnmarshalStrict(data, &order); err != nil {
		return nil, fmt.Errorf("%s: %s", file, oneLine(err.Error()))
	}
	return order.Lessons, nil
}

// missing is a file that is not there, said for people; it is an fs.ErrNotExist.
type missing struct{ msg string }

func (e missing) Error() string { return e.msg }
func (missing) Unwrap() error   { return fs.ErrNotExist }
