// Package session is one playground session as plain Go: the open workspace with its
// history, the run state, the selection and the chosen policy, the lesson being judged,
// the notice to show and the share code. It has no go-app and no syscall/js, so tests
// drive it natively and under node; the page (app/ui) owns one Session, passes the
// person's actions to it on the UI goroutine and renders what it holds. Two Sessions
// side by side are two values.
//
// Like raft's RawNode, a Session is changed only through its methods and hands what the
// page must pass on (progress for an embedding course page) out as values (TakeEvents).
package session

import (
	"github.com/gcplay/gcplay/app/scene"
	"github.com/gcplay/gcplay/app/workspace"
	"k8s.io/apimachinery/pkg/types"
)

// RunState says whether the simulation advances by itself.
type RunState int

const (
	Paused RunState = iota
	Running
)

// Level distinguishes information from errors.
type Level int

const (
	NoticeNone Level = iota
	NoticeInfo
	NoticeError
)

// Notice is the one line the page shows above the graph.
type Notice struct {
	Level Level
	Text  string
}

// Session is one playground session. It is not safe for concurrent use: the page calls
// it only from its UI goroutine.
//
// The exported fields are the person's settings, which the page sets directly; the
// Session's methods keep the rest consistent (a workspace opened clears the selection).
type Session struct {
	// Lang is the language the Session's notices are written in (i18n).
	Lang string
	// Run and Speed (ticks per second) say how the page advances the simulation: the
	// page schedules RunTick while Run is Running.
	Run   RunState
	Speed int
	// Selected is the uid of the selected object or node, "" when none.
	Selected types.UID
	// Policy is one of Policies: the Delete button's choice.
	Policy string
	// Mode is what the graph draws (API objects or the GC's graph); Collapsed the
	// folded subtrees, replaced (never changed in place) by Toggle: the graph keys its
	// scene cache on the map's identity.
	Mode      scene.Mode
	Collapsed map[string]bool
	// Until is the queue "Until change" watches.
	Until string
	// Notice is the last change's message; cleared by the next command.
	Notice Notice
	// Lessons is where lesson ids are looked up; shared by the page's sessions.
	Lessons *Library
	// Progress is the lessons done (catalog.KindProgress): the page sets what the store
	// read, and a completed lesson is added by replacing the map, never changing it.
	Progress map[string]bool

	ws     *workspace.Workspace
	lesson *Lesson
	events []Event // for the page to pass on (TakeEvents)
	share  shareCache
}

// New is a Session with no workspace yet, in lang, looking lessons up in lib.
func New(lang string, lib *Library) *Session {
	return &Session{Lang: lang, Speed: 4, Until: workspace.QueueAttemptToDelete, Collapsed: map[string]bool{},
		Lessons: lib, Progress: map[string]bool{}}
}

// Open makes ws the current workspace, paused, with nothing selected; a lesson's attempt
// opens in lesson mode.
func (s *Session) Open(ws *workspace.Workspace) {
	s.ws = ws
	s.Run = Paused
	s.Selected = ""
	s.Collapsed = map[string]bool{}
	s.Notice = Notice{}
	s.startLesson(ws)
}

// Workspace is the open workspace, nil before the first Open.
func (s *Session) Workspace() *workspace.Workspace { return s.ws }

// View is the open workspace's published view, nil before the first Open.
func (s *Session) View() *workspace.View {
	if s.ws == nil {
		return nil
	}
	return s.ws.View()
}

// Inform sets an information notice.
func (s *Session) Inform(text string) { s.Notice = Notice{NoticeInfo, text} }

// Fail shows err as the notice (nil: nothing) and returns it.
func (s *Session) Fail(err error) error {
	if err != nil {
		s.Notice = Notice{NoticeError, err.Error()}
	}
	return err
}

// settle ends every change: its error becomes the notice, and the open lesson is judged.
func (s *Session) settle(err error) error {
	s.Fail(err)
	s.judge()
	return err
}

// RunStatus is the page's data-status: running, paused or idle.
func (s *Session) RunStatus() string {
	switch {
	case s.ws.View().Settled:
		return "idle"
	case s.Run == Paused:
		return "paused"
	}
	return "running"
}

// Alert sets an error notice.
func (s *Session) Alert(text string) { s.Notice = Notice{NoticeError, text} }
