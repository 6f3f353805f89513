package ui

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/gcplay/gcplay/gccore/faults"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"
)

// tabFaults is the side tab of the fault lab (issue 26 §2).
const tabFaults = "Faults"

// FaultsPanel shows the faults the workspace plays (FAULT-1 … FAULT-4) and sets them:
// Apply and Re-roll replay the scenario from tick 0 with the new faults, as the workspace
// is a scenario and its history and other faults change every draw from the first tick.
// The form keeps what the person typed until the workspace's faults change; a value out
// of range shows under the form, naming the field, and changes nothing.
type FaultsPanel struct {
	app.Compo

	Lang   string
	Faults faults.Config
	// InLesson says that a change starts the lesson's attempt again, at its start at rest.
	InLesson bool
	// OnApply replays the workspace with f; it is only called with a valid f.
	OnApply func(ctx app.Context, f faults.Config)

	shown faults.Config // the Faults the form was filled from
	form  faultsForm
	err   string
}

// faultsForm is the form's fields as typed; perResource is informerDelay's per-resource
// ranges as a flow map without its braces ("v1/Pod: [2, 8], apps/v1/Deployment: 3").
type faultsForm struct {
	seed, delayMin, delayMax, perResource, dropWatch, relistEvery, apiErrors string
}

func formOf(f faults.Config) faultsForm {
	i := func(n int64) string { return strconv.FormatInt(n, 10) }
	p := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return faultsForm{strconv.FormatUint(f.Seed, 10), i(f.InformerDelay.Default.Min), i(f.InformerDelay.Default.Max),
		perResourceText(f.InformerDelay.ByResource), p(f.DropWatch), i(f.RelistEvery), p(f.APIErrors)}
}

// perResourceText writes per-resource delay ranges as the form shows them, sorted.
func perResourceText(by map[schema.GroupVersionKind]faults.Range) string {
	var parts []string
	for gvk, r := range by {
		parts = append(parts, fmt.Sprintf("%s/%s: [%d, %d]", gvk.GroupVersion(), gvk.Kind, r.Min, r.Max))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// parsePerResource reads the per-resource field as the scenario reads informerDelay's map
// (faults.Delays), without its default: the from–to fields hold that.
func parsePerResource(text string) (map[schema.GroupVersionKind]faults.Range, error) {
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	var d faults.Delays
	js, err := yaml.YAMLToJSONStrict([]byte("{" + text + "}"))
	if err == nil {
		err = d.UnmarshalJSON(js)
	}
	if err == nil && d.Default != (faults.Range{}) {
		err = fmt.Errorf("give the default in the from–to fields")
	}
	if err != nil {
		return nil, fmt.Errorf("faults.informerDelay: per resource, want apiVersion/Kind: [min, max], ... (%s)", strings.Join(strings.Fields(err.Error()), " "))
	}
	return d.ByResource, nil
}

// OnMount fills the form from the workspace's faults.
func (x *FaultsPanel) OnMount(ctx app.Context) { x.sync() }

// OnUpdate refills the form when the workspace's faults changed (an Apply, a Re-roll,
// another workspace opened).
func (x *FaultsPanel) OnUpdate(ctx app.Context) { x.sync() }

func (x *FaultsPanel) sync() {
	if x.form == (faultsForm{}) || !reflect.DeepEqual(x.shown, x.Faults) {
		x.shown, x.form, x.err = x.Faults, formOf(x.Faults), ""
	}
}

// Render draws what the workspace plays, the form and its buttons.
func (x *FaultsPanel) Render() (ui app.UI) {
	defer recoverRender(&ui, "faults")
	status := tr(x.Lang, "No faults: ideal conditions")
	if x.Faults.Active() {
		status = fmt.Sprintf(tr(x.Lang, "Seed %d: every delay, lost event and failed write is drawn from it"), x.Faults.Seed)
	}
	num := func(id, label string, step float64, v *string) app.UI {
		return field(label, app.Input().ID(id).Type("number").Step(step).Value(*v).OnInput(x.ValueTo(v)))
	}
	f := &x.form
	return app.Div().Class("panel", "faults").Body(
		app.H2().Text(tr(x.Lang, "Faults")),
		app.P().ID("faults-status").Class("faults-status").Text(status),
		app.Form().Class("form").OnSubmit(func(ctx app.Context, e app.Event) {
			e.PreventDefault()
			x.apply(ctx, x.form)
		}).Body(
			num("fl-seed", tr(x.Lang, "Seed"), 1, &f.seed),
			app.Label().Class("field").Body(app.Span().Text(tr(x.Lang, "Informer delay (ticks)")), app.Span().Class("fl-range").Body(
				app.Input().ID("fl-delay-min").Type("number").Step(1).Aria("label", tr(x.Lang, "from")).Value(f.delayMin).OnInput(x.ValueTo(&f.delayMin)),
				app.Text("–"),
				app.Input().ID("fl-delay-max").Type("number").Step(1).Aria("label", tr(x.Lang, "to")).Value(f.delayMax).OnInput(x.ValueTo(&f.delayMax)),
			)),
			field(tr(x.Lang, "Per resource (ticks)"), app.Input().ID("fl-delay-by").Type("text").Placeholder("v1/Pod: [2, 8]").
				Title(tr(x.Lang, "Other ranges for some resources, as apiVersion/Kind: [min, max], separated by commas")).
				Value(f.perResource).OnInput(x.ValueTo(&f.perResource))),
			num("fl-drop", tr(x.Lang, "Watch events lost (0 to below 1)"), 0.05, &f.dropWatch),
			num("fl-relist", tr(x.Lang, "Relist every (ticks, 0 never)"), 1, &f.relistEvery),
			num("fl-errors", tr(x.Lang, "Writes failing with 500 (0 to 0.9)"), 0.05, &f.apiErrors),
			app.If(x.err != "", func() app.UI {
				return app.P().Class("inline-error").Role("alert").ID("faults-error").Text(x.err)
			}),
			app.Div().Class("form-actions").Body(
				app.Button().ID("fl-apply").Class("btn", "btn-primary").Type("submit").Text(tr(x.Lang, "Apply and replay")),
				app.Button().ID("fl-reroll").Class("btn").Type("button").Disabled(!x.Faults.Active()).Title(tr(x.Lang, "The same faults with the next seed, replayed from tick 0")).
					Text(tr(x.Lang, "Re-roll")).OnClick(x.reroll),
			),
		),
		app.P().Class("muted", "small").Text(x.replayNote()),
	)
}

// replayNote says what a change of the faults replays.
func (x *FaultsPanel) replayNote() string {
	if x.InLesson {
		return tr(x.Lang, "Changing the faults starts the lesson's attempt again at its start, under the new faults: act again and compare the outcome.")
	}
	return tr(x.Lang, "Changing the faults replays the scenario from tick 0: other faults draw other delays, losses and errors from the first tick.")
}

// reroll applies the workspace's faults with the next seed (disabled without faults: a
// seed draws nothing then).
func (x *FaultsPanel) reroll(ctx app.Context, e app.Event) {
	f := formOf(x.Faults)
	f.seed = strconv.FormatUint(x.Faults.Seed+1, 10)
	x.apply(ctx, f)
}

// apply parses and validates the form and replays the workspace with it.
func (x *FaultsPanel) apply(ctx app.Context, form faultsForm) {
	f, err := form.parse(x.Faults)
	if err == nil {
		err = f.Validate()
	}
	if err != nil {
		x.err = err.Error()
		return
	}
	x.err = ""
	x.OnApply(ctx, f)
}

// parse reads the form over base; an error names the field as Validate does.
func (form faultsForm) parse(base faults.Config) (faults.Config, error) {
	f := base
	var err error
	num := func(field, s string, to *int64) {
		if err == nil {
			if *to, err = strconv.ParseInt(strings.TrimSpace(s), 10, 64); err != nil {
				err = fmt.Errorf("faults.%s: want a whole number of ticks, got %q", field, s)
			}
		}
	}
	prob := func(field, s string, to *float64) {
		if err == nil {
			if *to, err = strconv.ParseFloat(strings.TrimSpace(s), 64); err != nil {
				err = fmt.Errorf("faults.%s: want a number, got %q", field, s)
			}
		}
	}
	if f.Seed, err = strconv.ParseUint(strings.TrimSpace(form.seed), 10, 64); err != nil {
		return base, fmt.Errorf("faults.seed: want a whole number, 0 or more, got %q", form.seed)
	}
	num("informerDelay", form.delayMin, &f.InformerDelay.Default.Min)
	num("informerDelay", form.delayMax, &f.InformerDelay.Default.Max)
	if err == nil {
		f.InformerDelay.ByResource, err = parsePerResource(form.perResource)
	}
	prob("dropWatch", form.dropWatch, &f.DropWatch)
	num("relistEvery", form.relistEvery, &f.RelistEvery)
	prob("apiErrors", form.apiErrors, &f.APIErrors)
	return f, err
}
