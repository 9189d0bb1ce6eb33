// marginlab report — NAME.md, NAME.csv and NAME.png of a sweep's rows: mean ± standard error per point and
// paired comparisons with their verdicts (core/experiment/report.h; docs/cli.md).
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#ifndef __EMSCRIPTEN__
#include <spawn.h>
#include <sys/wait.h>
extern char** environ;
#endif

#include "core/config/url.h"
#include "core/experiment/experiment.h"
#include "core/learners/registry.h"
#include "core/util/format.h"
#include "core/util/sha256.h"
#include "native/cli/cli.h"
#include "native/cli/experiment_io.h"
#include "nlohmann/json.hpp"

namespace ml::cli {

namespace {

// A word as the shell reads it back: as is when it is plain, else in single quotes.
std::string shell_word(const std::string& s) {
  bool plain = !s.empty();
  for (char c : s)
    plain = plain && (std::isalnum(static_cast<unsigned char>(c)) ||
                      std::string_view("_./=:,+-@%").find(c) != std::string_view::npos);
  if (plain) return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string base_name(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Checks that every row is a cell of `experiment`: its link is the cell's at its index (report; sweep's
// runner checks the rows it resumes itself). Errors name the file and the cell.
Status check_rows_belong(const std::vector<CellRow>& rows, const Experiment& experiment, const std::string& path) {
  const int64_t count = cell_count(experiment);
  for (const CellRow& row : rows) {
    const std::string cell = "the row of cell " + std::to_string(row.index) + " (" + row.cell + ")";
    if (row.index >= count)
      return make_error("rows.experiment", path + ": " + cell + " is not a cell of the experiment (it has " +
                                               std::to_string(count) + "): the file was written for another link");
    const Cell expected = experiment_cell(experiment, row.index);
    if (expected.url != row.cell)
      return make_error("rows.experiment", path + ": " + cell + " is not cell " + std::to_string(row.index) +
                                               " of the experiment (" + expected.url +
                                               "): the file was written for another link");
  }
  return Status::Ok();
}

// Draws the figure with tools/plot_sweep.py under Debian's python3 (found next to this program's build
// folder, build/<preset>/marginlab, or in the working folder). Natively only.
Status draw_figure(const std::string& csv, const std::string& png, const std::string& metric,
                   const std::string& title) {
#ifdef __EMSCRIPTEN__
  (void)csv, (void)png, (void)metric, (void)title;
  return make_error("report.figure", "this build cannot start python3");
#else
  const char* python = "/usr/bin/python3";
  if (::access(python, X_OK) != 0)
    return make_error("report.figure",
                      std::string(python) + " is missing (tools/setup.sh installs python3-matplotlib)");
  std::vector<std::string> candidates;
  char self[4096];
  const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
  if (n > 0) {
    std::string exe(self, static_cast<size_t>(n));
    candidates.push_back(exe.substr(0, exe.find_last_of('/')) + "/../../tools/plot_sweep.py");
  }
  candidates.push_back("tools/plot_sweep.py");
  std::string script;
  for (const std::string& c : candidates)
    if (::access(c.c_str(), R_OK) == 0) {
      script = c;
      break;
    }
  if (script.empty())
    return make_error("report.figure",
                      "tools/plot_sweep.py not found (looked at " + candidates.front() + " and in the working folder)");
  std::vector<std::string> words = {python, script, csv, png, "--metric", metric, "--title", title};
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (::posix_spawn(&pid, python, nullptr, nullptr, argv.data(), environ) != 0)
    return make_error("report.figure", "cannot start " + std::string(python));
  int status = 0;
  if (::waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return make_error("report.figure", script + " failed (its message is above)");
  return Status::Ok();
#endif
}

// The files a report reads and writes: the rows, and NAME.md, NAME.csv, NAME.png from --out NAME.md.
struct ReportPaths {
  std::string rows, stem, md, csv, png;
};

ReportPaths report_paths(const Args& args) {
  ReportPaths p;
  p.rows = args.positional[0];
  const std::string out = args.get("out");
  p.stem = out.size() > 3 && out.compare(out.size() - 3, 3, ".md") == 0 ? out.substr(0, out.size() - 3) : out;
  p.md = p.stem + ".md";
  p.csv = p.stem + ".csv";
  p.png = p.stem + ".png";
  return p;
}

// A command's early end: the exit code, after the message is printed.
using ExitCode = std::optional<int>;

// The rows file, read and checked against the experiment (an incomplete last line is left out with a warning).
ExitCode read_report_rows(const ReportPaths& paths, const Experiment& experiment, std::vector<CellRow>* rows_out) {
  bool dropped = false;
  Result<std::vector<CellRow>> rows = read_rows(paths.rows, &dropped);
  if (!rows.ok()) {
    print_error(rows.error());
    return 1;
  }
  if (dropped) print_warnings({paths.rows + ": its last line is incomplete (an interrupted sweep): left out"});
  Status belongs = check_rows_belong(rows.value(), experiment, paths.rows);
  if (!belongs.ok()) {
    print_error(belongs.error());
    return 1;
  }
  *rows_out = std::move(rows).value();
  return std::nullopt;
}

// --compare: the axis whose values the paired comparisons set against its first value (default: learner).
ExitCode read_compare_option(const Args& args, const Experiment& experiment, ReportOptions& options) {
  if (!args.has("compare")) return std::nullopt;
  const std::string key = args.get("compare");
  std::vector<std::string> axes;
  for (const Axis& a : experiment.axes)
    if (!is_replicate_key(a.key)) axes.push_back(a.key);
  if (std::find(axes.begin(), axes.end(), key) == axes.end()) {
    std::string names;
    for (const std::string& a : axes) names += (names.empty() ? "" : ", ") + a;
    std::fprintf(stderr, "error: --compare: '%s' is not a non-replicate axis of the experiment (%s)\n", key.c_str(),
                 names.empty() ? "it has none" : ("its axes: " + names).c_str());
    return 1;
  }
  options.compare_key = key;
  return std::nullopt;
}

// --metrics: each must be a number some row has.
ExitCode read_metrics_option(const Args& args, const std::vector<CellRow>& rows, ReportOptions& options) {
  if (!args.has("metrics")) return std::nullopt;
  const std::string metric_list = args.get("metrics");
  for (std::string_view metric : split(metric_list, ',')) {
    const std::string m(metric);
    const bool known = std::any_of(rows.begin(), rows.end(), [&](const CellRow& r) { return r.numbers.count(m) != 0; });
    if (!known) {
      std::string names;
      if (!rows.empty())
        for (const auto& [name, value] : rows.front().numbers) names += (names.empty() ? "" : ", ") + name;
      std::fprintf(stderr, "error: --metrics: no row has a number '%s'%s\n", m.c_str(),
                   names.empty() ? "" : (" (the rows have " + names + ")").c_str());
      return 1;
    }
    options.metrics.push_back(m);
  }
  return std::nullopt;
}

// --reference: the published values the report sets beside its own.
ExitCode read_reference_option(const Args& args, ReportOptions& options) {
  if (!args.has("reference")) return std::nullopt;
  Result<std::string> text = read_file(args.get("reference"));
  if (!text.ok()) {
    print_error(text.error());
    return 1;
  }
  Result<std::vector<ReferenceValue>> refs = parse_reference_tsv(text.value(), args.get("reference"));
  if (!refs.ok()) {
    print_error(refs.error());
    return 1;
  }
  options.references = std::move(refs).value();
  return std::nullopt;
}

// The commands shown at the top: the sweep that makes the rows, then this report as it was called.
std::vector<std::string> report_commands(const Args& args, const ReportPaths& paths, const std::string& link) {
  std::string report_command = "marginlab report " + shell_word(paths.rows);
  for (const char* name : {"url", "out", "reference", "metrics", "compare", "title"})
    if (args.has(name)) report_command += std::string(" --") + name + " " + shell_word(args.get(name));
  if (args.has("no-figure")) report_command += " --no-figure";
  return {"marginlab sweep --url " + shell_word(link) + " --out " + shell_word(paths.rows), report_command};
}

// Draws NAME.png unless --no-figure; *drew says whether it was drawn (never in the node build).
ExitCode draw_report_figure(const Args& args, const ReportPaths& paths, const std::vector<CellRow>& rows,
                            const ReportOptions& options, bool* drew) {
  *drew = false;
  if (args.has("no-figure")) return std::nullopt;
  const std::vector<std::string> metrics = options.metrics.empty() ? report_metrics(rows) : options.metrics;
  const Status figure = draw_figure(paths.csv, paths.png, metrics.empty() ? "test_error" : metrics[0], options.title);
#ifdef __EMSCRIPTEN__
  (void)figure;
  print_warnings({"the figure is not drawn in this build (it cannot start python3): /usr/bin/python3 "
                  "tools/plot_sweep.py " +
                  paths.csv + " " + paths.png});
#else
  if (!figure.ok()) {
    std::fprintf(stderr, "error: report: the figure: %s; %s and %s are written (--no-figure leaves the figure out)\n",
                 figure.error().message.c_str(), paths.md.c_str(), paths.csv.c_str());
    return 1;
  }
  *drew = true;
#endif
  return std::nullopt;
}

}  // namespace

int cmd_report(const Args& args) {
  if (args.positional.size() != 1 || !args.has("url") || !args.has("out")) {
    std::fprintf(stderr, "error: report needs one rows file, --url '<experiment link>' and --out NAME.md\n");
    return usage_error(args.usage);
  }
  const ReportPaths paths = report_paths(args);
  for (const std::string& path : {paths.md, paths.csv}) {
    Status writable = check_output_path("out", path);
    if (!writable.ok()) {
      print_error(writable.error());
      return 1;
    }
  }
  const Experiment experiment = decode_reporting(args.get("url"));
  std::vector<CellRow> rows;
  if (ExitCode end = read_report_rows(paths, experiment, &rows)) return *end;

  ReportOptions options;
  options.title = args.get("title", base_name(paths.stem));
  options.link = encode_experiment(experiment);
  if (ExitCode end = read_compare_option(args, experiment, options)) return *end;
  if (ExitCode end = read_metrics_option(args, rows, options)) return *end;
  if (ExitCode end = read_reference_option(args, options)) return *end;
  options.commands = report_commands(args, paths, options.link);
  options.csv_name = base_name(paths.csv);
  if (!args.has("no-figure")) options.figure_name = base_name(paths.png);

  const SweepReport report = sweep_report(experiment, rows, options);
  print_warnings(report.warnings);
  for (const auto& [path, text] : {std::pair{paths.md, &report.markdown}, std::pair{paths.csv, &report.csv}}) {
    if (!write_file_or_report(path, *text)) return 1;
  }
  bool drew = false;
  if (ExitCode end = draw_report_figure(args, paths, rows, options, &drew)) return *end;
  nlohmann::ordered_json j;
  j["markdown"] = paths.md;
  j["csv"] = paths.csv;
  j["figure"] = drew ? nlohmann::ordered_json(paths.png) : nlohmann::ordered_json(nullptr);
  j["rows"] = rows.size();
  j["cells"] = cell_count(experiment);
  j["markdown_sha256"] = sha256_hex(report.markdown);
  std::printf("%s\n", json_line(j).c_str());
  return 0;
}

}  // namespace ml::cli
