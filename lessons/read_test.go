//go:build unix

package lessons

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// folder writes a lesson folder of one lesson, "one", and returns its path.
func folder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, OrderFile), []byte("lessons: [one]\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "one.yaml"), []byte(strings.Replace(base, "id: tiny", "id: one", 1)), 0o644)
	return dir
}

// loadWithin is LoadDir, failing the test if it takes longer than a few seconds (a FIFO
// hung it).
func loadWithin(t *testing.T, dir string) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { _, err := LoadDir(dir); done <- err }()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		t.Fatalf("LoadDir(%s) still reading after 10 s", dir)
		return nil
	}
}

// TestReadFileBounds: a lesson folder's files are looked at before they are read (issue
// 21 §7): a FIFO hung, a link to /dev/zero ran out of memory, a 1.5 GB file was read
// whole before the 1 MiB check. Each is refused in one line naming the file; a link to a
// regular file inside the folder is followed.
func TestReadFileBounds(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(dir string) error
		want  string
	}{
		{"FIFO", func(dir string) error {
			os.Remove(filepath.Join(dir, "one.yaml"))
			return syscall.Mkfifo(filepath.Join(dir, "one.yaml"), 0o644)
		}, "one.yaml: not a regular file (a named pipe)"},
		{"FIFO order", func(dir string) error {
			os.Remove(filepath.Join(dir, OrderFile))
			return syscall.Mkfifo(filepath.Join(dir, OrderFile), 0o644)
		}, "order.yaml: not a regular file (a named pipe)"},
		{"link to /dev/zero", func(dir string) error {
			os.Remove(filepath.Join(dir, "one.yaml"))
			return os.Symlink("/dev/zero", filepath.Join(dir, "one.yaml"))
		}, `one.yaml: a symbolic link to /dev/zero, outside the folder`},
		{"link out of the folder", func(dir string) error {
			os.Rename(filepath.Join(dir, "one.yaml"), filepath.Join(dir, "..", "one-elsewhere.yaml"))
			return os.Symlink("../one-elsewhere.yaml", filepath.Join(dir, "one.yaml"))
		}, `one.yaml: a symbolic link to ../one-elsewhere.yaml, outside the folder`},
		{"link to a link", func(dir string) error {
			os.Rename(filepath.Join(dir, "one.yaml"), filepath.Join(dir, "one.txt"))
			os.Symlink("one.txt", filepath.Join(dir, "two.txt"))
			return os.Symlink("two.txt", filepath.Join(dir, "one.yaml"))
		}, `one.yaml: a symbolic link to two.txt, not to a regular file`},
		{"1.5 GB sparse file", func(dir string) error {
			return os.Truncate(filepath.Join(dir, "one.yaml"), 1536<<20)
		}, "one.yaml: larger than 1048576 bytes"},
		{"folder", func(dir string) error {
			os.Remove(filepath.Join(dir, "one.yaml"))
			return os.Mkdir(filepath.Join(dir, "one.yaml"), 0o755)
		}, "one.yaml: not a regular file (a folder)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := folder(t)
			if err := c.setup(dir); err != nil {
				t.Skip(err)
			}
			err := loadWithin(t, dir)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), dir) || strings.Contains(err.Error(), "\n") {
				t.Errorf("LoadDir: %v, want one line naming the file with %q", err, c.want)
			}
		})
	}
	t.Run("link inside the folder", func(t *testing.T) {
		dir := folder(t)
		os.Mkdir(filepath.Join(dir, "src"), 0o755)
		os.Rename(filepath.Join(dir, "one.yaml"), filepath.Join(dir, "src", "one.lesson"))
		os.Symlink("src/one.lesson", filepath.Join(dir, "one.yaml"))
		if err := loadWithin(t, dir); err != nil {
			t.Errorf("a link to a regular file inside the folder: %v", err)
		}
	})
}
