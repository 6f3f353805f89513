package gccore

import (
	"container/heap"
	"slices"
	"sort"
	"strconv"
	"time"

	"github.com/gcplay/gcplay/gccore/rules"
	"golang.org/x/time/rate"
)

// workQueue is a rate-limited work queue with client-go's semantics (Q-2 … Q-5) in virtual
// time: a FIFO, a dirty set and a processing set, so an item is queued at most once and
// never held by two workers; a failed item is re-added after max(per-item, overall) backoff.
//
// Upstream: client-go's workqueue.Typed (util/workqueue/queue.go: queue, dirty, processing)
// behind the GC's rate limiter (DefaultControllerRateLimiter: per-item exponential backoff,
// overall token bucket).
//
// Shortcut: the dirty and processing sets live on the items themselves (node.queues[slot],
// queueState), not in maps: with a backlog of 100k items, a map keyed by item misses the
// cache on every Add, Get and Done, while the node is in hand anyway. Only this type's
// methods write that state (through state); no one needs to invalidate it.
type workQueue struct {
	name Queue
	// role is the role of the workers that serve the queue: a held item keeps only
	// its worker's number.
	role Role
	// slot is this queue's index in node.queues; the two queues of a Sim differ.
	slot int
	// fifo holds the queued items, in order.
	fifo fifo[*node]
	// held lists the items being processed, in the order they were taken: at most
	// one per worker.
	held []heldItem
	// failures counts requeues since the last Forget.
	failures map[*node]int
	waiting  waitHeap
	waitFor  map[*node]*waitEntry
	// stuckWaiting counts waiting entries that no later tick can cure (scenario-format.md idle).
	stuckWaiting int
	limiter      *rate.Limiter
	seq          int64
	// immediateRequeue appends requeues at once, like the queue in upstream's unit tests.
	immediateRequeue bool
}

// queueState is an item's membership in one work queue (node.queues): dirty while it is
// queued, or re-added while processing, with why, the rule that enqueued it, for
// views and traces; processing while a worker holds it. It is what upstream keeps as
// the item's entry in the queue's dirty and processing sets. Only workQueue writes it. It
// belongs to the node record, not to the uid: a replacement record (node.clone, N-7) starts
// in no queue, while a queue may still hold the old one.
type queueState struct {
	dirty, processing bool
	why               rules.ID
}

// heldItem is a processing item, its worker's number (of the queue's role) and the rule
// that had enqueued it.
type heldItem struct {
	item   *node
	why    rules.ID
	worker int
}

// worker is the component holding h.
func (q *workQueue) worker(h heldItem) Component { return Worker(q.role, h.worker) }

type waitEntry struct {
	item  *node
	atMS  int64 // virtual milliseconds
	seq   int64
	why   rules.ID
	stuck string // non-empty: the error cannot cure itself
	index int
}

type waitHeap []*waitEntry

func (h waitHeap) Len() int { return len(h) }
func (h waitHeap) Less(i, j int) bool {
	if h[i].atMS != h[j].atMS {
		return h[i].atMS < h[j].atMS
	}
	return h[i].seq < h[j].seq
}
func (h waitHeap) Swap(i, j int)    { h[i], h[j] = h[j], h[i]; h[i].index = i; h[j].index = j }
func (h *waitHeap) Push(x any)      { e := x.(*waitEntry); e.index = len(*h); *h = append(*h, e) }
func (h *waitHeap) Pop() any        { old := *h; e := old[len(old)-1]; *h = old[:len(old)-1]; return e }
func (h waitHeap) peek() *waitEntry { return h[0] }

func newWorkQueue(name Queue) *workQueue {
	return &workQueue{
		name: name, failures: map[*node]int{}, waitFor: map[*node]*waitEntry{},
		limiter: rate.NewLimiter(rate.Limit(10), 100), // Q-4 overall bucket: 10/s, burst 100
	}
}

// state is item's membership in q.
func (q *workQueue) state(item *node) *queueState { return &item.queues[q.slot] }

// Add enqueues item unless it is already dirty; an item being processed is appended on Done.
func (q *workQueue) Add(item *node, why rules.ID) bool {
	st := q.state(item)
	if st.dirty {
		return false
	}
	st.dirty, st.why = true, why
	if !st.processing {
		q.fifo.push(item)
	}
	return true
}

// Len is the number of queued items.
func (q *workQueue) Len() int { return q.fifo.len() }

// Get pops the head and marks it processed by worker, one of the queue's role.
func (q *workQueue) Get(worker Component) (*node, bool) {
	if q.Len() == 0 {
		return nil, false
	}
	return q.takeAt(worker, 0), true
}

// takeAt gives worker the i-th queued item (0 is the head).
func (q *workQueue) takeAt(worker Component, i int) *node {
	item := q.fifo.removeAt(i)
	st := q.state(item)
	q.held = append(q.held, heldItem{item: item, worker: worker.N, why: st.why})
	st.dirty, st.processing, st.why = false, true, ""
	return item
}

// index is the position of the queued item named ref among the first n, or -1.
func (q *workQueue) index(ref ObjectRef, n int) int {
	for i, item := range q.fifo.pending() {
		if i == n {
			break
		}
		if item.identity.ref() == ref {
			return i
		}
	}
	return -1
}

// Done releases item; if it was re-added meanwhile it goes to the tail.
func (q *workQueue) Done(item *node) {
	st := q.state(item)
	st.processing = false
	if i := q.heldIndex(item); i >= 0 {
		q.held = slices.Delete(q.held, i, i+1)
	}
	if st.dirty {
		q.fifo.push(item)
	}
}

// heldIndex is item's index in held, or -1.
func (q *workQueue) heldIndex(item *node) int {
	for i, h := range q.held {
		if h.item == item {
			return i
		}
	}
	return -1
}

// Forget resets the item's backoff.
func (q *workQueue) Forget(item *node) {
	if len(q.failures) > 0 { // most items never failed: skip the hash
		delete(q.failures, item)
	}
}

// backoff is Q-4's delay for the next requeue of item at virtual time nowMS.
func (q *workQueue) backoff(item *node, nowMS int64) int64 {
	k := q.failures[item]
	q.failures[item] = k + 1
	perItem := int64(1000 * 1000) // cap: 1000 s
	if k < 18 {
		perItem = min(5<<k, perItem) // 5 ms × 2^k
	}
	now := Epoch.Add(time.Duration(nowMS) * time.Millisecond)
	overall := q.limiter.ReserveN(now, 1).DelayFrom(now).Milliseconds()
	return max(perItem, overall)
}

// AddRateLimited re-adds item after its backoff. stuck names an error no later tick
// can cure by itself; such an item does not keep the simulation from being idle.
func (q *workQueue) AddRateLimited(item *node, nowMS int64, why rules.ID, stuck string) {
	delay := q.backoff(item, nowMS)
	if q.immediateRequeue {
		q.Add(item, why)
		return
	}
	if q.state(item).dirty {
		return
	}
	at := nowMS + delay
	if e, ok := q.waitFor[item]; ok {
		if e.stuck != "" {
			q.stuckWaiting--
		}
		e.stuck, e.why = stuck, why
		if e.stuck != "" {
			q.stuckWaiting++
		}
		if at < e.atMS {
			e.atMS = at
			heap.Fix(&q.waiting, e.index)
		}
		return
	}
	q.seq++
	e := &waitEntry{item: item, atMS: at, seq: q.seq, why: why, stuck: stuck}
	if stuck != "" {
		q.stuckWaiting++
	}
	heap.Push(&q.waiting, e)
	q.waitFor[item] = e
}

// promote adds every waiting item whose time has come, earliest first.
func (q *workQueue) promote(nowMS int64) {
	for q.waiting.Len() > 0 && q.waiting.peek().atMS <= nowMS {
		e := heap.Pop(&q.waiting).(*waitEntry)
		delete(q.waitFor, e.item)
		if e.stuck != "" {
			q.stuckWaiting--
		}
		q.Add(e.item, e.why)
	}
}

// idle reports no queued, held or curable waiting item.
func (q *workQueue) idle() bool {
	return q.Len() == 0 && len(q.held) == 0 && q.waiting.Len() == q.stuckWaiting
}

// ItemState is where a queue item is.
type ItemState string

// The states of a queue item.
const (
	ItemQueued     ItemState = "queued"     // waiting for a worker
	ItemProcessing ItemState = "processing" // held by a worker
	ItemWaiting    ItemState = "waiting"    // backing off before its next attempt
	ItemStuck      ItemState = "stuck"      // backing off with no attempt that could succeed
)

// QueueItem is one entry of a queue view.
type QueueItem struct {
	Key     string    `json:"key"`
	UID     string    `json:"uid"`
	Why     rules.ID  `json:"why"`     // the rule that enqueued it
	Retries int       `json:"retries"` // requeues since the last forget
	State   ItemState `json:"state"`
	Worker  Component `json:"worker,omitzero"`
	// NextAttemptMS is the virtual time of the next attempt, for waiting items.
	NextAttemptMS int64  `json:"nextAttemptMS,omitempty"`
	Stuck         string `json:"stuck,omitempty"`
	Virtual       bool   `json:"virtual,omitempty"`
}

// QueueView is a snapshot of one work queue.
type QueueView struct {
	Name  Queue       `json:"name"`
	Items []QueueItem `json:"items"`
	// Total counts every item, also those a limited view leaves out of Items.
	Total int `json:"total"`
}

// view lists the items: held ones by worker, then queued ones in order, then waiting ones
// by due time; at most limit of them when limit > 0 (a page redraws the queues every tick,
// and a cascade can queue thousands of items).
func (q *workQueue) view(limit int) QueueView {
	v := QueueView{Name: q.name, Total: len(q.held) + q.Len() + len(q.waiting)}
	full := func() bool { return limit > 0 && len(v.Items) >= limit }
	item := func(n *node, state ItemState) QueueItem {
		why := q.state(n).why // the latest reason: a held item may have been re-added
		if !q.state(n).dirty {
			if i := q.heldIndex(n); i >= 0 {
				why = q.held[i].why
			}
		}
		return QueueItem{Key: n.identity.String(), UID: string(n.identity.UID), Why: why, Retries: q.failures[n], State: state, Virtual: n.virtual}
	}
	held := append([]heldItem(nil), q.held...)
	// By name, not number (delete-worker-10 before delete-worker-2): the order views
	// and scripts have always shown.
	sort.SliceStable(held, func(i, j int) bool { return numberLess(held[i].worker, held[j].worker) })
	for _, h := range held {
		if full() {
			return v
		}
		it := item(h.item, ItemProcessing)
		it.Worker = q.worker(h)
		v.Items = append(v.Items, it)
	}
	for _, n := range q.fifo.pending() {
		if full() {
			return v
		}
		v.Items = append(v.Items, item(n, ItemQueued))
	}
	if full() {
		return v
	}
	waiting := append(waitHeap(nil), q.waiting...)
	sortWait(waiting)
	for _, e := range waiting {
		if full() {
			return v
		}
		it := item(e.item, ItemWaiting)
		it.Why, it.NextAttemptMS, it.Stuck = e.why, e.atMS, e.stuck
		if e.stuck != "" {
			it.State = ItemStuck
		}
		v.Items = append(v.Items, it)
	}
	return v
}

// numberLess orders the workers of one role by their names: their numbers as text (a
// number below 100 renders without allocating).
func numberLess(a, b int) bool { return strconv.Itoa(a) < strconv.Itoa(b) }
