// marginlab sweep, merge, report — an experiment's cells as JSON lines, sharded, resumed, merged and reported
// (core/experiment/experiment.h; docs/cli.md, docs/sharding.md).
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#ifndef __EMSCRIPTEN__
#include <spawn.h>
#include <sys/wait.h>
extern char** environ;
#endif

#include "core/config/url.h"
#include "core/experiment/experiment.h"
#include "core/learners/registry.h"
#include "core/util/sha256.h"
#include "native/cli/cli.h"
#include "native/cli/experiment_io.h"
#include "nlohmann/json.hpp"

namespace ml::cli {

namespace {

// Seconds between two progress lines on stderr, and the length of one runner slice.
constexpr double kProgressSeconds = 2.0;
constexpr double kSliceSeconds = 0.25;

double steady_seconds() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

std::string json_line(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// A word as the shell reads it back: as is when it is plain, else in single quotes.
std::string shell_word(const std::string& s) {
  bool plain = !s.empty();
  for (char c : s) plain = plain && (std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_./=:,+-@%").find(c) != std::string_view::npos);
  if (plain) return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string base_name(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Decodes --url as an experiment and prints its warnings.
Experiment decode_reporting(const std::string& url) {
  ExperimentDecode decoded = decode_experiment(url, learner_schemas());
  print_warnings(decoded.warnings);
  return std::move(decoded.experiment);
}

// Reads a rows file; an incomplete last line (an interrupted write) is dropped and reported in *dropped.
Result<std::vector<CellRow>> read_rows(const std::string& path, bool* dropped, std::string* text_out = nullptr) {
  Result<std::string> text = read_file(path);
  if (!text.ok()) return text.error();
  Result<std::vector<CellRow>> rows = parse_cell_rows(text.value(), path, dropped);
  if (text_out) *text_out = std::move(text).value();
  return rows;
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
    const Cell expected = experiment_cell(experiment, row.index, learner_schemas());
    if (expected.url != row.cell)
      return make_error("rows.experiment", path + ": " + cell + " is not cell " + std::to_string(row.index) +
                                               " of the experiment (" + expected.url +
                                               "): the file was written for another link");
  }
  return Status::Ok();
}

// True when some cell of the experiment reads a CSV file (data=csv in the base or on a `data` axis).
bool reads_csv(const Experiment& experiment) {
  if (experiment.base.use_csv) return true;
  for (const Axis& a : experiment.axes)
    if (a.key == "data")
      for (const std::string& v : a.values)
        if (v == "csv") return true;
  return false;
}

// --data-dir: cells' csv= names resolved as files of one folder, each read once (the CSV reader's size
// cap and messages, as --csv). A file whose hash differs from the one the link records is an error here:
// a row must depend only on its link.
class CsvFolder {
 public:
  explicit CsvFolder(std::string dir) : dir_(std::move(dir)) {}

  Result<std::shared_ptr<const Dataset>> operator()(const Config& config) {
    if (dir_.empty())
      return make_error("cli.no_csv", "the cell reads the CSV file '" + config.csv_name +
                                          "': pass the folder that holds it with --data-dir DIR");
    const std::string& name = config.csv_name;
    if (name.empty()) return make_error("cli.no_csv", "the cell has data=csv but no csv= file name");
    // The files the config reads, relative to --data-dir (a benchmark split is two; no absolute path, no '..').
    Result<std::vector<std::string>> files = csv_file_names(config);
    if (!files.ok()) return files.error();
    std::string key = config.csv_hash + '\n' + config.csv_label;
    for (const std::string& f : files.value()) key += '\n' + f;
    if (auto it = cache_.find(key); it != cache_.end()) return it->second;
    std::string mismatch;
    Result<Dataset> data = config.split > 0 ? read_split(files.value(), config) : read_csv_dataset(dir_ + "/" + name, config, &mismatch);
    if (!data.ok()) return data.error();
    if (!mismatch.empty()) return make_error("cli.csv_hash", mismatch + " (sweep refuses it: a row must depend only on its link)");
    auto shared = std::make_shared<const Dataset>(std::move(data).value());
    cache_.emplace(key, shared);
    return shared;
  }

 private:
  // A benchmark split: its training and test files joined by csv_dataset (errors name the file).
  Result<Dataset> read_split(const std::vector<std::string>& files, const Config& config) const {
    std::vector<std::string> paths, texts;
    for (const std::string& f : files) {
      paths.push_back(dir_ + "/" + f);
      Result<std::string> text = read_csv_file(paths.back());
      if (!text.ok()) return text.error();
      texts.push_back(std::move(text).value());
    }
    return csv_dataset(config, paths, {texts.begin(), texts.end()});
  }

  std::string dir_;
  std::map<std::string, std::shared_ptr<const Dataset>> cache_;
};

// "12/40 cells" and the current cell's step, for progress lines.
void print_progress(const ExperimentRunner& runner, double started) {
  std::string line = "progress: " + std::to_string(runner.completed()) + "/" + std::to_string(runner.total()) +
                     " cells";
  if (const Session* s = runner.current()) {
    line += ", cell " + std::to_string(runner.current_index()) + " at step " + std::to_string(s->steps()) + " of " +
            std::to_string(s->config().steps) + ": " + encode_url(s->config(), learner_schemas());
  }
  std::fprintf(stderr, "%s (%.1f s)\n", line.c_str(), steady_seconds() - started);
}

}  // namespace

int cmd_sweep(const Args& args) {
  if (!args.has("url") || !args.has("out")) {
    std::fprintf(stderr, "error: sweep needs --url '<experiment link>' and --out FILE.jsonl\n");
    return usage_error(args.usage);
  }
  int shard = 0, shards = 1;
  if (args.has("shard")) {
    const std::string problem = parse_shard(args.get("shard"), &shard, &shards);
    if (!problem.empty()) {
      std::fprintf(stderr, "error: %s\n", problem.c_str());
      return usage_error(args.usage);
    }
  }
  const std::string out = args.get("out");
  const Experiment experiment = decode_reporting(args.get("url"));

  // CSV files: --data-dir only when a cell reads one, and then an existing folder.
  const std::string data_dir = args.get("data-dir");
  if (args.has("data-dir")) {
    if (!reads_csv(experiment)) {
      std::fprintf(stderr, "error: --data-dir %s is given but no cell of the experiment reads a CSV file (none has "
                           "'data=csv'): drop --data-dir\n", data_dir.c_str());
      return usage_error(args.usage);
    }
    struct stat st {};
    if (::stat(data_dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
      std::fprintf(stderr, "error: --data-dir '%s': %s\n", data_dir.c_str(),
                   ::stat(data_dir.c_str(), &st) != 0 ? "no such folder" : "is a file, not a folder");
      return 1;
    }
  } else if (reads_csv(experiment)) {
    std::fprintf(stderr, "error: the experiment reads CSV files ('data=csv'%s): pass the folder that holds them with "
                         "--data-dir DIR\n",
                 experiment.base.csv_name.empty() ? "" : (", file '" + experiment.base.csv_name + "'").c_str());
    return 1;
  }

  // Resume: the rows already in --out are kept (an interrupted last line is cut off) and their cells
  // skipped. The runner refuses rows of another experiment or shard before the file is touched.
  std::vector<CellRow> done;
  std::string text;
  bool dropped = false;
  struct stat st {};
  if (::stat(out.c_str(), &st) == 0) {
    Result<std::vector<CellRow>> rows = read_rows(out, &dropped, &text);
    if (!rows.ok()) {
      print_error(rows.error());
      return 1;
    }
    done = std::move(rows).value();
  }
  RunnerOptions options;
  options.shard = shard;
  options.shards = shards;
  options.done = done;
  options.csv = CsvFolder(data_dir);
  ExperimentRunner runner(experiment, learner_schemas(), std::move(options));
  if (!runner.error().ok()) {
    // Rows that are cells of the experiment but not of this shard: the file belongs to another shard.
    const bool other_shard = std::any_of(done.begin(), done.end(), [&](const CellRow& r) {
      return r.index < cell_count(experiment) && !in_shard(r.index, shard, shards);
    });
    std::fprintf(stderr, "error: %s: %s: the file was written for another %s; nothing done\n", out.c_str(),
                 runner.error().error().message.c_str(), other_shard ? "shard" : "link");
    return 1;
  }
  if (dropped) {
    const size_t keep = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
    if (::truncate(out.c_str(), static_cast<off_t>(keep)) != 0) {
      std::fprintf(stderr, "error: %s: cannot cut off its incomplete last line\n", out.c_str());
      return 1;
    }
    std::fprintf(stderr, "sweep: %s: its last line was incomplete (an interrupted write): cut off, that cell runs "
                         "again\n", out.c_str());
    text.resize(keep);
  }
  const bool needs_newline = !text.empty() && text.back() != '\n';

  std::FILE* f = std::fopen(out.c_str(), "ab");
  if (!f) {
    std::fprintf(stderr, "error: %s: cannot open file for writing\n", out.c_str());
    return 1;
  }
  if (needs_newline) std::fputc('\n', f);
  std::fprintf(stderr, "sweep: %lld cells%s, %zu already in %s, %lld to run\n", static_cast<long long>(runner.total()),
               shards > 1 ? (" in shard " + std::to_string(shard) + "/" + std::to_string(shards) + " of " +
                             std::to_string(cell_count(experiment))).c_str()
                          : "",
               done.size(), out.c_str(), static_cast<long long>(runner.total() - runner.completed()));

  const double started = steady_seconds();
  double last_progress = started;
  size_t written = 0, warned = 0;
  bool write_failed = false;
  while (!runner.finished()) {
    runner.advance(kSliceSeconds, steady_seconds);
    // Each finished row at once, flushed: an interrupted sweep keeps every row it finished.
    for (; written < runner.rows().size(); ++written) {
      const std::string& json = runner.rows()[written].json;
      std::fwrite(json.data(), 1, json.size(), f);
      std::fputc('\n', f);
    }
    if (std::fflush(f) != 0 || std::ferror(f)) {
      write_failed = true;
      break;
    }
    for (; warned < runner.warnings().size(); ++warned) print_warnings({runner.warnings()[warned]});
    if (steady_seconds() - last_progress >= kProgressSeconds) {
      last_progress = steady_seconds();
      print_progress(runner, started);
    }
  }
  std::fclose(f);
  if (write_failed) {
    std::fprintf(stderr, "error: %s: write error (disk full?)\n", out.c_str());
    return 1;
  }
  if (!runner.error().ok()) {
    print_error(runner.error().error());
    std::fprintf(stderr, "sweep: stopped after %lld/%lld cells; the rows written are kept (run again to resume)\n",
                 static_cast<long long>(runner.completed()), static_cast<long long>(runner.total()));
    return 1;
  }
  std::fprintf(stderr, "sweep: %lld/%lld cells (%.1f s)\n", static_cast<long long>(runner.completed()),
               static_cast<long long>(runner.total()), steady_seconds() - started);

  Result<std::string> result = read_file(out);
  nlohmann::ordered_json j;
  j["out"] = out;
  j["shard"] = std::to_string(shard) + "/" + std::to_string(shards);
  j["cells"] = runner.total();
  j["resumed"] = done.size();
  j["run"] = runner.rows().size();
  j["sha256"] = result.ok() ? sha256_hex(result.value()) : std::string();
  std::printf("%s\n", json_line(j).c_str());
  return 0;
}

int cmd_merge(const Args& args) {
  if (args.positional.empty() || !args.has("out")) {
    std::fprintf(stderr, "error: merge needs one or more rows files and --out FILE.jsonl\n");
    return usage_error(args.usage);
  }
  std::vector<std::vector<CellRow>> lists;
  size_t total = 0;
  // Two different rows for one cell: named with their files here (merge_cell_rows refuses them too, and a
  // link that two cells share with two different results).
  std::map<int64_t, std::pair<const std::string*, const CellRow*>> first;
  for (const std::string& path : args.positional) {
    bool dropped = false;
    Result<std::vector<CellRow>> rows = read_rows(path, &dropped);
    if (!rows.ok()) {
      print_error(rows.error());
      return 1;
    }
    if (dropped)
      print_warnings({path + ": its last line is incomplete (an interrupted sweep): left out; resume that sweep first"});
    total += rows->size();
    lists.push_back(std::move(rows).value());
  }
  for (size_t l = 0; l < lists.size(); ++l) {
    for (const CellRow& r : lists[l]) {
      const auto [it, inserted] = first.emplace(r.index, std::pair{&args.positional[l], &r});
      if (inserted || it->second.second->json == r.json) continue;
      const CellRow& kept = *it->second.second;
      if (kept.cell != r.cell)
        std::fprintf(stderr, "error: merge: %s and %s have different links for cell %lld (%s and %s): the files come "
                             "from different experiments; nothing written\n",
                     it->second.first->c_str(), args.positional[l].c_str(), static_cast<long long>(r.index),
                     kept.cell.c_str(), r.cell.c_str());
      else
        std::fprintf(stderr, "error: merge: %s and %s have different rows for cell %lld (%s); nothing written\n",
                     it->second.first->c_str(), args.positional[l].c_str(), static_cast<long long>(r.index),
                     r.cell.c_str());
      return 1;
    }
  }
  Result<std::vector<CellRow>> merged = merge_cell_rows(lists);
  if (!merged.ok()) {
    std::fprintf(stderr, "error: %s; nothing written\n", merged.error().message.c_str());
    return 1;
  }
  const std::string text = format_cell_rows(merged.value());
  Status written = write_file(args.get("out"), text);
  if (!written.ok()) {
    print_error(written.error());
    return 1;
  }
  nlohmann::ordered_json j;
  j["out"] = args.get("out");
  j["inputs"] = args.positional.size();
  j["rows"] = merged->size();
  j["duplicates"] = total - merged->size();
  j["sha256"] = sha256_hex(text);
  std::printf("%s\n", json_line(j).c_str());
  return 0;
}

namespace {

// Splits a comma list ("test_error,mistakes").
std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    const size_t comma = s.find(',', start);
    out.push_back(s.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) return out;
    start = comma + 1;
  }
}

// Draws the figure with tools/plot_sweep.py under Debian's python3 (found next to this program's build
// folder, build/<preset>/marginlab, or in the working folder). Natively only.
Status draw_figure(const std::string& csv, const std::string& png, const std::string& metric, const std::string& title) {
#ifdef __EMSCRIPTEN__
  (void)csv, (void)png, (void)metric, (void)title;
  return make_error("report.figure", "this build cannot start python3");
#else
  const char* python = "/usr/bin/python3";
  if (::access(python, X_OK) != 0)
    return make_error("report.figure", std::string(python) + " is missing (tools/setup.sh installs python3-matplotlib)");
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
    return make_error("report.figure", "tools/plot_sweep.py not found (looked at " + candidates.front() +
                                           " and in the working folder)");
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

}  // namespace

int cmd_report(const Args& args) {
  if (args.positional.size() != 1 || !args.has("url") || !args.has("out")) {
    std::fprintf(stderr, "error: report needs one rows file, --url '<experiment link>' and --out NAME.md\n");
    return usage_error(args.usage);
  }
  const std::string rows_path = args.positional[0];
  const std::string out = args.get("out");
  const std::string stem = out.size() > 3 && out.compare(out.size() - 3, 3, ".md") == 0 ? out.substr(0, out.size() - 3) : out;
  const std::string md_path = stem + ".md", csv_path = stem + ".csv", png_path = stem + ".png";
  for (const std::string& path : {md_path, csv_path}) {
    Status writable = check_output_path("out", path);
    if (!writable.ok()) {
      print_error(writable.error());
      return 1;
    }
  }
  const Experiment experiment = decode_reporting(args.get("url"));
  bool dropped = false;
  Result<std::vector<CellRow>> rows = read_rows(rows_path, &dropped);
  if (!rows.ok()) {
    print_error(rows.error());
    return 1;
  }
  if (dropped) print_warnings({rows_path + ": its last line is incomplete (an interrupted sweep): left out"});
  Status belongs = check_rows_belong(rows.value(), experiment, rows_path);
  if (!belongs.ok()) {
    print_error(belongs.error());
    return 1;
  }

  ReportOptions options;
  options.title = args.get("title", base_name(stem));
  options.link = encode_experiment(experiment, learner_schemas());
  if (args.has("compare")) {
    // The axis whose values the paired comparisons set against its first value (default: learner).
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
  }
  if (args.has("metrics")) {
    for (const std::string& m : split_commas(args.get("metrics"))) {
      const bool known = std::any_of(rows->begin(), rows->end(), [&](const CellRow& r) { return r.numbers.count(m) != 0; });
      if (!known) {
        std::string names;
        if (!rows->empty())
          for (const auto& [name, value] : rows->front().numbers) names += (names.empty() ? "" : ", ") + name;
        std::fprintf(stderr, "error: --metrics: no row has a number '%s'%s\n", m.c_str(),
                     names.empty() ? "" : (" (the rows have " + names + ")").c_str());
        return 1;
      }
      options.metrics.push_back(m);
    }
  }
  if (args.has("reference")) {
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
  }
  // The commands shown at the top: the sweep that makes the rows, then this report as it was called.
  std::string report_command = "marginlab report " + shell_word(rows_path);
  for (const char* name : {"url", "out", "reference", "metrics", "compare", "title"})
    if (args.has(name)) report_command += std::string(" --") + name + " " + shell_word(args.get(name));
  if (args.has("no-figure")) report_command += " --no-figure";
  options.commands = {"marginlab sweep --url " + shell_word(options.link) + " --out " + shell_word(rows_path),
                      report_command};
  options.csv_name = base_name(csv_path);
  if (!args.has("no-figure")) options.figure_name = base_name(png_path);

  const SweepReport report = sweep_report(experiment, rows.value(), options);
  print_warnings(report.warnings);
  for (const auto& [path, text] : {std::pair{md_path, &report.markdown}, std::pair{csv_path, &report.csv}}) {
    Status written = write_file(path, *text);
    if (!written.ok()) {
      print_error(written.error());
      return 1;
    }
  }
  bool drew = false;
  if (!args.has("no-figure")) {
    const std::vector<std::string> metrics = options.metrics.empty() ? report_metrics(rows.value()) : options.metrics;
    const Status figure = draw_figure(csv_path, png_path, metrics.empty() ? "test_error" : metrics[0], options.title);
#ifdef __EMSCRIPTEN__
    (void)figure;
    print_warnings({"the figure is not drawn in this build (it cannot start python3): /usr/bin/python3 "
                    "tools/plot_sweep.py " + csv_path + " " + png_path});
#else
    if (!figure.ok()) {
      std::fprintf(stderr, "error: report: the figure: %s; %s and %s are written (--no-figure leaves the figure out)\n",
                   figure.error().message.c_str(), md_path.c_str(), csv_path.c_str());
      return 1;
    }
    drew = true;
#endif
  }
  nlohmann::ordered_json j;
  j["markdown"] = md_path;
  j["csv"] = csv_path;
  j["figure"] = drew ? nlohmann::ordered_json(png_path) : nlohmann::ordered_json(nullptr);
  j["rows"] = rows->size();
  j["cells"] = cell_count(experiment);
  j["markdown_sha256"] = sha256_hex(report.markdown);
  std::printf("%s\n", json_line(j).c_str());
  return 0;
}

}  // namespace ml::cli
