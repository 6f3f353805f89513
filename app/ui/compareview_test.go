package ui

import (
	"testing"

	"github.com/gcplay/gcplay/app/session"
	"github.com/gcplay/gcplay/app/workspace"
	"github.com/gcplay/gcplay/gccore/compare"
	"github.com/gcplay/gcplay/internal/fixtures"
)

// TestCompareViewContract: compare mode's view names its setting and sides, says where
// the traces diverge and lists the differing fates, in English and Chinese.
func TestCompareViewContract(t *testing.T) {
	ws, err := workspace.New("lens", fixtures.Golden(t, "lens-cross-namespace-current.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := session.NewCompare("en", &session.Library{}, ws, compare.Setting{Key: "kubernetes", Value: "1.16"})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, render(&CompareView{Compare: c, Lang: "en"}), `data-compare="kubernetes=1.16"`, `data-diverge="none"`, "A: as written", "B: kubernetes=1.16", `data-side="a"`, `data-side="b"`)
	if err := c.Do(session.CmdRunIdle); err != nil {
		t.Fatal(err)
	}
	mustContain(t, render(&CompareView{Compare: c, Lang: "en"}), `data-diverge="1"`, "Traces diverge at tick 1",
		`data-fate="v1/ConfigMap b/child-1"`, "v1/ConfigMap b/child-2: live → gone", `id="status"`, `data-status="idle"`, `data-gone="ConfigMap b/child-1, ConfigMap b/child-2"`,
		`data-compare-delete="1"`, "A: Default · B: Default", "Click an object to select it.")
	mustContain(t, render(&CompareView{Compare: c, Lang: "zh-CN"}), "轨迹在第 1 个 tick 出现分歧", "A：按原样", "存活 → 已不存在", "对比", "A：默认 · B：默认", "此处已不存在（以虚线绘制）：")
}
