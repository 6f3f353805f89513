package gccore_test

// Determinism (style.md rule 5): the same scenario and Config give byte-identical trace,
// watch and final output, run after run (and, as this test also runs under wasm, natively
// and in the browser alike); a different Config.Seed changes nothing but the uids the API
// server assigns.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
	"github.com/gcplay/gcplay/internal/fixtures"
)

// unpinned lets the API server assign every dependent's uid, so seeds matter.
const unpinned = `resources:
- {apiVersion: example.com/v1, kind: Widget}
objects:
- {apiVersion: apps/v1, kind: Deployment, metadata: {name: web, uid: web-uid}}
- apiVersion: apps/v1
  kind: ReplicaSet
  metadata:
    name: web-1
    uid: rs-uid
    ownerReferences: [{apiVersion: apps/v1, kind: Deployment, name: web, uid: web-uid, controller: true, blockOwnerDeletion: true}]
- apiVersion: v1
  kind: Pod
  metadata:
    name: web-1-a
    ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web-1, uid: rs-uid, controller: true, blockOwnerDeletion: true}]
- apiVersion: v1
  kind: Pod
  metadata:
    name: web-1-b
    finalizers: [example.com/hold]
    ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web-1, uid: rs-uid, controller: true, blockOwnerDeletion: true}]
- apiVersion: example.com/v1
  kind: Widget
  metadata:
    name: gadget
    ownerReferences: [{apiVersion: apps/v1, kind: Deployment, name: web, uid: web-uid}]
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: orphan-me
    ownerReferences: [{apiVersion: v1, kind: Secret, name: gone, uid: gone-uid}]
- {apiVersion: v1, kind: Secret, metadata: {name: unrelated}}
steps:
- run: 2
- delete: {apiVersion: apps/v1, kind: Deployment, name: web, propagationPolicy: Foreground}
- run: 6
- removeFinalizer: {apiVersion: v1, kind: Pod, name: web-1-b, finalizer: example.com/hold}
- create: {apiVersion: v1, kind: ConfigMap, metadata: {name: late}}
- delete: {apiVersion: v1, kind: ConfigMap, name: late, propagationPolicy: Orphan}
`

// runOutputs runs a scenario and returns what `gcplay sim` prints in each mode.
func runOutputs(t *testing.T, file string, data []byte, cfg gccore.Config) (trace, watch, final []byte) {
	t.Helper()
	r, err := scenario.Run(file, data, cfg, scenario.DefaultMaxTicks)
	if err != nil {
		t.Fatal(err)
	}
	rd := r.Sim.Take()
	var w bytes.Buffer
	for _, ev := range rd.Watch {
		w.Write(gccore.WatchLine(ev))
		w.WriteByte('\n')
	}
	return []byte(gccore.RenderTrace(rd.Records)), w.Bytes(), gccore.ListYAML(r.Sim.Objects())
}

func determinismInputs(t *testing.T) map[string][]byte {
	in := map[string][]byte{"unpinned": []byte(unpinned)}
	for _, f := range fixtures.ReadScenarios(t, filepath.Join("testdata", "scenarios")) {
		in[filepath.Base(f.Path)] = f.Data
	}
	return in
}

func TestSameRunSameBytes(t *testing.T) {
	configs := map[string]gccore.Config{
		"default":           {},
		"1 worker, slow":    {Workers: 1, InformerDelay: gccore.Ticks(3), InformerDelays: map[string]int{"Pod": 0, "ReplicaSet.apps": 5}},
		"no delay, seed 42": {InformerDelay: gccore.Ticks(0), Seed: 42},
	}
	inputs := determinismInputs(t)
	names := make([]string, 0, len(inputs))
	for n := range inputs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		for cname, cfg := range configs {
			t.Run(name+"/"+cname, func(t *testing.T) {
				t1, w1, f1 := runOutputs(t, name, inputs[name], cfg)
				t2, w2, f2 := runOutputs(t, name, inputs[name], cfg)
				for _, c := range []struct {
					what string
					a, b []byte
				}{{"trace", t1, t2}, {"watch", w1, w2}, {"final", f1, f2}} {
					if !bytes.Equal(c.a, c.b) {
						t.Errorf("%s output differs between two runs:\n%s", c.what, firstDiff(c.a, c.b))
					}
				}
			})
		}
	}
}

func TestSeedChangesOnlyUIDs(t *testing.T) {
	inputs := determinismInputs(t)
	for name, data := range inputs {
		t.Run(name, func(t *testing.T) {
			ta, wa, fa := runOutputs(t, name, data, gccore.Config{Seed: 1})
			tb, wb, fb := runOutputs(t, name, data, gccore.Config{Seed: 2})
			// Name every assigned uid by the object that holds it; the watch stream has them
			// all, including objects deleted before the end. Pinned uids are the same in
			// both runs and stay as they are.
			ua, ub := uidsByObject(wa), uidsByObject(wb)
			if len(ua) != len(ub) {
				t.Fatalf("seed 1 saw %d objects, seed 2 saw %d", len(ua), len(ub))
			}
			for obj, uid := range ua {
				if ub[obj] == uid {
					delete(ua, obj)
					delete(ub, obj)
				}
			}
			if name == "unpinned" && len(ua) < 4 {
				t.Fatalf("only %d assigned uids differ between seeds 1 and 2", len(ua))
			}
			for _, c := range []struct {
				what string
				a, b []byte
			}{{"trace", ta, tb}, {"watch", wa, wb}, {"final", fa, fb}} {
				a, b := replaceUIDs(c.a, ua), replaceUIDs(c.b, ub)
				if !bytes.Equal(a, b) {
					t.Errorf("%s output differs between seeds beyond the uids:\n%s", c.what, firstDiff(a, b))
				}
			}
		})
	}
}

// uidsByObject maps "Kind namespace/name" to the uid it had in a run, from its watch lines
// (every object is ADDED once).
func uidsByObject(watch []byte) map[string]string {
	out := map[string]string{}
	for _, line := range bytes.Split(bytes.TrimSpace(watch), []byte("\n")) {
		var ev struct {
			Object struct {
				Kind     string `json:"kind"`
				Metadata struct {
					Name, Namespace, UID string
				} `json:"metadata"`
			} `json:"object"`
		}
		if err := json.Unmarshal(line, &ev); err != nil || ev.Object.Metadata.UID == "" {
			continue
		}
		m := ev.Object.Metadata
		key := ev.Object.Kind + " " + m.Namespace + "/" + m.Name
		// An object deleted and created again under its name (a controller re-creates a
		// ReplicaSet, DEP-3) is a second object: it gets a key of its own.
		for n := 2; out[key] != "" && out[key] != m.UID; n++ {
			key = fmt.Sprintf("%s %s/%s (#%d)", ev.Object.Kind, m.Namespace, m.Name, n)
		}
		out[key] = m.UID
	}
	return out
}

// replaceUIDs writes each uid as the name of its object, longest uid first.
func replaceUIDs(b []byte, uids map[string]string) []byte {
	type pair struct{ uid, name string }
	var ps []pair
	for name, uid := range uids {
		ps = append(ps, pair{uid, "<uid of " + name + ">"})
	}
	sort.Slice(ps, func(i, j int) bool {
		return len(ps[i].uid) > len(ps[j].uid) || (len(ps[i].uid) == len(ps[j].uid) && ps[i].uid < ps[j].uid)
	})
	for _, p := range ps {
		b = bytes.ReplaceAll(b, []byte(p.uid), []byte(p.name))
	}
	return b
}

// firstDiff shows the first line where a and b differ.
func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(la) || i < len(lb); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return "line " + strconv.Itoa(i+1) + ":\n  " + x + "\n  " + y
		}
	}
	return "(lengths differ)"
}
