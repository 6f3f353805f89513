package workspace

// Issue 21 §1: a `#ws=` link replays under the limits of a person at the page (MaxTicks,
// MaxHistory, the controllers' creates): a link that exceeds them is one error and no
// workspace, never a frozen tab.

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode"
)

// shareOf is the `#ws=` value of a saved session given as JSON.
func shareOf(saved string) string {
	var buf bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&buf, zlib.BestCompression)
	zw.Write([]byte(saved))
	zw.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

func savedJSON(scenario string, history []string, position int) string {
	sc, _ := json.Marshal(scenario)
	return fmt.Sprintf(`{"version":1,"name":"x","scenario":%s,"history":[%s],"position":%d}`, sc, strings.Join(history, ","), position)
}

func TestShareLinkReplaysUnderThePageLimits(t *testing.T) {
	chain := "objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: a}}]\n"
	rs := func(replicas string) string {
		return "version: 2\ncontrollers: [replicaset]\nobjects:\n- {apiVersion: apps/v1, kind: ReplicaSet, metadata: {name: web}, spec: {replicas: " + replicas +
			", selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}}}}\n"
	}
	tick := `{"op":"tick","pos":{}}`
	for _, tc := range []struct {
		name, saved, want string
	}{
		{"1e15 ticks (the issue's 200-character link)", savedJSON(chain, []string{`{"op":"tick","ticks":1000000000000000,"pos":{}}`}, 1),
			"its history[0] (tick 1000000000000000) would run past tick 100000, where the playground stops"},
		{"ticks past the limit in two entries", savedJSON(chain, []string{`{"op":"tick","ticks":99999,"pos":{}}`, `{"op":"tick","ticks":2,"pos":{}}`}, 2),
			"history[1] (tick 2) would run past tick 100000"},
		{"ticks that overflow int64 once added", savedJSON(chain, []string{tick, `{"op":"tick","ticks":9223372036854775807,"pos":{}}`}, 2),
			"history[1] (tick 9223372036854775807) would run past tick 100000"},
		{"more entries than a person makes", savedJSON(chain, slicesRepeat(`{"op":"deliverEvent","pos":{}}`, MaxHistory+1), 0),
			"its history has 200001 entries, more than the 200000 the playground replays"},
		{"replicas: -1 (the crash screen)", savedJSON(rs("-1"), []string{tick}, 1),
			"spec.replicas: Invalid value: -1: must be greater than or equal to 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeShare("", shareOf(tc.saved))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
		})
	}
	// At the limit it opens: 100,000 ticks, as Run until idle would leave it.
	w, err := DecodeShare("", shareOf(savedJSON(chain, []string{`{"op":"tick","ticks":99999,"pos":{}}`, tick}, 2)))
	if err != nil || w.Sim().CurrentTick() != MaxTicks {
		t.Fatalf("a link of %d ticks: %v", MaxTicks, err)
	}
	// replicas: 1e9 replays to the controllers' bound and stops there: the workspace
	// opens at the failure, each later tick failing at once.
	w, err = DecodeShare("", shareOf(savedJSON(rs("1000000000"), slicesRepeat(tick, 100), 100)))
	if err != nil {
		t.Fatal(err)
	}
	if n := w.Sim().ObjectCount(); n > 20_001 {
		t.Errorf("%d objects after replaying a huge ReplicaSet", n)
	}
	if err := w.Sim().Err(); err == nil || !strings.Contains(err.Error(), "past the 20000 objects the controllers may create") {
		t.Errorf("Err() = %v", err)
	}
}

func slicesRepeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// historyScenarios are the bases FuzzShareHistory replays on.
var historyScenarios = []string{
	"objects:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: a, uid: a}}\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: b, finalizers: [example.com/hold], ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: a, uid: a, blockOwnerDeletion: true}]}}\n",
	"version: 2\ncontrollers: [deployment, replicaset, kubelet]\nnodes: [{name: node-a, ready: true}]\nobjects:\n- {apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {replicas: 2, selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {nodeName: node-a, terminationGracePeriodSeconds: 2}}}}\nsteps:\n- run: 3\n",
}

// historyInputs are the entries FuzzShareHistory builds histories from: every op, with
// counts and tick numbers at and past the limits.
var historyInputs = []string{
	`{"op":"tick","pos":{}}`,
	`{"op":"tick","ticks":%d,"pos":{}}`,
	`{"op":"deliverEvent","pos":{}}`,
	`{"op":"graphChange","pos":{}}`,
	`{"op":"deleteItem","pos":{}}`,
	`{"op":"orphanItem","pos":{}}`,
	`{"op":"delete","ref":{"apiVersion":"v1","kind":"ConfigMap","namespace":"default","name":"a"},"options":{"propagationPolicy":"Foreground"},"pos":{}}`,
	`{"op":"delete","ref":{"apiVersion":"apps/v1","kind":"Deployment","namespace":"default","name":"web"},"options":{"propagationPolicy":"Background"},"pos":{}}`,
	`{"op":"update","ref":{"apiVersion":"apps/v1","kind":"Deployment","namespace":"default","name":"web"},"patch":{"spec":{"replicas":%d}},"pos":{}}`,
	`{"op":"update","ref":{"apiVersion":"v1","kind":"Node","name":"node-a"},"patch":{"status":{"conditions":[{"type":"Ready","status":"False"}]}},"pos":{}}`,
	`{"op":"removeFinalizer","ref":{"apiVersion":"v1","kind":"ConfigMap","namespace":"default","name":"b"},"finalizer":"example.com/hold","pos":{}}`,
	`{"op":"create","object":{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c%d"}},"pos":{}}`,
	`{"op":"","pos":{}}`,
	`{"op":"nonsense","pos":{"step":%d}}`,
}

var historyNumbers = []int64{-1, 0, 1, 2, 1000, 99999, 100000, 100001, 1e9, 1e15, 1<<63 - 1}

// FuzzShareHistory: a `#ws=` link's history, built from the fuzzer's bytes, replays to a
// workspace or to one printable error line, never a panic, and always ends (make fuzz).
func FuzzShareHistory(f *testing.F) {
	f.Add([]byte{0, 1, 0})
	f.Add([]byte{1, 1, 9, 8, 3, 0})
	f.Add([]byte{1, 2, 8, 7, 0, 0, 0, 9, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		base := historyScenarios[int(data[0])%len(historyScenarios)]
		var hist []string
		for i := 1; i+1 < len(data) && len(hist) < 64; i += 2 {
			in := historyInputs[int(data[i])%len(historyInputs)]
			if strings.Contains(in, "%d") {
				in = fmt.Sprintf(in, historyNumbers[int(data[i+1])%len(historyNumbers)])
			}
			hist = append(hist, in)
		}
		saved := savedJSON(base, hist, len(hist)-int(data[len(data)-1])%3)
		stop := time.AfterFunc(60*time.Second, func() { panic("no result after 60s for " + saved) }).Stop
		defer stop()
		if _, err := DecodeShare("", shareOf(saved)); err != nil {
			for _, r := range err.Error() {
				if !unicode.IsPrint(r) && r != ' ' {
					t.Fatalf("error holds %U: %q", r, err)
				}
			}
		}
	})
}
