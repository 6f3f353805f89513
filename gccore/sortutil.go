package gccore

import "sort"

func sortWait(h waitHeap) { sort.Slice(h, func(i, j int) bool { return h.Less(i, j) }) }
