package ui

import (
	"strings"

	"github.com/gcplay/gcplay/app/kubectl"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func runKubectl(ws *workspace.Workspace, line, stdin string) (string, error) {
	if stdin != "" {
		line += "\n" + stdin
	}
	return kubectl.Run(ws, line)
}

// ConsolePanel accepts kubectl-style commands. The first line is the command; lines
// after it (or a <<EOF here-document) are its standard input, for `create -f -`.
type ConsolePanel struct {
	app.Compo

	View  *workspace.View
	OnRun func(ctx app.Context, line, stdin string) (string, error)

	input   string
	history []consoleEntry
}

type consoleEntry struct {
	input, output string
	failed        bool
}

// Render draws the transcript and the input.
func (c *ConsolePanel) Render() (ui app.UI) {
	defer recoverRender(&ui, "console")
	var rows []app.UI
	for _, h := range c.history {
		cls := "con-out"
		if h.failed {
			cls = "con-out con-err"
		}
		rows = append(rows, app.Div().Class("con-entry").Body(
			app.Pre().Class("con-in").Text("$ "+h.input),
			app.Pre().Class(cls).Role(map[bool]string{true: "alert", false: "status"}[h.failed]).Text(h.output),
		))
	}
	if len(rows) == 0 {
		rows = append(rows, app.Pre().Class("con-out", "muted").Text(kubectl.Help))
	}
	return app.Div().Class("panel", "console").Body(
		app.Div().Class("con-log").Body(rows...),
		app.Form().Class("con-form").OnSubmit(func(ctx app.Context, e app.Event) {
			e.PreventDefault()
			c.run(ctx)
		}).Body(
			app.Textarea().ID("console-input").Class("con-input").Rows(3).Spellcheck(false).
				Placeholder("kubectl delete cm/owner --cascade=foreground").Aria("label", "kubectl command").
				Text(c.input).OnInput(c.ValueTo(&c.input)).
				OnKeyDown(func(ctx app.Context, e app.Event) {
					if e.Get("key").String() == "Enter" && !e.Get("shiftKey").Bool() && !strings.Contains(c.input, "\n") {
						c.run(ctx)
					}
				}),
			app.Div().Class("con-actions").Body(
				app.Button().Type("submit").Class("btn").Text("Run command"),
				app.Span().Class("muted", "small").Text("Enter runs a one-line command; Shift+Enter adds a line for create -f -."),
			),
		),
	)
}

func (c *ConsolePanel) run(ctx app.Context) {
	in := strings.TrimSpace(c.input)
	if in == "" {
		return
	}
	out, err := c.OnRun(ctx, in, "")
	e := consoleEntry{input: in, output: out}
	if err != nil {
		e.output, e.failed = "error: "+err.Error(), true
	} else {
		c.input = "" // keep the text on error: nothing lost
		setFieldValue("console-input", "")
	}
	c.history = append(c.history, e)
	if len(c.history) > 50 {
		c.history = c.history[len(c.history)-50:]
	}
}
