package ui

import (
	"context"
	"fmt"
	"net/url"
	"sync"

	"github.com/gcplay/gcplay/gccore/rules"
	"github.com/gcplay/gcplay/lessons"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// maxLessonBundle bounds web/lessons.json: a workshop is text, a few hundred KiB at most.
const maxLessonBundle = 8 << 20

// loadLessonBundle returns the lessons the page teaches, unparsed (lessons.Shelf): a workshop's, when the site was
// served or built with --lessons DIR, else the built-in ones: web/lessons.json either way
// (lessons.Bundle, checked before it was shipped, or lessons.BuiltinBundle). It blocks on
// the network: call it in ctx.Async. A bundle that cannot be read is an error the page
// shows; its lessons are then unavailable (app.wasm has none of its own).
func loadLessonBundle(ctx context.Context) (*lessons.Shelf, error) {
	if app.IsServer {
		return lessons.BuiltinShelf()
	}
	u, err := siteAsset(lessons.BundleName)
	if err != nil {
		return nil, err
	}
	data, found, err := fetchAsset(ctx, u)
	if err != nil || !found {
		if err != nil {
			return nil, fmt.Errorf("the workshop's lessons (%s) could not be read: %v", u.Path, err)
		}
		return lessons.BuiltinShelf()
	}
	return lessons.OpenBundle(u.Path, data)
}

// fetchLessonBundle starts loadLessonBundle in a goroutine of its own and returns the
// wait for its result, so that the page's start does other work (the store, a link's
// replay) while the bundle is on its way.
func fetchLessonBundle(ctx context.Context) func() (*lessons.Shelf, error) {
	type result struct {
		s   *lessons.Shelf
		err error
	}
	done := make(chan result, 1)
	go func() {
		s, err := loadLessonBundle(ctx)
		done <- result{s, err}
	}()
	return sync.OnceValues(func() (*lessons.Shelf, error) {
		r := <-done
		return r.s, r.err
	})
}

// fetchRules reads the rules' text beside the page's start, not before it: only the
// rule dialog needs it. The page updates once it is in (a dialog opened before shows
// the rule then); a failure is a notice.
func (p *Playground) fetchRules(ctx app.Context) {
	ctx.Async(func() {
		err := loadRules(ctx)
		ctx.Dispatch(func(app.Context) {
			if err != nil {
				p.s.Alert(err.Error())
			}
		})
	})
}

// loadRules gives the rules package the documents' text the site ships (web/rules.md;
// app.wasm does not carry it), for the rule dialog. Call it in ctx.Async.
func loadRules(ctx context.Context) error {
	if app.IsServer {
		return nil
	}
	u, err := siteAsset(rules.DocumentName)
	if err == nil {
		var found bool
		var data []byte
		if data, found, err = fetchAsset(ctx, u); found {
			rules.SetSource(string(data))
			return nil
		} else if err == nil {
			err = fmt.Errorf("%s is not on the site", u.Path)
		}
	}
	return fmt.Errorf("the rules' text (web/%s) could not be read: %v", rules.DocumentName, err)
}

// siteAsset is the address of web/name relative to the page, so that a site built for
// --base-path /gcplay/ finds its own.
func siteAsset(name string) (*url.URL, error) {
	u, err := pageLocation().Parse("web/" + name)
	if err != nil {
		return nil, err
	}
	u.Fragment, u.RawQuery = "", ""
	return u, nil
}

// fetchAsset GETs one of the site's files with the browser's fetch; found is false on a
// 404. Not net/http: its client would add about 600 KB (gzip) to app.wasm.
func fetchAsset(ctx context.Context, u *url.URL) (data []byte, found bool, err error) {
	res, err := await(ctx, app.Window().Call("fetch", u.String()))
	if err != nil {
		return nil, false, err
	}
	switch status := res.Get("status").Int(); status {
	case 200:
	case 404:
		return nil, false, nil
	default:
		return nil, false, fmt.Errorf("status %d", status)
	}
	buf, err := await(ctx, res.Call("arrayBuffer"))
	if err != nil {
		return nil, false, err
	}
	n := buf.Get("byteLength").Int()
	if n > maxLessonBundle {
		return nil, false, fmt.Errorf("larger than %d MiB", maxLessonBundle>>20)
	}
	data = make([]byte, n)
	app.CopyBytesToGo(data, app.Window().Get("Uint8Array").New(buf))
	return data, true, nil
}

// await waits, off the UI goroutine, for a JavaScript promise.
func await(ctx context.Context, promise app.Value) (app.Value, error) {
	type result struct {
		v   app.Value
		err error
	}
	done := make(chan result, 1)
	then := app.FuncOf(func(this app.Value, args []app.Value) any {
		done <- result{v: args[0]}
		return nil
	})
	defer then.Release()
	catch := app.FuncOf(func(this app.Value, args []app.Value) any {
		done <- result{err: fmt.Errorf("%s", args[0].Call("toString").String())}
		return nil
	})
	defer catch.Release()
	promise.Call("then", then, catch)
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
