package ui

// zhCNPanels are the labels of the side panels (Create, Console, Export, Inspector),
// the workspaces menu, storage notices, the Share dialog, the crash screen, shortcuts,
// tooltips and the examples' guide, in Simplified Chinese; init adds them to zhCN.
// Kubernetes field names (controller, blockOwnerDeletion, apiVersion) stay as spelled.
var zhCNPanels = map[string]string{
	// Shortcuts
	"Step: one tick": "单步：前进一个 tick", "Run / Pause (space)": "运行 / 暂停（空格）",
	"Reset to the scenario's start":                     "重置到场景的开始",
	"Fine step: deliver one watch event":                "细粒度单步：投递一个 watch 事件",
	"Fine step: process one graphChanges entry":         "细粒度单步：处理一个 graphChanges 条目",
	"Fine step: one attemptToDelete item":               "细粒度单步：处理一个 attemptToDelete 条目",
	"Fine step: one attemptToOrphan item":               "细粒度单步：处理一个 attemptToOrphan 条目",
	"Rewind one tick":                                   "回退一个 tick",
	"Forward one tick (replays the timeline, or steps)": "前进一个 tick（重放时间线，或单步）",
	"Delete the selected object with the chosen policy": "以所选策略删除选中的对象",
	"Cycle the deletion policy":                         "切换删除策略",
	"Toggle API objects / GC graph":                     "切换 API 对象 / GC 图",
	"Fit the graph to the panel":                        "让图适应面板",
	"Focus the kubectl console":                         "聚焦 kubectl 控制台",
	"Show this help":                                    "显示本帮助",
	"Close the overlay":                                 "关闭弹出层",

	// Create tab
	"Create an object": "创建对象", "Kind": "类型", "Name": "名称", "Namespace": "命名空间",
	" · cluster": " · 集群级", "Edit as YAML": "以 YAML 编辑", "Or paste YAML": "或粘贴 YAML",
	"One object, a kind: List, or several documents separated by --- (a kubectl get -o yaml dump: server fields are dropped, uids kept).": "一个对象、一个 kind: List，或以 --- 分隔的多个文档（kubectl get -o yaml 的输出：服务器字段会被丢弃，uid 保留）。",
	"Objects as YAML":       "YAML 格式的对象",
	"Create from YAML":      "从 YAML 创建",
	"Declare a custom kind": "声明自定义类型",
	"Like a CRD: the kind is served from tick 0, and the session is replayed with it.": "类似 CRD：该类型从第 0 个 tick 起可用，会话会带着它重新回放。",
	"apiVersion": "apiVersion", "Namespaced": "命名空间级", "Declare kind": "声明类型",
	"No objects to own this one yet.":  "还没有可以作为它属主的对象。",
	"… %d more: use YAML to name them": "…… 另有 %d 个：请用 YAML 指定它们",
	"controller":                       "controller", "blockOwnerDeletion": "blockOwnerDeletion",

	// Console tab
	"kubectl console · tables scroll sideways": "kubectl 控制台 · 表格可横向滚动",
	"Widen": "加宽", "Dock": "停靠",
	"Show the console wide, over the graph, for wide tables": "在图的上方加宽显示控制台，便于查看宽表格",
	"Put the console back in the side panel":                 "把控制台放回侧边栏",
	"Console output":                                         "控制台输出", "kubectl command": "kubectl 命令", "Run command": "运行命令",
	"Enter runs a one-line command; Shift+Enter adds a line for create -f -; ↑ ↓ recall; try help.": "Enter 运行单行命令；Shift+Enter 为 create -f - 添加一行；↑ ↓ 调出历史命令；试试 help。",

	// Export tab
	"Session as scenario": "会话导出为场景",
	"a scenario file that gcplay sim replays to the same end state": "一个场景文件，gcplay sim 重放后得到相同的最终状态",
	"the stored objects as a v1 List, as gcplay sim prints them":    "已存储的对象，作为 v1 List，与 gcplay sim 的输出相同",
	"GC graph as DOT": "GC 图导出为 DOT",
	"uidToNode, like kube-controller-manager's debug handler": "uidToNode，如同 kube-controller-manager 的调试接口",
	"Graph as SVG": "图导出为 SVG", "the graph as drawn now": "当前绘制的图",
	"Link to this session": "本会话的链接",
	"The link carries the session as a scenario; it opens paused at tick 0.": "链接以场景的形式携带本会话；打开时暂停在第 0 个 tick。",
	"Session link": "会话链接",

	// Why a fine step is blocked
	"no watch event is waiting for delivery":                 "没有等待投递的 watch 事件",
	"graphChanges is empty":                                  "graphChanges 为空",
	"no queue":                                               "没有队列",
	"attemptToDelete has no item ready for a worker":         "attemptToDelete 中没有可供 worker 处理的条目",
	"attemptToOrphan has no item ready for a worker":         "attemptToOrphan 中没有可供 worker 处理的条目",
	"the simulation is idle and no scenario step is pending": "模拟已空闲，也没有待执行的场景步骤",
	": nothing to do, ":                                      "：无事可做，",

	// Graph, inspector
	"Graph to show": "要显示的图", "%d collapsed": "%d 个已折叠", "Zoom out": "缩小", "Zoom in": "放大",
	"Find an object in the graph": "在图中查找对象", "Matching objects": "匹配的对象",
	"live": "存活", "Terminating since %s (tick %d)": "自 %s 起处于 Terminating（第 %d 个 tick）",
	"None: the GC never collects it (DEL-7).":        "无：垃圾回收器永远不会回收它（DEL-7）。",
	" — not stored":                                  " —— 未存储",
	"Remove this finalizer, as its controller would": "像它的控制器那样移除这个 finalizer",
	"Remove finalizer":                               "移除 finalizer", "Remove": "移除", "Finalizer to add": "要添加的 finalizer",
	"GC graph node · %s · uid %s": "GC 图节点 · %s · uid %s",
	"cluster-scoped":              "集群级", "namespace": "命名空间",
	"A virtual node: the GC knows this owner only from a dependent's ownerReference and will look it up (N-3, DEL-8).":                                                                                                         "虚拟节点：垃圾回收器只从某个附属对象的 ownerReference 得知这个属主，并会去查询它（N-3、DEL-8）。",
	"The API server no longer stores this object; the GC's graph still has it until its informer delivers the deletion (GB-1, GB-10).":                                                                                         "API 服务器已不再存储这个对象；在 informer 投递删除事件之前，垃圾回收器的图中仍有它（GB-1、GB-10）。",
	"No propagationPolicy: the API server's default for the kind (Orphan for ReplicationController, ReplicaSet, StatefulSet, DaemonSet and Deployment in extensions/v1beta1 and apps/v1beta1/2; Background otherwise; API-10)": "不指定 propagationPolicy：使用 API 服务器对该类型的默认值（extensions/v1beta1 与 apps/v1beta1/2 中的 ReplicationController、ReplicaSet、StatefulSet、DaemonSet 和 Deployment 为 Orphan；其他为 Background；API-10）",

	// Page frame, toolbar, guide, help
	"Loading the simulator…": "正在加载模拟器…", "Details": "详情", "Object graph": "对象图", "Queues": "队列",
	"Tour": "导览", "Hide the example's guide": "隐藏示例说明", "tick %d": "tick %d",
	"Share": "分享", "A link that reopens this session at this tick, and an embed snippet": "一个在当前 tick 重新打开本会话的链接，以及嵌入代码",
	"The scenario's next step; Step and Run until idle run it": "场景的下一步；单步和运行至空闲会执行它",
	"Open any scenario file by URL: ":                          "通过 URL 打开任意场景文件：",
	". The page opens it paused at tick 0.":                    "。页面打开时暂停在第 0 个 tick。",
	"Unknown rule":                                             "未知规则",
	"gcplay stopped: an internal error":                        "gcplay 已停止：内部错误",
	"The playground caught a panic instead of going blank. Copy the session as a scenario file and report it with the message below; reloading the page restores the last saved state.": "演练场捕获了一个 panic，而不是变成空白页。请把会话复制为场景文件，并连同下面的信息一起报告；重新加载页面会恢复最后保存的状态。",
	"Copy scenario": "复制场景",
	"The session was copied to the clipboard as a scenario file.": "会话已作为场景文件复制到剪贴板。",

	// Share dialog and the embedded page
	"This link reopens this session, at this tick, as a new workspace in any browser: the scenario and every action are in the link itself.": "这个链接会在任何浏览器中以新工作区重新打开本会话，并停在当前 tick：场景和每一步操作都在链接里。",
	"Share link": "分享链接", "Copy link": "复制链接", "The link": "链接", "Embed": "嵌入",
	"Paste this into a course page or slides: a compact gcplay with the graph, the controls and the trace, and a link to open it here.": "把它粘贴到课程页面或幻灯片中：一个精简的 gcplay，包含图、控制按钮和轨迹，以及在这里打开它的链接。",
	"Embed snippet": "嵌入代码", "Copy embed snippet": "复制嵌入代码", "The embed snippet": "嵌入代码",
	"This lesson, from its start": "本课程，从头开始",
	"For a class: each learner starts the lesson fresh. Embedded, its goals tick as they work, and the page tells yours (gcplay:goal-met, gcplay:lesson-complete).": "用于课堂：每位学习者都从头开始本课程。嵌入后，目标会随着操作实时勾选，页面还会通知你的页面（gcplay:goal-met、gcplay:lesson-complete）。",
	"Lesson link": "课程链接", "Lesson embed snippet": "课程嵌入代码", "Copy lesson embed snippet": "复制课程嵌入代码",
	"%s was not copied (%s): select it in the box and copy it by hand.": "%s 未能复制（%s）：请在框中选中后手动复制。",
	"this browser gives the page no clipboard":                          "此浏览器不允许页面使用剪贴板",
	"%s was copied to the clipboard.":                                   "%s 已复制到剪贴板。",
	"the browser refused":                                               "浏览器拒绝了",
	"This session is too large for a link (over 2 MiB), which gcplay would refuse to open; export it as a scenario file instead (Export tab).": "这个会话太大，无法放进链接（超过 2 MiB），gcplay 会拒绝打开它；请改为导出场景文件（“导出”标签页）。",
	"Open in gcplay": "在 gcplay 中打开",

	// Lessons, storage, workspaces
	"The lessons could not be read: ":           "无法读取课程：",
	"Your lesson progress could not be saved: ": "无法保存你的课程进度：",
	"Storage is unavailable (%v): your workspaces live in memory only and are lost when the page closes; Export still works.": "存储不可用（%v）：你的工作区只保存在内存中，关闭页面即丢失；导出仍然可用。",
	"Reading the stored workspaces failed (%v): this page works in memory only; nothing stored was changed.":                  "读取已存储的工作区失败（%v）：此页面只在内存中工作；已存储的内容没有被改动。",
	"The link's workspace could not be stored: ": "无法存储链接中的工作区：",
	writeNoteFmt:      "保存失败（%v）：你的工作会继续保存在内存中，关闭页面即丢失；导出仍然可用。",
	"Saving failed: ": "保存失败：",
	"Reading the workspaces another tab changed failed: ":                      "读取另一个标签页修改的工作区失败：",
	"Not saved: %s. Saving here is paused so that neither tab's work is lost.": "未保存：%s。这里的保存已暂停，以免任何一个标签页的工作丢失。",
	"Reload theirs": "载入他们的版本", "Keep mine as a copy": "把我的保留为副本",
	"an earlier record": "一条较早的记录",
	"A stored record could not be read and is kept aside untouched: %s (%s).": "一条已存储的记录无法读取，已原样另行保留：%s（%s）。",
	"Download": "下载", "Discard": "丢弃", "Deleted workspace %q.": "已删除工作区 %q。", "Undo": "撤销", "Dismiss": "关闭",
	"New name": "新名称", "Save name": "保存名称", "Cancel": "取消", "Keep the name": "保留原名称",
	"Switch to this workspace": "切换到这个工作区", "Rename": "重命名", "Rename this workspace": "重命名这个工作区",
	"Duplicate": "复制", "Make a copy of this workspace": "复制这个工作区",
	"Delete this workspace (it can be undone)": "删除这个工作区（可以撤销）",
	"New workspace from ":                      "新工作区，来自 ", "Start the new workspace from": "新工作区的起点",

	// Examples: title, purpose, first thing to try
	"Deployment → ReplicaSet → Pods": "Deployment → ReplicaSet → Pods",
	"Three levels of owners, as a Deployment controller leaves them; compare the three policies on it.":                                              "三层属主，正如 Deployment 控制器留下的那样；在它上面比较三种策略。",
	"Select Deployment web, pick Foreground, press Delete, then Step: web stays Terminating until ReplicaSet web-7c9f and its Pods are gone (FG-1).": "选中 Deployment web，选择 Foreground，点击删除，然后单步：在 ReplicaSet web-7c9f 及其 Pod 消失之前，web 一直处于 Terminating（FG-1）。",
	"A ConfigMap family": "一个 ConfigMap 家族",
	"A dependent with two owners lives while one of them does.":                                                                                      "有两个属主的附属对象，只要其中一个属主还在就会存活。",
	"Select ConfigMap parent-a, press Delete (Background), then Run until idle: child-a goes, shared stays because parent-b still owns it (DEL-9a).": "选中 ConfigMap parent-a，点击删除（Background），然后运行至空闲：child-a 被删除，shared 留下，因为 parent-b 仍然拥有它（DEL-9a）。",
	"An ownership cycle": "一个属主环",
	"Three ConfigMaps that own each other in a ring: nothing is collected while all live.":                                  "三个 ConfigMap 互相拥有，形成一个环：只要它们都存活，就不会被回收。",
	"Select ConfigMap a, pick Foreground, press Delete, then Step: watch foregroundDeletion travel round the cycle (FG-3).": "选中 ConfigMap a，选择 Foreground，点击删除，然后单步：观察 foregroundDeletion 沿着环传递（FG-3）。",
	"A cluster-scoped owner": "一个集群级属主",
	"A ClusterRole may own namespaced and cluster-scoped objects alike.":                                                        "ClusterRole 既可以拥有命名空间级对象，也可以拥有集群级对象。",
	"Select ClusterRole operator, press Delete (Background), then Run until idle: both dependents are collected (XNS-1).":       "选中 ClusterRole operator，点击删除（Background），然后运行至空闲：两个附属对象都被回收（XNS-1）。",
	"Foreground deletion stuck on a finalizer":                                                                                  "卡在 finalizer 上的 Foreground 删除",
	"A finalizer nobody removes holds a Foreground deletion forever.":                                                           "一个没人移除的 finalizer 会让 Foreground 删除永远卡住。",
	"Press Run until idle: owner stays Terminating (FG-1). Then select ConfigMap blocker, remove example.com/hold and Step on.": "点击运行至空闲：owner 一直处于 Terminating（FG-1）。然后选中 ConfigMap blocker，移除 example.com/hold，再继续单步。",
	"A cross-namespace reference": "一个跨命名空间的引用",
	"An ownerReference has no namespace: an owner in another namespace is never found.":                                              "ownerReference 没有命名空间字段：位于另一个命名空间的属主永远找不到。",
	"Press Run until idle: Secret stray in namespace a is deleted with an OwnerRefInvalidNamespace event, valid in b stays (GB-9a).": "点击运行至空闲：命名空间 a 中的 Secret stray 被删除，并产生 OwnerRefInvalidNamespace 事件；命名空间 b 中的 valid 留下（GB-9a）。",
	"Blank canvas": "空白画布",
	"Nothing yet: build your own owners and dependents.":                                                  "什么都还没有：自己搭建属主和附属对象。",
	"Open the Create tab: make an owner ConfigMap, then a dependent that names it, and delete the owner.": "打开“创建”标签页：先创建一个作为属主的 ConfigMap，再创建一个引用它的附属对象，然后删除属主。",
}

func init() {
	for en, zh := range zhCNPanels {
		zhCN[en] = zh
	}
}
