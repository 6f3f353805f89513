package ui

import "github.com/gcplay/gcplay/app/session"

// Shortcut is one keyboard binding.
type Shortcut struct {
	Key  string // KeyboardEvent.key
	Cmd  session.Cmd
	Text string // what it does, for the help overlay
}

// Shortcuts lists every keyboard shortcut, in help order.
var Shortcuts = []Shortcut{
	{"s", session.CmdStep, "Step: one tick"},
	{" ", session.CmdRun, "Run / Pause (space)"},
	{"i", session.CmdRunIdle, "Run until idle"},
	{"r", session.CmdReset, "Reset to the scenario's start"},
	{"e", session.CmdDeliver, "Fine step: deliver one watch event"},
	{"g", session.CmdGraphChange, "Fine step: process one graphChanges entry"},
	{"d", session.CmdDeleteItem, "Fine step: one attemptToDelete item"},
	{"D", session.CmdReadItem, "Fine step: a worker reads one attemptToDelete item and holds its write"},
	{"o", session.CmdOrphanItem, "Fine step: one attemptToOrphan item"},
	{"u", session.CmdUntilChange, "Step until the chosen queue changes"},
	{"ArrowLeft", session.CmdBack, "Rewind one tick"},
	{"ArrowRight", session.CmdForward, "Forward one tick (replays the timeline, or steps)"},
	{"Delete", session.CmdDelete, "Delete the selected object with the chosen policy"},
	{"p", session.CmdPolicy, "Cycle the deletion policy"},
	{"v", session.CmdMode, "Toggle API objects / GC graph"},
	{"f", session.CmdFit, "Fit the graph to the panel"},
	{"k", session.CmdConsole, "Focus the kubectl console"},
	{"?", session.CmdHelp, "Show this help"},
	{"Escape", session.CmdClose, "Close the overlay"},
}

// shortcutFor returns the command bound to a key.
func shortcutFor(key string) (session.Cmd, bool) {
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
	case "D":
		return "Shift+D"
	}
	return key
}
