package ui

import (
	"strings"

	"github.com/gcplay/gcplay/app/i18n"
	"github.com/gcplay/gcplay/lessons"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// langKey remembers the chosen language in localStorage.
const langKey = "gcplay.lang"

// pageLanguage is the language the page opens in: ?lang= (remembered), else the one
// remembered, else the browser's preferred language we speak, else English. The
// document's lang attribute follows (the prerendered page says "en").
func pageLanguage() string {
	if app.IsServer {
		return "en"
	}
	lang := chooseLanguage()
	app.Window().Get("document").Get("documentElement").Set("lang", lang)
	return lang
}

func chooseLanguage() string {
	if l := pageLocation().Query().Get("lang"); supported(l) {
		rememberLanguage(l)
		return l
	}
	if ls := app.Window().Get("localStorage"); ls.Truthy() {
		if v := ls.Call("getItem", langKey); v.Truthy() && supported(v.String()) {
			return v.String()
		}
	}
	var preferred []string
	if ls := app.Window().Get("navigator").Get("languages"); ls.Truthy() {
		for i := 0; i < ls.Length(); i++ {
			preferred = append(preferred, ls.Index(i).String())
		}
	}
	return preferredLanguage(preferred)
}

// preferredLanguage is the first of the browser's languages (navigator.languages) that
// the page speaks: Chinese in Simplified script (zh, zh-CN, zh-Hans, zh-SG) is zh-CN.
func preferredLanguage(browser []string) string {
	for _, b := range browser {
		switch l := strings.ToLower(b); {
		case l == "zh" || l == "zh-cn" || l == "zh-sg" || strings.HasPrefix(l, "zh-hans"):
			return "zh-CN"
		case l == "en" || strings.HasPrefix(l, "en-"):
			return "en"
		}
	}
	return "en"
}

func supported(lang string) bool {
	for _, l := range lessons.Languages {
		if l == lang {
			return true
		}
	}
	return false
}

func rememberLanguage(lang string) {
	if app.IsServer {
		return
	}
	if ls := app.Window().Get("localStorage"); ls.Truthy() {
		ls.Call("setItem", langKey, lang)
	}
	app.Window().Get("document").Get("documentElement").Set("lang", lang)
}

// languagePicker is the toolbar's language picker, showing lang; pick gets the choice.
func languagePicker(lang string, pick func(lang string)) app.UI {
	var opts []app.UI
	for _, l := range lessons.Languages {
		opts = append(opts, app.Option().Value(l).Text(i18n.LanguageNames[l]).Selected(l == lang))
	}
	return app.Select().Class("pg-lang").ID("lang").Aria("label", t(lang, "language")).
		OnChange(func(ctx app.Context, e app.Event) {
			if l := ctx.JSSrc().Get("value").String(); supported(l) {
				pick(l)
				rememberLanguage(l)
			}
		}).Body(opts...)
}

// The page's text helpers, by their short names (app/i18n holds the tables).
var (
	t        = i18n.T
	tr       = i18n.Tr
	labelled = i18n.Labelled
)
