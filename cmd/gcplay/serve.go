package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gcplay/gcplay/app/ui"
	"github.com/gcplay/gcplay/internal/embedded"
	"github.com/gcplay/gcplay/internal/site"
	"github.com/gcplay/gcplay/lessons"
)

type serveOptions struct{ addr, lessons string }

type buildOptions struct{ out, basePath, lessons string }

func serveFlags(out io.Writer) (*flag.FlagSet, *serveOptions) {
	o := &serveOptions{}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&o.addr, "addr", "127.0.0.1:8080", "address to listen on (loopback by default; any other address warns)")
	fs.StringVar(&o.lessons, "lessons", "", lessonsFlagUsage)
	return fs, o
}

func buildFlags(out io.Writer) (*flag.FlagSet, *buildOptions) {
	o := &buildOptions{}
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&o.out, "out", "dist", "output folder: absent, empty, or a site gcplay build wrote (its files are replaced)")
	fs.StringVar(&o.basePath, "base-path", "/", "URL path the site is served under, starting and ending with /, e.g. /gcplay/")
	fs.StringVar(&o.lessons, "lessons", "", lessonsFlagUsage)
	return fs, o
}

// webDir is where `make wasm` writes the browser binary and where the page's assets live,
// relative to the repository root. A release binary holds its own copy (embedded.Web)
// and never reads it.
const webDir = "web"

// inputDir is the folder the site's assets are read from: webDir, or "" when they are
// the binary's own.
func inputDir() string {
	if embedded.Web() != nil {
		return ""
	}
	return webDir
}

const lessonsFlagUsage = "a workshop folder (lesson files and order.yaml) to ship instead of the built-in lessons; checked first as 'gcplay lessons check DIR' does"

// loadSite is the site for basePath, with the workshop folder lessonsDir's lessons when
// given: checked first (lessons.Bundle), so a class never gets a broken lesson. It
// returns as soon as ctx ends, even from a check stuck inside one tick.
func loadSite(ctx context.Context, basePath, lessonsDir string, target site.Target) (*site.Site, error) {
	var bundle []byte
	if lessonsDir != "" {
		type checked struct {
			bundle []byte
			err    error
		}
		done := make(chan checked, 1)
		go func() {
			b, err := lessons.Bundle(ctx, lessonsDir)
			done <- checked{b, err}
		}()
		select {
		case c := <-done:
			if c.err != nil {
				return nil, fmt.Errorf("--lessons %s: %v", lessonsDir, c.err)
			}
			bundle = c.bundle
		case <-ctx.Done():
			return nil, fmt.Errorf("--lessons %s: interrupted while checking the lessons (%v)", lessonsDir, context.Cause(ctx))
		}
	}
	var s *site.Site
	var err error
	if web := embedded.Web(); web != nil {
		s, err = site.LoadFS(web, "the binary's assets", basePath, target)
	} else {
		s, err = site.Load(webDir, basePath, target)
	}
	if err != nil {
		return nil, err
	}
	if bundle != nil {
		s.AddLessons(bundle)
	}
	return s, nil
}

// serveCommand serves the playground until interrupted.
func serveCommand(args []string, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, args, stdout, stderr)
}

// serve serves the site's files (site.Handler) until ctx ends. The files are compressed
// before the first answer: a release binary holds app.wasm compressed already, and from
// a checkout it takes a second or two (site.ServeQuality).
func serve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, o := serveFlags(stderr)
	if err := parseFlags("serve", fs, args, stdout); err != nil {
		return err
	}
	s, err := loadSite(ctx, "/", o.lessons, site.Served)
	if err != nil {
		return fmt.Errorf("serve: %v", err)
	}
	start := time.Now()
	if err := s.Precompress(site.ServeQuality); err != nil {
		return fmt.Errorf("serve: compressing: %v", err)
	}
	wasm := s.File("web/" + ui.WasmAsset)
	gz, br := wasm.CompressedSizes()
	took := time.Since(start).Round(10 * time.Millisecond)
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return fmt.Errorf("serve: %v", err)
	}
	if !site.Loopback(ln.Addr()) {
		fmt.Fprintf(stderr, "gcplay: warning: serving on %s, reachable from other machines (the default --addr 127.0.0.1:8080 is not)\n", ln.Addr())
	}
	fmt.Fprintf(stdout, "app.wasm goes out as brotli (%.1f MB) or gzip (%.1f MB), %.1f MB as it is (compressed in %v)\n",
		float64(br)/1e6, float64(gz)/1e6, float64(len(wasm.Body))/1e6, took)
	fmt.Fprintf(stdout, "gcplay playground on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	srv := site.NewServer(s.Handler())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("serve: %v", err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %v", err)
	}
	return nil
}

// buildCommand writes the static site: go-app's generated files with every URL under the
// base path, the assets under web/, and precompressed .gz/.br copies (site.Write says
// which folders it accepts).
func buildCommand(args []string, stdout, stderr io.Writer) error {
	fs, o := buildFlags(stderr)
	if err := parseFlags("build", fs, args, stdout); err != nil {
		return err
	}
	if err := site.CheckBasePath(o.basePath); err != nil {
		return fmt.Errorf("build: %v", err)
	}
	if err := site.CheckOut(o.out, inputDir()); err != nil {
		return fmt.Errorf("build: %v", err)
	}
	s, err := loadSite(context.Background(), o.basePath, o.lessons, site.Static) // Ctrl-C ends build as it is
	if err != nil {
		return fmt.Errorf("build: %v", err)
	}
	if err := s.Precompress(site.BuildQuality); err != nil {
		return fmt.Errorf("build: %v", err)
	}
	if err := s.Write(o.out, inputDir()); err != nil {
		return fmt.Errorf("build: %v", err)
	}
	fmt.Fprintf(stdout, "static site in %s for %s\n", o.out, o.basePath)
	return nil
}
