package gccore

import "slices"

// dependentSet is a node's dependents (N-5), upstream's node.dependents
// (map[*node]struct{}). A list serves the usual handful, searched
// linearly; past indexDependentsAt entries a map indexes it, as one owner can have 10k
// dependents. Most nodes have none, and a cascade adds and removes one per object, so a
// map per owner would cost a hashed insert and delete per object (in wasm, with software
// hashing) and memory for every owner.
type dependentSet struct {
	nodes []*node // in identity order when sorted is set
	// sorted says nodes is in identity order; a removal keeps it.
	sorted bool
	index  map[*node]struct{} // membership, once nodes is long
}

const indexDependentsAt = 32

func (s *dependentSet) len() int { return len(s.nodes) }

func (s *dependentSet) has(d *node) bool {
	if s.index != nil {
		_, ok := s.index[d]
		return ok
	}
	return slices.Contains(s.nodes, d)
}

func (s *dependentSet) add(d *node) {
	if s.has(d) {
		return
	}
	s.nodes = append(s.nodes, d)
	s.sorted = len(s.nodes) == 1
	switch {
	case s.index != nil:
		s.index[d] = struct{}{}
	case len(s.nodes) > indexDependentsAt:
		s.index = make(map[*node]struct{}, 2*len(s.nodes))
		for _, x := range s.nodes {
			s.index[x] = struct{}{}
		}
	}
}

func (s *dependentSet) remove(d *node) {
	if s.index != nil {
		if _, ok := s.index[d]; !ok {
			return
		}
		delete(s.index, d)
	}
	if i := slices.Index(s.nodes, d); i >= 0 {
		s.nodes = slices.Delete(s.nodes, i, i+1) // keeps the order, sorted or not
	}
}

// inOrder returns the dependents in identity order. It sorts nodes in place and returns
// nodes itself, not a copy (upstream's getDependents copies): valid until the set next
// changes (add or remove, which only the graph builder calls), so callers range over it at
// once and keep nothing. A remove keeps the order; an add marks it unsorted.
func (s *dependentSet) inOrder() []*node {
	if !s.sorted {
		slices.SortFunc(s.nodes, func(a, b *node) int { return compareIdentity(a.identity, b.identity) })
		s.sorted = true
	}
	return s.nodes
}

// clone copies the set for a replacement record (N-7).
func (s *dependentSet) clone() dependentSet {
	c := dependentSet{nodes: slices.Clone(s.nodes), sorted: s.sorted}
	if s.index != nil {
		c.index = make(map[*node]struct{}, len(s.index))
		for d := range s.index {
			c.index[d] = struct{}{}
		}
	}
	return c
}
