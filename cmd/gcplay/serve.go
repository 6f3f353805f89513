package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/gcplay/gcplay/app/ui"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

type serveOptions struct{ addr string }

type buildOptions struct{ out, basePath string }

func serveFlags(out io.Writer) (*flag.FlagSet, *serveOptions) {
	o := &serveOptions{}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&o.addr, "addr", "127.0.0.1:8080", "address to listen on (loopback by default)")
	return fs, o
}

func buildFlags(out io.Writer) (*flag.FlagSet, *buildOptions) {
	o := &buildOptions{}
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&o.out, "out", "dist", "output directory (replaced)")
	fs.StringVar(&o.basePath, "base-path", "/", "URL path prefix the site is served under, e.g. /gcplay/")
	return fs, o
}

// wasmPath is where `make wasm` writes the browser binary, relative to the repository root.
const wasmPath = "web/app.wasm"

func checkWasm() error {
	if _, err := os.Stat(wasmPath); err != nil {
		return fmt.Errorf("%s not found: run 'make wasm' first, from the repository root", wasmPath)
	}
	return nil
}

// serveCommand serves the playground with go-app's handler: the prerendered page, its
// scripts, and ./web (the wasm and the styles) from the working directory.
func serveCommand(args []string, stdout, stderr io.Writer) error {
	fs, o := serveFlags(stderr)
	if err := parseFlags("serve", fs, args, stdout); err != nil {
		return err
	}
	if err := checkWasm(); err != nil {
		return fmt.Errorf("serve: %v", err)
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return fmt.Errorf("serve: %v", err)
	}
	ui.Register()
	fmt.Fprintf(stdout, "gcplay playground on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	return http.Serve(ln, ui.Handler("/"))
}

// buildCommand writes a static site: go-app's generated pages with every URL under the
// base path, plus ./web (wasm included) copied to OUT/web.
func buildCommand(args []string, stdout, stderr io.Writer) error {
	fs, o := buildFlags(stderr)
	if err := parseFlags("build", fs, args, stdout); err != nil {
		return err
	}
	if err := checkWasm(); err != nil {
		return fmt.Errorf("build: %v", err)
	}
	if o.out == "" || o.out == "/" || o.out == "." {
		return errors.New("build: --out must name a directory of its own")
	}
	if !strings.HasPrefix(o.basePath, "/") {
		return fmt.Errorf("build: --base-path %q must start with /", o.basePath)
	}
	if err := os.RemoveAll(o.out); err != nil {
		return fmt.Errorf("build: %v", err)
	}
	ui.Register()
	if err := app.GenerateStaticWebsite(o.out, ui.Handler(o.basePath)); err != nil {
		return fmt.Errorf("build: %v", err)
	}
	if err := copyDir("web", filepath.Join(o.out, "web")); err != nil {
		return fmt.Errorf("build: %v", err)
	}
	fmt.Fprintf(stdout, "static site in %s for %s\n", o.out, o.basePath)
	return nil
}

// copyDir copies the regular files under src into dst.
func copyDir(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}
