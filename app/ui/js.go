package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// listen adds a raw DOM listener. Unlike go-app's On* handlers, which run later on the UI
// goroutine, f runs inside the browser's event dispatch, so it may call preventDefault;
// it must not touch component state (dispatch for that).
func listen(target app.Value, event string, f func(e app.Value)) func() {
	fn := app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) > 0 {
			f(args[0])
		}
		return nil
	})
	opts := map[string]any{"passive": false}
	target.Call("addEventListener", event, fn, opts)
	return func() {
		target.Call("removeEventListener", event, fn, opts)
		fn.Release()
	}
}

// listenKeys calls onKey on the UI goroutine for shortcut keys pressed outside text
// fields (input, textarea, select, contenteditable), and keeps the browser from acting
// on them (space would scroll).
//
// Space is Run/Pause, yet a clicked button keeps the focus and takes Space as its own
// click: Space after clicking Step would step again. So a button clicked with the
// pointer gives the focus back (blurOnPointerClick), while a button reached with Tab
// keeps it and still takes Space and Enter, as a keyboard user expects.
//
// A shortcut that moves the focus into a text field (k) must not type its own key there:
// the key's keypress may reach the field once it has the focus (CDP sends it as a
// separate event), so the keypress of a consumed key is cancelled too, until its keyup.
func listenKeys(ctx app.Context, onKey func(app.Context, string)) func() {
	consumed := "" // the shortcut key down now; only these JS callbacks touch it
	releaseBlur := blurOnPointerClick()
	releasePress := listen(app.Window(), "keypress", func(e app.Value) {
		if consumed != "" && e.Get("key").String() == consumed {
			e.Call("preventDefault")
		}
	})
	releaseUp := listen(app.Window(), "keyup", func(e app.Value) { consumed = "" })
	releaseKeys := listen(app.Window(), "keydown", func(e app.Value) {
		key := e.Get("key").String()
		if e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() {
			return
		}
		if key != "Escape" && inTextField(e.Get("target")) {
			return
		}
		if _, ok := shortcutFor(key); !ok {
			return
		}
		if tag := e.Get("target").Get("tagName"); tag.Truthy() && tag.String() == "BUTTON" && (key == " " || key == "Enter") {
			return // a focused button handles space itself
		}
		e.Call("preventDefault")
		consumed = key
		ctx.Dispatch(func(ctx app.Context) { onKey(ctx, key) })
	})
	return func() { releaseKeys(); releaseUp(); releasePress(); releaseBlur() }
}

// blurOnPointerClick blurs a button once a pointer click on it is handled (detail > 0:
// a click from Space or Enter has detail 0 and keeps the focus).
func blurOnPointerClick() func() {
	return listen(app.Window(), "click", func(e app.Value) {
		if e.Get("detail").Int() == 0 {
			return
		}
		if b := e.Get("target").Call("closest", "button"); b.Truthy() {
			b.Call("blur")
		}
	})
}

// focusByID focuses the element with that id once the page has rendered it: a shortcut
// that opens an input puts the typing there.
func focusByID(ctx app.Context, id string) {
	ctx.Defer(func(app.Context) {
		if app.IsServer {
			return
		}
		if el := app.Window().GetElementByID(id); el.Truthy() {
			el.Call("focus")
		}
	})
}

func inTextField(t app.Value) bool {
	if !t.Truthy() {
		return false
	}
	if t.Get("isContentEditable").Truthy() {
		return true
	}
	switch t.Get("tagName").String() {
	case "INPUT":
		typ := t.Get("type").String()
		return typ != "radio" && typ != "checkbox" && typ != "range" && typ != "button"
	case "TEXTAREA", "SELECT":
		return true
	}
	return false
}

// listenHash calls f on the UI goroutine when the URL fragment changes.
func listenHash(ctx app.Context, f func(app.Context)) func() {
	return listen(app.Window(), "hashchange", func(app.Value) {
		ctx.Dispatch(f)
	})
}

// copyText puts text on the clipboard when the browser allows it.
func copyText(text string) {
	if app.IsServer {
		return
	}
	nav := app.Window().Get("navigator")
	if cb := nav.Get("clipboard"); cb.Truthy() {
		cb.Call("writeText", text)
	}
}

// download offers text as a file to save.
func download(name, mime, text string) {
	if app.IsServer {
		return
	}
	doc := app.Window().Get("document")
	blob := app.Window().Get("Blob").New([]any{text}, map[string]any{"type": mime})
	url := app.Window().Get("URL").Call("createObjectURL", blob)
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	// The browser may read the blob after this task: revoke the URL later, since an
	// at-once revoke has failed downloads in some browsers (Chromium 156 copes either
	// way, e2e TestExport).
	URL := app.Window().Get("URL")
	app.Window().Call("setTimeout", URL.Get("revokeObjectURL").Call("bind", URL, url), 30_000)
}

// setFieldValue sets the value of the input or textarea with that id. go-app cannot
// clear a field: it drops an empty value attribute, and removing the attribute leaves
// what the user typed in place; a textarea's text child never updates its value.
func setFieldValue(id, v string) {
	if app.IsServer {
		return
	}
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Set("value", v)
	}
}
