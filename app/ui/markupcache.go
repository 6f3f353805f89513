package ui

// markupCache remembers the markup made for each row of a list from the row's data, so
// that an unchanged row costs a comparison instead of a rebuild. Rows are looked up in
// the order of the last list first: a list that lost rows since (a cascade tick) costs
// no map operation for the rows kept, where a map of every row made afresh each tick
// cost an insert per row. Every row seen stays in the index until it holds twice as
// many rows as the list, so a row that comes back or moves is found there.
type markupCache[D comparable] struct {
	last, next []cachedMarkup[D]
	i          int // the next row of last expected
	index      map[string]cachedMarkup[D]
}

type cachedMarkup[D comparable] struct {
	key    string
	data   D
	markup string
}

// lookahead is how many rows of the last list a lookup skips to find its row: the rows
// a tick removes from between two kept ones.
const lookahead = 16

// markup returns the markup of the row with this key and data, made by build when the
// cache has none for that data. Rows are asked for in list order; done ends the list.
func (c *markupCache[D]) markup(key string, data D, build func(D) string) string {
	if c.index == nil {
		c.index = map[string]cachedMarkup[D]{}
	}
	var r cachedMarkup[D]
	found := false
	for d := 0; d < lookahead && c.i+d < len(c.last); d++ {
		if c.last[c.i+d].key == key {
			r, found, c.i = c.last[c.i+d], true, c.i+d+1
			break
		}
	}
	if !found {
		r, found = c.index[key]
	}
	if !found || r.data != data {
		r = cachedMarkup[D]{key: key, data: data, markup: build(data)}
		c.index[key] = r
	}
	c.next = append(c.next, r)
	return r.markup
}

// done ends a list: it becomes the last one.
func (c *markupCache[D]) done() {
	c.last, c.next, c.i = c.next, c.last[:0], 0
	if len(c.index) > 2*len(c.last)+64 {
		c.index = make(map[string]cachedMarkup[D], len(c.last))
		for _, r := range c.last {
			c.index[r.key] = r
		}
	}
}
