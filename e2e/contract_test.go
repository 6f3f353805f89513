//go:build !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// contractHooks are README's "Contract for automated browser tests" hooks of a lesson
// with a console and a node lane (notready-node), by where the page shows them. A
// course platform and the tests rely on each: a refactor must keep them.
var contractHooks = map[string][]string{
	"page": {`#lesson[data-lesson="notready-node"]`, `#lesson-hints`, `#lessons-open`, `#lesson-next`, `.notice`,
		`[data-graph]`, `[data-node-toggle]`, `xpath://button[normalize-space(.)="Fit"]`},
	"picker":  {`[data-lesson="owners-and-dependents"] button`, `#lessons-next[data-lesson]`},
	"console": {`#console-input`, `#con-log`},
	"recap":   {`#lesson-recap`},
}

// hookJS is true when the page holds an element for hook (a CSS selector, or xpath:).
func hookJS(hook string) string {
	if x, ok := strings.CutPrefix(hook, "xpath:"); ok {
		return `document.evaluate(` + quote(x) + `, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue !== null`
	}
	return `document.querySelector(` + quote(hook) + `) !== null`
}

// TestContractHooks: every hook README promises exists where it says.
func TestContractHooks(t *testing.T) {
	ctx := newTab(t)
	openURL(t, ctx, baseURL+"/#lesson=notready-node")
	waitLesson(t, ctx, "notready-node")
	check := func(where string) {
		t.Helper()
		for _, h := range contractHooks[where] {
			waitJS(t, ctx, where+": "+h, hookJS(h), 5*time.Second)
		}
	}
	check("page")
	do(t, ctx, "open the Console tab", chromedp.Click(tab("Console")))
	check("console")
	do(t, ctx, "open the picker", chromedp.Click(chromedp.CSS(`#lessons-open`)))
	check("picker")
	click(t, ctx, "Close")
	// Until the page has closed it, the picker's backdrop takes the next click.
	waitJS(t, ctx, "the picker closed", `document.querySelector('.overlay') === null`, 10*time.Second)
	click(t, ctx, "Show solution")
	waitAllMet(t, ctx, "the solution")
	check("recap")
}
