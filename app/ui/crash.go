package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// crashScript is the page's last guard (web/crash.js): it shows a crash screen for the
// failures no Go code can catch, such as an uncaught JavaScript error or the Go program
// exiting after a panic. It loads as a plain script, before wasm_exec.js and app.js run.
const crashScript = "/web/crash.js"

// exposeSession lets web/crash.js put the session, as a scenario file, on its crash
// screen. It runs inside the browser's call, not on the UI goroutine: it only reads.
func (p *Playground) exposeSession() func() {
	fn := app.FuncOf(func(this app.Value, args []app.Value) any {
		if p.s.Workspace() == nil {
			return ""
		}
		return string(p.s.Workspace().ExportScenario())
	})
	app.Window().Set("gcplaySession", fn)
	return func() {
		app.Window().Set("gcplaySession", nil)
		fn.Release()
	}
}
