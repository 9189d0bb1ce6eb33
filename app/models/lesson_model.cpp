// marginlab app — the lesson a reader follows: place, goal check on the app's results, progress (lesson_model.h).
#include "app/models/lesson_model.h"

#include <algorithm>
#include <cassert>

#include "app/models/compare_model.h"
#include "app/models/sweep_model.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/session.h"
#include "core/settings/setting.h"
#include "core/util/format.h"

namespace ml::app {

bool is_lesson_link(std::string_view url) {
  for (const LinkPair& p : link_pairs(url))
    if (p.key == "lesson" || p.key == "step") return true;
  return false;
}

std::string place_link(const LessonPlace& place, std::string_view experiment_url) {
  if (place.lesson == nullptr) return std::string(experiment_url);
  return lesson_link(*place.lesson, place.step, experiment_url);
}

namespace {

StepCheck waiting(std::string progress) {
  StepCheck out;
  out.progress = std::move(progress);
  return out;
}

StepCheck checked(const LessonStep& step, const LessonResults& results, const std::vector<CellRow>& rows) {
  StepCheck out;
  out.check = check_goal(step.goal, results.experiment, rows);
  out.state = out.check.met ? StepState::met : StepState::not_met;
  return out;
}

// Why a session's numbers cannot be checked yet ("" when they can: it ran exactly its budget, or its learner
// stopped before it, as ExperimentRunner runs a cell).
std::string session_unfinished(const Session& session, int64_t budget) {
  if (session.steps() > budget)
    return "the run went on past its " + std::to_string(budget) +
           " steps, so its numbers are not the link's: Reset runs it again";
  if (session.steps() < budget && !session.done())
    return "running: step " + std::to_string(session.steps()) + " of " + std::to_string(budget);
  return "";
}

StepCheck check_single(const LessonStep& step, const LessonResults& results) {
  const Session* session = results.session;
  if (session == nullptr)
    return waiting(results.build_error.empty() ? "the run is being built"
                                               : "no run: " + std::string(results.build_error));
  const std::string unfinished = session_unfinished(*session, results.budget);
  if (!unfinished.empty()) return waiting(unfinished);
  const Cell cell = experiment_cell(results.experiment, 0);
  return checked(step, results, {cell_row(cell, *session)});
}

StepCheck check_compare(const LessonStep& step, const LessonResults& results) {
  const CompareModel& compare = *results.compare;
  std::vector<CellRow> rows;
  for (size_t i = 0; i < compare.size(); ++i) {
    const ComparedRun& run = compare.run(i);
    if (!run.session) {
      rows.push_back(cell_error_row(run.cell, make_error("app.compare_learner", run.error)));
      continue;
    }
    const std::string unfinished = session_unfinished(*run.session, run.cell.config.steps);
    if (!unfinished.empty()) return waiting(run.name + ": " + unfinished);
    rows.push_back(cell_row(run.cell, *run.session));
  }
  return checked(step, results, rows);
}

StepCheck check_sweep(const LessonStep& step, const LessonResults& results) {
  const SweepModel* sweep = results.sweep;
  if (sweep == nullptr) return waiting("the sweep is being built");
  if (sweep->cancelled()) return waiting("the sweep was stopped before every cell ran: Reset runs it again");
  if (!sweep->finished())
    return waiting("running: " + std::to_string(sweep->completed()) + " of " + std::to_string(sweep->total()) +
                   " cells");
  if (!sweep->error().ok()) return waiting("the sweep stopped: " + sweep->error().error().message);
  return checked(step, results, sweep->rows());
}

}  // namespace

StepCheck check_step(const LessonStep& step, const LessonResults& results) {
  switch (results.mode) {
    case RunMode::single: return check_single(step, results);
    case RunMode::compare: return results.compare ? check_compare(step, results) : waiting("");
    case RunMode::sweep: return check_sweep(step, results);
  }
  return waiting("");
}

// --- progress -----------------------------------------------------------------------------------------------

bool LessonProgress::met(std::string_view name, int step) const {
  const auto it = met_.find(name);
  return it != met_.end() && it->second.count(step) > 0;
}

bool LessonProgress::mark(std::string_view name, int step) {
  auto it = met_.find(name);
  if (it == met_.end()) it = met_.emplace(std::string(name), std::set<int>()).first;
  return it->second.insert(step).second;
}

int LessonProgress::met_count(const Lesson& lesson) const {
  int count = 0;
  for (size_t k = 1; k <= lesson.steps.size(); ++k) count += met(lesson.name, static_cast<int>(k)) ? 1 : 0;
  return count;
}

int LessonProgress::first_unmet(const Lesson& lesson) const {
  for (size_t k = 1; k <= lesson.steps.size(); ++k)
    if (!met(lesson.name, static_cast<int>(k))) return static_cast<int>(k);
  return 1;
}

std::string LessonProgress::serialize() const {
  std::string out;
  for (const auto& [name, steps] : met_) {
    if (steps.empty()) continue;
    out += (out.empty() ? "" : ";") + name + ":";
    bool first = true;
    for (int k : steps) {
      out += (first ? "" : ",") + std::to_string(k);
      first = false;
    }
  }
  return out;
}

namespace {

Error bad_progress(const std::string& message) { return make_error("lesson.bad_progress", message); }

// Reads one `NAME:1,2` entry into *progress; dropped steps are named in *dropped.
Status read_progress_entry(std::string_view entry, LessonProgress* progress, std::vector<std::string>* dropped) {
  const size_t colon = entry.find(':');
  if (colon == std::string_view::npos || colon == 0)
    return bad_progress("stored lesson progress: entry " + quote_for_message(entry) + " is not NAME:STEP,STEP...");
  const std::string name(entry.substr(0, colon));
  const Lesson* lesson = find_lesson(name);
  for (const std::string_view text : split(entry.substr(colon + 1), ',')) {
    long long step = 0;
    if (!parse_int64(text, &step))
      return bad_progress("stored lesson progress: lesson '" + name + "': step " + quote_for_message(text) +
                          " is not a whole number");
    if (lesson == nullptr || step < 1 || step > static_cast<long long>(lesson->steps.size())) {
      if (dropped) dropped->push_back(name + " step " + std::string(text));
      continue;
    }
    progress->mark(name, static_cast<int>(step));
  }
  return Status::Ok();
}

}  // namespace

Result<LessonProgress> parse_progress(std::string_view text, std::vector<std::string>* dropped) {
  LessonProgress progress;
  if (text.empty()) return progress;
  for (const std::string_view entry : split(text, ';')) {
    const Status status = read_progress_entry(entry, &progress, dropped);
    if (!status.ok()) return status.error();
  }
  return progress;
}

// --- the tracker --------------------------------------------------------------------------------------------

std::string strip_lesson_keys(std::string_view url) {
  std::string rest;
  for (const LinkPair& p : link_pairs(url))
    if (p.key != "lesson" && p.key != "step") rest += (rest.empty() ? "#" : "&") + p.raw;
  return rest;
}

std::string LessonTracker::open(std::string_view url) {
  error_.clear();
  if (!is_lesson_link(url)) {
    end();
    return std::string(url);
  }
  Result<LessonLink> link = parse_lesson_link(url);
  if (!link.ok()) {
    end();
    error_ = link.error().message;
    return strip_lesson_keys(url);
  }
  if (place_.lesson != link->lesson || place_.step != link->step) checked_key_.clear();
  place_ = {link->lesson, link->step};
  return link->experiment;
}

std::string LessonTracker::go(int step) {
  assert(place_.lesson != nullptr);
  place_.step = std::clamp(step, 1, static_cast<int>(place_.lesson->steps.size()));
  checked_key_.clear();
  return this->step().link;
}

void LessonTracker::end() {
  place_ = {};
  check_ = {};
  checked_key_.clear();
}

const LessonStep& LessonTracker::step() const {
  assert(place_.lesson != nullptr);
  return place_.lesson->steps[static_cast<size_t>(place_.step - 1)];
}

namespace {
// What a check depends on besides the step: the link, the run built and how far every part of it ran.
std::string results_key(const LessonResults& results) {
  std::string key = std::string(results.url) + '\n' + std::to_string(results.session_version) + '\n' +
                    std::string(results.build_error);
  if (const Session* s = results.session) key += '\n' + std::to_string(s->steps()) + (s->done() ? "d" : "");
  if (results.mode == RunMode::compare && results.compare != nullptr)
    for (size_t i = 0; i < results.compare->size(); ++i) {
      const Session* s = results.compare->run(i).session.get();
      key += ',' + (s ? std::to_string(s->steps()) + (s->done() ? "d" : "") : std::string("-"));
    }
  if (const SweepModel* sweep = results.sweep)
    key += '\n' + std::to_string(sweep->completed()) + (sweep->finished() ? "f" : "") + (sweep->cancelled() ? "c" : "");
  return key;
}
}  // namespace

const StepCheck& LessonTracker::update(const LessonResults& results) {
  if (place_.lesson == nullptr) {
    check_ = {};
    return check_;
  }
  std::string key = results_key(results);
  if (key == checked_key_) return check_;
  checked_key_ = std::move(key);
  check_ = check_step(step(), results);
  if (check_.state == StepState::met && progress_.mark(place_.lesson->name, place_.step)) progress_changed_ = true;
  return check_;
}

void LessonTracker::load_progress(std::string_view text) {
  std::vector<std::string> dropped;
  Result<LessonProgress> read = parse_progress(text, &dropped);
  if (!read.ok()) {
    error_ = read.error().message + " (the stored progress was dropped)";
    progress_ = {};
    progress_changed_ = true;
    return;
  }
  progress_ = std::move(read).value();
  if (!dropped.empty()) progress_changed_ = true;  // stored again without the steps that no longer exist
}

void LessonTracker::reset_progress() {
  progress_.clear();
  progress_changed_ = true;
  checked_key_.clear();  // a step met now is recorded again
}

bool LessonTracker::take_progress_changed() {
  const bool changed = progress_changed_;
  progress_changed_ = false;
  return changed;
}

// --- the gallery's list -------------------------------------------------------------------------------------

std::vector<LessonEntry> lesson_entries(const LessonProgress& progress) {
  std::vector<LessonEntry> out;
  for (const Lesson& lesson : lessons()) {
    LessonEntry e;
    e.lesson = &lesson;
    e.progress =
        std::to_string(progress.met_count(lesson)) + " of " + std::to_string(lesson.steps.size()) + " steps met";
    e.open_step = progress.first_unmet(lesson);
    e.link = step_link(lesson, e.open_step);
    out.push_back(std::move(e));
  }
  return out;
}

bool lessons_first(const LessonProgress& progress) { return progress.empty(); }

}  // namespace ml::app
