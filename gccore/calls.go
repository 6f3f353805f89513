package gccore

import (
	"strconv"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// callStyle is how a caller's API calls read in the trace. The one renderer (apiCall)
// keeps each caller's text as the goldens pin it.
type callStyle uint8

const (
	// byClient is a person's or a controller's call: the record's key names the object, so
	// the call is its verb and options ("delete propagationPolicy=Foreground", "patch
	// (merge) {...}").
	byClient callStyle = iota
	// byController is byClient with a uid precondition shown (" preconditions.uid=U"):
	// the controllers delete what they own by uid (CREF-*).
	byController
	// byGC is the garbage collector's call, as upstream's TestConflictingData writes them:
	// the request path first, preconditions grouped ("delete v1/pods default/p
	// propagationPolicy=Background preconditions(uid=U, resourceVersion=R)").
	byGC
)

// apiCall renders the API calls of one caller against one object.
type apiCall struct {
	style callStyle
	path  string // the request path (byGC only): "v1/pods default/p"
}

func (c apiCall) verb(v string) string {
	if c.style == byGC {
		return v + " " + c.path
	}
	return v
}

// create renders a POST (the record's key names the object created).
func (c apiCall) create() string { return c.verb("create") }

// get renders a GET.
func (c apiCall) get() string { return c.verb("get") }

// patch renders a PATCH of type pt with its body.
func (c apiCall) patch(pt PatchType, body []byte) string {
	if c.style == byGC {
		return c.verb("patch") + " " + string(pt) + " " + string(body)
	}
	return "patch (" + string(pt) + ") " + string(body)
}

// delete renders a DELETE with the options set, in one order: propagationPolicy,
// orphanDependents, gracePeriodSeconds, preconditions.
func (c apiCall) delete(opts *metav1.DeleteOptions) string {
	call := c.verb("delete")
	if p := opts.PropagationPolicy; p != nil {
		call += " propagationPolicy=" + string(*p)
	}
	if opts.OrphanDependents != nil {
		call += " orphanDependents=" + strconv.FormatBool(*opts.OrphanDependents)
	}
	if opts.GracePeriodSeconds != nil {
		call += " gracePeriodSeconds=" + strconv.FormatInt(*opts.GracePeriodSeconds, 10)
	}
	pre := opts.Preconditions
	switch {
	case pre == nil || pre.UID == nil || c.style == byClient:
	case c.style == byController:
		call += " preconditions.uid=" + string(*pre.UID)
	default:
		call += " preconditions(uid=" + string(*pre.UID)
		if pre.ResourceVersion != nil {
			call += ", resourceVersion=" + *pre.ResourceVersion
		}
		call += ")"
	}
	return call
}
