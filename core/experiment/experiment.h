// marginlab — experiments: a base configuration plus axes, expanded to cells, each cell one canonical
// link and one result row (docs/experiments.md; the link syntax is in docs/url.md).
//
// [SECTION] Axes and the experiment link   `x.KEY=` lists and ranges over any URL key, validated, capped
// [SECTION] Cells                          the product of the axes, each a canonical single-run link
// [SECTION] Rows                           one JSON line per cell; shards, resume, merge
// [SECTION] Running                        ExperimentRunner: cells advanced in caller-sized time slices
// [SECTION] Statistics                     mean ± standard error per point, paired comparisons, verdicts
// [SECTION] Reports                        Markdown and CSV of a sweep, reference values, the figure's data
// [SECTION] Protocols                      x.select=first: model selection on each group's first replicate
//
// A cell's row depends only on its link: never on the order the cells run in, the shard or the process.
// That is what makes sharding (every N-th cell), resuming (skip cells written), running `jobs` cells at once
// (cell_queue.h) and merging (union, refusing two rows for one link) exact. The app, the command line, the reproduction
// reports and the tests all use these functions; nothing here prints or touches files.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/config/config.h"
#include "core/config/setting_ref.h"
#include "core/session/session.h"
#include "core/settings/params.h"
#include "core/util/clock.h"
#include "core/util/status.h"

namespace ml {

// =====================================================================================================
// [SECTION] Axes and the experiment link
// =====================================================================================================

// At most this many axes in one experiment.
inline constexpr int kMaxAxes = 6;
// At most this many values on one axis.
inline constexpr int kMaxAxisValues = 1000;
// At most this many cells in one experiment (the product of the axes' sizes); larger products are cut.
inline constexpr int64_t kMaxExperimentCells = 100000;
// Axes whose values are repetitions of one measurement (statistics average over them, pair by them).
inline constexpr std::string_view kReplicateKeys[] = {"seed", "split"};

// One axis: the setting it varies and its values as canonical URL text.
struct Axis {
  std::string key;                  // the setting's key in the link: a field ("eta", "seed") or a learner parameter
  std::string spec;                 // the values as written in the link ("0:0.4:0.05"), canonicalised
  std::vector<std::string> values;  // expanded, each checked against the setting, without repeats
  SettingRef setting;               // the setting `key` names, resolved when the link was decoded
  // Same key and values.
  bool operator==(const Axis&) const = default;
};

// An experiment: what every cell shares and what varies.
struct Experiment {
  Config base;                 // the base configuration (the link without its x.* keys), valid
  std::vector<Axis> axes;      // in link order; the first varies slowest
  ParamValues foreign_params;  // l.* values for learners on the learner axis other than base.learner
  std::string select;          // x.select: "" (none) or a selection protocol ([SECTION] Protocols)
  // Same base and axes.
  bool operator==(const Experiment&) const = default;
};

// A decoded experiment link and what the user must be told about it.
struct ExperimentDecode {
  Experiment experiment;
  std::vector<std::string> warnings;  // the base link's warnings, then one per rejected axis or value
};

// Reads an experiment link: a single-run link plus `x.KEY=SPEC` pairs. SPEC is a comma list whose items
// are values, real ranges `a:b:step` (a, a+step, ... up to b inclusive, to 1e-9 of a step) or integer
// ranges `i..j`. An unknown key, a key that cannot vary (v, hide, csvhash), a repeated axis, a value the
// setting rejects and a parameter no learner of the experiment has give a warning and are dropped; past
// kMaxExperimentCells the last axes are cut (warning). Never fails: a link without axes is one cell.
ExperimentDecode decode_experiment(std::string_view url);
// The canonical experiment link: the base's canonical link, then `&x.KEY=SPEC` per axis in order.
std::string encode_experiment(const Experiment& experiment);
// True when the link has at least one x.* key (it describes an experiment, not a single run).
bool is_experiment_link(std::string_view url);
// True when `key` names a replicate axis (kReplicateKeys).
bool is_replicate_key(std::string_view key);
// The experiment part of docs/url.md (Markdown): the x.KEY= syntax, what may vary, the caps.
std::string render_experiment_reference();

// =====================================================================================================
// [SECTION] Cells
// =====================================================================================================

// One cell: a point of the axes' product and its single-run link.
struct Cell {
  int64_t index = 0;                  // position in the product (first axis slowest)
  std::vector<std::string> values;    // one value per axis
  std::string url;                    // canonical single-run link (encode_url of the resolved config)
  Config config;                      // the configuration the link decodes to
  std::vector<std::string> warnings;  // what decoding the cell's link reported (a value with no effect)
  std::string run_url;                // the link the cell runs when a protocol resolved it (else "": url)
};

// The number of points in the axes' product (1 without axes).
int64_t cell_count(const Experiment& experiment);
// The axes' values of the cell at `index`, one per axis (cheap: no link is built).
std::vector<std::string> cell_values(const Experiment& experiment, int64_t index);
// The cell at `index` (0 <= index < cell_count). A learner axis drops the base's l.* parameters the
// cell's learner does not have (they belong to another learner of the comparison).
Cell experiment_cell(const Experiment& experiment, int64_t index);
// The shard `shard` of `shards` takes the cells whose index ≡ shard (mod shards), in index order; with a
// selection protocol the runner passes the cell's group instead (shard_unit), so shards take whole groups.
bool in_shard(int64_t index, int shard, int shards);
// Parses "i/N" (0 <= i < N <= 100000) for --shard; "" on success, else the problem.
std::string parse_shard(std::string_view text, int* shard, int* shards);

// =====================================================================================================
// [SECTION] Rows
// =====================================================================================================

// One result row: the run report of a cell (run_report_json) preceded by its index and link.
struct CellRow {
  int64_t index = 0;                      // the cell's index in its experiment
  std::string cell;                       // the cell's link (the merge key)
  std::string json;                       // the whole row, one line without newline
  std::map<std::string, double> numbers;  // numeric fields by name; counters as "counters.NAME"; null: NaN
  std::string error;                      // a refused cell's error message ("" for a run); no numbers then
  // The named number (test_error, mistakes, counters.NAME, ...), NaN when absent.
  double number(std::string_view name) const;
};

// The row of a finished (or budget-exhausted) session of cell `cell`.
CellRow cell_row(const Cell& cell, const Session& session);
// The row of a cell whose session could not be created (the learner or the pipeline refused its data):
// {"index": i, "cell": link, "error": {"code", "message"}}. It depends only on the link, like any row.
CellRow cell_error_row(const Cell& cell, const Error& error);
// Parses one row line; errors name what is wrong ("row: not JSON", "row: missing 'cell'").
Result<CellRow> parse_cell_row(std::string_view line);
// Parses a JSON-lines text: one row per non-empty line. An incomplete last line (no newline at the end
// and not JSON: an interrupted write) is dropped and reported in *dropped_tail (may be null). Errors name
// `source` and the line number: "cells.jsonl:3: row: not JSON".
Result<std::vector<CellRow>> parse_cell_rows(std::string_view text, std::string_view source, bool* dropped_tail);
// The rows as JSON lines, each followed by '\n'.
std::string format_cell_rows(const std::vector<CellRow>& rows);
// The union of row lists, sorted by index, one row per link. Two rows with the same link and different
// contents, or the same index and different links (rows of two experiments), are an error naming both.
Result<std::vector<CellRow>> merge_cell_rows(const std::vector<std::vector<CellRow>>& lists);

// =====================================================================================================
// [SECTION] Running
// =====================================================================================================

// True for an error of the environment rather than of the cell (no CSV provider, or the provider could not
// supply the file: "experiment.no_csv", "experiment.csv_unavailable"): it stops a runner; any other refusal
// is the cell's result (an error row).
bool is_environment_error(const Error& error);

// Supplies a cell's CSV data (Session::create's csv) when its config reads a file; the command line
// resolves csv= names in a folder. Absent or returning an error: the cell fails with that error.
using CsvProvider = std::function<Result<std::shared_ptr<const Dataset>>(const Config& config)>;

// What an ExperimentRunner is asked to do.
struct RunnerOptions {
  int shard = 0;               // run the cells of this shard ...
  int shards = 1;              // ... of this many
  std::vector<CellRow> done;   // rows already written (resume): their cells are skipped
  CsvProvider csv;             // CSV data for cells that read a file
  std::vector<int64_t> cells;  // when not empty: only these cells of the shard, in this order (a pool's work)
  BudgetProfile budget = BudgetProfile::interactive;  // batch on the command line and in Python (config/budget.h)
};

class CellProtocol;

// Runs an experiment's cells one after another, each to its step budget (config.steps) or until its
// learner is done, in slices of the caller's time: the app calls advance() once a frame, the command
// line in a loop. Rows come out in index order; the result of each is independent of the slicing. A
// selection protocol (x.select) runs before the cells that need it, in the same slices.
class ExperimentRunner {
 public:
  // A runner over the cells of options.shard that are not in options.done.
  ExperimentRunner(Experiment experiment, RunnerOptions options);

  // Advances the current cell (creating it first if needed) for up to max_seconds of `now`'s clock, or
  // by whole cells without a clock; moves finished rows to rows(). Returns the number of rows finished.
  // A cell whose learner or pipeline refuses the data gives an error row (cell_error_row) and the runner
  // goes on; a cell whose CSV cannot be supplied stops the runner with that error (nothing to measure).
  int advance(double max_seconds, const ClockFn& now);
  // Runs every remaining cell (the command line's loop without progress).
  Status run_all();

  // True when every cell of the shard has a row (or the runner stopped on an error).
  bool finished() const;
  // The error that stopped the runner, if any ("cell 12 (#v=1&...): csv: ...").
  const Status& error() const { return error_; }
  // Rows finished by this runner, in index order (rows given in options.done are not repeated).
  const std::vector<CellRow>& rows() const { return rows_; }
  // Cells of the shard in total, and how many have a row (including options.done's).
  int64_t total() const { return static_cast<int64_t>(pending_.size()) + already_done_; }
  // Rows finished by this runner plus the resumed ones.
  int64_t completed() const { return next_ + already_done_; }
  // The cell being run (nullptr between cells or when finished).
  const Session* current() const { return session_.get(); }
  // The current cell's index (-1 when none).
  int64_t current_index() const;
  // Warnings of the cells run so far (each prefixed with the cell index), deduplicated.
  const std::vector<std::string>& warnings() const { return warnings_; }
  // The experiment.
  const Experiment& experiment() const { return experiment_; }

 private:
  Result<bool> prepare_cell(double max_seconds, const ClockFn& now);
  Status start_cell();
  void finish_cell();

  Experiment experiment_;
  CsvProvider csv_;
  BudgetProfile budget_;
  std::vector<int64_t> pending_;  // cell indices of the shard still to run, in order
  int64_t already_done_ = 0;
  size_t next_ = 0;  // position in pending_
  Cell cell_;
  bool cell_built_ = false;                 // cell_ is pending_[next_], possibly still being prepared
  std::shared_ptr<CellProtocol> protocol_;  // x.select's selections, made once per group
  std::unique_ptr<Session> session_;
  std::shared_ptr<const Dataset> csv_data_;
  std::vector<CellRow> rows_;
  std::vector<std::string> warnings_;
  Status error_;
};

// =====================================================================================================
// [SECTION] Statistics
// =====================================================================================================

// Mean and standard error of the mean of n values (se = sd / sqrt(n), sd with n - 1; se NaN for n < 2).
struct MeanSe {
  int n = 0;
  double mean = 0;
  double se = 0;
};
// The MeanSe of the finite values (NaN values are skipped: a metric that does not apply).
MeanSe mean_se(const std::vector<double>& values);

// One point of a sweep: the values of the non-replicate axes, and the metric over the replicates.
struct SweepPoint {
  std::vector<std::string> values;  // one per non-replicate axis, in axis order
  std::vector<int64_t> cells;       // the cell indices averaged (one per replicate)
  MeanSe stat;                      // the metric over those cells' rows (rows missing are not counted)
};

// The experiment's points for a metric: one per combination of non-replicate axis values, in cell order.
// Rows are matched to cells by index; cells without a row are left out of the statistic.
std::vector<SweepPoint> sweep_points(const Experiment& experiment, const std::vector<CellRow>& rows,
                                     std::string_view metric);
// The non-replicate axes' keys (the columns of sweep_points' values).
std::vector<std::string> point_keys(const Experiment& experiment);

// A paired comparison of two values of one axis (two learners) at one point of the other axes, over the
// replicates both have: differences d_r = metric(b, r) - metric(a, r), a two-sided paired t-test.
struct PairedComparison {
  std::string key;              // the compared axis ("learner")
  std::string a, b;             // the two values compared (b - a)
  std::vector<std::string> at;  // "KEY=value" of the other non-replicate axes
  MeanSe diff;                  // mean ± se of b - a over the paired replicates
  double t = 0;                 // mean / se (NaN when se is 0 or n < 2)
  double p = 0;                 // two-sided p-value of the paired t-test (n - 1 degrees of freedom)
  std::string verdict;          // one sentence computed from the numbers (see paired_verdict)
};

// Every pair (baseline, other) of values of axis `key` at every point of the other non-replicate axes,
// the baseline being the axis' first value. Empty when the experiment has no such axis.
std::vector<PairedComparison> compare_paired(const Experiment& experiment, const std::vector<CellRow>& rows,
                                             std::string_view metric, std::string_view key, double alpha = 0.05);
// "bylander has a lower test_error than perceptron at eta=0.2: -0.031 ± 0.004 (paired t-test over 10
// paired replicates, t = -7.21, p = 5.1e-05; significant at 5 %)." — or "no significant difference in ...".
std::string paired_verdict(const PairedComparison& c, std::string_view metric, double alpha);
// Two-sided p-value of Student's t with `dof` degrees of freedom: P(|T| >= |t|).
double student_t_two_sided_p(double t, double dof);

// =====================================================================================================
// [SECTION] Reports
// =====================================================================================================
// A sweep's report as text (core/experiment/report.cpp): the Markdown table of mean ± standard error per
// point, the paired comparisons' verdicts, and the points as CSV. `marginlab report` writes them and the
// reproduction docs are made of them; the figure is drawn from the CSV by tools/plot_sweep.py.

// A published number for one point of a sweep (a reproduction's reference), shown beside ours.
struct ReferenceValue {
  std::map<std::string, std::string> at;  // point key -> value as written ("eta" -> "0.10")
  std::string metric;                     // the row field it stands beside ("test_error")
  double mean = 0;                        // in the metric's own unit (test_error is a fraction)
  double sd = 0;                          // the publication's standard deviation; NaN when not given
  std::string source;                     // where it was published ("000 Table 3")
  int line = 0;                           // its line in the file, for messages
};

// Parses a reference table: tab-separated, '#' lines and blank lines skipped, a header naming the point
// keys and then exactly `metric mean sd source`, one value per line (sd empty or "-" when not given).
// Errors name `source_name` and the line: "ref.tsv:4: mean 'x' is not a number".
Result<std::vector<ReferenceValue>> parse_reference_tsv(std::string_view text, std::string_view source_name);

// What a sweep report shows and links.
struct ReportOptions {
  std::string title;                       // the first heading
  std::vector<std::string> commands;       // the commands that produced the report, shown at the top
  std::string link;                        // the experiment link, shown at the top
  std::vector<std::string> metrics;        // the table's metrics; empty: report_metrics(rows)
  std::string compare_key = "learner";     // paired comparisons between this axis' values, when it is an axis
  std::string csv_name;                    // the CSV file beside the Markdown, linked ("" : not linked)
  std::string figure_name;                 // the figure beside the Markdown, shown ("" : none)
  std::vector<ReferenceValue> references;  // published values, in an extra column per metric that has any
  double alpha = 0.05;                     // the paired tests' significance level
};

// The text of a report.
struct SweepReport {
  std::string markdown;               // title, commands and link, the table, the comparisons, the files
  std::string csv;                    // one line per point: keys, n/mean/se per metric, references
  std::vector<std::string> warnings;  // cells without a row, references that match no point
};

// The main metrics the rows have (test_error, train_error_true, mistakes, bound), in that order; a metric
// is left out when no row has a finite value of it.
std::vector<std::string> report_metrics(const std::vector<CellRow>& rows);
// "0.0312 ± 0.0042": the mean to the standard error's second significant digit ("7 ± 0" when se is 0,
// "0.25" with one value, "n/a" with none).
std::string format_mean_se(const MeanSe& stat);
// The report of an experiment's rows: the table of sweep_points per metric (references beside them, †
// where ours is more than 2 reference sd away), compare_paired's verdicts on the first metric, the files.
SweepReport sweep_report(const Experiment& experiment, const std::vector<CellRow>& rows, const ReportOptions& options);

// =====================================================================================================
// [SECTION] Protocols
// =====================================================================================================
//
// A protocol changes how some cells run, and is part of the experiment link: `x.select=first` is model
// selection on the first replicate (000 §5.1, the reproductions docs/rp_toy.md and docs/rp_ida.md). Cells
// form groups — the same values on every non-replicate axis — and, for each group, the group's first
// replicate (every replicate axis at its first value) runs its learner's own cross-validation once (l.cv=1,
// same data and seed as that cell); then every cell of the group runs with the parameters it chose and
// l.cv=0. For the rp learner those are l.dims and the Gaussian width l.sigma (l.width_c dropped); cells of
// other learners run as they are. A row's "cell" stays the experiment's cell link (the merge and resume
// key); its "config" is the link the cell ran, a single-run link that reproduces the row on its own.
// Shards take whole groups (shard_unit), so no two shards repeat a selection.

// The protocol key of an experiment link and its one value.
inline constexpr std::string_view kSelectKey = "select";
inline constexpr std::string_view kSelectFirst = "first";

// "" when `value` names a selection protocol ("first"), else the problem (for decode_experiment's warning).
std::string check_select(std::string_view value);
// The group of cell `index`: its position in the product of the non-replicate axes (first slowest).
int64_t cell_group(const Experiment& experiment, int64_t index);
// The index of the group's first replicate (the selection cell of cell `index`'s group).
int64_t group_first_cell(const Experiment& experiment, int64_t index);
// What a shard takes: the cell's index, or with a selection protocol its group (in_shard(shard_unit(...))).
int64_t shard_unit(const Experiment& experiment, int64_t index);
// One warning per axis whose values a selection protocol overrides (the parameters a learner's registry row
// says its selection clears or chooses, e.g. x.l.dims with x.select=first): such an axis does not change what
// that learner's cells run.
std::vector<std::string> protocol_warnings(const Experiment& experiment);

// What the selection chose for one group.
struct Selection {
  ParamValues values;   // the chosen parameter values (the RP classifier's dims and sigma)
  double cv_error = 0;  // mean validation error of the chosen values (noisy labels)
};

// The model selection protocol of one runner: selections computed once per group, in time slices.
class CellProtocol {
 public:
  // A protocol for the experiment's x.select (none: every cell runs as it is).
  CellProtocol(const Experiment& experiment);

  // Works toward the link `cell` runs, for up to max_seconds of `now` (to the end without a clock): runs
  // (or continues) its group's selection if needed, then rewrites cell.config and cell.run_url with it.
  // Returns false when out of time (call again), true when the cell is ready. Errors: the selection cell's
  // data or learner, prefixed "selection for cell N (link): "; a group whose selection was refused returns
  // the same error for each of its cells without running it again (the runner writes error rows).
  Result<bool> prepare(Cell& cell, const CsvProvider& csv, double max_seconds, const ClockFn& now);
  // The selections made so far, by group.
  const std::map<int64_t, Selection>& selections() const { return chosen_; }
  // How many selections this object ran (each group once).
  int selections_run() const { return static_cast<int>(chosen_.size()); }

 private:
  struct Running;
  Status start(int64_t group, const Cell& cell, const CsvProvider& csv);
  void apply(Cell& cell, const Selection& s) const;

  Experiment experiment_;
  bool select_first_ = false;
  std::map<int64_t, Selection> chosen_;
  std::map<int64_t, Error> refused_;  // groups whose selection the data or the learner refused
  std::shared_ptr<Running> running_;  // the selection in progress
};

}  // namespace ml
