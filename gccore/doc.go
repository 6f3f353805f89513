// Package gccore is a deterministic model of the Kubernetes garbage collector and the
// API-server deletion rules it relies on. Rule ids (API-2, GB-9, DEL-9c, ...) refer to
// gc-behavior.md, embedded in package rules.
//
// # Shape
//
// A Sim is a pure state machine in the manner of etcd raft's RawNode: inputs are methods
// (Create, Patch, Delete, AddFinalizer, RemoveFinalizer), time moves only through Tick and
// the finer steps (DeliverEvent, ProcessGraphChange, RunDeleteItem, RunOrphanItem), and
// after each call the caller reads the objects (Objects), a read-only Inspector of the
// internals (Inspect: Graph, Queues, GraphChanges, AbsentOwners, GCEvents, Why, DOT) and
// drains what was emitted, the trace records and watch events, as one Ready (Take). There are no goroutines, no wall clock and no global state; the only
// randomness is the uid generator, seeded by Config.Seed.
//
// # Components, one file each
//
//   - apiserver.go, apiserver_delete.go: storage, validation, patches, DELETE (API-*)
//   - informer.go: per-kind watch delivery with a delay in ticks (GB-1)
//   - graph.go, graph_builder.go: uidToNode and the graphChanges consumer (N-*, GB-*)
//   - uid_cache.go: absentOwnerCache (AOC-*)
//   - queue.go: attemptToDelete/attemptToOrphan work queues with backoff (Q-*)
//   - garbagecollector.go: the workers' decisions (DEL-*, FG-*, ORPH-*)
//   - operations.go: the GC's API calls (OPS-*)
//   - release.go: the version lens, which release's rules the GC plays (Config.Kubernetes, V-*)
//   - startup.go: when the workers may run after a start or restart (Q-6, SYNC-4, V-5a)
//   - restart.go: the restart input, kube-controller-manager starting over (SYNC-7)
//   - informer_faults.go: the fault lab's late and lost watch events, relists and failed
//     writes (Config.Faults, package gccore/faults, cluster-rules.md FAULT-1 … FAULT-4)
//   - trace.go, render.go, views.go, dump.go, explain.go: output
//
// # One tick
//
// Tick advances virtual time by one second (one tick) and runs, in this order:
//
//  1. Rate-limited retries whose backoff has expired return to their queue. Backoff
//     runs in virtual milliseconds: 5ms·2^k per item, capped at 1000s, and an overall
//     bucket of 10/s with burst 100; a delay of at most 1000ms is therefore due next tick.
//  2. The informers deliver every watch event that is due (written at least InformerDelay
//     ticks ago; default 1), oldest write first, as graphChanges entries (GB-1). With the
//     fault lab, each event's delay is drawn (FAULT-1), an event may be lost (FAULT-2), and
//     on a relist tick the informers first queue what they missed, due at once (FAULT-3).
//  3. The graph builder processes every graphChanges entry present at that moment, in FIFO
//     order, including virtual deletes queued by workers in the previous tick (GB-2, GB-15).
//  4. Each of the Workers attemptToDelete workers (default 20) takes one item, in worker
//     order; the taken items are then processed in two phases, as upstream's concurrent
//     worker goroutines nearly always overlap: first every worker's reads and decision
//     (the item's GET, its owners' GETs, DEL-4 … DEL-9, FG-1's count), in worker order, then
//     every worker's writes (patch, delete, finalizer removal) and outcome, in worker order.
//     The items are released together, so an item added while held is re-queued on
//     release. The fine step RunDeleteItem reads and writes one item at once:
//     the rarer upstream interleavings, where a write comes before a sibling's read. Its
//     Input.Reads form stops after the reads, so that an input can come before the writes;
//     its Input.Ref takes another of the round's items than the head (the first Workers),
//     so that any of them can write first.
//  5. The same for the attemptToOrphan workers.
//  6. The controllers a scenario runs (Controller, package gccore/cluster, cluster-rules.md),
//     in the order added: each handles its queue, fed by watch events. The controller-
//     manager's shared informers (CM-1) first deliver, oldest first, every event written at
//     least Config.ControllerInformerDelay ticks ago (with the default 0 they hand each
//     event over as it is emitted, and the controllers read the API server's state), after
//     the fault lab's relist on a relist tick and with its own draws (FAULT-1 … FAULT-3);
//     the kubelet (AddAgent) sees every event as it is emitted.
//
// Objects and user actions happen between ticks, at the current tick. A write at tick t is
// seen by the GC at tick t+InformerDelay. Wherever upstream iterates a Go map (dependents,
// orphaning), gcplay uses the fixed order (kind, apiVersion, namespace, name, uid).
//
// # Modelling choices
//
//   - Pods delete gracefully as API-13 says: an unscheduled pod (no spec.nodeName) or a
//     terminal one gets grace 0; a scheduled one waits, with no kubelet, until a delete with
//     gracePeriodSeconds=0 (FG-4 then keeps its foreground owner waiting). A scenario that
//     runs the kubelet controller has that delete made when the grace period is over
//     (KUBELET-1), unless the Pod's node is NotReady (KUBELET-2).
//   - Every served kind is monitored from the start except Events (GB-16); discovery and the
//     monitor sync loop (SYNC-*) are not modelled. A kind declared broken has a monitor that
//     never syncs: the workers wait for it (startup.go).
//   - Config.Kubernetes plays an older release's GC (release.go): each branch that differs
//     asks a Release predicate named for its V-rule clause, and cites the clause in the trace.
//   - Declared custom kinds behave like CRDs: strategic merge patch is refused (415), so the
//     GC falls back to a JSON merge patch built from its informer's copy (OPS-3).
//   - The OwnerRefInvalidNamespace Event (GB-14) is recorded (GCEvents, trace), not stored.
//   - Namespaces need not exist: the namespace controller runs only when a version 2
//     scenario names it (cluster-rules.md, NS-*).
//   - Of the admission plugins, only NamespaceLifecycle's refusal of creates in a
//     Namespace being deleted is modelled (NS-5). A real API server adds kubernetes.io/pv-protection
//     and kubernetes.io/pvc-protection finalizers to PersistentVolumes and claims; gcplay
//     does not (write them into the scenario to see their effect).
//   - CRD deletion removing its custom resources (API-19) and the discovery/monitor sync
//     loop (SYNC-*) are not modelled: custom kinds are declared up front.
//
// # Reading it beside upstream
//
// The algorithm is upstream's; a few measured shortcuts keep large cascades fast. Each is
// local, and documented where it lives: what it holds, who invalidates it and which
// upstream code it stands beside:
//
//   - node.queues: a node's membership in attemptToDelete and attemptToOrphan, kept on
//     the node instead of in the queue's dirty and processing sets (queueState; only
//     workQueue writes it).
//   - Resources.last and informers.last: the last kind looked up, a one-entry cache that a
//     miss overwrites; resources never change after NewResources.
//   - sortedCache (object_order.go, graph.go's order) and dependentSet.inOrder: a listing
//     sorted once and kept until what it lists changes (inOrder returns the set's own
//     slice); callers must not keep it.
//   - garbageCollector.refs, graphBuilder.owners and Sim.held: buffers reused by the next
//     call of the same function (classifyReferences, removeNodeAndNotify, runWorkers).
//   - APIServer.getShared, patchShared, deleteShared and patchFinalizers: Get, Patch and
//     Delete without the deep copy, for the GC's own read-only use; stored objects are
//     never changed in place, which is what makes sharing safe.
//   - apiserver_fastpatch.go: JSON merge patch of metadata-only bodies applied to the
//     typed object instead of a map round trip; TestMergePatchFastPathMatchesRoundTrip
//     checks it against the general path.
//   - object_meta.go's metadataFast: the usual metadata fields read from the decoded map
//     without the unstructured converter's reflection, anything unusual left to the
//     converter (TestMetadataFastMatchesConverter).
//   - metadata_validation.go's metaSurelyValid: metadata that apimachinery's
//     ValidateObjectMeta would surely pass is not handed to it (a create of 100k objects
//     would build its error paths 100k times); anything it cannot vouch for is validated.
//   - trace.go's tracer.addLazy: a record built only when the trace is kept (Config.Quiet,
//     Config.NoTrace), so a run without --trace formats no text.
//   - APIServer.byKind: the keys of each stored resource, so that a controller's List
//     reads its kind only (Client.List).
//   - Config.SizeHint: the store and the graph sized up front (scenario.NewRunner sets it
//     from the file's objects) instead of grown and rehashed one object at a time.
//
// Outside the package: `gcplay sim` and `gcplay dot` run with GOGC=200 unless GOGC is set
// (cmd/gcplay/sim.go, batchGC), and `make wasm` builds the packages off a tick's hot path
// without inlining (the Makefile's NOINLINE list says which and what each saved).
package gccore
