package cluster

import "k8s.io/apimachinery/pkg/types"

// ExpectationsTTL is how many ticks (seconds) an owner's expectations hold before a sync
// goes ahead anyway (RS-5, JOB-4): upstream's ExpectationsTimeout of 5 minutes, after
// which a lost watch event can no longer stop a controller for good.
const ExpectationsTTL = 300

// expectations model upstream's ControllerExpectations and, for deletions, its
// UIDTrackingControllerExpectations (pkg/controller/controller_utils.go), as the
// ReplicaSet and Job controllers keep them (RS-5, JOB-4): per owner key, the creations
// and the deletions the controller has sent and its informer has not yet shown it. While
// an owner has some, a sync creates and deletes nothing, so a controller whose cache lags
// behind its own writes (CM-1) does not act on them twice.
//
// They are the controller's own memory, emptied with it by a controller-manager restart;
// an owner without a record is satisfied (upstream: a controller that has just started
// syncs at once).
type expectations struct {
	byKey map[string]*expectation
}

// expectation is one owner's record.
type expectation struct {
	uid  types.UID // the owner's: events of a namesake's Pods do not count
	adds int       // creations not yet observed
	// deletes are the keys of the Pods whose deletion is not yet observed: tracked by key,
	// as upstream's UIDTrackingControllerExpectations does, so that a Pod seen deleted
	// twice (Terminating, then gone) is counted once.
	deletes map[string]bool
	at      int64 // the tick the record was set, for ExpectationsTTL
}

func newExpectations() expectations { return expectations{byKey: map[string]*expectation{}} }

// expect replaces key's record before the controller writes (upstream sets expectations
// first, so that the informer can never see a write before it is expected).
func (e expectations) expect(key string, uid types.UID, adds int, deletes []string, tick int64) {
	x := &expectation{uid: uid, adds: adds, at: tick}
	if len(deletes) > 0 {
		x.deletes = map[string]bool{}
		for _, d := range deletes {
			x.deletes[d] = true
		}
	}
	e.byKey[key] = x
}

// creationObserved lowers key's creations by one: its informer saw one of its Pods
// created, or a create failed and will never be seen.
func (e expectations) creationObserved(key string, uid types.UID) {
	if x := e.byKey[key]; x != nil && x.uid == uid && x.adds > 0 {
		x.adds--
	}
}

// deletionObserved forgets one expected deletion: its informer saw the Pod being deleted
// or gone, or the delete failed.
func (e expectations) deletionObserved(key string, uid types.UID, pod string) {
	if x := e.byKey[key]; x != nil && x.uid == uid {
		delete(x.deletes, pod)
	}
}

// forget drops key's record: the owner is gone (upstream's DeleteExpectations).
func (e expectations) forget(key string) { delete(e.byKey, key) }

// satisfied reports whether key's owner may create and delete at tick: it has no record,
// its record is fulfilled, or the record is older than ExpectationsTTL (upstream's
// isExpired). adds and deletes say what is still expected, for the trace.
func (e expectations) satisfied(key string, tick int64) (ok bool, adds, deletes int) {
	x := e.byKey[key]
	if x == nil || (x.adds <= 0 && len(x.deletes) == 0) || tick-x.at > ExpectationsTTL {
		return true, 0, 0
	}
	return false, x.adds, len(x.deletes)
}
