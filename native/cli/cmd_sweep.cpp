// marginlab sweep — an experiment's cells as JSON lines, sharded and resumed (core/experiment/experiment.h;
// docs/cli.md, docs/sharding.md). merge and report are cmd_merge.cpp and cmd_report.cpp.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/config/url.h"
#include "core/experiment/experiment.h"
#include "core/learners/registry.h"
#include "core/util/sha256.h"
#include "native/cli/cli.h"
#include "native/cli/data_folder.h"
#include "native/cli/experiment_io.h"
#include "native/cli/sweep_threads.h"
#include "nlohmann/json.hpp"

namespace ml::cli {

namespace {

// The length of one runner slice (one job), and of one wait for rows (more jobs).
constexpr double kSliceSeconds = 0.25;
// A line on stderr per this fraction of the cells when stderr is not a terminal; a bar's redraw interval.
constexpr int kProgressSteps = 10;
constexpr double kBarSeconds = 0.1;
constexpr int kBarWidth = 30;

// True when some cell of the experiment reads a CSV file (data=csv in the base or on a `data` axis).
bool reads_csv(const Experiment& experiment) {
  if (experiment.base.use_csv) return true;
  for (const Axis& a : experiment.axes)
    if (a.key == "data")
      for (const std::string& v : a.values)
        if (v == "csv") return true;
  return false;
}

// The cells' data sets, each read once from the sweep's data folder (data_folder.h). A file whose hash differs
// from the manifest's or the link's is an error: a row must depend only on its link.
DataSetCache cell_data(const std::optional<DataFolder>& folder) {
  return DataSetCache([folder](const Config& config) -> Result<DataFolder> {
    if (!folder)
      return make_error("cli.no_csv", "the cell reads the " + data_set_name(config) + " but no data folder is open");
    return *folder;
  });
}

// Progress on stderr: a bar redrawn in place when stderr is a terminal, else one line per 10 % of the cells.
class ProgressLine {
 public:
  explicit ProgressLine(double started) : started_(started), terminal_(::isatty(2) != 0) {}
  ~ProgressLine() {
    if (drawn_) std::fputc('\n', stderr);
  }

  // Shows `progress` (its seconds are filled in here) when a bar is due or a new step was reached.
  void show(SweepProgress progress) {
    const double now = steady_seconds();
    progress.seconds = now - started_;
    if (terminal_) {
      if (now - drawn_at_ < kBarSeconds && progress.done < progress.total) return;
      std::fprintf(stderr, "\r%s\x1b[K", progress_bar(progress, kBarWidth).c_str());
      drawn_ = true;
      drawn_at_ = now;
      return;
    }
    const int64_t step = progress.total > 0 ? progress.done * kProgressSteps / progress.total : kProgressSteps;
    if (step <= step_) return;
    step_ = step;
    std::fprintf(stderr, "progress: %s\n", progress_text(progress).c_str());
  }

 private:
  double started_;
  bool terminal_;
  bool drawn_ = false;
  double drawn_at_ = -1e300;
  int64_t step_ = 0;
};

// A command's early end: the exit code, after the message is printed.
using ExitCode = std::optional<int>;

// What the command line asks for, checked before any work.
struct SweepRequest {
  std::string out;                   // --out: the rows file, appended to (and resumed from)
  std::optional<DataFolder> folder;  // the data folder, when a cell reads a CSV file
  int shard = 0;                     // --shard I/N
  int shards = 1;
  int jobs = 1;           // --jobs N: threads (default the machine's cores)
  Experiment experiment;  // --url
};

// --data-dir only when a cell reads a CSV file; the data folder (given, or found: data_folder.h) when one does.
ExitCode check_data_dir(const Args& args, SweepRequest& request) {
  if (!reads_csv(request.experiment)) {
    if (!args.has("data-dir")) return std::nullopt;
    std::fprintf(stderr,
                 "error: --data-dir %s is given but no cell of the experiment reads a CSV file (none has "
                 "'data=csv'): drop --data-dir\n",
                 args.get("data-dir").c_str());
    return usage_error(args.usage);
  }
  const std::string& name = request.experiment.base.csv_name;
  Result<DataFolder> folder =
      find_data_folder(args, "the experiment's data" + (name.empty() ? std::string() : " set '" + name + "'"));
  if (!folder.ok()) {
    print_error(folder.error());
    return 1;
  }
  request.folder = std::move(folder).value();
  return std::nullopt;
}

// --jobs N (checked by parse_args), else the link's jobs= when not 0, else the machine's cores. The node
// build has no threads.
ExitCode read_jobs(const Args& args, SweepRequest& request) {
  const int linked = request.experiment.base.jobs;
  request.jobs = args.has("jobs") ? std::stoi(args.get("jobs")) : linked > 0 ? linked : default_jobs();
#ifdef __EMSCRIPTEN__
  if (request.jobs > 1 && args.has("jobs")) {
    std::fprintf(stderr,
                 "error: --jobs %d: this build (node) runs one job (a link's jobs= is ignored); use the native build\n",
                 request.jobs);
    return usage_error(args.usage);
  }
  request.jobs = 1;
#endif
  return std::nullopt;
}

// Reads and checks --url, --out, --shard, --jobs and --data-dir.
ExitCode read_sweep_request(const Args& args, SweepRequest& request) {
  if (!args.has("url") || !args.has("out")) {
    std::fprintf(stderr, "error: sweep needs --url '<experiment link>' and --out FILE.jsonl\n");
    return usage_error(args.usage);
  }
  if (args.has("shard")) {
    const std::string problem = parse_shard(args.get("shard"), &request.shard, &request.shards);
    if (!problem.empty()) {
      std::fprintf(stderr, "error: %s\n", problem.c_str());
      return usage_error(args.usage);
    }
  }
  request.out = args.get("out");
  request.experiment = decode_reporting(args.get("url"));
  if (ExitCode end = read_jobs(args, request)) return *end;
  return check_data_dir(args, request);
}

// The rows already in --out: kept, their cells skipped; an interrupted last line is cut off.
struct ResumedRows {
  std::vector<CellRow> done;  // the complete rows
  std::string text;           // the file's text (without the cut-off line once cut_incomplete_line ran)
  bool dropped = false;       // the last line was incomplete
};

ExitCode read_resumed_rows(const std::string& out, ResumedRows& resumed) {
  struct stat st {};
  if (::stat(out.c_str(), &st) != 0) return std::nullopt;
  Result<std::vector<CellRow>> rows = read_rows(out, &resumed.dropped, &resumed.text);
  if (!rows.ok()) {
    print_error(rows.error());
    return 1;
  }
  resumed.done = std::move(rows).value();
  return std::nullopt;
}

// The runner refused the resumed rows: they belong to another link, or to another shard of this one.
int refuse_resumed_rows(const ExperimentRunner& runner, const SweepRequest& request, const ResumedRows& resumed) {
  const bool other_shard = std::any_of(resumed.done.begin(), resumed.done.end(), [&](const CellRow& r) {
    return r.index < cell_count(request.experiment) && !in_shard(r.index, request.shard, request.shards);
  });
  std::fprintf(stderr, "error: %s: %s: the file was written for another %s; nothing done\n", request.out.c_str(),
               runner.error().error().message.c_str(), other_shard ? "shard" : "link");
  return 1;
}

// Cuts an incomplete last line (an interrupted write) off --out; that cell runs again.
ExitCode cut_incomplete_line(const std::string& out, ResumedRows& resumed) {
  if (!resumed.dropped) return std::nullopt;
  std::string& text = resumed.text;
  const size_t keep = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
  if (::truncate(out.c_str(), static_cast<off_t>(keep)) != 0) {
    std::fprintf(stderr, "error: %s: cannot cut off its incomplete last line\n", out.c_str());
    return 1;
  }
  std::fprintf(stderr,
               "sweep: %s: its last line was incomplete (an interrupted write): cut off, that cell runs "
               "again\n",
               out.c_str());
  text.resize(keep);
  return std::nullopt;
}

// Writes rows to `f`, each followed by a newline. False on a write error.
bool write_rows(std::FILE* f, const std::vector<CellRow>& rows, size_t from = 0) {
  for (size_t i = from; i < rows.size(); ++i) {
    std::fwrite(rows[i].json.data(), 1, rows[i].json.size(), f);
    std::fputc('\n', f);
  }
  return std::fflush(f) == 0 && !std::ferror(f);
}

// How a sweep's run ended: the cells with a row (resumed ones included), the rows run, the error if any.
struct SweepOutcome {
  int64_t completed = 0;
  int64_t run = 0;
  Status error;
};

// One job: the runner in the caller's thread, appending each finished row to `f` at once, flushed: an
// interrupted sweep keeps every row it finished. False on a write error.
bool run_one_job(ExperimentRunner& runner, std::FILE* f, double started, SweepOutcome& outcome) {
  ProgressLine progress(started);
  size_t written = 0, warned = 0;
  while (!runner.finished()) {
    runner.advance(kSliceSeconds, steady_seconds);
    if (!write_rows(f, runner.rows(), written)) return false;
    written = runner.rows().size();
    for (; warned < runner.warnings().size(); ++warned) print_warnings({runner.warnings()[warned]});
    progress.show({runner.completed(), runner.total(), static_cast<int64_t>(written), 0});
  }
  outcome = {runner.completed(), static_cast<int64_t>(written), runner.error()};
  return true;
}

// More jobs: the cells on threads (sweep_threads.h), their rows appended in cell order as they come, so the
// file is the one job's, byte for byte. False on a write error.
bool run_jobs(const SweepRequest& request, const ResumedRows& resumed, std::FILE* f, double started,
              SweepOutcome& outcome) {
  RunnerOptions options;
  options.budget = BudgetProfile::batch;
  options.shard = request.shard;
  options.shards = request.shards;
  options.done = resumed.done;
  options.csv = cell_data(request.folder);
  SweepThreads threads(request.experiment, std::move(options), request.jobs);
  ProgressLine progress(started);
  bool wrote = true;
  while (wrote && !threads.finished()) {
    wrote = write_rows(f, threads.wait_rows(kSliceSeconds));
    print_warnings(threads.take_warnings());
    progress.show(threads.progress(0));
  }
  wrote = wrote && write_rows(f, threads.wait_rows(0));
  const SweepProgress end = threads.progress(0);
  outcome = {end.done, end.run, threads.error()};
  return wrote;
}

// Opens --out for appending (after a newline when its last row lacks one), says what will run, runs it.
ExitCode append_rows(ExperimentRunner& runner, const SweepRequest& request, const ResumedRows& resumed,
                     SweepOutcome& outcome) {
  const std::string& out = request.out;
  const bool needs_newline = !resumed.text.empty() && resumed.text.back() != '\n';
  std::FILE* f = std::fopen(out.c_str(), "ab");
  if (!f) {
    std::fprintf(stderr, "error: %s: cannot open file for writing\n", out.c_str());
    return 1;
  }
  if (needs_newline) std::fputc('\n', f);
  std::fprintf(stderr, "sweep: %lld cells%s, %zu already in %s, %lld to run on %d job%s\n",
               static_cast<long long>(runner.total()),
               request.shards > 1
                   ? (" in shard " + std::to_string(request.shard) + "/" + std::to_string(request.shards) + " of " +
                      std::to_string(cell_count(request.experiment)))
                         .c_str()
                   : "",
               resumed.done.size(), out.c_str(), static_cast<long long>(runner.total() - runner.completed()),
               request.jobs, request.jobs == 1 ? "" : "s");

  const double started = steady_seconds();
  const bool wrote =
      request.jobs > 1 ? run_jobs(request, resumed, f, started, outcome) : run_one_job(runner, f, started, outcome);
  std::fclose(f);
  if (!wrote) {
    std::fprintf(stderr, "error: %s: write error (disk full?)\n", out.c_str());
    return 1;
  }
  if (!outcome.error.ok()) {
    print_error(outcome.error.error());
    std::fprintf(stderr, "sweep: stopped after %lld/%lld cells; the rows written are kept (run again to resume)\n",
                 static_cast<long long>(outcome.completed), static_cast<long long>(runner.total()));
    return 1;
  }
  std::fprintf(stderr, "sweep: %lld/%lld cells (%.1f s)\n", static_cast<long long>(outcome.completed),
               static_cast<long long>(runner.total()), steady_seconds() - started);
  return std::nullopt;
}

}  // namespace

int cmd_sweep(const Args& args) {
  SweepRequest request;
  if (ExitCode end = read_sweep_request(args, request)) return *end;

  // Resume: the rows already in --out are kept (an interrupted last line is cut off) and their cells
  // skipped. The runner refuses rows of another experiment or shard before the file is touched (and runs
  // the cells when there is one job).
  ResumedRows resumed;
  if (ExitCode end = read_resumed_rows(request.out, resumed)) return *end;
  RunnerOptions options;
  options.budget = BudgetProfile::batch;
  options.shard = request.shard;
  options.shards = request.shards;
  options.done = resumed.done;
  options.csv = cell_data(request.folder);
  ExperimentRunner runner(request.experiment, std::move(options));
  if (!runner.error().ok()) return refuse_resumed_rows(runner, request, resumed);
  if (ExitCode end = cut_incomplete_line(request.out, resumed)) return *end;
  SweepOutcome outcome;
  if (ExitCode end = append_rows(runner, request, resumed, outcome)) return *end;

  Result<std::string> result = read_file(request.out);
  nlohmann::ordered_json j;
  j["out"] = request.out;
  j["shard"] = std::to_string(request.shard) + "/" + std::to_string(request.shards);
  j["cells"] = runner.total();
  j["resumed"] = resumed.done.size();
  j["run"] = outcome.run;
  j["sha256"] = result.ok() ? sha256_hex(result.value()) : std::string();
  std::printf("%s\n", json_line(j).c_str());
  return 0;
}

}  // namespace ml::cli
