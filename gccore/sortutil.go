package gccore

import "sort"

func sortNodesBy(ns []*node, key func(*node) string) {
	sort.SliceStable(ns, func(i, j int) bool { return key(ns[i]) < key(ns[j]) })
}

func sortWait(h waitHeap) { sort.Slice(h, func(i, j int) bool { return h.Less(i, j) }) }
