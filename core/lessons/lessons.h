// marginlab — lessons: guided paths through the papers (docs/lessons.md). A lesson is a list of steps; a step
// is one declaration, like a setting row: its experiment link, what to look at and try, a hint, and a goal.
//
// [SECTION] Goals         conditions on a run's report or a sweep's rows; one declaration both states the goal
//                         (Goal::text) and evaluates it (check_goal), so the two cannot disagree
// [SECTION] Lessons       the table of lessons (lessons.cpp holds every text and link)
// [SECTION] Lesson links  `#lesson=NAME&step=K&<experiment link>`: parsed and written here
// [SECTION] Checking      running a step's link with the experiment runner and checking its goal
//
// A goal reads only what a run reports (core/session/run_report.h: mistakes, bound, test_error, train,
// counters.NAME, ...) and the cells' configurations: the app's panel, `marginlab lesson check` and the tests
// all call check_goal, so a goal met in one is met in the others.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/experiment/experiment.h"
#include "core/settings/params.h"
#include "core/util/status.h"

namespace ml {

// =====================================================================================================
// [SECTION] Goals
// =====================================================================================================

// How a goal compares two numbers (or, for a requirement, two values).
enum class Comparison { below, at_most, above, at_least, equals };

// A number measured on a step's cells: the mean of one report number (CellRow::number: "mistakes", "bound",
// "test_error", "train", "counters.label_queries", ...) over the cells whose URL key `key` reads `value` (every
// cell when `key` is empty), times `scale`. NaN values (a metric that does not apply) are left out.
struct Measure {
  std::string metric;  // a run report's number
  std::string key;     // "" or a URL key the cells are selected by (learner, l.confusion)
  std::string value;   // the key's canonical URL text in the selected cells
  double scale = 1;    // the mean is multiplied by this
};

// One condition of a goal: a measure compared with another measure, or with a constant.
struct Condition {
  Measure left;
  Comparison op = Comparison::below;
  std::optional<Measure> right;  // compared with this measure when set, else with `constant`
  double constant = 0;
};

// What every cell of the link must keep, so that a goal cannot be met by changing the question (e.g. noise=
// uniform, eta >= 0.2): the cell's URL key `key` compared with `value` (canonical text for equals, a number
// otherwise). A key that has no effect in the cell (eta without noise) does not meet it.
struct Requirement {
  std::string key;
  Comparison op = Comparison::equals;
  std::string value;
};

// A step's goal: requirements on the configuration, then conditions on the results, all of which must hold.
// With `at_some` set (an axis key such as "eta"), the conditions are evaluated on the cells of each value of
// that axis in turn and must hold at one of them: "the smallest noise rate where ...".
struct Goal {
  std::vector<Requirement> needs;
  std::vector<Condition> conditions;
  std::string at_some;  // "" or the axis whose values the conditions are tried at
  // The goal stated in words, generated from the declaration (what the panel and docs/lessons.md show).
  std::string text() const;
};

// The result of checking a goal on a step's results.
struct GoalCheck {
  bool met = false;
  std::string why;       // the measured values against the thresholds, or what is missing
  std::string at_value;  // with Goal::at_some: the smallest axis value where the conditions held ("" if none)
};

// Checks a goal on an experiment's rows (one per cell; a single-run link is one cell). A row that is an
// error, a measure without a value, a missing axis or a requirement a cell does not keep gives "not yet" and
// says which.
GoalCheck check_goal(const Goal& goal, const Experiment& experiment, const std::vector<CellRow>& rows);

// =====================================================================================================
// [SECTION] Lessons
// =====================================================================================================

// One step of a lesson: one declaration.
struct LessonStep {
  std::string title;   // a few words
  std::string link;    // the step's experiment (a run or sweep link, docs/url.md), without lesson keys
  std::string text;    // what to look at, what to try
  std::string hint;    // shown on request
  Goal goal;           // checked on the results of the link the reader runs
  bool demonstration;  // true: the step's own link meets the goal (look); false: a task (change something)
  bool challenge;      // an open-ended task: the goal can be met in more than one way
};

// A lesson: a name (its link key), a title, the papers it follows and its steps (3 to 6).
struct Lesson {
  std::string name;                 // [a-z0-9_], the value of lesson= in links
  std::string title;                // one line
  std::vector<std::string> papers;  // "000" .. "004" (docs/algorithms.md §10)
  std::string summary;              // one or two sentences: what the lesson teaches
  std::vector<LessonStep> steps;
};

// Every lesson, in the order a reader should take them.
const std::vector<Lesson>& lessons();
// The lesson with this name, or nullptr.
const Lesson* find_lesson(std::string_view name);

// =====================================================================================================
// [SECTION] Lesson links
// =====================================================================================================

// A lesson link taken apart.
struct LessonLink {
  const Lesson* lesson = nullptr;  // never null in a parsed link
  int step = 1;                    // 1-based
  std::string experiment;          // the rest of the link ("#v=1&..."), or the step's own link when it has none
};

// Reads `#lesson=NAME&step=K&<experiment link>` (the forms decode_url accepts; step defaults to 1). Errors
// name the field: no lesson key, an unknown lesson (the known ones listed), a repeated key, a step that is not
// a whole number of the lesson's range ("lesson.bad_link").
Result<LessonLink> parse_lesson_link(std::string_view url);
// Writes `#lesson=NAME&step=K&` followed by the experiment link without its '#'.
std::string lesson_link(const Lesson& lesson, int step, std::string_view experiment);
// The link of step `step` (1-based) with its own experiment.
std::string step_link(const Lesson& lesson, int step);

// =====================================================================================================
// [SECTION] Checking
// =====================================================================================================

// What running a lesson link gave.
struct StepRun {
  std::string experiment;             // the canonical experiment link that ran
  std::vector<CellRow> rows;          // one per cell
  std::vector<std::string> warnings;  // the link's and the cells' warnings
  GoalCheck check;                    // the step's goal on the rows
};

// Runs the link's experiment (every cell to its step budget, ExperimentRunner) and checks the step's goal.
// `csv` supplies the data of cells that read a file. An error only when the runner stopped (no data).
Result<StepRun> run_lesson_link(const LessonLink& link, const CsvProvider& csv);

// One JSON object: lesson, step, title, demonstration, challenge, goal (text), met, why, at_value, link
// (the lesson link that ran), warnings.
std::string step_run_json(const LessonLink& link, const StepRun& run);
// One JSON line per lesson (no newline): name, title, papers, summary, steps [{title, link, goal, demonstration,
// challenge}].
std::string lesson_json(const Lesson& lesson);
// docs/lessons.md: how lessons work and how to write one, then every lesson's steps (Markdown).
std::string render_lessons_reference();

}  // namespace ml
