// marginlab lesson — the lessons (core/lessons/lessons.h): `lesson list` prints one JSON line per lesson
// (--doc: docs/lessons.md), `lesson check --url LINK` runs a lesson link and prints its goal's result.
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "core/learners/registry.h"
#include "core/lessons/lessons.h"
#include "native/cli/cli.h"
#include "native/cli/data_folder.h"

namespace ml::cli {

namespace {

// Exit codes of `lesson check` (docs/cli.md): the goal met, not yet met, or a link that cannot be checked.
constexpr int kGoalMet = 0, kGoalNotMet = 1, kBadInput = 2;

int lesson_list(const Args& args) {
  if (args.has("url") || args.has("data-dir")) {
    std::fprintf(stderr, "error: lesson list takes only --doc\n");
    return usage_error(args.usage);
  }
  if (args.has("doc")) {
    std::fputs(render_lessons_reference().c_str(), stdout);
    return 0;
  }
  for (const Lesson& lesson : lessons()) std::printf("%s\n", lesson_json(lesson).c_str());
  return 0;
}

// The cells' data sets, read from the data folder (found on first use: data_folder.h), each once.
class LessonData {
 public:
  explicit LessonData(const Args& args) : args_(args) {}

  Result<std::shared_ptr<const Dataset>> operator()(const Config& config) {
    const std::string key = config.csv_name + '\n' + std::to_string(config.split) + '\n' + config.csv_hash;
    if (auto it = cache_.find(key); it != cache_.end()) return it->second;
    if (!folder_) {
      Result<DataFolder> found = find_data_folder(args_, "the lesson's data set '" + config.csv_name + "'");
      if (!found.ok()) return found.error();
      folder_ = std::move(found).value();
    }
    Result<Dataset> data = read_data_set(*folder_, config);
    if (!data.ok()) return data.error();
    auto shared = std::make_shared<const Dataset>(std::move(data).value());
    cache_.emplace(key, shared);
    return shared;
  }

 private:
  const Args& args_;
  std::optional<DataFolder> folder_;
  std::map<std::string, std::shared_ptr<const Dataset>> cache_;
};

int lesson_check(const Args& args) {
  if (!args.has("url") || args.has("doc")) {
    std::fprintf(stderr, "error: lesson check needs --url '#lesson=NAME&step=K&...'\n");
    return usage_error(args.usage);
  }
  Result<LessonLink> link = parse_lesson_link(args.get("url"));
  if (!link.ok()) {
    print_error(link.error());
    return kBadInput;
  }
  auto data = std::make_shared<LessonData>(args);
  Result<StepRun> run =
      run_lesson_link(*link, learner_schemas(), [data](const Config& config) { return (*data)(config); });
  if (!run.ok()) {
    print_error(run.error());
    return kBadInput;
  }
  print_warnings(run->warnings);
  std::printf("%s\n", step_run_json(*link, *run).c_str());
  return run->check.met ? kGoalMet : kGoalNotMet;
}

}  // namespace

int cmd_lesson(const Args& args) {
  const std::string what = args.positional.empty() ? "" : args.positional[0];
  if (what == "list") return lesson_list(args);
  if (what == "check") return lesson_check(args);
  std::fprintf(stderr, "error: lesson needs 'list' or 'check'%s\n",
               what.empty() ? "" : (", not '" + what + "'").c_str());
  return usage_error(args.usage);
}

}  // namespace ml::cli
