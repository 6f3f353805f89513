package gccore

import "slices"

// fifo is a queue held by value in a slice: items[head:] are pending, oldest first. The
// array is reused once drained and its taken prefix dropped once that is most of it, so a
// queue that every tick drains (graphChanges, the informers' queues, attemptToDelete in a
// cascade) stops allocating once it has grown to its busiest tick.
type fifo[T any] struct {
	items []T
	head  int
}

func (f *fifo[T]) len() int { return len(f.items) - f.head }

// pending returns the queued items, oldest first; valid until the next push or pop.
func (f *fifo[T]) pending() []T { return f.items[f.head:] }

func (f *fifo[T]) push(v T) { f.items = append(f.items, v) }

// peek returns the oldest item; the queue must not be empty.
func (f *fifo[T]) peek() *T { return &f.items[f.head] }

// pop removes and returns the oldest item; the queue must not be empty.
func (f *fifo[T]) pop() T {
	v := f.items[f.head]
	var zero T
	f.items[f.head] = zero // let what it holds go
	f.head++
	switch {
	case f.head == len(f.items):
		f.items, f.head = f.items[:0], 0
	case f.head > 1024 && 2*f.head > len(f.items):
		f.items, f.head = append([]T(nil), f.items[f.head:]...), 0
	}
	return v
}

// removeAt removes and returns the i-th pending item (0 is the oldest); i must be in range.
func (f *fifo[T]) removeAt(i int) T {
	if i == 0 {
		return f.pop()
	}
	v := f.items[f.head+i]
	f.items = slices.Delete(f.items, f.head+i, f.head+i+1)
	return v
}
