// marginlab app — the lesson a reader follows, apart from ImGui: where they are (a lesson link's lesson and step,
// kept in every link the app writes), the step's goal checked on the app's own results through check_goal (the
// function `marginlab lesson check` calls, core/lessons/lessons.h), the steps met so far (kept by the host: the
// page's localStorage, the desktop's memory; Platform::load_progress) and the gallery's lesson list.
//
// `lesson` and `step` are not settings: open_lesson_link takes them off a link, the rest is the experiment the
// AppState opens, and place_link puts them back in front of the AppState's canonical link. The results are
// handed in as LessonResults (AppState::lesson_results), so this model does not depend on the state owning it.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "app/models/run_mode.h"
#include "core/experiment/experiment.h"
#include "core/lessons/lessons.h"
#include "core/util/status.h"

namespace ml {
class Session;
}  // namespace ml

namespace ml::app {

class CompareModel;
class SweepModel;

// The app's results a step's goal is checked on: the link, what it built and how far each part ran. The
// pointers are the state's, valid until its next change; AppState::lesson_results fills it.
struct LessonResults {
  RunMode mode = RunMode::single;
  std::string_view url;                   // the experiment's canonical link
  uint64_t session_version = 0;           // counts rebuilds
  Experiment experiment;                  // the link's experiment (a single run: no axes)
  std::string_view build_error;           // the latest build error ("" when it built)
  const Session* session = nullptr;       // the single run (or Compare's focused learner); null while building
  int64_t budget = 0;                     // the single run's step budget (Config::steps)
  const CompareModel* compare = nullptr;  // the compared learners (read in RunMode::compare)
  const SweepModel* sweep = nullptr;      // the sweep (RunMode::sweep), null until built
};

// True when the link has a `lesson` or `step` key: it is a lesson link (parse_lesson_link reads it).
bool is_lesson_link(std::string_view url);

// Where a reader is: a lesson and one of its steps (1-based).
struct LessonPlace {
  const Lesson* lesson = nullptr;  // null: no lesson is followed
  int step = 1;
};

// The link the app writes for `place` and the experiment's canonical link: the lesson's keys in front
// (lesson_link), or the experiment's link alone without a lesson.
std::string place_link(const LessonPlace& place, std::string_view experiment_url);

// What a step's goal says about the app's current results.
enum class StepState {
  waiting,  // the results are not complete yet (the run, the learners or the sweep's cells are still running)
  not_met,  // checked: not met (check.why says why)
  met,      // checked: met
};

// A step's goal checked on the app's results.
struct StepCheck {
  StepState state = StepState::waiting;
  std::string progress;  // waiting: what is still running ("step 1200 of 4000"), or why nothing can be checked
  GoalCheck check;       // not_met and met: check_goal's result
};

// Checks `step`'s goal on `results`, exactly as `marginlab lesson check` would on the same link:
// a single run once its session has run its step budget (or its learner is done), Compare once every learner's
// has, a sweep once every cell has its row. A run that went on past its budget is not checked (its numbers are
// not the link's); neither is a cancelled sweep.
StepCheck check_step(const LessonStep& step, const LessonResults& results);

// The steps a reader has met, by lesson name.
class LessonProgress {
 public:
  // True when step `step` (1-based) of lesson `name` was met.
  bool met(std::string_view name, int step) const;
  // Records step `step` of lesson `name` met; true when it was not recorded yet.
  bool mark(std::string_view name, int step);
  // How many steps of `lesson` were met.
  int met_count(const Lesson& lesson) const;
  // The first step of `lesson` not met yet (1 when every step was met: the lesson starts over).
  int first_unmet(const Lesson& lesson) const;
  // True when nothing was met (a first-time visitor).
  bool empty() const { return met_.empty(); }
  // Forgets every step.
  void clear() { met_.clear(); }
  // The text the host stores: one `NAME:1,2,4` per lesson with a met step, joined by ';', names sorted.
  std::string serialize() const;

 private:
  std::map<std::string, std::set<int>, std::less<>> met_;
};

// Reads serialize()'s text ("" is no progress). A malformed entry is an error naming it; a lesson that no longer
// exists, or a step outside its lesson, is left out and named in *dropped (may be null): stored progress may be
// older than the lessons.
Result<LessonProgress> parse_progress(std::string_view text, std::vector<std::string>* dropped);

// The link with its `lesson` and `step` keys taken out (the experiment a lesson link runs).
std::string strip_lesson_keys(std::string_view url);

// The lesson a reader follows: its place, its step's check (recomputed when the results change) and the progress.
class LessonTracker {
 public:
  // Reads a link the app opens and returns the experiment link to open. A lesson link sets the place (the
  // experiment is the link's rest, or the step's own link when it has none); one that parse_lesson_link refuses
  // keeps no place, keeps its error (error()) and returns the link without its lesson keys; any other link ends
  // the lesson and is returned as it is.
  std::string open(std::string_view url);
  // Moves to step `step` (clamped to the lesson) and returns its own link (the experiment to open). Needs a place.
  std::string go(int step);
  // Stops following the lesson (a gallery entry opened).
  void end();
  // Where the reader is (lesson null: no lesson).
  const LessonPlace& place() const { return place_; }
  // The last lesson link's error ("" when it parsed or none was opened since).
  const std::string& error() const { return error_; }
  // The place's step (needs a place).
  const LessonStep& step() const;

  // Checks the step's goal on `results` when they changed since the last call, and records a met step in
  // the progress. Returns the check (StepState::waiting without a place).
  const StepCheck& update(const LessonResults& results);
  // The last check.
  const StepCheck& check() const { return check_; }

  // The steps met.
  const LessonProgress& progress() const { return progress_; }
  // Reads the host's stored progress (serialize()'s text); an unreadable text is dropped, and error() says so.
  void load_progress(std::string_view text);
  // Forgets every met step.
  void reset_progress();
  // True once after the progress changed (a step met, a reset): the host stores serialize()'s text then.
  bool take_progress_changed();

 private:
  LessonPlace place_;
  std::string error_;
  StepCheck check_;
  std::string checked_key_;  // the results check_ was computed on (see update)
  LessonProgress progress_;
  bool progress_changed_ = false;
};

// One lesson as the gallery lists it.
struct LessonEntry {
  const Lesson* lesson = nullptr;
  std::string progress;  // "2 of 4 steps met"
  int open_step = 1;     // the step its button opens: the first not met
  std::string link;      // that step's lesson link (step_link)
};

// The gallery's lesson list, in lessons() order.
std::vector<LessonEntry> lesson_entries(const LessonProgress& progress);
// True when the gallery lists the lessons before the ready-made experiments: a first-time visitor (no progress).
bool lessons_first(const LessonProgress& progress);

}  // namespace ml::app
