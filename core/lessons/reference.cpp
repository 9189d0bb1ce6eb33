// marginlab — docs/lessons.md, generated from the lessons' table (lessons.h: render_lessons_reference).
#include <string>

#include "core/lessons/lessons.h"

namespace ml {
namespace {

constexpr const char* kIntro = R"(# Lessons

<!-- Generated from the lessons' table (core/lessons/lessons.cpp) by render_lessons_reference (core/lessons/reference.cpp): `marginlab lesson list --doc > docs/lessons.md`; do not edit by hand. -->

A lesson is a guided path through one idea of the papers (docs/algorithms.md §10): a few steps, each an
experiment link with a short text (what to look at, what to try), a hint, and a goal that is checked on the
results. A **demonstration** step's own link meets its goal: read, look, move on. A **task** asks for a
change (a learner, a setting, an axis of a sweep); a **challenge** is a task whose goal is a condition on the
results that more than one change meets.

## Links

    #lesson=NAME&step=K&v=1&data=...

`lesson` names the lesson and `step` (1-based, default 1) the step; the rest of the link is the experiment
the reader is running (docs/url.md, docs/experiments.md), which starts as the step's own link and changes as
the reader changes settings. A link with only `lesson` and `step` runs the step's own link. An unknown
lesson, a step outside the lesson, or either key given twice is an error naming the field.

`marginlab lesson check --url LINK` runs the link and prints the goal's result as one JSON object (exit 0
met, 1 not yet, 2 a bad link; docs/cli.md). `marginlab lesson list` prints one JSON line per lesson.

## In the app

A lesson link opens the **Lesson** panel beside the usual panels (on a phone, the sheet's Lesson tab): the
lesson's title, step k of n, the step's text, a Hint toggle, the goal as stated below, and its check, made
with the same `check_goal` on the app's own results once they are the link's: a single run when it has run
its step budget (or its learner stopped), Compare when every learner has, a sweep when every cell has its
row. Back and Next (and the step numbers) open a step's own link; the page's link keeps `lesson` and `step`
in front of the experiment the reader changes, so it always says where the reader is.

Steps met are remembered on the reader's machine only: the page keeps them in the browser's localStorage
(key `marginlab.lessons`, text such as `halving_mistakes:1,2;confusion:1`), the desktop app in memory for
the session. The gallery lists the lessons with their progress and a Reset progress button; a visitor with
no progress sees the lessons first, others the ready-made experiments first.

## Goals

A goal is read off one declaration, which both states it (the text below and in the lesson panel) and
checks it (`check_goal`, core/lessons/goals.cpp):

- **requirements**: URL keys every cell of the link must keep (`noise=uniform`, `eta ≥ 0.2`), so a goal is
  not met by changing the question; a key that has no effect in a cell does not meet one;
- **conditions**: a number of the run report (docs/cli.md, `marginlab run`: `mistakes`, `bound`,
  `test_error`, `train`, `counters.NAME`, ...), averaged over the cells (optionally only those a key's value
  selects, such as `learner=bylander`), compared with a constant or with another such number;
- **at some value of an axis** (optional): the conditions are tried at each value of a numeric `x.KEY` axis
  of a sweep, and must hold at one of them; the check reports the smallest such value.

The check says why: each measured value against its threshold, or the requirement a cell does not keep.

## How to write a lesson

Add a function to core/lessons/lessons.cpp that returns a `Lesson` (name, title, papers, summary, 3 to 6
steps) and list it in `lessons()`. Each step is one declaration, like a setting row:

    {"Where Bylander overtakes", sweep_link,
     "What to look at and what to try ...", "The hint ...",
     {{need("noise=uniform")},                                         // requirements, as in a link
      {holds(m("test_error", "learner=bylander"), C::below,
             m("test_error", "learner=perceptron"))},                  // conditions
      "eta"},                                                          // at some value of x.eta
     kTask, kFixed},

Keep each link small (a second of work natively: the tests run every link under node too), write the text
against docs/algorithms.md and the papers, and add the step's solution link to tests/unit/lessons_test.cpp,
which runs every step's own link (its goal must be met exactly when the step is a demonstration) and the
solution (met). Then regenerate this page.

## The lessons
)";

std::string step_kind(const LessonStep& s) {
  if (s.demonstration) return "demonstration";
  return s.challenge ? "challenge" : "task";
}

// Text for a Markdown table cell: '|' escaped.
std::string table_cell(std::string text) {
  for (size_t at = text.find('|'); at != std::string::npos; at = text.find('|', at + 2)) text.insert(at, "\\");
  return text;
}

std::string lesson_section(const Lesson& lesson) {
  std::string papers;
  for (const std::string& p : lesson.papers) papers += (papers.empty() ? "" : ", ") + p;
  std::string out = "\n### `" + lesson.name + "` — " + lesson.title + " (" + papers + ")\n\n" + lesson.summary + "\n\n";
  out += "| step | title | kind | goal | link |\n|---|---|---|---|---|\n";
  for (size_t i = 0; i < lesson.steps.size(); ++i) {
    const LessonStep& s = lesson.steps[i];
    out += "| " + std::to_string(i + 1) + " | " + table_cell(s.title) + " | " + step_kind(s) + " | " +
           table_cell(s.goal.text()) + " | `" + step_link(lesson, static_cast<int>(i + 1)) + "` |\n";
  }
  return out;
}

}  // namespace

std::string render_lessons_reference() {
  std::string out = kIntro;
  for (const Lesson& lesson : lessons()) out += lesson_section(lesson);
  return out;
}

}  // namespace ml
