package ui

import (
	"strings"

	"github.com/gcplay/gcplay/app/kubectl"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func runKubectl(ws *workspace.Workspace, line, stdin string) (string, error) {
	if stdin != "" {
		line += "\n" + stdin
	}
	return kubectl.Run(ws, line)
}

// consoleLogLen bounds the transcript: the newest entries are kept.
const consoleLogLen = 50

// ConsolePanel accepts kubectl-style commands. The first line is the command; lines
// after it (or a <<EOF here-document) are its standard input, for `create -f -`. The
// transcript scrolls to the newest output; wide tables scroll sideways inside it; ↑ and
// ↓ recall earlier commands.
type ConsolePanel struct {
	app.Compo

	Lang  string
	View  *workspace.View
	OnRun func(ctx app.Context, line, stdin string) (string, error)

	input    string
	history  []consoleEntry
	recall   int // entries back from the newest that ↑ has recalled; 0: none
	unlisten []func()
	wide     bool // the console floats wide over the page, for wide tables
}

type consoleEntry struct {
	input, output, errText string
}

// Render draws the transcript and the input.
func (c *ConsolePanel) Render() (ui app.UI) {
	defer recoverRender(&ui, "console")
	var rows []app.UI
	for _, h := range c.history {
		entry := []app.UI{app.Pre().Class("con-in").Text("$ " + h.input)}
		if h.output != "" {
			entry = append(entry, app.Pre().Class("con-out").Role("status").Body(outputLines(h.output)...))
		}
		if h.errText != "" {
			entry = append(entry, app.Pre().Class("con-out", "con-err").Role("alert").Text(h.errText))
		}
		rows = append(rows, app.Div().Class("con-entry").Body(entry...))
	}
	if len(rows) == 0 {
		rows = append(rows, app.Pre().Class("con-out", "muted").Text(kubectl.Help))
	}
	cls, toggle, title := "panel console", "Widen", "Show the console wide, over the graph, for wide tables"
	if c.wide {
		cls, toggle, title = "panel console con-wide", "Dock", "Put the console back in the side panel"
	}
	return app.Div().Class(cls).Body(
		app.Div().Class("con-bar").Body(
			app.Span().Class("muted", "small").Text(tr(c.Lang, "kubectl console · tables scroll sideways")),
			app.Button().Type("button").Class("btn", "btn-small").Title(tr(c.Lang, title)).Aria("pressed", c.wide).Text(tr(c.Lang, toggle)).
				OnClick(func(ctx app.Context, e app.Event) {
					c.wide = !c.wide
					ctx.Defer(func(app.Context) { c.scrollToEnd() })
				}),
		),
		app.Div().ID("con-log").Class("con-log").Aria("label", tr(c.Lang, "Console output")).Body(rows...),
		app.Form().Class("con-form").OnSubmit(func(ctx app.Context, e app.Event) {
			e.PreventDefault()
			c.run(ctx)
		}).Body(
			app.Textarea().ID("console-input").Class("con-input").Rows(3).Spellcheck(false).
				Placeholder(consolePlaceholder(c.View)).Aria("label", tr(c.Lang, "kubectl command")).
				Text(c.input).OnInput(c.ValueTo(&c.input)),
			app.Div().Class("con-actions").Body(
				app.Button().Type("submit").Class("btn").Text(tr(c.Lang, "Run command")),
				app.Span().Class("muted", "small").Text(tr(c.Lang, "Enter runs a one-line command; Shift+Enter adds a line for create -f -; ↑ ↓ recall; try help.")),
			),
		),
	)
}

// outputLines renders output, with gcplay's note (a last line "# ...": not kubectl's
// output) set apart.
func outputLines(out string) []app.UI {
	i := strings.LastIndex("\n"+out, "\n# ")
	if i < 0 {
		return []app.UI{app.Text(out)}
	}
	return []app.UI{app.Text(out[:i]), app.Span().Class("con-note").Text(out[i:])}
}

// consolePlaceholder suggests a command on an object of the open workspace: the first
// owner at the top of a tree (what one deletes to see a cascade), else the first object.
func consolePlaceholder(v *workspace.View) string {
	if v == nil || len(v.Objects) == 0 {
		return "kubectl get all"
	}
	owns := map[string]bool{}
	for _, o := range v.Objects {
		for _, r := range o.OwnerReferences {
			owns[string(r.UID)] = true
		}
	}
	pick := v.Objects[0]
	for _, o := range v.Objects {
		if len(o.OwnerReferences) == 0 && owns[string(o.UID)] {
			pick = o
			break
		}
	}
	return "kubectl describe " + describeArgs(pick)
}

func describeArgs(o *gccore.Object) string {
	s := strings.ToLower(o.Kind) + " " + o.Name
	if o.Namespace != "" && o.Namespace != "default" {
		s += " -n " + o.Namespace
	}
	return s
}

// OnMount listens for Enter and the arrow keys in the input (raw, so that Enter's new
// line can be prevented) and shows the newest output.
func (c *ConsolePanel) OnMount(ctx app.Context) {
	ctx.Defer(func(app.Context) { c.scrollToEnd() })
	root := ctx.JSSrc()
	// swallow is set by an Enter that runs the command, for the line break it would insert:
	// a browser that still inserts it after preventDefault on keydown (a synthesized
	// char event does) sends it through beforeinput, which is cancelable too.
	swallow := false
	c.unlisten = append(c.unlisten,
		listen(root, "keydown", func(e app.Value) {
			el := e.Get("target")
			if el.Get("id").String() != "console-input" {
				return
			}
			key := e.Get("key").String()
			value := el.Get("value").String()
			oneLine := !strings.Contains(value, "\n")
			switch {
			case key == "Enter" && !e.Get("shiftKey").Bool() && oneLine:
				e.Call("preventDefault")
				swallow = true
				ctx.Dispatch(func(ctx app.Context) {
					c.input = value
					c.run(ctx)
				})
			case (key == "ArrowUp" || key == "ArrowDown") && oneLine:
				e.Call("preventDefault")
				ctx.Dispatch(func(ctx app.Context) { c.recallEntry(key == "ArrowUp") })
			}
		}),
		listen(root, "beforeinput", func(e app.Value) {
			t := e.Get("inputType").String()
			if swallow && (t == "insertLineBreak" || t == "insertParagraph" || t == "insertText" && e.Get("data").String() == "\n") {
				e.Call("preventDefault")
			}
			swallow = false
		}),
		listen(root, "keyup", func(app.Value) { swallow = false }),
	)
}

// OnDismount removes the key listener.
func (c *ConsolePanel) OnDismount() {
	for _, f := range c.unlisten {
		f()
	}
	c.unlisten = nil
}

func (c *ConsolePanel) recallEntry(back bool) {
	switch {
	case back && c.recall < len(c.history):
		c.recall++
	case !back && c.recall > 0:
		c.recall--
	default:
		return
	}
	c.input = ""
	if c.recall > 0 {
		c.input = c.history[len(c.history)-c.recall].input
	}
	setFieldValue("console-input", c.input)
}

func (c *ConsolePanel) run(ctx app.Context) {
	in := strings.TrimSpace(c.input)
	if in == "" {
		return
	}
	c.recall = 0
	if in == "clear" {
		c.history, c.input = nil, ""
		setFieldValue("console-input", "")
		return
	}
	out, err := c.OnRun(ctx, in, "")
	e := consoleEntry{input: in, output: strings.TrimRight(out, "\n")}
	if err != nil {
		e.errText = err.Error() // the input stays: nothing typed is lost
	} else {
		c.input = ""
		setFieldValue("console-input", "")
	}
	c.history = append(c.history, e)
	if len(c.history) > consoleLogLen {
		c.history = c.history[len(c.history)-consoleLogLen:]
	}
	ctx.Defer(func(app.Context) { c.scrollToEnd() })
}

// scrollToEnd shows the newest output.
func (c *ConsolePanel) scrollToEnd() {
	if app.IsServer {
		return
	}
	if log := app.Window().GetElementByID("con-log"); log.Truthy() {
		log.Set("scrollTop", log.Get("scrollHeight"))
	}
}
