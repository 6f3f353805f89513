//go:build js && wasm

package store

import (
	"context"
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
		return nil, err
	}
	db, err := req.Await(ctx)
	if err != nil {
		return nil, err
	}
	return &IndexedDB{db: db}, nil
}

// Kind implements Store.
func (s *IndexedDB) Kind() string { return "IndexedDB" }

// Get implements Store.
func (s *IndexedDB) Get(key string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	txn, err := s.db.Transaction(idb.TransactionReadOnly, objects)
	if err != nil {
		return nil, err
	}
	st, err := txn.ObjectStore(objects)
	if err != nil {
		return nil, err
	}
	req, err := st.Get(js.ValueOf(key))
	if err != nil {
		return nil, err
	}
	v, err := req.Await(ctx)
	if err != nil {
		return nil, err
	}
	if v.Type() != js.TypeString {
		return nil, ErrNotFound
	}
	return []byte(v.String()), nil
}

// Put implements Store.
func (s *IndexedDB) Put(key string, value []byte) error {
	return s.write(func(st *idb.ObjectStore) error {
		_, err := st.PutKey(js.ValueOf(key), js.ValueOf(string(value)))
		return err
	})
}

// Delete implements Store.
func (s *IndexedDB) Delete(key string) error {
	return s.write(func(st *idb.ObjectStore) error {
		_, err := st.Delete(js.ValueOf(key))
		return err
	})
}

// write runs op in a read-write transaction and waits for it to commit.
func (s *IndexedDB) write(op func(*idb.ObjectStore) error) error {
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
	if err := op(st); err != nil {
		return err
	}
	return txn.Await(ctx)
}
