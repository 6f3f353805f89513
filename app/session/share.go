package session

import (
	"fmt"
	"strings"

	"github.com/gcplay/gcplay/app/scene"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore"
)

// shareCache is the open session's share code as last computed, for the view of version:
// encoding deflates the whole session, which a render must not repeat.
type shareCache struct {
	ws      *workspace.Workspace
	version int64
	code    string
}

// ShareCode is the `#ws=` code that reopens the session at its tick (workspace.EncodeShare),
// computed once per change.
func (s *Session) ShareCode() string {
	v := s.ws.View()
	if c := s.share; c.ws != s.ws || c.version != v.Version || c.code == "" {
		s.share = shareCache{ws: s.ws, version: v.Version, code: workspace.EncodeShare(s.ws)}
	}
	return s.share.code
}

// Export formats.
const (
	ExportScenario = "scenario"
	ExportYAML     = "yaml"
	ExportDOT      = "dot"
	ExportSVG      = "svg"
	ExportLink     = "link"
)

// Export renders the session in one of the export formats, as a file's name, its type
// and its text.
func (s *Session) Export(format string) (name, mime, text string, err error) {
	ws := s.ws
	base := strings.NewReplacer("/", "-", " ", "-").Replace(ws.Name())
	switch format {
	case ExportScenario:
		return base + "-session.yaml", "application/yaml", string(ws.ExportScenario()), nil
	case ExportYAML:
		return base + "-objects.yaml", "application/yaml", string(gccore.ListYAML(ws.View().Objects)), nil
	case ExportDOT:
		return base + "-gc-graph.dot", "text/vnd.graphviz", ws.Sim().Inspect().DOT(), nil
	case ExportSVG:
		return base + "-graph.svg", "image/svg+xml", scene.Build(ws.View(), s.Mode, s.Collapsed).SVG(), nil
	}
	return "", "", "", fmt.Errorf("unknown export format %q", format)
}
