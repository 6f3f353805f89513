package gccore

import (
	"fmt"

	"github.com/gcplay/gcplay/gccore/rules"
	"k8s.io/apimachinery/pkg/watch"
)

// RestartControllerManager is what a restart input restarts (scenario
// `restart: controller-manager`): kube-controller-manager, the GC and its controllers.
const RestartControllerManager = "controller-manager"

// MaxRestartLists bounds the objects the restarts of one run list again (issue 21: each
// restart lists every stored object, as upstream's new informers do, so an 80 KB file of
// a 5,000-Pod ReplicaSet and 2,000 restarts took 142 s, and a `#ws=` link of 200,000
// Restart entries on 20,000 objects would hold the page for hours). 500,000 is 50
// restarts of 10,000 objects, about 2 s natively.
const MaxRestartLists = 500_000

// restartBound refuses a restart that would list MaxRestartLists objects or more in this
// run; the restart does nothing then, like a refused API call.
func restartBound(s *Sim) error {
	n := s.api.Len()
	if s.relisted+n > MaxRestartLists {
		return fmt.Errorf("restart %s: it would list %d objects again, and this run's restarts have listed %d: past the %d gcplay plays in one run (each restart lists every stored object)",
			RestartControllerManager, n, s.relisted, MaxRestartLists)
	}
	s.relisted += n
	return nil
}

// Restarter is a Controller that runs in kube-controller-manager. A restart empties its
// state (Restart) and then hands it every stored object as ADDED: its informers' new
// initial list. A controller that is not one (the kubelet) keeps its state.
type Restarter interface {
	Restart()
}

// restartControllerManager is SYNC-7 as gcplay plays it: the GC's graph, graphChanges,
// work queues, absentOwnerCache and informers, and every Restarter's state, start empty;
// the API server's store survives. Every monitored kind's preferred resource is then
// listed, in Resources.All's order (group, version, kind), each list by namespace then
// name as a real LIST returns it, and its objects arrive as adds like watch events. The
// workers wait for the new monitors as at start (startup).
func restartControllerManager(s *Sim) {
	tick := s.clock.tick
	s.pending = nil       // a worker's held writes die with the process
	events := s.gb.events // reported Events are API objects: they survive
	s.gb = newGraphBuilder(s.cfg, &s.trace)
	s.gb.events = events
	s.gc.gb = s.gb
	s.informers = newInformers(s.informers.delay, s.informers.delays, s.informers.faults)
	s.informers.faults.forget() // the new list repairs what was lost (FAULT-3)
	s.gc.informers = s.informers
	s.gc.startup = newStartup(s.cfg.Kubernetes, s.api.Resources, tick)
	var listed []WatchEvent
	for _, r := range s.api.Resources.All() {
		if r.preferred != r || !r.Monitored {
			continue
		}
		for _, o := range s.api.listKind(r) {
			listed = append(listed, WatchEvent{Tick: tick, Type: watch.Added, Object: o, Resource: r})
		}
	}
	s.trace.add(Record{Component: CompUser, Rule: rules.SYNC7, Call: "restart " + RestartControllerManager,
		Text: fmt.Sprintf("graph, queues, absentOwnerCache and controllers emptied; %d object(s) listed again", len(listed))})
	for _, ev := range listed {
		s.informers.listed(ev)
	}
	s.cm.relist()
	for _, c := range s.controllers {
		if r, ok := c.(Restarter); ok {
			r.Restart()
			for _, ev := range listed {
				c.Observe(ev)
			}
		}
	}
}
