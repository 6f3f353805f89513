package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/gcplay/gcplay/gccore/scenario"
	"github.com/gcplay/gcplay/lessons"
)

const lessonsUsage = `gcplay lessons: workshop exercises (lessons/README.md documents the format)

Usage:
  gcplay lessons list [--lang en|zh-CN] [DIR]   each lesson's id, level and title, in order
  gcplay lessons check [DIR]                    replay every lesson: its solution meets every goal,
                                                no goal to reach holds before the learner acts,
                                                no listed wrong attempt meets the goals
  gcplay lessons new ID [--dir DIR]             write DIR/ID.yaml, a lesson skeleton, and list it
                                                in DIR/order.yaml; it passes check once its goals
                                                are filled in

Without DIR, the built-in lessons. A workshop folder holds ID.yaml files and an order.yaml
(lessons: [first-id, second-id, ...]).
`

func lessonsCommand(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stdout, lessonsUsage)
		return nil
	}
	fs := flag.NewFlagSet("lessons "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	lang := fs.String("lang", "en", "language of the titles (en, zh-CN)")
	dir := fs.String("dir", ".", "folder to write the new lesson into")
	// Flags may come before or after the positional argument.
	var pos []string
	rest := args[1:]
	for {
		if err := fs.Parse(rest); err != nil {
			return fmt.Errorf("lessons %s: %v (see 'gcplay lessons help')", args[0], err)
		}
		if fs.NArg() == 0 {
			break
		}
		pos, rest = append(pos, fs.Arg(0)), fs.Args()[1:]
	}
	if len(pos) > 1 {
		return fmt.Errorf("lessons %s: unexpected argument %q (see 'gcplay lessons help')", args[0], pos[1])
	}
	arg := ""
	if len(pos) == 1 {
		arg = pos[0]
	}
	switch args[0] {
	case "list":
		return lessonsList(arg, *lang, stdout)
	case "check":
		return lessonsCheck(arg, stdout, stderr)
	case "new":
		return lessonsNew(arg, *dir, stdout)
	}
	return fmt.Errorf("lessons: unknown subcommand %q (want list, check or new)", args[0])
}

func loadLessons(dir string) ([]*lessons.Lesson, error) {
	if dir == "" {
		return lessons.Builtin()
	}
	return lessons.LoadDir(dir)
}

func lessonsList(dir, lang string, stdout io.Writer) error {
	if lang != "en" && lang != "zh-CN" {
		return fmt.Errorf("lessons list: --lang %q: want en or zh-CN", lang)
	}
	ls, err := loadLessons(dir)
	if err != nil {
		return err
	}
	for _, l := range ls {
		// Padded by display width (a Chinese level name is two columns a character), and
		// printable whatever the file holds, as gcplay's errors are (parsing refuses
		// control characters already; this is the last guard of the terminal).
		fmt.Fprintf(stdout, "%s %s %s\n", lessons.Pad(l.ID, 28), lessons.Pad(l.Level.Name(lang), 12), scenario.OneLine(l.Title.In(lang)))
	}
	return nil
}

// count is "1 goal", "2 goals".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// lessonsCheck replays every lesson; a broken one is one line on stderr, and the command
// fails if any is.
func lessonsCheck(dir string, stdout, stderr io.Writer) error {
	ls, err := loadLessons(dir)
	if err != nil {
		return err
	}
	failed := 0
	for _, l := range ls {
		if err := lessons.Check(l); err != nil {
			fmt.Fprintf(stderr, "FAIL %s\n", scenario.OneLine(err.Error()))
			failed++
			continue
		}
		fmt.Fprintf(stdout, "ok   %-28s par %d, %s, %s\n", l.ID, l.Par(), count(len(l.Goals), "goal"), count(len(l.Wrong), "wrong attempt"))
	}
	if failed > 0 {
		return fmt.Errorf("lessons check: %d of %d lessons failed", failed, len(ls))
	}
	return nil
}

// lessonsNew writes a lesson skeleton and lists it in the folder's order file.
func lessonsNew(id, dir string, stdout io.Writer) error {
	if id == "" {
		return errors.New("lessons new: give the lesson's id, e.g. gcplay lessons new my-first-lesson")
	}
	skeleton := strings.ReplaceAll(lessonSkeleton, "ID", id)
	if _, err := lessons.Parse(id+".yaml", []byte(strings.Replace(skeleton, "goals: []", "goals: [deleted: ConfigMap/dependent]", 1))); err != nil {
		return fmt.Errorf("lessons new: %v", err) // a bad id, said the way the file would say it
	}
	file := filepath.Join(dir, id+".yaml")
	if _, err := os.Stat(file); err == nil {
		return fmt.Errorf("lessons new: %s exists; choose another id or edit it", file)
	}
	order := filepath.Join(dir, lessons.OrderFile)
	ids, err := lessons.ReadOrder(os.DirFS(dir), dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("lessons new: %v", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("lessons new: %v", err)
	}
	if err := os.WriteFile(file, []byte(skeleton), 0o644); err != nil {
		return fmt.Errorf("lessons new: %v", err)
	}
	ids = append(ids, id)
	out := "# The lessons in the order a class takes them.\nlessons:\n"
	for _, l := range ids {
		out += "- " + l + "\n"
	}
	if err := os.WriteFile(order, []byte(out), 0o644); err != nil {
		return fmt.Errorf("lessons new: %v", err)
	}
	fmt.Fprintf(stdout, "wrote %s and listed it in %s: fill in its goals, then run gcplay lessons check %s\n", file, order, dir)
	return nil
}

// lessonSkeleton is a complete lesson but for its goals: check fails until they are given.
const lessonSkeleton = `# Lesson ID. Rules: DEL-9c.
id: ID
level: beginner
title:
  en: A new lesson
  zh-CN: 新课程
goal:
  en: Delete ConfigMap owner and let the GC delete ConfigMap dependent.
  zh-CN: 删除 ConfigMap owner，让垃圾回收器删除 ConfigMap dependent。
intro:
  en: |
    Say in a few lines what the learner should notice, and what to try first.
  zh-CN: |
    用几行说明学习者应该注意什么，以及先尝试什么。
controls: [delete, step]
start:
  objects:
  - apiVersion: v1
    kind: ConfigMap
    metadata: {name: owner, uid: owner-uid}
  - apiVersion: v1
    kind: ConfigMap
    metadata:
      name: dependent
      ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: owner, uid: owner-uid}]
# What the learner must reach, e.g. "- deleted: ConfigMap/dependent" (lessons/README.md
# lists every goal).
goals: []
hints:
- en: Select ConfigMap owner and press Delete.
  zh-CN: 选中 ConfigMap owner，然后点击 Delete。
solution:
- delete: {apiVersion: v1, kind: ConfigMap, name: owner}
recap:
  en: The owner went at once (API-10); the GC found the dependent's only owner gone and deleted it (DEL-9c).
  zh-CN: 属主立即被删除（API-10）；垃圾回收器发现附属对象唯一的属主已不存在，于是删除了它（DEL-9c）。
`
