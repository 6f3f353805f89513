//go:build js && wasm

package store

import (
	"context"
	"errors"
	"fmt"
	"syscall/js"
	"time"

	"github.com/hack-pad/go-indexeddb/idb"
)

const (
	dbName    = "gcplay"
	dbVersion = 1
	objects   = "workspaces"
	// timeout bounds every IndexedDB call: a browser that never answers (a private
	// window, a blocked upgrade) must not hang the page.
	timeout = 5 * time.Second
)

// IndexedDB is a Store in the browser's IndexedDB, one object store of strings.
type IndexedDB struct{ db *idb.Database }

// Open returns IndexedDB when the browser offers it, or an error saying why not (the
// caller then keeps the workspace in memory and says so).
func Open() (s Store, err error) {
	defer func() {
		if r := recover(); r != nil { // idb panics when the global is missing
			s, err = nil, fmt.Errorf("IndexedDB is not available: %v", r)
		}
	}()
	if !js.Global().Get("indexedDB").Truthy() {
		return nil, fmt.Errorf("this browser offers no IndexedDB")
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	req, err := idb.Global().Open(ctx, dbName, dbVersion, func(db *idb.Database, oldVersion, newVersion uint) error {
		_, err := db.CreateObjectStore(objects, idb.ObjectStoreOptions{})
		return err
	})
	if err != nil {
		return nil, named(err)
	}
	db, err := req.Await(ctx)
	if err != nil {
		return nil, named(err)
	}
	return &IndexedDB{db: db}, nil
}

// Kind implements Store.
func (s *IndexedDB) Kind() string { return "IndexedDB" }

// readOnly opens the object store in a read-only transaction.
func (s *IndexedDB) readOnly() (*idb.ObjectStore, error) {
	txn, err := s.db.Transaction(idb.TransactionReadOnly, objects)
	if err != nil {
		return nil, err
	}
	return txn.ObjectStore(objects)
}

// Get implements Store.
func (s *IndexedDB) Get(key string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	st, err := s.readOnly()
	if err != nil {
		return nil, err
	}
	return get(ctx, st, key)
}

// get reads key inside a transaction: a missing key is ErrNotFound, a value of any
// other type than string a *NotTextError.
func get(ctx context.Context, st *idb.ObjectStore, key string) ([]byte, error) {
	req, err := st.Get(js.ValueOf(key))
	if err != nil {
		return nil, err
	}
	v, err := req.Await(ctx)
	if err != nil {
		return nil, err
	}
	switch v.Type() {
	case js.TypeUndefined:
		return nil, ErrNotFound
	case js.TypeString:
		return []byte(v.String()), nil
	}
	return nil, &NotTextError{Type: v.Type().String(), Text: asText(v)}
}

// asText renders a value gcplay did not write, for a download: JSON where it can be.
func asText(v js.Value) (s string) {
	defer func() {
		if recover() != nil { // JSON.stringify throws on BigInt and cycles
			s = js.Global().Call("String", v).String()
		}
	}()
	j := js.Global().Get("JSON").Call("stringify", v)
	if j.Type() != js.TypeString {
		return js.Global().Call("String", v).String()
	}
	return j.String()
}

// Put implements Store.
func (s *IndexedDB) Put(key string, value []byte) error {
	return s.write(func(ctx context.Context, st *idb.ObjectStore) error {
		_, err := st.PutKey(js.ValueOf(key), js.ValueOf(string(value)))
		return err
	})
}

// Delete implements Store.
func (s *IndexedDB) Delete(key string) error {
	return s.write(func(ctx context.Context, st *idb.ObjectStore) error {
		_, err := st.Delete(js.ValueOf(key))
		return err
	})
}

// Update implements Store: the read and the write are one readwrite transaction, which
// IndexedDB runs alone on the store (another tab's write waits for it).
func (s *IndexedDB) Update(key string, f func([]byte, error) ([]byte, error)) error {
	return s.write(func(ctx context.Context, st *idb.ObjectStore) error {
		v, err := f(get(ctx, st, key))
		if err != nil {
			return err
		}
		_, err = st.PutKey(js.ValueOf(key), js.ValueOf(string(v)))
		return err
	})
}

// Move implements Store. The value is copied as IndexedDB holds it (a number stays a
// number).
func (s *IndexedDB) Move(from, to string) error {
	return s.write(func(ctx context.Context, st *idb.ObjectStore) error {
		req, err := st.Get(js.ValueOf(from))
		if err != nil {
			return err
		}
		v, err := req.Await(ctx)
		if err != nil {
			return err
		}
		if v.Type() == js.TypeUndefined {
			return ErrNotFound
		}
		if _, err := st.PutKey(js.ValueOf(to), v); err != nil {
			return err
		}
		_, err = st.Delete(js.ValueOf(from))
		return err
	})
}

// Keys implements Store.
func (s *IndexedDB) Keys(prefix string) ([]string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	st, err := s.readOnly()
	if err != nil {
		return nil, err
	}
	var req *idb.ArrayRequest
	if prefix == "" {
		req, err = st.GetAllKeys()
	} else {
		var r *idb.KeyRange
		if r, err = idb.NewKeyRangeBound(js.ValueOf(prefix), js.ValueOf(prefix+"\uffff"), false, false); err != nil {
			return nil, err
		}
		req, err = st.GetAllKeysRange(r, 0)
	}
	if err != nil {
		return nil, err
	}
	vs, err := req.Await(ctx)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, v := range vs {
		if v.Type() == js.TypeString { // gcplay's keys are strings; others are not ours
			out = append(out, v.String())
		}
	}
	sortStrings(out)
	return out, nil
}

// write runs op in a read-write transaction and waits for it to commit; an error from
// op aborts it.
func (s *IndexedDB) write(op func(context.Context, *idb.ObjectStore) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	txn, err := s.db.Transaction(idb.TransactionReadWrite, objects)
	if err != nil {
		return err
	}
	st, err := txn.ObjectStore(objects)
	if err != nil {
		return err
	}
	if err := op(ctx, st); err != nil {
		_ = txn.Abort()
		return named(err)
	}
	return named(txn.Await(ctx))
}

// named puts a thrown DOMException's name first ("QuotaExceededError: …"): the page
// shows it, and the name is what tells a full quota from other failures.
func named(err error) error {
	var je js.Error
	if !errors.As(err, &je) || je.Value.Type() != js.TypeObject {
		return err
	}
	name, msg := je.Value.Get("name"), je.Value.Get("message")
	if name.Type() != js.TypeString || msg.Type() != js.TypeString {
		return err
	}
	return fmt.Errorf("%s: %s", name.String(), msg.String())
}
