package pagedeps

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Stage writes the page's build files for plan into out (see the package comment) and
// returns the flags that use them: -modfile out/go.mod -overlay out/overlay.json. root is
// the repository (it holds go.mod); gobin is the go command that finds the modules. A
// module copy is made once per version and shared by later calls; the small files are
// written whole and renamed, so builds running side by side never read half a file.
func Stage(gobin, root, out string, plan []Change) ([]string, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	out, err = filepath.Abs(out)
	if err != nil {
		return nil, err
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	gosum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return nil, err
	}
	copies := map[string]string{} // module -> its copy
	replace := map[string]string{}
	for _, c := range plan {
		dir, ok := copies[c.Module]
		if !ok {
			if dir, err = copyModule(gobin, root, out, c.Module); err != nil {
				return nil, err
			}
			copies[c.Module] = dir
			gomod = fmt.Appendf(gomod, "\nreplace %s => %s\n", c.Module, dir)
		}
		target := filepath.Join(dir, filepath.FromSlash(c.File))
		if _, err := os.Stat(target); err != nil {
			return nil, fmt.Errorf("pagedeps: %s has no %s (moved or renamed upstream? update internal/pagedeps.Plan)", c.Module, c.File)
		}
		with := ""
		if c.With != "" {
			with = filepath.Join(root, filepath.FromSlash(c.With))
			if _, err := os.Stat(with); err != nil {
				return nil, fmt.Errorf("pagedeps: the stand-in for %s/%s: %v", c.Module, c.File, err)
			}
		}
		replace[target] = with
	}
	overlay, err := json.MarshalIndent(map[string]any{"Replace": replace}, "", "  ")
	if err != nil {
		return nil, err
	}
	for name, b := range map[string][]byte{"go.mod": gomod, "go.sum": gosum, "overlay.json": overlay} {
		if err := writeWhole(filepath.Join(out, name), b); err != nil {
			return nil, err
		}
	}
	return []string{"-modfile", filepath.Join(out, "go.mod"), "-overlay", filepath.Join(out, "overlay.json")}, nil
}

// copyModule copies module (the version go.mod requires, from the module cache, which it
// fills if need be) to out/mod/module@version once and returns the copy's folder.
func copyModule(gobin, root, out, module string) (string, error) {
	// go mod download fetches the module on a fresh machine and says where it is.
	cmd := exec.Command(gobin, "mod", "download", "-json", module)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	var m struct{ Version, Dir, Error string }
	if jsonErr := json.Unmarshal(b, &m); err == nil && jsonErr != nil {
		err = jsonErr
	}
	if err != nil || m.Error != "" || m.Dir == "" {
		return "", fmt.Errorf("pagedeps: go mod download %s: %v %s %s", module, err, m.Error, strings.TrimSpace(stderr.String()))
	}
	version, src := m.Version, m.Dir
	dst := filepath.Join(out, "mod", module+"@"+version)
	if _, err := os.Stat(filepath.Join(dst, "go.mod")); err == nil {
		return dst, nil // copied before; a copy is renamed into place only when whole
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dst), ".copy-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	if err := copyTree(src, tmp); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, dst); err != nil {
		if _, statErr := os.Stat(filepath.Join(dst, "go.mod")); statErr == nil {
			return dst, nil // another build copied it first
		}
		return "", err
	}
	return dst, nil
}

// copyTree copies the files under src into dst, writable (the module cache's are not).
func copyTree(src, dst string) error {
	var files []string
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files = append(files, p)
		return nil
	})
	if err != nil {
		return err
	}
	sort.Strings(files)
	for _, p := range files {
		rel, _ := filepath.Rel(src, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(to, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// writeWhole writes b to name through a temporary file renamed into place.
func writeWhole(name string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(name), ".tmp-")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), name)
}
