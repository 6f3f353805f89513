package ui

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gcplay/gcplay/app/i18n"
	"github.com/gcplay/gcplay/app/session"
	"github.com/gcplay/gcplay/app/store"
	"github.com/gcplay/gcplay/app/store/catalog"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/lessons"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// storage is the page's side of the workspace catalog: which workspace is open, writing
// it back, and what the person has to hear about. Changed on the UI goroutine only; the
// catalog's calls run in ctx.Async (they block on IndexedDB). It opens workspaces in the
// page's session (p).
type storage struct {
	p        *Playground
	cat      *catalog.Catalog
	fb       *store.Fallback
	id       string // the open workspace
	entries  []catalog.Entry
	kept     []catalog.Quarantined
	conflict *catalog.ConflictError // saving is paused until the person chooses
	deleted  *catalog.Deleted       // the last deletion, for Undo
	menu     bool                   // the Workspaces menu is open
	note     string                 // why the workspace is not persisted, if it is not

	saveSeq  int  // bumped per change
	pending  bool // a write is scheduled (save)
	savedSeq int  // the last saveSeq written to the store (data-saved, for tests)
}

// opened is what start read off the UI goroutine: the catalog, the first workspace and
// what to say about them.
type opened struct {
	cat      *catalog.Catalog
	fb       *store.Fallback
	ws       *workspace.Workspace
	entry    catalog.Entry
	progress map[string]bool
	shelf    *lessons.Shelf
	shelfErr error
	notes    []string // storage that works in memory only
	problems []string // what could not be opened
	fromLink bool     // ws is a #scenario= or #ws= link's, stored as a new workspace
}

// start opens the store and the catalog, then the first workspace: a #scenario= or #ws=
// link as a new workspace, else the one open last, else the default example. Storage that
// fails leaves the page working in memory, with a notice.
func (st *storage) start(ctx app.Context) {
	frag, lang := pageFragment(), st.p.s.Lang
	ctx.Async(func() {
		// The lessons' bundle is fetched while the store opens, not after.
		bundle := fetchLessonBundle(ctx)
		o := openCatalog(lang)
		o.openFirst(lang, frag)
		o.progress, _ = o.cat.Progress() // unreadable progress starts again; the attempts stay
		// A workshop's lessons (web/lessons.json), before a workspace that is a lesson's
		// attempt opens; the built-in ones on a site without it.
		if o.shelf, o.shelfErr = bundle(); o.shelfErr != nil {
			o.problems = append(o.problems, tr(lang, "The lessons could not be read: ")+o.shelfErr.Error())
		}
		ctx.Dispatch(func(ctx app.Context) { st.loaded(ctx, o) })
	})
}

// openCatalog opens the store and the catalog, in memory when either fails.
func openCatalog(lang string) *opened {
	o := &opened{}
	st, err := store.Open()
	if err != nil {
		o.notes = append(o.notes, fmt.Sprintf(tr(lang, "Storage is unavailable (%v): your workspaces live in memory only and are lost when the page closes; Export still works."), err))
		st = &store.Memory{}
	}
	o.fb = &store.Fallback{Primary: st}
	if o.cat, err = catalog.Open(o.fb, catalog.Options{}); err != nil {
		o.notes = append(o.notes, fmt.Sprintf(tr(lang, "Reading the stored workspaces failed (%v): this page works in memory only; nothing stored was changed."), err))
		o.fb = &store.Fallback{Primary: &store.Memory{}}
		o.cat, _ = catalog.Open(o.fb, catalog.Options{})
	}
	return o
}

// openFirst opens the link's workspace (stored as a new one), else the catalog's current.
// Decoding a link replays its session: it runs off the UI goroutine.
func (o *opened) openFirst(lang, frag string) {
	ws, kind, err := linkWorkspace(frag)
	switch {
	case kind != "" && err != nil:
		o.problems = append(o.problems, linkProblem(kind, err))
	case kind != "":
		o.ws, o.fromLink = ws, true
		o.entry, err = o.cat.Create(linkName(lang, time.Now()), ws.Marshal())
		o.notes = appendWriteNote(lang, o.notes, err)
		if err != nil && !isWriteError(err) {
			o.problems = append(o.problems, tr(lang, "The link's workspace could not be stored: ")+err.Error())
		}
	}
	if o.ws != nil {
		return
	}
	var errs []error
	o.ws, o.entry, errs = o.cat.OpenCurrent(defaultWorkspace)
	for _, err := range errs {
		var qe *catalog.QuarantinedError
		switch {
		case errors.As(err, &qe): // its notice offers the record
		case isWriteError(err):
			o.notes = appendWriteNote(lang, o.notes, err)
		default:
			o.problems = append(o.problems, err.Error())
		}
	}
}

// loaded shows what start opened, on the UI goroutine.
func (st *storage) loaded(ctx app.Context, o *opened) {
	p := st.p
	if o.shelfErr == nil {
		p.lib.SetShelf(o.shelf)
		ctx.Defer(func(ctx app.Context) { warmLessons(ctx, o.shelf) }) // after this render
	}
	p.s.Progress = o.progress
	st.cat, st.fb, st.id, st.entries, st.kept = o.cat, o.fb, o.entry.ID, o.cat.Entries(), o.cat.Quarantined()
	st.note = strings.Join(o.notes, " ")
	p.guard(ctx, "load", func() error {
		if o.ws == nil {
			return errors.New(strings.Join(o.problems, " "))
		}
		p.open(o.ws)
		app.Window().Get("performance").Call("mark", "gcplay-open")
		p.guideUntouched()
		st.savedSeq = st.saveSeq // what was just loaded or created is stored
		if o.fromLink {
			clearFragment()
		}
		if id, ok := lessonFragment(pageFragment()); ok {
			p.openLesson(ctx, id)
		}
		if ok, err := p.cmp.openLink(pageFragment()); ok {
			clearFragment()
			o.problems = appendError(o.problems, err)
		}
		if len(o.problems) > 0 {
			return errors.New(strings.Join(o.problems, " "))
		}
		return nil
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
func (st *storage) onHashChange(ctx app.Context) {
	if st.cat == nil {
		return
	}
	p := st.p
	if id, ok := lessonFragment(pageFragment()); ok {
		p.openLesson(ctx, id)
		return
	}
	if ok, err := p.cmp.openLink(pageFragment()); ok {
		clearFragment()
		p.s.Fail(err)
		return
	}
	ws, kind, err := linkWorkspace(pageFragment())
	if kind == "" {
		return
	}
	if err != nil {
		p.s.Alert(linkProblem(kind, err))
		return
	}
	st.create(ctx, linkName(p.s.Lang, time.Now()), "", ws, clearFragment)
}

// saveDelay gathers quick changes (a burst of Step clicks) into one write: saving
// serializes the whole session, which should not cost every tick.
const saveDelay = 250 * time.Millisecond

// save writes the workspace to the store, off the UI goroutine, saveDelay after a change;
// changes meanwhile are in the same write. While another tab's change is unresolved
// (a conflict) nothing is written.
func (st *storage) save(ctx app.Context) {
	s := st.p.s
	if st.cat == nil || s.Workspace() == nil || s.Run == session.Running {
		return
	}
	st.saveSeq++
	if st.pending || st.conflict != nil {
		return
	}
	st.pending = true
	ctx = st.p.ctx // the caller's element may be gone by then (a deleted object's button)
	ctx.After(saveDelay, func(ctx app.Context) {
		st.pending = false
		if s.Workspace() == nil || st.conflict != nil {
			return
		}
		seq, data, cat, id := st.saveSeq, s.Workspace().Marshal(), st.cat, st.id
		ctx.Async(func() {
			err := cat.Save(id, data)
			ctx.Dispatch(func(ctx app.Context) {
				if id != st.id {
					return
				}
				st.afterWrite(err)
				if err == nil || isWriteError(err) {
					st.savedSeq = max(st.savedSeq, seq)
				}
				if err == nil {
					broadcastChange()
				}
				st.entries = cat.Entries()
			})
		})
	})
}

// afterWrite reports a write's outcome: a conflict pauses saving, a write kept in
// memory only is said once, a success after failures clears the note.
func (st *storage) afterWrite(err error) {
	var ce *catalog.ConflictError
	lang := st.p.s.Lang
	switch {
	case errors.As(err, &ce):
		st.conflict = ce
	case isWriteError(err):
		st.note = writeNote(lang, err)
	case err != nil:
		st.p.s.Alert(tr(lang, "Saving failed: ") + err.Error())
	case st.fb != nil && !st.fb.Degraded() && isWriteNote(lang, st.note):
		st.note = ""
	}
}

// unsaved is the open session when it may have changes not yet written (a switch
// writes them first), else nil. A run saves only when it stops, so while running the
// session is always written.
func (st *storage) unsaved() []byte {
	s := st.p.s
	if s.Workspace() == nil || st.conflict != nil || (s.Run != session.Running && st.savedSeq == st.saveSeq) {
		return nil
	}
	return s.Workspace().Marshal()
}

// op runs op off the UI goroutine after writing the open session's unsaved changes,
// then done on the UI goroutine. A conflict while writing them stops there.
func (st *storage) op(what string, op func(*catalog.Catalog) (func(app.Context) error, error)) {
	cat, id, pending, seq := st.cat, st.id, st.unsaved(), st.saveSeq
	if cat == nil {
		return
	}
	ctx := st.p.ctx // the caller's element may be gone when the result comes (a closed menu)
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
			st.p.guard(ctx, what, func() error {
				if pending != nil && (err == nil || isWriteError(err)) {
					st.savedSeq = max(st.savedSeq, seq)
				}
				st.entries, st.kept = cat.Entries(), cat.Quarantined()
				if errors.As(err, &ce) {
					st.conflict = ce
					return nil
				}
				if isWriteError(err) {
					st.note = writeNote(st.p.s.Lang, err)
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

// show makes ws, stored as entry id, the open workspace.
func (st *storage) show(ws *workspace.Workspace, id string) {
	st.p.open(ws)
	st.id = id
	st.conflict = nil
	st.savedSeq = st.saveSeq
}

// create stores ws as a new workspace named name and opens it; lesson is the id of the
// lesson it is the attempt at that Lessons reopens (catalog.Entry.Lesson), or "".
func (st *storage) create(ctx app.Context, name, lesson string, ws *workspace.Workspace, then func()) {
	data := ws.Marshal()
	st.op("new workspace", func(cat *catalog.Catalog) (func(app.Context) error, error) {
		e, err := cat.CreateAttempt(name, lesson, data)
		if err != nil && !isWriteError(err) {
			return nil, err
		}
		return func(ctx app.Context) error {
			st.show(ws, e.ID)
			if then != nil {
				then()
			}
			return nil
		}, err
	})
}

// newWorkspace opens a built-in example as a new workspace (the open one is kept).
func (st *storage) newWorkspace(ctx app.Context, exampleID string) {
	ws, ex, err := workspace.OpenExample(exampleID)
	if err != nil {
		st.p.s.Alert(err.Error())
		return
	}
	st.menu = false
	st.create(ctx, ex.Title, "", ws, func() { st.p.guide = ex.ID })
}

// switchTo opens workspace id (the open one's changes are written first).
func (st *storage) switchTo(ctx app.Context, id string) {
	st.menu = false
	if id == st.id {
		return
	}
	st.op("switch workspace", func(cat *catalog.Catalog) (func(app.Context) error, error) {
		ws, err := cat.Load(id)
		if err != nil {
			return nil, err
		}
		return func(ctx app.Context) error { st.show(ws, id); return nil }, nil
	})
}

func (st *storage) rename(ctx app.Context, id, name string) {
	st.op("rename workspace", func(cat *catalog.Catalog) (func(app.Context) error, error) {
		return nil, cat.Rename(id, name)
	})
}

// duplicate copies workspace id (the open one as it is now) and opens the copy.
func (st *storage) duplicate(ctx app.Context, id string) {
	var body []byte
	ws := st.p.s.Workspace()
	if id == st.id && ws != nil {
		body = ws.Marshal()
	}
	st.op("duplicate workspace", func(cat *catalog.Catalog) (func(app.Context) error, error) {
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
		return func(ctx app.Context) error { st.show(open, e.ID); return nil }, err
	})
}

// remove deletes workspace id, offering Undo; deleting the open one opens another (or a
// new default workspace when it was the last).
func (st *storage) remove(ctx app.Context, id string) {
	current := id == st.id
	st.op("delete workspace", func(cat *catalog.Catalog) (func(app.Context) error, error) {
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
			st.deleted = &d
			if current && ws != nil {
				st.show(ws, e.ID)
			}
			return errors.Join(errs...)
		}, err
	})
}

func (st *storage) undoDelete(ctx app.Context) {
	d := st.deleted
	if d == nil {
		return
	}
	st.deleted = nil
	st.op("undo delete", func(cat *catalog.Catalog) (func(app.Context) error, error) {
		return nil, cat.Restore(*d)
	})
}

// reloadTheirs resolves a conflict by opening what the other tab saved.
func (st *storage) reloadTheirs(ctx app.Context) {
	id := st.id
	st.conflict = nil
	st.savedSeq = st.saveSeq // this tab's changes are dropped: the person chose theirs
	st.op("reload", func(cat *catalog.Catalog) (func(app.Context) error, error) {
		ws, err := cat.Load(id)
		if err != nil {
			return nil, err
		}
		return func(ctx app.Context) error { st.show(ws, id); return nil }, nil
	})
}

// keepMine resolves a conflict by storing this tab's session as a new workspace; the
// other tab's stays as it saved it.
func (st *storage) keepMine(ctx app.Context) {
	lang := st.p.s.Lang
	name := tr(lang, "Workspace")
	if e, ok := st.cat.Entry(st.id); ok {
		name = e.Name
	}
	st.conflict = nil
	st.savedSeq = st.saveSeq // the changes go into the copy, not over theirs
	st.create(ctx, name+tr(lang, " (this tab)"), "", st.p.s.Workspace(), nil)
}

// downloadKept offers a quarantined record as it is stored.
func (st *storage) downloadKept(ctx app.Context, key string) {
	st.op("download", func(cat *catalog.Catalog) (func(app.Context) error, error) {
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

func (st *storage) discardKept(ctx app.Context, key string) {
	st.op("discard", func(cat *catalog.Catalog) (func(app.Context) error, error) {
		return nil, cat.Discard(key)
	})
}

// onOtherTab refreshes the list when another tab wrote, and says so at once when it
// saved the workspace open here (before this tab's next save would be refused).
func (st *storage) onOtherTab(ctx app.Context) {
	cat, id := st.cat, st.id
	if cat == nil {
		return
	}
	ctx.Async(func() {
		err := cat.Refresh()
		stale := cat.Stale(id)
		ctx.Dispatch(func(ctx app.Context) {
			st.entries, st.kept = cat.Entries(), cat.Quarantined()
			if err != nil {
				st.p.s.Alert(tr(st.p.s.Lang, "Reading the workspaces another tab changed failed: ") + err.Error())
			}
			if stale != nil && id == st.id && st.conflict == nil {
				st.conflict = stale
			}
		})
	})
}

// migrateEntry marks a legacy attempt's catalog entry with its lesson id, in memory at
// once and in the store off the UI goroutine, so that it is found by id from then on.
func (st *storage) migrateEntry(i int, lesson string) {
	entries := slices.Clone(st.entries)
	entries[i].Lesson = lesson
	st.entries = entries
	cat, id := st.cat, entries[i].ID
	if cat == nil || app.IsServer {
		return
	}
	ctx := st.p.ctx
	ctx.Async(func() {
		if err := cat.SetLesson(id, lesson); err != nil {
			ctx.Dispatch(func(ctx app.Context) {
				if isWriteError(err) {
					st.note = writeNote(st.p.s.Lang, err)
				} else {
					st.p.s.Alert(err.Error())
				}
			})
		}
	})
}

// markDone stores a finished lesson off the UI goroutine (catalog.KindProgress); the
// session has it in memory already.
func (st *storage) markDone(id string) {
	cat := st.cat
	if cat == nil || app.IsServer {
		return
	}
	ctx := st.p.ctx
	ctx.Async(func() {
		if err := cat.MarkDone(id); err != nil {
			ctx.Dispatch(func(ctx app.Context) {
				st.note = tr(st.p.s.Lang, "Your lesson progress could not be saved: ") + err.Error()
			})
		}
	})
}

// name is the open workspace's name in the catalog, "" when it has none.
func (st *storage) name() string {
	if st.cat != nil {
		for _, e := range st.entries {
			if e.ID == st.id {
				return e.Name
			}
		}
	}
	return ""
}

// kind is data-storage: where the workspaces are kept.
func (st *storage) kind() string {
	if st.fb == nil || st.note != "" || st.fb.Degraded() {
		return "memory"
	}
	return st.fb.Kind()
}

func (st *storage) renderMenu(lang string) app.UI {
	return &WorkspacesMenu{Lang: lang, Entries: st.entries, Current: st.id, Open: st.menu,
		onToggle: func(ctx app.Context) { st.menu = !st.menu }, onSwitch: st.switchTo,
		onNew: st.newWorkspace, onRename: st.rename, onDuplicate: st.duplicate, onDelete: st.remove}
}

func (st *storage) renderNotices(lang string) app.UI {
	n := &StorageNotices{Lang: lang, Note: st.note, Kept: st.kept,
		onDownload: st.downloadKept, onDiscard: st.discardKept, onTheirs: st.reloadTheirs, onMine: st.keepMine,
		onUndo: st.undoDelete, onForget: func(ctx app.Context) { st.deleted = nil }}
	if c := st.conflict; c != nil {
		n.Conflict, n.Gone = c.Error(), c.Gone
	}
	if d := st.deleted; d != nil {
		n.Deleted = d.Entry.Name
	}
	return n
}
