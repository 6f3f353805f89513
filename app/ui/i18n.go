package ui

import (
	"github.com/gcplay/gcplay/lessons"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// messages is the page's own text in every language of lessons.Languages, by key. A key
// without a translation shows in English (t), and TestMessagesComplete fails on it.
var messages = map[string]map[string]string{
	"lessons":        {"en": "Lessons", "zh-CN": "课程"},
	"lessonsTitle":   {"en": "Learn how the garbage collector deletes", "zh-CN": "学习垃圾回收器如何删除对象"},
	"lesson":         {"en": "Lesson", "zh-CN": "课程"},
	"introduction":   {"en": "Introduction", "zh-CN": "介绍"},
	"goals":          {"en": "Goals", "zh-CN": "目标"},
	"hint":           {"en": "Hint", "zh-CN": "提示"},
	"noMoreHints":    {"en": "No more hints", "zh-CN": "没有更多提示"},
	"showSolution":   {"en": "Show solution", "zh-CN": "演示答案"},
	"reset":          {"en": "Reset", "zh-CN": "重置"},
	"next":           {"en": "Other lessons", "zh-CN": "其他课程"},
	"nextLesson":     {"en": "Next lesson", "zh-CN": "下一课"},
	"exit":           {"en": "Leave", "zh-CN": "退出"},
	"exitTitle":      {"en": "Leave the lesson; the workspace stays", "zh-CN": "退出课程；工作区保留"},
	"done":           {"en": "Done: every goal holds", "zh-CN": "完成：所有目标均已达成"},
	"parFmt":         {"en": "You used %d action(s); the reference solution uses %d.", "zh-CN": "你用了 %d 个操作；参考答案用了 %d 个。"},
	"yourTrace":      {"en": "Your trace", "zh-CN": "你的轨迹"},
	"referenceTrace": {"en": "The reference solution's trace", "zh-CN": "参考答案的轨迹"},
	"todo":           {"en": "not done", "zh-CN": "未完成"},
	"language":       {"en": "Language", "zh-CN": "语言"},
	"help":           {"en": "Help", "zh-CN": "帮助"},
	"close":          {"en": "Close", "zh-CN": "关闭"},
	"example":        {"en": "Example", "zh-CN": "示例"},
	"subtitle":       {"en": "the Kubernetes garbage collector, tick by tick", "zh-CN": "逐个 tick 观察 Kubernetes 垃圾回收器"},
}

// languageNames label the language picker, each in its own language.
var languageNames = map[string]string{"en": "English", "zh-CN": "简体中文"}

// t is the page's text for key in lang, falling back to English, then to the key.
func t(lang, key string) string {
	m := messages[key]
	if s := m[lang]; s != "" {
		return s
	}
	if s := m["en"]; s != "" {
		return s
	}
	return key
}

// langKey remembers the chosen language in localStorage.
const langKey = "gcplay.lang"

// pageLanguage is the language the page opens in: ?lang= (remembered), else the one
// remembered, else English.
func pageLanguage() string {
	if app.IsServer {
		return "en"
	}
	if l := app.Window().URL().Query().Get("lang"); supported(l) {
		rememberLanguage(l)
		return l
	}
	if ls := app.Window().Get("localStorage"); ls.Truthy() {
		if v := ls.Call("getItem", langKey); v.Truthy() && supported(v.String()) {
			return v.String()
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

// renderLanguages is the toolbar's language picker.
func (p *Playground) renderLanguages() app.UI {
	var opts []app.UI
	for _, l := range lessons.Languages {
		opts = append(opts, app.Option().Value(l).Text(languageNames[l]).Selected(l == p.lang))
	}
	return app.Select().Class("pg-lang").ID("lang").Aria("label", t(p.lang, "language")).
		OnChange(func(ctx app.Context, e app.Event) {
			if l := ctx.JSSrc().Get("value").String(); supported(l) {
				p.lang = l
				rememberLanguage(l)
			}
		}).Body(opts...)
}
