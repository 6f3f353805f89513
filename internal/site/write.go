package site

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/gcplay/gcplay/app/ui"
)

// ManifestName is the file that marks a folder as a site Write made: it lists the files
// written, the only ones a later Write into the same folder removes.
const ManifestName = ".gcplay-site.json"

const generator = "gcplay build"

type manifest struct {
	Generator string   `json:"generator"`
	BasePath  string   `json:"basePath"`
	Files     []string `json:"files"`
}

// Write writes the site into dir, with a .gz and a .br copy beside each file Precompress
// compressed (for hosts that serve precompressed files).
//
// dir must be absent, an empty folder, or a site an earlier Write made (it holds
// ManifestName), whose files (those its manifest lists) are replaced; files added to it
// by hand are kept. Whatever
// dir is, Write refuses it when it is, or resolves through symbolic links to, the working
// directory or one of its parents, a folder holding go.mod or .git (a repository), the
// input folder webDir, a folder inside webDir, or a folder holding webDir (webDir "": the
// assets came from the binary, there is no input folder).
func (s *Site) Write(dir, webDir string) error {
	target, old, err := checkOut(dir, webDir)
	if err != nil {
		return err
	}
	if w := s.File("web/" + ui.WasmAsset); s.Target == Static && (w.enc.Load() == nil || w.enc.Load().gzip == nil) {
		return errors.New("the static page asks for web/app.wasm.gz: compress the site first (Precompress)")
	}
	var names []string
	contents := map[string][]byte{}
	for _, f := range s.Files() {
		names = append(names, f.Name)
		contents[f.Name] = f.Body
		if e := f.enc.Load(); e != nil {
			if e.gzip != nil {
				names = append(names, f.Name+".gz")
				contents[f.Name+".gz"] = e.gzip
			}
			if e.brotli != nil {
				names = append(names, f.Name+".br")
				contents[f.Name+".br"] = e.brotli
			}
		}
	}
	if err := os.MkdirAll(target, 0o755); err != nil {
		return err
	}
	// Every file goes through root: a symbolic link inside the folder cannot send a
	// write or a removal outside it.
	root, err := os.OpenRoot(target)
	if err != nil {
		return err
	}
	defer root.Close()
	if old != nil {
		for _, name := range old.Files {
			if err := removeWritten(root, name); err != nil {
				return err
			}
		}
	}
	// The manifest first: a build cut short leaves a folder that the next one recognises.
	m, err := json.MarshalIndent(manifest{Generator: generator, BasePath: s.BasePath, Files: names}, "", "  ")
	if err != nil {
		return err
	}
	if err := root.WriteFile(ManifestName, append(m, '\n'), 0o644); err != nil {
		return err
	}
	for _, name := range names {
		if d := path.Dir(name); d != "." {
			if err := root.MkdirAll(filepath.FromSlash(d), 0o755); err != nil {
				return err
			}
		}
		if err := root.WriteFile(filepath.FromSlash(name), contents[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// removeWritten removes a file an earlier Write listed, if it is still a regular file
// inside the folder.
func removeWritten(root *os.Root, name string) error {
	p := filepath.FromSlash(name)
	if !filepath.IsLocal(p) {
		return nil
	}
	fi, err := root.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	return root.Remove(p)
}

// CheckOut applies Write's rules to dir without writing anything: build calls it before
// the slow part (compression).
func CheckOut(dir, webDir string) error {
	_, _, err := checkOut(dir, webDir)
	return err
}

// checkOut applies Write's rules to dir. It returns dir resolved and the manifest of the
// site it holds, nil when it is absent or empty.
func checkOut(dir, webDir string) (string, *manifest, error) {
	refuse := func(why string) (string, *manifest, error) {
		return "", nil, fmt.Errorf("--out %q %s", dir, why)
	}
	if dir == "" {
		return "", nil, errors.New("--out is empty: name the folder to write the site into, e.g. --out dist")
	}
	target, err := resolve(dir)
	if err != nil {
		return refuse(fmt.Sprintf("cannot be resolved: %v", err))
	}
	cwd, err := os.Getwd()
	if err == nil {
		cwd, err = filepath.EvalSymlinks(cwd)
	}
	if err != nil {
		return "", nil, err
	}
	if within(target, cwd) {
		return refuse("is the working directory or one of its parents: choose a folder of its own, e.g. --out dist")
	}
	if webDir != "" { // "": the assets are the binary's own
		web, err := resolve(webDir)
		if err != nil {
			return "", nil, err
		}
		if within(target, web) {
			return refuse("holds the input folder " + webDir + ": choose another folder, e.g. --out dist")
		}
		if within(web, target) {
			return refuse("is inside the input folder " + webDir + ": choose another folder, e.g. --out dist")
		}
	}
	fi, err := os.Stat(target)
	if errors.Is(err, fs.ErrNotExist) {
		return target, nil, nil
	}
	if err != nil {
		return refuse(fmt.Sprintf("cannot be read: %v", err))
	}
	if !fi.IsDir() {
		return refuse("is not a folder")
	}
	for _, marker := range []string{"go.mod", ".git"} {
		if _, err := os.Lstat(filepath.Join(target, marker)); err == nil {
			return refuse("holds " + marker + " (a source tree): choose a folder of its own, e.g. --out dist")
		}
	}
	entries, err := os.ReadDir(target)
	if err != nil {
		return refuse(fmt.Sprintf("cannot be read: %v", err))
	}
	if len(entries) == 0 {
		return target, nil, nil
	}
	b, err := os.ReadFile(filepath.Join(target, ManifestName))
	if errors.Is(err, fs.ErrNotExist) {
		// Only the manifest makes a folder gcplay's: a site written by hand holds the
		// same names as go-app's files (index.html, app.css, app.js) and was taken for an
		// old build and overwritten (issue 21).
		return refuse("is not empty and holds no site of gcplay build (no " + ManifestName + "): choose an empty or new folder, or remove it yourself if it is an old gcplay site; nothing was changed")
	}
	var m manifest
	if err == nil {
		err = json.Unmarshal(b, &m)
	}
	if err == nil && m.Generator != generator {
		err = fmt.Errorf("generator %q, want %q", m.Generator, generator)
	}
	if err != nil {
		return refuse(fmt.Sprintf("holds a %s that cannot be read (%v): remove the folder yourself if it is a gcplay site", ManifestName, err))
	}
	return target, &m, nil
}

// resolve makes p absolute and follows its symbolic links; the part of p that does not
// exist yet is kept as it is. A link to nowhere is an error.
func resolve(p string) (string, error) {
	p, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	rest := ""
	for {
		r, err := filepath.EvalSymlinks(p)
		if err == nil {
			return filepath.Join(r, rest), nil
		}
		if _, lerr := os.Lstat(p); lerr == nil || !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(p)
		if parent == p {
			return "", err
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}

// within reports whether p is dir or lies under it (both absolute and resolved).
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}
