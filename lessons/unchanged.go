package lessons

import (
	"fmt"

	"github.com/gcplay/gcplay/gccore"
	"github.com/gcplay/gcplay/gccore/scenario"
)

// unchangedNote points check's "goal unmet" at the first step that changed nothing, with
// the stored name or finalizer nearest to the one it named ("; solution[2]
// (removeFinalizer ConfigMap ci/lokc) changed nothing: did you mean ConfigMap/ci/lock?").
func (r *Run) unchangedNote(steps []scenario.Step, what string) string {
	if len(r.Unchanged) == 0 {
		return ""
	}
	i := r.Unchanged[0]
	in := steps[i].Input()
	a, _ := ActionOf(in)
	return fmt.Sprintf("; %s[%d] (%s %s) changed nothing", what, i, a.Op, a.Ref) + r.didYouMean(in)
}

// didYouMean suggests the stored object, or the object's finalizer, nearest to the one
// an input names when that one is not there; "" when none is near.
func (r *Run) didYouMean(in gccore.Input) string {
	if in.Ref == nil {
		return ""
	}
	if o, err := r.Sim.Get(*in.Ref); err == nil {
		if f, ok := nearest(in.Finalizer, o.Finalizers); ok && in.Finalizer != "" && !o.HasFinalizer(in.Finalizer) {
			return fmt.Sprintf(": did you mean finalizer %s?", f)
		}
		return ""
	}
	var names []string
	for _, s := range r.Stored {
		if s.Kind == in.Ref.Kind {
			names = append(names, refName(s))
		}
	}
	if n, ok := nearest(refName(*in.Ref), names); ok {
		return fmt.Sprintf(": did you mean %s?", n)
	}
	return ""
}

// refName is ref as goals write it: Kind/name, or Kind/namespace/name outside default.
func refName(ref gccore.ObjectRef) string {
	if ref.Namespace == "" || ref.Namespace == "default" {
		return ref.Kind + "/" + ref.Name
	}
	return ref.Kind + "/" + ref.Namespace + "/" + ref.Name
}

// nearest is the candidate closest to s by edit distance, if it is close enough to be
// a typo of it (at most a third of its length apart).
func nearest(s string, candidates []string) (string, bool) {
	best, bestD := "", len(s)/3+1
	for _, c := range candidates {
		if d := editDistance(s, c); d < bestD && c != s {
			best, bestD = c, d
		}
	}
	return best, best != ""
}

// editDistance is Levenshtein's distance between a and b, by bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
