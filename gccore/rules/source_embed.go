//go:build !gcplay_page

package rules

import _ "embed"

//go:embed gc-behavior.md
var gcSource string

// clusterSource numbers the controllers around the GC (issue 15) in gc-behavior.md's style.
//
//go:embed cluster-rules.md
var clusterSource string

// Document is both documents as one text: rules are looked up, cited and generated from
// either. Sites ship it as web/rules.md for the page (SetSource).
func Document() string { return gcSource + "\n---\n\n" + clusterSource }

func source() (string, bool) { return Document(), true }
