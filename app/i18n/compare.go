package i18n

// zhCNCompare are compare mode's labels (issue 26 §3) in Simplified Chinese: 对比 for
// compare, 分歧 for where the traces part, 结局 for an object's fate.
var zhCNCompare = map[string]string{
	"Compare": "对比",
	"Open this scenario twice, side by side, the second with one setting changed (a release, a policy, the informer delay, the workers)": "将此场景并排打开两次，第二次只改变一项设置（版本、策略、informer 延迟或 worker 数）",
	"A: as written":                        "A：按原样",
	"B: %s":                                "B：%s",
	"B differs in":                         "B 改变的设置",
	"The one setting B changes":            "B 改变的唯一一项设置",
	"Release":                              "版本",
	"Policy of the delete steps":           "删除步骤的策略",
	"GC informer delay (ticks)":            "GC 的 informer 延迟（tick）",
	"Workers per queue":                    "每个队列的 worker 数",
	"Fault seed (a scenario with faults:)": "故障种子（带 faults: 的场景）",
	"A link that reopens this comparison, and an embed snippet": "一个重新打开本次对比的链接，以及嵌入代码",
	"Leave compare mode; the workspace is as you left it (Esc)": "退出对比模式；工作区保持你离开时的样子（Esc）",
	"Close compare":                 "关闭对比",
	"Back":                          "后退",
	"A and B step together.":        "A 与 B 同步前进。",
	"fate differs in the other run": "结局与另一次运行不同",
	"The traces are the same so far (tick %d).": "到目前为止两条轨迹相同（第 %d 个 tick）。",
	"Traces diverge at tick %d":                 "轨迹在第 %d 个 tick 出现分歧",
	"Every object ends the same so far.":        "到目前为止所有对象的结局相同。",
	"Fate differs (A → B):":                     "结局不同（A → B）：",
	"live":                                      "存活",
	"terminating":                               "Terminating",
	"gone":                                      "已不存在",
	"Gone here (fate differs): ":                "此处已不存在（结局不同）：",
	"nothing more at tick %d":                   "第 %d 个 tick 没有更多记录",
	"At tick %d, after %d record(s) alike:":     "第 %d 个 tick，在 %d 条相同的记录之后：",
}
