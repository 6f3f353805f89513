// Package i18n holds the page's own text in every language it speaks: the keyed messages
// (T) and the English labels' translations (Tr). It is plain Go, shared by the page's
// components (app/ui) and its session (app/session), which says its notices in the
// session's language.
package i18n

import "sync"

// Messages is the page's own text in every language of lessons.Languages, by key. A key
// without a translation shows in English (t), and TestMessagesComplete fails on it.
var Messages = map[string]map[string]string{
	"lessons":        {"en": "Lessons", "zh-CN": "课程"},
	"lessonsTitle":   {"en": "Learn how the garbage collector deletes", "zh-CN": "学习垃圾回收器如何删除对象"},
	"lesson":         {"en": "Lesson", "zh-CN": "课程"},
	"introduction":   {"en": "Introduction", "zh-CN": "介绍"},
	"goals":          {"en": "Goals", "zh-CN": "目标"},
	"hint":           {"en": "Hint", "zh-CN": "提示"},
	"noMoreHints":    {"en": "No more hints", "zh-CN": "没有更多提示"},
	"showSolution":   {"en": "Show solution", "zh-CN": "演示答案"},
	"reset":          {"en": "Restart lesson", "zh-CN": "重新开始"},
	"next":           {"en": "Other lessons", "zh-CN": "其他课程"},
	"nextLesson":     {"en": "Next lesson", "zh-CN": "下一课"},
	"exit":           {"en": "Leave", "zh-CN": "退出"},
	"exitTitle":      {"en": "Leave the lesson; the workspace stays", "zh-CN": "退出课程；工作区保留"},
	"done":           {"en": "Done: every goal holds", "zh-CN": "完成：所有目标均已达成"},
	"parFmt":         {"en": "You used %d action(s); the reference solution uses %d.", "zh-CN": "你用了 %d 个操作；参考答案用了 %d 个。"},
	"yourTrace":      {"en": "Your trace", "zh-CN": "你的轨迹"},
	"referenceTrace": {"en": "The reference solution's trace", "zh-CN": "参考答案的轨迹"},
	"todo":           {"en": "not done", "zh-CN": "未完成"},
	"refuseFmt":      {"en": "This lesson does not use %s (it uses: %s). Leave the lesson to use everything.", "zh-CN": "本课程不使用 %s（可用：%s）。退出课程即可使用全部功能。"},
	"noLessonFmt":    {"en": "There is no lesson %q. Open Lessons to pick one; your workspace is unchanged.", "zh-CN": "没有名为 %q 的课程。请打开“课程”选择一个；你的工作区没有改变。"},
	"language":       {"en": "Language", "zh-CN": "语言"},
	"help":           {"en": "Help", "zh-CN": "帮助"},
	"close":          {"en": "Close", "zh-CN": "关闭"},
	"example":        {"en": "Example", "zh-CN": "示例"},
	"subtitle":       {"en": "the Kubernetes garbage collector, tick by tick", "zh-CN": "逐个 tick 观察 Kubernetes 垃圾回收器"},
}

// LanguageNames label the language picker, each in its own language.
var LanguageNames = map[string]string{"en": "English", "zh-CN": "简体中文"}

// T is the page's text for key in lang, falling back to English, then to the key.
func T(lang, key string) string {
	m := Messages[key]
	if s := m[lang]; s != "" {
		return s
	}
	if s := m["en"]; s != "" {
		return s
	}
	return key
}

// Labelled is "label: value" as lang writes it: Chinese takes a full-width colon and no
// space ("下一课：属主与附属对象").
func Labelled(lang, label, value string) string {
	if lang == "zh-CN" {
		return label + "：" + value
	}
	return label + ": " + value
}

// Tr translates one of the page's English labels into lang; the English text is the key,
// so a label without a translation stays English (TestMessagesComplete lists them).
func Tr(lang, en string) string {
	if lang == "zh-CN" {
		if s := ZhCN()[en]; s != "" {
			return s
		}
	}
	return en
}

// ZhCN is the page's English labels in Simplified Chinese. Kubernetes terms (Deployment,
// propagationPolicy, Background, finalizer, Terminating) and the GC's queue and component
// names stay as the API and the trace spell them.
// It is built at the first translation, not in the page's start (an English page never
// needs it).
var ZhCN = sync.OnceValue(func() map[string]string {
	m := zhCNLabels
	for _, t := range []map[string]string{zhCNPanels, zhCNCompare, zhCNFaults} {
		for en, zh := range t {
			m[en] = zh
		}
	}
	return m
})

var zhCNLabels = map[string]string{
	"empty": "空", "… and %d more": "…… 另有 %d 个",
	"both": "两者皆有", "neither": "两者皆无",
	"GC catching up: its informer has not delivered this object yet (normal for a tick)": "垃圾回收器尚未同步：它的 informer 还没有投递这个对象（持续一个 tick 属正常）",
	"virtual / absent owner": "虚拟 / 不存在的属主",
	"%s · %s · %d objects":   "%s · %s · %d 个对象", "%s · %d objects": "%s · %d 个对象", "idle": "空闲", "paused": "已暂停", "running": "运行中",
	"Open an example": "打开一个示例", "Tour %d of %d": "导览 %d / %d",
	"Switch to \"GC graph\" to see the garbage collector's own view (uidToNode), which lags the API server by the informer delay. Click a rule id (like DEL-9c) anywhere to read the rule.": "切换到“GC 图”可查看垃圾回收器自己的视图（uidToNode），它比 API 服务器落后一个 informer 延迟。在任何地方点击规则编号（如 DEL-9c）即可阅读该规则。",
	"Already idle: nothing is pending. Select an object, pick a policy and press Delete to start a deletion.":                                                                               "已经空闲：没有待处理的工作。选中一个对象，选择策略并点击删除，即可开始一次删除。",
	"Idle at tick %d: the GC has observed every object and found nothing to delete. Select an object, pick a policy and press Delete to start a deletion.":                                  "在第 %d 个 tick 空闲：垃圾回收器已观察到所有对象，没有发现需要删除的对象。选中一个对象，选择策略并点击删除，即可开始一次删除。",
	"Nothing ran: the simulation is idle and no scenario step is pending.":                                                                                                                  "没有运行任何东西：模拟已空闲，也没有待执行的场景步骤。",
	"Ran %d tick(s) until %s changed.":                                   "运行了 %d 个 tick，直到 %s 发生变化。",
	"Ran %d tick(s); %s did not change before the simulation went idle.": "运行了 %d 个 tick；在模拟空闲之前 %s 没有变化。",
	"Idle: nothing left to do. Run paused.":                              "空闲：没有剩余工作。运行已暂停。",
	"Nothing to do: ":                                                    "无事可做：",
	"select an object in the graph first":                                "请先在图中选中一个对象",
	"Select an object in the graph to see its YAML, owners, dependents and finalizers, and why it is not deleted yet.": "在图中选中一个对象，查看它的 YAML、属主、附属对象和 finalizer，以及它为什么还没有被删除。",
	"Why is it not deleted yet?": "它为什么还没有被删除？", "Owners": "属主", "Dependents": "附属对象", "Finalizers": "Finalizer",
	"None stored.": "没有已存储的对象。", "None.": "无。", "Add finalizer": "添加 finalizer",
	"Find object…": "查找对象…", "No object matches. Words match a kind, namespace or name.": "没有匹配的对象。关键词匹配类型、命名空间或名称。",
	"Differences while the GC's informers lag behind the API server": "垃圾回收器的 informer 落后于 API 服务器时的差异",
	"%d not yet in the GC graph · %d in the GC graph only":           "%d 个尚未进入 GC 图 · %d 个仅在 GC 图中",
	"Your workspaces: switch, create, rename, duplicate, delete":     "你的工作区：切换、创建、重命名、复制、删除",
	"filter (rule, key, text)":                                       "过滤（规则、键、文本）", "Filter the trace": "过滤轨迹", "the last %d": "最近 %d 条",
	"%d watch event(s) not delivered yet": "%d 个 watch 事件尚未投递",
	"Step":                                "单步", "Run": "运行", "Pause": "暂停", "Run until idle": "运行至空闲", "Reset": "重置",
	"Fine step": "细粒度单步", "Event": "事件", "Graph change": "图变更", "Delete item": "删除条目", "Read item": "读取条目", "Orphan item": "孤立条目",
	"Until change": "运行至变化", "Speed": "速度", "Time controls": "时间控制", "Queue to watch": "要观察的队列",
	"Ticks per second": "每秒 tick 数", "Timeline: rewind to a tick": "时间线：回退到某个 tick",
	"Next scenario step:":                                "场景的下一步：",
	"Deliver one watch event to graphChanges":            "向 graphChanges 投递一个 watch 事件",
	"The graph builder processes one graphChanges entry": "图构建器处理一个 graphChanges 条目",
	"One worker processes the head of attemptToDelete":   "一个 worker 处理 attemptToDelete 的队首",
	"One worker reads the head of attemptToDelete (GET, its owners) and decides, holding its write: change the object now, then Delete item or Step makes the write": "一个 worker 读取 attemptToDelete 的队首（GET 它及其属主）并做出决定，但暂不写入：现在修改该对象，然后点击“删除条目”或“单步”完成写入",
	"read, its write held": "已读取，写入暂缓",
	"Idle at tick %d: items wait in the GC's queues, but its workers wait for a monitor to sync and take none (V-5a, SYNC-4). Select one to read why.": "在第 %d 个 tick 空闲：垃圾回收器的队列中有条目在等待，但它的 worker 正在等待某个监视器完成同步，一个也不处理（V-5a、SYNC-4）。选中其中一个即可查看原因。",
	"the GC's workers wait for a monitor to sync (V-5a, SYNC-4)":                                                                                       "垃圾回收器的 worker 正在等待某个监视器完成同步（V-5a、SYNC-4）",
	"a worker holds the write of the item it read: Delete item or Step makes it":                                                                       "一个 worker 正持有它所读取条目的写入：点击“删除条目”或“单步”完成写入",
	"One worker processes the head of attemptToOrphan":                                                                                                 "一个 worker 处理 attemptToOrphan 的队首",
	"Step until the chosen queue changes":                                                                                                              "单步运行直到所选队列发生变化",
	"Click an object to select it.":                                                                                                                    "点击一个对象以选中它。",
	"The selected object is gone.":                                                                                                                     "选中的对象已不存在。",
	"Policy":                                                                                                                                           "策略", "Selected": "已选中", "Delete": "删除", "Default": "默认",
	"Deletion propagation policy":                                    "删除传播策略",
	"Delete the selected object with the chosen policy (Delete key)": "以所选策略删除选中的对象（Delete 键）",
	"API objects": "API 对象", "GC graph": "GC 图", "Fit": "适应窗口", "Legend": "图例",
	"What the API server stores":                                                    "API 服务器存储的内容",
	"The garbage collector's own graph (uidToNode)":                                 "垃圾回收器自己的图（uidToNode）",
	"Fit the graph to the panel (f)":                                                "让图适应面板（f）",
	"No objects. Create some in the Create tab or the Console, or open an example.": "没有对象。在“创建”标签页或控制台中创建，或打开一个示例。",
	"No objects.": "没有对象。", "No objects. Create some in the Create tab.": "没有对象。在“创建”标签页中创建。",
	"No objects. Create some in the Create tab or the Console.": "没有对象。在“创建”标签页或控制台中创建。",
	"Inspector": "检查器", "Create": "创建", "Console": "控制台", "Export": "导出",
	"Trace": "轨迹", "Workspaces": "工作区", "Example": "示例", "Choose…": "选择…", "Help": "帮助",
	"the Kubernetes garbage collector, tick by tick": "逐个 tick 观察 Kubernetes 垃圾回收器",
	"Getting started and keyboard shortcuts (?)":     "入门与键盘快捷键（?）",
	"Getting started": "入门", "Keyboard shortcuts": "键盘快捷键", "Close": "关闭", "Take the tour again": "再看一遍导览",
	"Open an example from the menu at the top; the blue strip says what it shows and what to try first.": "从顶部菜单打开一个示例；蓝色横条说明它展示什么、先尝试什么。",
	"Click an object in the graph, choose a policy (Background, Foreground, Orphan) and press Delete.":   "在图中点击一个对象，选择策略（Background、Foreground、Orphan），然后点击删除。",
	"Press Step to advance one tick, or Run until idle. Watch the queues and the trace below the graph.": "点击单步前进一个 tick，或运行至空闲。观察图下方的队列和轨迹。",
	"Select an object to read, in the Inspector, why the GC has not deleted it yet.":                     "选中一个对象，在检查器中查看垃圾回收器为什么还没有删除它。",
	"Shortcuts work anywhere outside text fields.":                                                       "快捷键在文本框之外的任何地方都有效。",
	"Skip tour": "跳过导览", "Next": "下一步", "Done": "完成", "Try: ": "试试：",
	"The graph":              "对象图",
	"Delete with a policy":   "按策略删除",
	"Step the GC":            "单步运行垃圾回收器",
	"Queues and trace":       "队列与轨迹",
	"Why is it still there?": "它为什么还在？",
	"Each box is an object; an arrow goes from a dependent to its owner. Click a box to select it.":                                                                                      "每个方框是一个对象；箭头从附属对象指向它的属主。点击方框以选中它。",
	"With an object selected, pick Background, Foreground or Orphan above the graph and press Delete.":                                                                                   "选中一个对象后，在图上方选择 Background、Foreground 或 Orphan，然后点击删除。",
	"Step moves one tick (one second): the informers deliver events, the graph builder updates the GC's graph, then each worker takes one item from attemptToDelete or attemptToOrphan.": "单步前进一个 tick（一秒）：informer 投递事件，图构建器更新垃圾回收器的图，然后每个 worker 从 attemptToDelete 或 attemptToOrphan 取出一个条目。",
	"Below the graph: what each queue holds and every decision the GC made. Each line cites a rule such as DEL-9c; click it to read the rule.":                                           "图的下方：每个队列的内容，以及垃圾回收器做出的每个决定。每行都引用一条规则，例如 DEL-9c；点击即可阅读该规则。",
	"Select an object: the Inspector tells why the GC has not deleted it yet. Help (?) lists the keys.":                                                                                  "选中一个对象：检查器会说明垃圾回收器为什么还没有删除它。帮助（?）列出了快捷键。",
	// The cluster around the GC (issue 15): node lane, controllers' queues, trace filter.
	"Nodes": "节点", "Ready": "Ready", "NotReady": "NotReady", "missing": "不存在", "no Pods": "没有 Pod",
	"Set %s NotReady: its kubelet stops and holds its Terminating Pods (KUBELET-2)":                                          "将 %s 设为 NotReady：它的 kubelet 停止工作，其上 Terminating 的 Pod 将一直保留（KUBELET-2）",
	"Set %s Ready: its kubelet removes its Terminating Pods again (KUBELET-1)":                                               "将 %s 设为 Ready：它的 kubelet 重新开始移除 Terminating 的 Pod（KUBELET-1）",
	"No Node %s is stored: no kubelet removes its Pods; force-delete them (KUBELET-3)":                                       "不存在名为 %s 的 Node：没有 kubelet 会移除其上的 Pod；请强制删除它们（KUBELET-3）",
	"Node %s is NotReady at tick %d: its kubelet holds the Pods it must remove (KUBELET-2). Click it again to set it Ready.": "节点 %s 在第 %d 个 tick 变为 NotReady：它的 kubelet 不再移除应删除的 Pod（KUBELET-2）。再次点击即可设为 Ready。",
	"Node %s is Ready at tick %d: its kubelet removes its Terminating Pods when their grace period is over (KUBELET-1).":     "节点 %s 在第 %d 个 tick 变为 Ready：宽限期结束后，它的 kubelet 会移除 Terminating 的 Pod（KUBELET-1）。",
	"Controllers":                               "控制器",
	"node %s does not exist (KUBELET-3)":        "节点 %s 不存在（KUBELET-3）",
	"held: node %s is NotReady (KUBELET-2)":     "被扣住：节点 %s 处于 NotReady（KUBELET-2）",
	"node %s removes it at tick %d (KUBELET-1)": "节点 %s 在第 %d 个 tick 移除它（KUBELET-1）",
	"NotReady node holds a Foreground delete":   "NotReady 节点挡住 Foreground 删除",
	"A Pod on a stopped node stays Terminating, and its owners deleted in the Foreground wait behind it.":                                              "停止的节点上的 Pod 一直处于 Terminating，以 Foreground 方式删除的属主在它后面等待。",
	"Select Deployment web, pick Foreground, press Delete, Run until idle: Pod web-z882z7k-a holds it (KUBELET-2). Then click node-a under the graph.": "选中 Deployment web，选择 Foreground，点击删除，运行至空闲：Pod web-z882z7k-a 挡住了它（KUBELET-2）。然后点击图下方的 node-a。",
	"Namespace stuck on a finalizer":                                 "卡在 finalizer 上的 Namespace",
	"Deleting a Namespace waits for every finalizer of its content.": "删除 Namespace 要等待其中内容的所有 finalizer。",
	"Select Namespace team, press Delete, Run until idle: team stays Terminating behind ConfigMap settings (NS-3). Remove its finalizer in the Inspector.": "选中 Namespace team，点击删除，运行至空闲：team 在 ConfigMap settings 之后一直处于 Terminating（NS-3）。在检查器中移除它的 finalizer。",
}
