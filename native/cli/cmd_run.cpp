// marginlab run — runs a configuration headless and prints one JSON object (core/metrics/run_report.h).
#include <chrono>
#include <cstdio>
#include <string>

#include "core/config/fields.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/metrics/run_report.h"
#include "core/util/format.h"
#include "native/cli/cli.h"
#include "native/cli/experiment_io.h"

namespace ml::cli {

namespace {
double steady_seconds() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}
}  // namespace

int cmd_run(const Args& args) {
  if (!args.has("url")) {
    std::fprintf(stderr, "usage: marginlab run --url '<url>' [--steps N] [--trace FILE.csv] [--json] [--csv INPUT.csv]\n");
    return 2;
  }
  Result<LoadedExperiment> loaded = load_experiment(args);
  if (!loaded.ok()) {
    print_error(loaded.error());
    return 1;
  }
  print_warnings(loaded->warnings);
  Config config = loaded->config;
  std::string canonical = loaded->canonical_url;
  if (args.has("steps")) {
    long long steps = 0;
    if (!parse_int64(args.get("steps"), &steps) || steps < 1 || steps > kMaxSteps) {
      std::fprintf(stderr, "error: --steps '%s' is not a whole number in [1, %lld]\n", args.get("steps").c_str(),
                   static_cast<long long>(kMaxSteps));
      return 2;
    }
    config.steps = steps;  // the printed URL reproduces this run
    canonical = encode_url(config, learner_schemas());
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
    Status written = write_file(args.get("trace"), report->trace_csv);
    if (!written.ok()) {
      print_error(written.error());
      return 1;
    }
  }
  std::printf("%s\n", report->json.c_str());
  return 0;
}

}  // namespace ml::cli
