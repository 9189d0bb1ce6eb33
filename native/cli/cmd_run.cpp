// marginlab run — runs a configuration headless and prints one JSON object (core/session/run_report.h).
#include <cstdio>
#include <string>
#include <vector>

#include "core/config/fields.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/run_report.h"
#include "core/util/format.h"
#include "native/cli/cli.h"
#include "native/cli/experiment_io.h"
#include "nlohmann/json.hpp"

namespace ml::cli {

namespace {

// The report's JSON object with a "warnings" array appended as its last key (always present, maybe
// empty), so scripts can tell a link that validation changed. Appended as text: every other byte of the
// report, trace_sha256 included, stays what run_report_json wrote.
std::string with_warnings(const std::string& json, const std::vector<std::string>& warnings) {
  const size_t close = json.rfind('}');
  if (close == std::string::npos) return json;
  const std::string list = nlohmann::json(warnings).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return json.substr(0, close) + ",\"warnings\":" + list + json.substr(close);
}
}  // namespace

// Exit code of a run whose learner stopped without a valid result (stop_is_failure; docs/cli.md).
constexpr int kExitNoValidResult = 3;

int cmd_run(const Args& args) {
  if (!args.has("url")) {
    std::fprintf(stderr, "error: run needs --url '<url>'\n");
    return usage_error(args.usage);
  }
  int exit_code = 0;
  std::optional<LoadedExperiment> loaded = load_experiment_reporting(args, &exit_code);
  if (!loaded) return exit_code;
  Config config = loaded->config;
  std::string canonical = loaded->canonical_url;
  if (args.has("steps")) {
    long long steps = 0;  // parse_args checked it against [1, kMaxSteps]
    if (!parse_int64(args.get("steps"), &steps) || steps < 1 || steps > kMaxSteps) return usage_error(args.usage);
    config.steps = steps;  // the printed URL reproduces this run
    canonical = encode_url(config);
  }
  // --strict refuses a link that validation changed before any work (a capped size may still be a long run).
  if (args.has("strict") && !loaded->warnings.empty()) {
    std::fprintf(stderr, "error: --strict: the link has %zu warning%s (validation changed it); it would run as %s\n",
                 loaded->warnings.size(), loaded->warnings.size() == 1 ? "" : "s", canonical.c_str());
    return 1;
  }
  RunOptions options;
  options.now = steady_seconds;
  options.progress_seconds = 2.0;
  options.progress = [&](const Session& s) {
    std::fprintf(stderr, "progress: step %lld of %lld, mistakes %lld, updates %lld\n",
                 static_cast<long long>(s.steps()), static_cast<long long>(config.steps),
                 static_cast<long long>(s.mistakes()), static_cast<long long>(s.updates()));
  };
  Result<RunReport> report = run_headless(config, canonical, loaded->csv ? &*loaded->csv : nullptr, options);
  if (!report.ok()) {
    print_error(report.error());
    return 1;
  }
  print_warnings(report->warnings);
  if (args.has("trace")) {
    if (!write_file_or_report(args.get("trace"), report->trace_csv)) return 1;
  }
  std::vector<std::string> warnings = loaded->warnings;
  warnings.insert(warnings.end(), report->warnings.begin(), report->warnings.end());
  std::printf("%s\n", with_warnings(report->json, warnings).c_str());
  std::fprintf(stderr, "result: %s\n", report->summary.c_str());  // the app's results line's words
  if (args.has("timing")) {
    const RunPhases& t = report->phases;
    std::fprintf(stderr, "timing: data %.6f s, learning %.6f s, report %.6f s (wall clock)\n", t.data, t.learning,
                 t.report);
  }
  if (stop_is_failure(report->stop_reason)) {  // the JSON is printed: it names the stop_reason
    std::fprintf(stderr, "error: the learner stopped without a valid result: %s (%s)%s%s\n",
                 std::string(stop_reason_name(report->stop_reason)).c_str(),
                 std::string(kStopReasons[static_cast<int>(report->stop_reason)].meaning).c_str(),
                 report->stop_note.empty() ? "" : ": ", report->stop_note.c_str());
    return kExitNoValidResult;
  }
  return 0;
}

}  // namespace ml::cli
