package ui

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gcplay/gcplay/app/i18n"
	"github.com/gcplay/gcplay/app/store"
	"github.com/gcplay/gcplay/app/store/catalog"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// storage is the page's side of the workspace catalog: which workspace is open and
// what the person has to hear about. Changed on the UI goroutine only; the catalog's
// calls run in ctx.Async (they block on IndexedDB).
type storage struct {
	cat      *catalog.Catalog
	fb       *store.Fallback
	id       string // the open workspace
	entries  []catalog.Entry
	kept     []catalog.Quarantined
	conflict *catalog.ConflictError // saving is paused until the person chooses
	deleted  *catalog.Deleted       // the last deletion, for Undo
	menu     bool                   // the Workspaces menu is open
}

// startStorage opens the store and the catalog, then the first workspace: a
// #scenario= or #ws= link as a new workspace, else the one open last, else the default
// example. Storage that fails leaves the page working in memory, with a notice.
func (p *Playground) startStorage(ctx app.Context) {
	frag := pageFragment()
	ctx.Async(func() {
		// The lessons' bundle is fetched while the store opens, not after.
		bundle := fetchLessonBundle(ctx)
		// Decoding a link replays its session: off the UI goroutine.
		linkWS, linkKind, linkErr := linkWorkspace(frag)
		var notes []string
		st, err := store.Open()
		if err != nil {
			notes = append(notes, fmt.Sprintf(tr(p.lang, "Storage is unavailable (%v): your workspaces live in memory only and are lost when the page closes; Export still works."), err))
			st = &store.Memory{}
		}
		fb := &store.Fallback{Primary: st}
		cat, err := catalog.Open(fb, catalog.Options{})
		if err != nil {
			notes = append(notes, fmt.Sprintf(tr(p.lang, "Reading the stored workspaces failed (%v): this page works in memory only; nothing stored was changed."), err))
			fb = &store.Fallback{Primary: &store.Memory{}}
			cat, _ = catalog.Open(fb, catalog.Options{})
		}
		var ws *workspace.Workspace
		var e catalog.Entry
		var problems []string
		consumed := false
		if linkKind != "" {
			if linkErr != nil {
				problems = append(problems, linkProblem(linkKind, linkErr))
			} else {
				ws = linkWS
				e, err = cat.Create(linkName(p.lang, time.Now()), ws.Marshal())
				notes = appendWriteNote(p.lang, notes, err)
				if err != nil && !isWriteError(err) {
					problems = append(problems, tr(p.lang, "The link's workspace could not be stored: ")+err.Error())
				}
				consumed = true
			}
		}
		if ws == nil {
			var errs []error
			ws, e, errs = cat.OpenCurrent(defaultWorkspace)
			for _, err := range errs {
				var qe *catalog.QuarantinedError
				if errors.As(err, &qe) {
					continue // its notice offers the record
				}
				if isWriteError(err) {
					notes = appendWriteNote(p.lang, notes, err)
					continue
				}
				problems = append(problems, err.Error())
			}
		}
		progress, _ := cat.Progress() // unreadable progress starts again; the attempts stay
		// A workshop's lessons (web/lessons.json), before a workspace that is a lesson's
		// attempt opens; the built-in ones on a site without it.
		ls, lessonsErr := bundle()
		if lessonsErr != nil {
			problems = append(problems, tr(p.lang, "The lessons could not be read: ")+lessonsErr.Error())
		}
		ctx.Dispatch(func(ctx app.Context) {
			if lessonsErr == nil {
				setPageLessons(ls)
				ctx.Defer(func(ctx app.Context) { warmLessons(ctx, ls) }) // after this render
			}
			p.progress = progress
			p.stored = storage{cat: cat, fb: fb, id: e.ID, entries: cat.Entries(), kept: cat.Quarantined()}
			p.storeNote = strings.Join(notes, " ")
			p.guard(ctx, "load", func() error {
				if ws == nil {
					return errors.New(strings.Join(problems, " "))
				}
				p.open(ws)
				app.Window().Get("performance").Call("mark", "gcplay-open")
				p.guideUntouched()
				p.savedSeq = p.saveSeq // what was just loaded or created is stored
				if consumed {
					clearFragment()
				}
				if id, ok := lessonFragment(pageFragment()); ok {
					p.openLesson(ctx, id)
				}
				if len(problems) > 0 {
					return errors.New(strings.Join(problems, " "))
				}
				return nil
			})
		})
	})
}

// linkName names the workspace a link opens.
func linkName(lang string, t time.Time) string {
	return tr(lang, "Link ") + t.Format("2006-01-02 15:04:05")
}

// defaultWorkspace is what a first visit (or a catalog with nothing readable) opens.
func defaultWorkspace() (string, *workspace.Workspace, error) {
	ws, ex, err := workspace.OpenExample(workspace.DefaultExample)
	return ex.Title, ws, err
}

func isWriteError(err error) bool {
	var we *store.WriteError
	return errors.As(err, &we)
}

func appendWriteNote(lang string, notes []string, err error) []string {
	if isWriteError(err) {
		return append(notes, writeNote(lang, err))
	}
	return notes
}

// isWriteNote reports a note writeNote made: the words before the error match.
func isWriteNote(lang, note string) bool {
	prefix, _, _ := strings.Cut(tr(lang, i18n.WriteNoteFmt), "%v")
	return strings.HasPrefix(note, prefix)
}

func writeNote(lang string, err error) string {
	var we *store.WriteError
	errors.As(err, &we)
	return fmt.Sprintf(tr(lang, i18n.WriteNoteFmt), we.Err)
}

// linkScenario extracts the scenario of a `#scenario=` fragment. An empty one is an
// error: it must not make a workspace.
func linkScenario(fragment string) ([]byte, bool, error) {
	const prefix = "scenario="
	if !strings.HasPrefix(fragment, prefix) {
		return nil, false, nil
	}
	b, err := workspace.DecodeLink(strings.TrimPrefix(fragment, prefix))
	if err == nil && len(bytes.TrimSpace(b)) == 0 {
		err = errors.New("the link holds no scenario")
	}
	return b, true, err
}

// clearFragment drops a consumed #scenario= from the address, so that a reload opens
// the workspace the link made instead of making another (no hashchange follows).
func clearFragment() {
	if app.IsServer {
		return
	}
	app.Window().Get("history").Call("replaceState", nil, "", pageLocation().String())
}

// onHashChange opens a link pasted into the address bar as a new workspace; a bad one
// is a notice and leaves the open workspace as it was.
func (p *Playground) onHashChange(ctx app.Context) {
	if p.stored.cat == nil {
		return
	}
	if id, ok := lessonFragment(pageFragment()); ok {
		p.openLesson(ctx, id)
		return
	}
	ws, kind, err := linkWorkspace(pageFragment())
	if kind == "" {
		return
	}
	if err != nil {
		p.notice = notice{noticeError, linkProblem(kind, err)}
		return
	}
	p.createWorkspace(ctx, linkName(p.lang, time.Now()), "", ws, clearFragment)
}

// saveDelay gathers quick changes (a burst of Step clicks) into one write: saving
// serializes the whole session, which should not cost every tick.
const saveDelay = 250 * time.Millisecond

// save writes the workspace to the store, off the UI goroutine, saveDelay after a change;
// changes meanwhile are in the same write. While another tab's change is unresolved
// (a conflict) nothing is written.
func (p *Playground) save(ctx app.Context) {
	if p.stored.cat == nil || p.ws == nil || p.run == Running {
		return
	}
	p.saveSeq++
	if p.savePending || p.stored.conflict != nil {
		return
	}
	p.savePending = true
	ctx = p.ctx // the caller's element may be gone by then (a deleted object's button)
	ctx.After(saveDelay, func(ctx app.Context) {
		p.savePending = false
		if p.ws == nil || p.stored.conflict != nil {
			return
		}
		seq, data, cat, id := p.saveSeq, p.ws.Marshal(), p.stored.cat, p.stored.id
		ctx.Async(func() {
			err := cat.Save(id, data)
			ctx.Dispatch(func(ctx app.Context) {
				if id != p.stored.id {
					return
				}
				p.afterWrite(err)
				if err == nil || isWriteError(err) {
					p.savedSeq = max(p.savedSeq, seq)
				}
				if err == nil {
					broadcastChange()
				}
				p.stored.entries = cat.Entries()
			})
		})
	})
}

// afterWrite reports a write's outcome: a conflict pauses saving, a write kept in
// memory only is said once, a success after failures clears the note.
func (p *Playground) afterWrite(err error) {
	var ce *catalog.ConflictError
	switch {
	case errors.As(err, &ce):
		p.stored.conflict = ce
	case isWriteError(err):
		p.storeNote = writeNote(p.lang, err)
	case err != nil:
		p.notice = notice{noticeError, tr(p.lang, "Saving failed: ") + err.Error()}
	case p.stored.fb != nil && !p.stored.fb.Degraded() && isWriteNote(p.lang, p.storeNote):
		p.storeNote = ""
	}
}

// unsaved is the open session when it may have changes not yet written (a switch
// writes them first), else nil. A run saves only when it stops, so while running the
// session is always written.
func (p *Playground) unsaved() []byte {
	if p.ws == nil || p.stored.conflict != nil || (p.run != Running && p.savedSeq == p.saveSeq) {
		return nil
	}
	return p.ws.Marshal()
}

// catalogOp runs op off the UI goroutine after writing the open session's unsaved
// changes, then done on the UI goroutine. A conflict while writing them stops there.
func (p *Playground) catalogOp(ctx app.Context, what string, op func(*catalog.Catalog) (func(app.Context) error, error)) {
	cat, id, pending, seq := p.stored.cat, p.stored.id, p.unsaved(), p.saveSeq
	if cat == nil {
		return
	}
	ctx = p.ctx // the caller's element may be gone when the result comes (a closed menu)
	ctx.Async(func() {
		var err error
		if pending != nil {
			err = cat.Save(id, pending)
		}
		var done func(app.Context) error
		var ce *catalog.ConflictError
		if !errors.As(err, &ce) {
			done, err = op(cat)
		}
		ctx.Dispatch(func(ctx app.Context) {
			p.guard(ctx, what, func() error {
				if pending != nil && (err == nil || isWriteError(err)) {
					p.savedSeq = max(p.savedSeq, seq)
				}
				p.stored.entries, p.stored.kept = cat.Entries(), cat.Quarantined()
				if errors.As(err, &ce) {
					p.stored.conflict = ce
					return nil
				}
				if isWriteError(err) {
					p.storeNote = writeNote(p.lang, err)
				} else if err != nil {
					return err
				}
				if done != nil {
					return done(ctx)
				}
				return nil
			})
			broadcastChange()
		})
	})
}

// show makes ws, stored as e, the open workspace.
func (p *Playground) show(ws *workspace.Workspace, id string) {
	p.open(ws)
	p.stored.id = id
	p.stored.conflict = nil
	p.savedSeq = p.saveSeq
}

// createWorkspace stores ws as a new workspace named name and opens it; lesson is the id
// of the lesson it is the attempt at that Lessons reopens (catalog.Entry.Lesson), or "".
func (p *Playground) createWorkspace(ctx app.Context, name, lesson string, ws *workspace.Workspace, then func()) {
	data := ws.Marshal()
	p.catalogOp(ctx, "new workspace", func(cat *catalog.Catalog) (func(app.Context) error, error) {
		e, err := cat.CreateAttempt(name, lesson, data)
		if err != nil && !isWriteError(err) {
			return nil, err
		}
		return func(ctx app.Context) error {
			p.show(ws, e.ID)
			if then != nil {
				then()
			}
			return nil
		}, err
	})
}

func (p *Playground) newWorkspace(ctx app.Context, exampleID string) {
	ws, ex, err := workspace.OpenExample(exampleID)
	if err != nil {
		p.notice = notice{noticeError, err.Error()}
		return
	}
	p.stored.menu = false
	p.createWorkspace(ctx, ex.Title, "", ws, func() { p.guide = ex.ID })
}

// switchWorkspace opens workspace id (the open one's changes are written first).
func (p *Playground) switchWorkspace(ctx app.Context, id string) {
	p.stored.menu = false
	if id == p.stored.id {
		return
	}
	p.catalogOp(ctx, "switch workspace", func(cat *catalog.Catalog) (func(app.Context) error, error) {
		ws, err := cat.Load(id)
		if err != nil {
			return nil, err
		}
		return func(ctx app.Context) error { p.show(ws, id); return nil }, nil
	})
}

func (p *Playground) renameWorkspace(ctx app.Context, id, name string) {
	p.catalogOp(ctx, "rename workspace", func(cat *catalog.Catalog) (func(app.Context) error, error) {
		return nil, cat.Rename(id, name)
	})
}

// duplicateWorkspace copies workspace id (the open one as it is now) and opens the copy.
func (p *Playground) duplicateWorkspace(ctx app.Context, id string) {
	var body []byte
	ws := p.ws
	if id == p.stored.id && p.ws != nil {
		body = p.ws.Marshal()
	}
	p.catalogOp(ctx, "duplicate workspace", func(cat *catalog.Catalog) (func(app.Context) error, error) {
		e, err := cat.Duplicate(id, body)
		if err != nil && !isWriteError(err) {
			return nil, err
		}
		open := ws
		if body == nil {
			if open, err = cat.Load(e.ID); err != nil {
				return nil, err
			}
		} else if open, err = workspace.Unmarshal(body); err != nil {
			return nil, err
		}
		return func(ctx app.Context) error { p.show(open, e.ID); return nil }, err
	})
}

// deleteWorkspace deletes workspace id, offering Undo; deleting the open one opens
// another (or a new default workspace when it was the last).
func (p *Playground) deleteWorkspace(ctx app.Context, id string) {
	current := id == p.stored.id
	p.catalogOp(ctx, "delete workspace", func(cat *catalog.Catalog) (func(app.Context) error, error) {
		d, err := cat.Delete(id)
		if err != nil && !isWriteError(err) {
			return nil, err
		}
		var ws *workspace.Workspace
		var e catalog.Entry
		var errs []error
		if current {
			ws, e, errs = cat.OpenCurrent(defaultWorkspace)
		}
		return func(ctx app.Context) error {
			p.stored.deleted = &d
			if current && ws != nil {
				p.show(ws, e.ID)
			}
			return errors.Join(errs...)
		}, err
	})
}

func (p *Playground) undoDelete(ctx app.Context) {
	d := p.stored.deleted
	if d == nil {
		return
	}
	p.stored.deleted = nil
	p.catalogOp(ctx, "undo delete", func(cat *catalog.Catalog) (func(app.Context) error, error) {
		return nil, cat.Restore(*d)
	})
}

// reloadTheirs resolves a conflict by opening what the other tab saved.
func (p *Playground) reloadTheirs(ctx app.Context) {
	id := p.stored.id
	p.stored.conflict = nil
	p.savedSeq = p.saveSeq // this tab's changes are dropped: the person chose theirs
	p.catalogOp(ctx, "reload", func(cat *catalog.Catalog) (func(app.Context) error, error) {
		ws, err := cat.Load(id)
		if err != nil {
			return nil, err
		}
		return func(ctx app.Context) error { p.show(ws, id); return nil }, nil
	})
}

// keepMine resolves a conflict by storing this tab's session as a new workspace; the
// other tab's stays as it saved it.
func (p *Playground) keepMine(ctx app.Context) {
	name := tr(p.lang, "Workspace")
	if e, ok := p.stored.cat.Entry(p.stored.id); ok {
		name = e.Name
	}
	p.stored.conflict = nil
	p.savedSeq = p.saveSeq // the changes go into the copy, not over theirs
	p.createWorkspace(ctx, name+tr(p.lang, " (this tab)"), "", p.ws, nil)
}

// downloadKept offers a quarantined record as it is stored.
func (p *Playground) downloadKept(ctx app.Context, key string) {
	p.catalogOp(ctx, "download", func(cat *catalog.Catalog) (func(app.Context) error, error) {
		raw, err := cat.Raw(key)
		if err != nil {
			return nil, err
		}
		return func(ctx app.Context) error {
			name := "gcplay-" + strings.NewReplacer("/", "-", ":", "-", ".", "-").Replace(key) + ".txt"
			download(name, "text/plain", string(raw))
			return nil
		}, nil
	})
}

func (p *Playground) discardKept(ctx app.Context, key string) {
	p.catalogOp(ctx, "discard", func(cat *catalog.Catalog) (func(app.Context) error, error) {
		return nil, cat.Discard(key)
	})
}

// onOtherTab refreshes the list when another tab wrote, and says so at once when it
// saved the workspace open here (before this tab's next save would be refused).
func (p *Playground) onOtherTab(ctx app.Context) {
	cat, id := p.stored.cat, p.stored.id
	if cat == nil {
		return
	}
	ctx.Async(func() {
		err := cat.Refresh()
		stale := cat.Stale(id)
		ctx.Dispatch(func(ctx app.Context) {
			p.stored.entries, p.stored.kept = cat.Entries(), cat.Quarantined()
			if err != nil {
				p.notice = notice{noticeError, tr(p.lang, "Reading the workspaces another tab changed failed: ") + err.Error()}
			}
			if stale != nil && id == p.stored.id && p.stored.conflict == nil {
				p.stored.conflict = stale
			}
		})
	})
}

// workspaceName is the open workspace's name in the catalog.
func (p *Playground) workspaceName(v *workspace.View) string {
	if p.lesson != nil { // the lesson's title in the page's language, whatever the entry's name
		return labelled(p.lang, t(p.lang, "lesson"), p.lesson.l.Title.In(p.lang))
	}
	if p.stored.cat != nil {
		for _, e := range p.stored.entries {
			if e.ID == p.stored.id {
				return e.Name
			}
		}
	}
	if ex, ok := workspace.ExampleByID(v.Name); ok { // an embedded or shared example
		return tr(p.lang, ex.Title)
	}
	return v.Name
}

func (p *Playground) renderWorkspaces() app.UI {
	return &WorkspacesMenu{Lang: p.lang, Entries: p.stored.entries, Current: p.stored.id, Open: p.stored.menu,
		onToggle: func(ctx app.Context) { p.stored.menu = !p.stored.menu }, onSwitch: p.switchWorkspace,
		onNew: p.newWorkspace, onRename: p.renameWorkspace, onDuplicate: p.duplicateWorkspace, onDelete: p.deleteWorkspace}
}

func (p *Playground) renderStorage() app.UI {
	n := &StorageNotices{Lang: p.lang, Note: p.storeNote, Kept: p.stored.kept,
		onDownload: p.downloadKept, onDiscard: p.discardKept, onTheirs: p.reloadTheirs, onMine: p.keepMine,
		onUndo: p.undoDelete, onForget: func(ctx app.Context) { p.stored.deleted = nil }}
	if c := p.stored.conflict; c != nil {
		n.Conflict, n.Gone = c.Error(), c.Gone
	}
	if d := p.stored.deleted; d != nil {
		n.Deleted = d.Entry.Name
	}
	return n
}
