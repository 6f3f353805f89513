package ui

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"github.com/gcplay/gcplay/lessons"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// maxLessonBundle bounds web/lessons.json: a workshop is text, a few hundred KiB at most.
const maxLessonBundle = 8 << 20

// loadLessonBundle returns the lessons the page teaches: a workshop's, when the site was
// served or built with --lessons DIR (web/lessons.json, checked by `lessons check` before
// it was shipped), else the built-in ones. It blocks on the network: call it in
// ctx.Async. A bundle that cannot be read is an error (the page says so and may fall
// back to lessons.Builtin).
func loadLessonBundle(ctx context.Context) ([]*lessons.Lesson, error) {
	if app.IsServer {
		return lessons.Builtin()
	}
	// Relative to the page, so that a site built for --base-path /gcplay/ finds its own.
	u, err := app.Window().URL().Parse("web/" + lessons.BundleName)
	if err != nil {
		return nil, err
	}
	u.Fragment, u.RawQuery = "", ""
	data, found, err := fetchAsset(ctx, u)
	if err != nil || !found {
		if err != nil {
			return nil, fmt.Errorf("the workshop's lessons (%s) could not be read: %v", u.Path, err)
		}
		return lessons.Builtin()
	}
	return lessons.FromBundle(u.Path, data)
}

// fetchAsset GETs one of the site's files; found is false on a 404 (a file the site
// does not ship).
func fetchAsset(ctx context.Context, u *url.URL) (data []byte, found bool, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, false, err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, false, err
	}
	defer res.Body.Close()
	switch res.StatusCode {
	case http.StatusOK:
	case http.StatusNotFound:
		return nil, false, nil
	default:
		return nil, false, fmt.Errorf("status %s", res.Status)
	}
	data, err = io.ReadAll(io.LimitReader(res.Body, maxLessonBundle+1))
	if err == nil && len(data) > maxLessonBundle {
		err = fmt.Errorf("larger than %d MiB", maxLessonBundle>>20)
	}
	return data, err == nil, err
}
