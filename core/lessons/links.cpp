// marginlab — lesson links, running a step and the lessons' JSON and Markdown (lessons.h).
#include <algorithm>

#include "core/config/url.h"
#include "core/lessons/lessons.h"
#include "core/util/format.h"
#include "nlohmann/json.hpp"

namespace ml {
namespace {

Error bad_link(const std::string& message) { return make_error("lesson.bad_link", message); }

std::string lesson_names() {
  std::vector<std::string> names;
  for (const Lesson& l : lessons()) names.push_back(l.name);
  return join_names(names, ", ");
}

std::string dump(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// The step number of `text` for `lesson`, or an error naming the field.
Result<int> parse_step(const Lesson& lesson, const std::string& text) {
  long long step = 0;
  const long long count = static_cast<long long>(lesson.steps.size());
  if (!parse_int64(text, &step) || step < 1 || step > count)
    return bad_link("field 'step': " + quote_for_message(text) + " is not a step of lesson '" + lesson.name +
                    "' (1 to " + std::to_string(count) + ")");
  return static_cast<int>(step);
}

}  // namespace

const Lesson* find_lesson(std::string_view name) {
  for (const Lesson& l : lessons())
    if (l.name == name) return &l;
  return nullptr;
}

Result<LessonLink> parse_lesson_link(std::string_view url) {
  std::optional<std::string> name, step;
  std::string rest;
  for (const LinkPair& p : link_pairs(url)) {
    std::optional<std::string>* mine = p.key == "lesson" ? &name : p.key == "step" ? &step : nullptr;
    if (mine == nullptr) {
      rest += (rest.empty() ? "#" : "&") + p.raw;
      continue;
    }
    if (*mine) return bad_link("field '" + p.key + "': given twice");
    *mine = p.value;
  }
  if (!name) return bad_link("field 'lesson': the link has no lesson=NAME (the lessons: " + lesson_names() + ")");
  LessonLink link;
  link.lesson = find_lesson(*name);
  if (link.lesson == nullptr)
    return bad_link("field 'lesson': no lesson is named " + quote_for_message(*name) +
                    " (the lessons: " + lesson_names() + ")");
  if (step) {
    Result<int> k = parse_step(*link.lesson, *step);
    if (!k.ok()) return k.error();
    link.step = *k;
  }
  link.experiment = rest.empty() ? link.lesson->steps[static_cast<size_t>(link.step - 1)].link : rest;
  return link;
}

std::string lesson_link(const Lesson& lesson, int step, std::string_view experiment) {
  if (!experiment.empty() && experiment.front() == '#') experiment.remove_prefix(1);
  return "#lesson=" + lesson.name + "&step=" + std::to_string(step) + "&" + std::string(experiment);
}

std::string step_link(const Lesson& lesson, int step) {
  return lesson_link(lesson, step, lesson.steps.at(static_cast<size_t>(step - 1)).link);
}

Result<StepRun> run_lesson_link(const LessonLink& link, const CsvProvider& csv) {
  ExperimentDecode decoded = decode_experiment(link.experiment);
  StepRun run;
  run.experiment = encode_experiment(decoded.experiment);
  run.warnings = decoded.warnings;
  RunnerOptions options;
  options.csv = csv;
  ExperimentRunner runner(decoded.experiment, options);
  const Status status = runner.run_all();
  if (!status.ok()) return status.error();
  run.rows = runner.rows();
  run.warnings.insert(run.warnings.end(), runner.warnings().begin(), runner.warnings().end());
  const LessonStep& step = link.lesson->steps[static_cast<size_t>(link.step - 1)];
  run.check = check_goal(step.goal, decoded.experiment, run.rows);
  return run;
}

std::string step_run_json(const LessonLink& link, const StepRun& run) {
  const LessonStep& step = link.lesson->steps[static_cast<size_t>(link.step - 1)];
  nlohmann::ordered_json j;
  j["lesson"] = link.lesson->name;
  j["step"] = link.step;
  j["title"] = step.title;
  j["demonstration"] = step.demonstration;
  j["challenge"] = step.challenge;
  j["goal"] = step.goal.text();
  j["met"] = run.check.met;
  j["why"] = run.check.why;
  j["at_value"] = run.check.at_value;
  j["link"] = lesson_link(*link.lesson, link.step, run.experiment);
  j["warnings"] = run.warnings;
  return dump(j);
}

std::string lesson_json(const Lesson& lesson) {
  nlohmann::ordered_json j;
  j["name"] = lesson.name;
  j["title"] = lesson.title;
  j["papers"] = lesson.papers;
  j["summary"] = lesson.summary;
  j["steps"] = nlohmann::ordered_json::array();
  for (size_t i = 0; i < lesson.steps.size(); ++i) {
    const LessonStep& s = lesson.steps[i];
    nlohmann::ordered_json step;
    step["title"] = s.title;
    step["link"] = step_link(lesson, static_cast<int>(i + 1));
    step["goal"] = s.goal.text();
    step["demonstration"] = s.demonstration;
    step["challenge"] = s.challenge;
    j["steps"].push_back(step);
  }
  return dump(j);
}

}  // namespace ml
