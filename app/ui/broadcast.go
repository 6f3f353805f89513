package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// channelName is the BroadcastChannel on which the page's tabs (same origin) tell
// each other that they wrote to the workspace catalog.
const channelName = "gcplay-storage"

// channel is this tab's end of it; nil where the browser has none (the revision
// check on every save still catches a conflict then, only later).
var channel app.Value

// listenOtherTabs calls f on the UI goroutine when another tab wrote.
func listenOtherTabs(ctx app.Context, f func(app.Context)) func() {
	if app.IsServer {
		return func() {}
	}
	bc := app.Window().Get("BroadcastChannel")
	if !bc.Truthy() {
		return func() {}
	}
	channel = bc.New(channelName)
	stop := listen(channel, "message", func(app.Value) { ctx.Dispatch(f) })
	return func() {
		stop()
		channel.Call("close")
		channel = nil
	}
}

// broadcastChange tells the other tabs that this one wrote.
func broadcastChange() {
	if channel != nil && channel.Truthy() {
		channel.Call("postMessage", "changed")
	}
}
