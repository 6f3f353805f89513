package ui

// Cmd is a playground command: what a toolbar button, a keyboard shortcut or a menu
// entry asks for. One table keeps the buttons, the shortcuts and the help overlay in step.
type Cmd string

const (
	CmdStep        Cmd = "step"
	CmdRun         Cmd = "run"
	CmdPause       Cmd = "pause"
	CmdRunIdle     Cmd = "run-until-idle"
	CmdReset       Cmd = "reset"
	CmdDeliver     Cmd = "deliver-event"
	CmdGraphChange Cmd = "process-graph-change"
	CmdDeleteItem  Cmd = "run-delete-item"
	CmdOrphanItem  Cmd = "run-orphan-item"
	CmdUntilChange Cmd = "until-change"
	CmdBack        Cmd = "back"
	CmdForward     Cmd = "forward"
	CmdDelete      Cmd = "delete"
	CmdPolicy      Cmd = "policy"
	CmdMode        Cmd = "toggle-graph"
	CmdFit         Cmd = "fit"
	CmdHelp        Cmd = "help"
	CmdClose       Cmd = "close"
	CmdConsole     Cmd = "console"
)

// Shortcut is one keyboard binding.
type Shortcut struct {
	Key  string // KeyboardEvent.key
	Cmd  Cmd
	Text string // what it does, for the help overlay
}

// Shortcuts lists every keyboard shortcut, in help order.
var Shortcuts = []Shortcut{
	{"s", CmdStep, "Step: one tick"},
	{" ", CmdRun, "Run / Pause (space)"},
	{"i", CmdRunIdle, "Run until idle"},
	{"r", CmdReset, "Reset to the scenario's start"},
	{"e", CmdDeliver, "Fine step: deliver one watch event"},
	{"g", CmdGraphChange, "Fine step: process one graphChanges entry"},
	{"d", CmdDeleteItem, "Fine step: one attemptToDelete item"},
	{"o", CmdOrphanItem, "Fine step: one attemptToOrphan item"},
	{"u", CmdUntilChange, "Step until the chosen queue changes"},
	{"ArrowLeft", CmdBack, "Rewind one tick"},
	{"ArrowRight", CmdForward, "Forward one tick (replays the timeline, or steps)"},
	{"Delete", CmdDelete, "Delete the selected object with the chosen policy"},
	{"p", CmdPolicy, "Cycle the deletion policy"},
	{"v", CmdMode, "Toggle API objects / GC graph"},
	{"f", CmdFit, "Fit the graph to the panel"},
	{"k", CmdConsole, "Focus the kubectl console"},
	{"?", CmdHelp, "Show this help"},
	{"Escape", CmdClose, "Close the overlay"},
}

// shortcutFor returns the command bound to a key.
func shortcutFor(key string) (Cmd, bool) {
	for _, s := range Shortcuts {
		if s.Key == key {
			return s.Cmd, true
		}
	}
	return "", false
}

// keyLabel renders a key for people.
func keyLabel(key string) string {
	switch key {
	case " ":
		return "Space"
	case "ArrowLeft":
		return "←"
	case "ArrowRight":
		return "→"
	case "Escape":
		return "Esc"
	}
	return key
}
