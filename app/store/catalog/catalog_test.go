package catalog

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gcplay/gcplay/app/store"
	"github.com/gcplay/gcplay/app/workspace"
)

// fixed gives a tab a clock that advances a second per call and ids a, b, c, … with
// the tab's prefix, so two tabs never make the same id.
func fixed(tab string) Options {
	t := time.Date(2026, 11, 24, 18, 0, 0, 0, time.UTC)
	n := 0
	return Options{
		Now:   func() time.Time { t = t.Add(time.Second); return t },
		NewID: func() string { n++; return fmt.Sprintf("%s%d", tab, n) },
	}
}

func open(t *testing.T, st store.Store, tab string) *Catalog {
	t.Helper()
	c, err := Open(st, fixed(tab))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return c
}

// session returns a workspace of an example, stepped n ticks.
func session(t *testing.T, id string, n int) *workspace.Workspace {
	t.Helper()
	w, _, err := workspace.OpenExample(id)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

func names(es []Entry) string {
	var s []string
	for _, e := range es {
		s = append(s, e.ID+"="+e.Name)
	}
	return strings.Join(s, " ")
}

func fresh(t *testing.T) func() (string, *workspace.Workspace, error) {
	return func() (string, *workspace.Workspace, error) { return "Fresh", session(t, "deployment", 0), nil }
}

// TestSeveralWorkspaces: create, rename, duplicate, delete and undo, switch; all of it
// is there again for the next page (a new Catalog on the same store).
func TestSeveralWorkspaces(t *testing.T) {
	st := &store.Memory{}
	c := open(t, st, "t")
	a, err := c.Create("First", session(t, "deployment", 2).Marshal())
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.Create("Second", session(t, "cycle", 1).Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Rename(a.ID, "  Renamed "); err != nil {
		t.Fatal(err)
	}
	if err := c.Rename(a.ID, "two\nlines"); err == nil {
		t.Fatal("a name with a newline was accepted")
	}
	dup, err := c.Duplicate(b.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	gone, err := c.Delete(a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := names(c.Entries()); got != "t2=Second t3=Second (copy)" {
		t.Fatalf("after delete: %s", got)
	}
	if err := c.Restore(gone); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Load(b.ID); err != nil {
		t.Fatal(err)
	}

	c2 := open(t, st, "u")
	if got := names(c2.Entries()); got != "t2=Second t3=Second (copy) t1=Renamed" {
		t.Fatalf("next visit lists %s", got)
	}
	ws, e, problems := c2.OpenCurrent(fresh(t))
	if len(problems) > 0 || e.ID != b.ID || ws.View().Tick != 1 {
		t.Fatalf("next visit opened %+v at tick %d, problems %v; want Second at tick 1", e, ws.View().Tick, problems)
	}
	w, err := c2.Load(a.ID)
	if err != nil || w.View().Tick != 2 {
		t.Fatalf("the restored workspace: %v", err)
	}
	if w, err := c2.Load(dup.ID); err != nil || w.View().Tick != 1 || w.Name() != "cycle" {
		t.Fatalf("the duplicate: %v", err)
	}
	if len(c2.Quarantined()) != 0 {
		t.Fatalf("quarantined: %+v", c2.Quarantined())
	}
}

// TestFirstVisit: nothing stored: the fresh workspace is made and stored.
func TestFirstVisit(t *testing.T) {
	st := &store.Memory{}
	c := open(t, st, "t")
	_, e, problems := c.OpenCurrent(fresh(t))
	if len(problems) > 0 || e.Name != "Fresh" {
		t.Fatalf("%+v %v", e, problems)
	}
	if keys, _ := st.Keys(""); strings.Join(keys, " ") != "index ws/t1" {
		t.Fatalf("stored keys %q", keys)
	}
}

// TestMigrateSchema1: the single "workspace" record of schema 1 becomes a workspace of
// the catalog, the same session; the old key goes only after the new one is written.
func TestMigrateSchema1(t *testing.T) {
	old := session(t, "configmap-family", 3).Marshal()
	st := &store.Memory{}
	st.Put(legacyKey, old)
	c := open(t, st, "t")
	if got := names(c.Entries()); got != "v1=Saved workspace" {
		t.Fatalf("entries %s", got)
	}
	if _, err := st.Get(legacyKey); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the schema-1 record is still there: %v", err)
	}
	ws, e, problems := c.OpenCurrent(fresh(t))
	if len(problems) > 0 || e.ID != legacyID || string(ws.Marshal()) != string(old) {
		t.Fatalf("migrated workspace differs: %+v %v", e, problems)
	}
}

// refuses fails writes to keys with a prefix, as a store that breaks mid-migration.
type refuses struct {
	store.Memory
	prefix string
}

func (s *refuses) Put(k string, v []byte) error {
	if strings.HasPrefix(k, s.prefix) {
		return errors.New("disk full")
	}
	return s.Memory.Put(k, v)
}

// TestMigrateKeepsOldUntilWritten: a failed write of the new record keeps the old one.
func TestMigrateKeepsOldUntilWritten(t *testing.T) {
	old := session(t, "cycle", 1).Marshal()
	st := &refuses{prefix: wsPrefix}
	st.Memory.Put(legacyKey, old)
	if _, err := Open(st, fixed("t")); err == nil {
		t.Fatal("Open hid a failed migration")
	}
	if v, err := st.Get(legacyKey); err != nil || string(v) != string(old) {
		t.Fatalf("the schema-1 record was lost: %v", err)
	}
	st.prefix = "none"
	c := open(t, st, "t")
	if got := names(c.Entries()); got != "v1=Saved workspace" {
		t.Fatalf("second try: %s", got)
	}
}

// TestUnreadableRecordsAreKeptAside: every kind of unreadable record is moved aside
// untouched, listed with its reason, offered raw, discarded only on request; the page
// still opens.
func TestUnreadableRecordsAreKeptAside(t *testing.T) {
	good := session(t, "cycle", 0).Marshal()
	future := `{"schema":9,"kind":"workspace","id":"future","name":"F","rev":1,"body":{}}`
	noReplay := encode(Record{Schema: Schema, Kind: KindWorkspace, ID: "bad", Name: "Bad", Rev: 1,
		Body: []byte(`{"version":1,"name":"x","scenario":"objects: [{kind: Nope}]","position":0}`)})
	cases := []struct {
		name, key string
		put       func(*store.Memory)
		raw       string
		reason    string
	}{
		{"legacy garbage", legacyKey, func(s *store.Memory) { s.Put(legacyKey, []byte("{not json")) }, "{not json", "unreadable"},
		{"legacy number", legacyKey, func(s *store.Memory) { s.PutForeign(legacyKey, &store.NotTextError{Type: "number", Text: "42"}) }, "42", "a number, not text"},
		{"index garbage", indexKey, func(s *store.Memory) { s.Put(indexKey, []byte("garbage")) }, "garbage", "not a gcplay index"},
		{"index of the future", indexKey, func(s *store.Memory) { s.Put(indexKey, []byte(`{"schema":3}`)) }, `{"schema":3}`, "newer gcplay"},
		{"record of the future", "ws/future", func(s *store.Memory) { s.Put("ws/future", []byte(future)) }, future, "newer gcplay"},
		{"record that does not replay", "ws/bad", func(s *store.Memory) { s.Put("ws/bad", noReplay) }, string(noReplay), "Nope"},
		{"record that is an object", "ws/obj", func(s *store.Memory) { s.PutForeign("ws/obj", &store.NotTextError{Type: "object", Text: `{"a":1}`}) }, `{"a":1}`, "object, not text"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st := &store.Memory{}
			keep := encode(Record{Schema: Schema, Kind: KindWorkspace, ID: "keep", Name: "Keep", Rev: 4, Body: good})
			st.Put("ws/keep", keep)
			tc.put(st)
			c := open(t, st, "t")
			ws, e, problems := c.OpenCurrent(fresh(t))
			if ws == nil {
				t.Fatalf("nothing opened: %v", problems)
			}
			if strings.HasPrefix(tc.key, wsPrefix) && e.ID != "keep" {
				// The unreadable record may have been tried first; the good one opens.
				t.Fatalf("opened %+v, want the readable workspace", e)
			}
			q := c.Quarantined()
			if len(q) != 1 || q[0].From != tc.key || !strings.Contains(q[0].Reason, tc.reason) {
				t.Fatalf("quarantined %+v, want %s with a reason containing %q", q, tc.key, tc.reason)
			}
			if raw, err := c.Raw(q[0].Key); err != nil || string(raw) != tc.raw {
				t.Fatalf("Raw = %q, %v; want the record untouched %q", raw, err, tc.raw)
			}
			if _, err := st.Get(tc.key); tc.key != indexKey && !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("the unreadable record is still under %s", tc.key)
			}
			if v, _ := st.Get("ws/keep"); string(v) != string(keep) && e.ID != "keep" {
				t.Fatal("the readable workspace changed")
			}
			if got := names(c.Entries()); !strings.Contains(got, "keep=Keep") {
				t.Fatalf("the readable workspace is not listed: %s", got)
			}
			// Reopening offers it again: it stays until discarded.
			if q2 := open(t, st, "u").Quarantined(); len(q2) != 1 || q2[0].Key != q[0].Key {
				t.Fatalf("after a reload: %+v", q2)
			}
			if err := c.Discard(q[0].Key); err != nil {
				t.Fatal(err)
			}
			if _, err := st.Get(q[0].Key); !errors.Is(err, store.ErrNotFound) || len(open(t, st, "v").Quarantined()) != 0 {
				t.Fatal("Discard left the record")
			}
		})
	}
}

// TestTwoTabsConflict: two tabs on one workspace; the second save over the first is
// refused with a ConflictError and writes nothing; reloading theirs or keeping mine
// as a copy both go on without loss.
func TestTwoTabsConflict(t *testing.T) {
	st := &store.Memory{}
	a := open(t, st, "a")
	e, err := a.Create("Shared", session(t, "deployment", 0).Marshal())
	if err != nil {
		t.Fatal(err)
	}
	b := open(t, st, "b")
	wb, err := b.Load(e.ID)
	if err != nil {
		t.Fatal(err)
	}
	// Tab b saving what it read (the page saves after loading) changes nothing.
	if err := b.Save(e.ID, wb.Marshal()); err != nil {
		t.Fatal(err)
	}
	wa := session(t, "deployment", 3)
	if err := a.Save(e.ID, wa.Marshal()); err != nil {
		t.Fatal(err)
	}
	if b.Stale(e.ID) == nil || a.Stale(e.ID) != nil {
		t.Fatal("Stale: tab b should be behind, tab a not")
	}
	wb.Step()
	var ce *ConflictError
	if err := b.Save(e.ID, wb.Marshal()); !errors.As(err, &ce) || ce.Theirs != 2 || ce.Mine != 1 {
		t.Fatalf("tab b's save over a's: %v, want a conflict (theirs 2, mine 1)", err)
	}
	// Keep mine as a copy: a new workspace; theirs stays.
	cp, err := b.Create("Shared (mine)", wb.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := b.Load(e.ID)
	if err != nil || theirs.View().Tick != 3 {
		t.Fatalf("reload theirs: tick %d, %v", theirs.View().Tick, err)
	}
	if mine, err := b.Load(cp.ID); err != nil || mine.View().Tick != 1 {
		t.Fatalf("my copy: %v", err)
	}
	// After reloading theirs, b saves again without conflict; then a is the stale one.
	theirs.Step()
	if err := b.Save(e.ID, theirs.Marshal()); err != nil {
		t.Fatal(err)
	}
	if err := a.Save(e.ID, wa.Marshal()); !errors.As(err, &ce) {
		t.Fatalf("a's save after b's: %v", err)
	}
	// A deletion in one tab is a conflict in the other.
	if _, err := b.Delete(e.ID); err != nil {
		t.Fatal(err)
	}
	if err := a.Save(e.ID, wa.Marshal()); !errors.As(err, &ce) || !ce.Gone {
		t.Fatalf("save of a deleted workspace: %v", err)
	}
	// A rename does not make the other tab's next save a conflict, and the save keeps the name.
	if err := a.Rename(cp.ID, "Mine"); err != nil {
		t.Fatal(err)
	}
	if err := b.Save(cp.ID, wb.Marshal()); err != nil {
		t.Fatalf("save after a rename elsewhere: %v", err)
	}
	if got := names(open(t, st, "c").Entries()); got != "b1=Mine" {
		t.Fatalf("entries %s", got)
	}
}

// full refuses every write, as a full quota does.
type full struct{ store.Memory }

var errQuota = errors.New("QuotaExceededError")

func (s *full) Put(string, []byte) error  { return errQuota }
func (s *full) Delete(string) error       { return errQuota }
func (s *full) Move(string, string) error { return errQuota }
func (s *full) Update(k string, f func([]byte, error) ([]byte, error)) error {
	if _, err := f(s.Get(k)); err != nil {
		return err
	}
	return errQuota
}

// TestQuotaFull: every write reports the quota error, and the work goes on in memory:
// a new workspace, its saves, a switch away and back.
func TestQuotaFull(t *testing.T) {
	st := &store.Fallback{Primary: &full{}}
	c := open(t, st, "t")
	var we *store.WriteError
	e, err := c.Create("Work", session(t, "deployment", 0).Marshal())
	if !errors.As(err, &we) || !errors.Is(err, errQuota) {
		t.Fatalf("Create on a full store: %v", err)
	}
	if err := c.Save(e.ID, session(t, "deployment", 2).Marshal()); !errors.As(err, &we) {
		t.Fatalf("Save on a full store: %v", err)
	}
	other, _ := c.Create("Other", session(t, "cycle", 0).Marshal())
	if _, err := c.Load(other.ID); err != nil {
		t.Fatal(err)
	}
	w, err := c.Load(e.ID)
	if err != nil || w.View().Tick != 2 {
		t.Fatalf("back to the first workspace: %v", err)
	}
	if got := names(c.Entries()); got != "t1=Work t2=Other" {
		t.Fatalf("entries %s", got)
	}
}

// TestLessonAttemptEntry: an attempt's entry carries its lesson id (Entry.Lesson) through
// a reload of the index; SetLesson marks an entry stored before the field; a duplicate
// is not the attempt.
func TestLessonAttemptEntry(t *testing.T) {
	st := &store.Memory{}
	c := open(t, st, "a")
	body := session(t, workspace.DefaultExample, 0).Marshal()
	e, err := c.CreateAttempt("Lesson: Orphan deletion", "orphan-deletion", body)
	if err != nil {
		t.Fatal(err)
	}
	old, err := c.Create("Lesson: Cycles", body)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Duplicate(e.ID, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.SetLesson(old.ID, "cycles"); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, x := range open(t, st, "b").Entries() {
		got[x.Name] = x.Lesson
	}
	want := map[string]string{"Lesson: Orphan deletion": "orphan-deletion", "Lesson: Cycles": "cycles", "Lesson: Orphan deletion (copy)": ""}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("entries after a reload: %v, want %v", got, want)
	}
}
