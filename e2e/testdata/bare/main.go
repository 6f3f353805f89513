// The bare page: go-app with one element and nothing of gcplay, built as make wasm builds
// the playground (make wasm WASM_MAIN=./e2e/testdata/bare). TestStartup opens it beside
// the playground: the ratio of the two start-ups is the playground's own cost, whatever
// the machine's load.
package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

type bare struct{ app.Compo }

func (*bare) Render() app.UI { return app.Div().ID("bare").Text("bare go-app page") }

func main() {
	app.Route("/", func() app.Composer { return &bare{} })
	app.RunWhenOnBrowser()
}
