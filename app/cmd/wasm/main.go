// Command wasm is the playground's browser binary (web/app.wasm): the go-app UI with the
// whole simulator inside. It imports no server code, to keep the download small.
//
// A panic that escapes every guard ends the Go program; web/crash.js, loaded before this
// binary, then shows the crash screen (as it does for any uncaught JavaScript error).
package main

import (
	"github.com/gcplay/gcplay/app/ui"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	// Marks the start's phases for DevTools and TestStartup: the wasm compiled and the
	// packages initialised by now; "gcplay-open" follows when the first workspace opens.
	app.Window().Get("performance").Call("mark", "gcplay-main")
	repairLocation()
	ui.Register()
	app.RunWhenOnBrowser()
}
