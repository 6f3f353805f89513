// Command wasm is the playground's browser binary (web/app.wasm): the go-app UI with the
// whole simulator inside. It imports no server code, to keep the download small.
package main

import (
	"github.com/gcplay/gcplay/app/ui"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	ui.Register()
	app.RunWhenOnBrowser()
}
