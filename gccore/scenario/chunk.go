package scenario

import "bytes"

// Large scenarios are parsed a slice of `objects:` at a time. Parsing a whole file holds
// two YAML trees of it at once (yaml.v3's nodes for the checks, then the converter's
// values): about 36 times the file, 1.5 GB for a 40 MB file. A chunk of entries parsed on
// its own means the same as inside the file whenever the file keeps to the plain block
// style that generated and hand-written scenarios use, and that is what splitObjects
// checks; anything else, and any error at all, takes the whole-file path, so that what a
// file means and every error message stay exactly as before.
const (
	// chunkedFrom is the file size from which Parse tries chunks: below it the whole-file
	// path costs little.
	chunkedFrom = 256 << 10
	// chunkEntries is how many objects one chunk holds: enough to make each parser call
	// worth it, few enough to keep its trees small.
	chunkEntries = 512
)

// splitObjects cuts data into the text without the entries of its top-level `objects:`
// block sequence (the `objects:` line stays, so that a repeated key is still found) and
// the entries, per to a chunk. ok is false when the file is not in the plain
// style this relies on:
//   - no anchors, aliases, tags or directives (&, *, !, %), which can tie one entry to
//     another or to the document's start;
//   - no tabs, carriage returns or document markers (---, ...);
//   - top-level keys at column 0, `objects:` once and followed by a block sequence whose
//     entries all start at one column with "-", and nothing less indented inside it.
//
// A line at that column starting with "- " can only be a new entry: block scalars and
// plain scalars end at a less indented line, and a quoted scalar or flow collection cut
// there leaves a chunk that does not parse, which sends the file down the whole-file path.
//
// The chunks are slices of data, which is not changed: the entries are contiguous lines.
func splitObjects(data []byte, per int) (rest []byte, chunks [][]byte, ok bool) {
	if bytes.ContainsAny(data, "&*!%\t\r") {
		return nil, nil, false
	}
	var (
		restBuf    bytes.Buffer
		off        int // the current line's offset in data
		start      int // the current chunk's offset
		entries    int // entries in the current chunk
		inObjects  bool
		seenObject bool
		column     = -1 // the entries' column, once known
	)
	// flush ends the current chunk before the line at off.
	flush := func() {
		if entries > 0 {
			chunks = append(chunks, data[start:off:off])
			entries = 0
		}
		start = off
	}
	for next := 0; off < len(data); off = next {
		line := data[off:]
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line = line[:i+1]
		}
		next = off + len(line)
		text := bytes.TrimRight(line, "\n")
		trimmed := bytes.TrimLeft(text, " ")
		indent := len(text) - len(trimmed)
		if bytes.HasPrefix(text, []byte("---")) || bytes.HasPrefix(text, []byte("...")) {
			return nil, nil, false
		}
		blank := len(trimmed) == 0 || trimmed[0] == '#'
		if inObjects {
			switch {
			case blank:
				continue
			case column < 0:
				if !isEntry(trimmed) {
					return nil, nil, false // objects: is not followed by a block sequence
				}
				column = indent
			case indent > column:
				continue
			case indent < column && indent > 0:
				return nil, nil, false
			}
			if indent == column && isEntry(trimmed) {
				if entries == per {
					flush()
				}
				entries++
				continue
			}
			if indent != 0 {
				return nil, nil, false
			}
			inObjects = false // a top-level key ends the block
			flush()
		}
		if blank || indent > 0 || isEntry(trimmed) {
			restBuf.Write(line)
			continue
		}
		// a top-level key
		if bytes.HasPrefix(text, []byte("objects:")) {
			after := bytes.TrimSpace(text[len("objects:"):])
			if seenObject || (len(after) > 0 && after[0] != '#') {
				return nil, nil, false
			}
			seenObject, inObjects = true, true
			start = next
		} else if !bytes.Contains(text, []byte(":")) {
			return nil, nil, false
		}
		restBuf.Write(line)
	}
	flush()
	if len(chunks) == 0 {
		return nil, nil, false
	}
	return restBuf.Bytes(), chunks, true
}

// isEntry reports whether a line, without its indentation, starts a block sequence entry.
func isEntry[T string | []byte](trimmed T) bool {
	return len(trimmed) > 0 && trimmed[0] == '-' && (len(trimmed) == 1 || trimmed[1] == ' ')
}

// parseChunked is Parse's path for large files. It returns ok false on any problem, for
// the whole-file path to report it as it always has: errors are rare, and their order
// (YAML anywhere first, then objects, then steps) is then the same as before.
func parseChunked(file string, data []byte, per int, opt Options) (*Scenario, bool) {
	rest, chunks, ok := splitObjects(data, per)
	if !ok {
		return nil, false
	}
	raw, err := decodeRaw(rest)
	if err != nil || len(raw.Objects) > 0 {
		return nil, false
	}
	b, err := newBuilder(file, raw.Resources, len(chunks)*per)
	if err != nil {
		return nil, false
	}
	for _, c := range chunks {
		objs, ok := fastChunk(c)
		if !ok {
			// A chunk's entries sit one level below the document's top, which its own
			// check does not see.
			doc, err := checkedNode(c, MaxNesting-1)
			if err != nil || doc == nil || len(doc.Content) != 1 {
				return nil, false
			}
			if objs, ok = plainObjects(doc.Content[0]); !ok {
				return nil, false
			}
		}
		for _, m := range objs {
			if b.object(m) != nil {
				return nil, false
			}
		}
	}
	sc, err := b.steps(raw.Steps, opt)
	if err == nil {
		sc, err = withCluster(sc, raw.rawCluster)
	}
	if err != nil {
		return nil, false
	}
	return sc, true
}
