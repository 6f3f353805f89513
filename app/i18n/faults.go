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
	"Changing the faults starts the lesson's attempt again at its start, under the new faults: act again and compare the outcome.": "更改故障会让本课的尝试在新的故障下从起点重新开始：请再操作一次，比较结果。",
	"Per resource (ticks)": "按资源（tick）",
	"Other ranges for some resources, as apiVersion/Kind: [min, max], separated by commas": "为部分资源另设范围，写作 apiVersion/Kind: [min, max]，以逗号分隔",
	// The informer lane (app/ui/informerlane.go).
	"GC informers": "垃圾回收器的 informer",
	"lost":         "已丢失",
	"rv %s lost at tick %d: the relist at tick %d repairs it (FAULT-2, FAULT-3)": "rv %s 于第 %d 个 tick 丢失：第 %d 个 tick 的重新列举会修复它（FAULT-2、FAULT-3）",
	"→ tick %d": "→ 第 %d 个 tick",
	"rv %s written at tick %d, arrives at tick %d (FAULT-1)": "rv %s 于第 %d 个 tick 写入，第 %d 个 tick 送达（FAULT-1）",
	"Controllers' informers (CM-1): %d in flight":            "控制器的 informer（CM-1）：%d 个传输中",
	", ":                     "，",
	"; ":                     "；",
	"next relist at tick %d": "下次重新列举在第 %d 个 tick",
	"relist at tick %d: %d lost, %d repaired": "第 %d 个 tick 重新列举：%d 个已丢失，%d 个已修复",
	"relist": "重新列举",
}
