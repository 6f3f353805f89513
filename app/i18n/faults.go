package i18n

// zhCNFaults are the Faults panel's labels (issue 26 §2) in Simplified Chinese, in the
// Kubernetes Chinese documentation's terms: 故障 for fault, 种子 for seed, 重新列举 for
// relist, 监视事件 for watch event.
var zhCNFaults = map[string]string{
	"Faults":                      "故障",
	"No faults: ideal conditions": "无故障：理想条件",
	"Seed %d: every delay, lost event and failed write is drawn from it":                                                           "种子 %d：每次延迟、丢失的事件和失败的写入都由它抽取",
	"Changing the faults replays the scenario from tick 0: other faults draw other delays, losses and errors from the first tick.": "更改故障会从第 0 个 tick 重放场景：不同的故障从第一个 tick 起就会抽取出不同的延迟、丢失和错误。",
	"Seed":                   "种子",
	"Informer delay (ticks)": "informer 延迟（tick）",
	"from":                   "从", "to": "到",
	"Watch events lost (0 to below 1)":                         "监视事件丢失概率（0 到 1，不含 1）",
	"Relist every (ticks, 0 never)":                            "重新列举间隔（tick，0 表示从不）",
	"Writes failing with 500 (0 to 0.9)":                       "写入返回 500 的概率（0 到 0.9）",
	"Apply and replay":                                         "应用并重放",
	"%d lost, until the relist at tick %d":                     "%d 个已丢失，等待第 %d 个 tick 的重新列举",
	"write failed: next attempt at tick %d":                    "写入失败：下次尝试在第 %d 个 tick",
	"Re-roll":                                                  "重新抽取",
	"The same faults with the next seed, replayed from tick 0": "相同的故障换用下一个种子，从第 0 个 tick 重放",
}
