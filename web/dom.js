// DOM helpers the playground's wasm calls: one call from Go instead of one per row.
// A script file rather than code built from strings, which the page's
// Content-Security-Policy refuses.

// gcplayRemoveChildren removes host's children at the given indexes, listed from the
// last so that each index is still valid when its turn comes.
function gcplayRemoveChildren(host, indexes) {
  const c = host.children;
  for (const i of indexes) c[i].remove();
}

// gcplaySetAttributes sets attribute name of host's children: pairs holds one
// "index value" line per child (a graph laid out afresh moves every node).
function gcplaySetAttributes(host, name, pairs) {
  const c = host.children;
  for (const line of pairs.split('\n')) {
    const sp = line.indexOf(' ');
    if (sp > 0) c[+line.slice(0, sp)].setAttribute(name, line.slice(sp + 1));
  }
}
