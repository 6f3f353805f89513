//go:build js && wasm

package main

import "syscall/js"

// repairLocation rewrites the address bar's URL in place (no reload) when go-app could
// not parse it; see repairURL.
func repairLocation() {
	href := js.Global().Get("location").Get("href").String()
	if fixed := repairURL(href); fixed != href {
		js.Global().Get("history").Call("replaceState", js.Null(), "", fixed)
	}
}
