// marginlab lesson — the lessons (core/lessons/lessons.h): `lesson list` prints one JSON line per lesson
// (--doc: docs/lessons.md), `lesson check --url LINK` runs a lesson link and prints its goal's result.
#include <cstdio>
#include <memory>
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
  // The step's data set, read from the data folder found on first use (data_folder.h).
  auto data = std::make_shared<DataSetCache>([&args](const Config& config) {
    return find_data_folder(args, "the lesson's data set '" + config.csv_name + "'");
  });
  Result<StepRun> run = run_lesson_link(*link, [data](const Config& config) { return (*data)(config); });
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
