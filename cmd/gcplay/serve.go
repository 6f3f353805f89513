package main

import (
	"errors"
	"flag"
	"io"
)

// serveFlags and buildFlags are placeholders until the playground lands (issue 5).
func serveFlags(out io.Writer) (*flag.FlagSet, *struct{}) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.String("addr", "127.0.0.1:8080", "address to listen on (loopback by default)")
	return fs, nil
}

func buildFlags(out io.Writer) (*flag.FlagSet, *struct{}) {
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.String("out", "dist", "output directory")
	fs.String("base-path", "/", "URL path prefix the site is served under")
	return fs, nil
}

func serveCommand(args []string, stdout, stderr io.Writer) error {
	return errors.New("serve: the playground is not built yet")
}

func buildCommand(args []string, stdout, stderr io.Writer) error {
	return errors.New("build: the playground is not built yet")
}
