// marginlab app — Sweep, apart from drawing: an ExperimentRunner (core/experiment) advanced in the frame's
// time slices with pause and cancel, or, where the host has a pool (the page's Web Workers: web/pool.js),
// its cells run by the pool and their rows merged here in cell order (core/experiment/cell_queue.h), the plot it fills
// in live — a metric's mean ± standard error over the replicate axis (seed) against the first numeric non-replicate
// axis, one line per combination of the other axes (one per learner) — and the exports: the rows as the command line
// writes them (JSON lines, their sha256) and as CSV. No ImGui.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/experiment/cell_queue.h"
#include "core/experiment/experiment.h"

namespace ml::app {

// One line of the sweep plot: the points that share the values of every non-replicate axis but x.
struct SweepLine {
  std::string name;           // "perceptron", or "learner=perceptron, l.updates=3"; "" when x is the only axis
  std::vector<double> x;      // x positions, increasing (the axis value, or its index when not numeric)
  std::vector<double> mean;   // the metric's mean over the replicates with a row (NaN when none yet)
  std::vector<double> se;     // its standard error (NaN for fewer than two)
  std::vector<int> n;         // rows averaged
  std::vector<size_t> point;  // index into SweepPlotData::points
};

// The sweep plot's data.
struct SweepPlotData {
  std::string metric;                 // the row field plotted ("test_error")
  std::string x_key;                  // the axis on x ("" when the experiment has no non-replicate axis)
  bool x_numeric = false;             // x positions are the axis' values (else the values' indices)
  std::vector<std::string> x_labels;  // the x axis' values as written, by index (for a non-numeric axis)
  std::vector<SweepPoint> points;     // sweep_points of the experiment, in cell order
  std::vector<SweepLine> lines;       // in order of first appearance among the points
  size_t points_filled = 0;           // points with at least one row
};

// The plot of `rows` for `metric`: x is the first non-replicate axis other than `learner` whose values
// all parse as numbers, else the first non-replicate axis (values by index), else a single position 0.
SweepPlotData sweep_plot_data(const Experiment& experiment, const std::vector<CellRow>& rows, std::string_view metric);

// The refused cells among `rows` of a sweep of `total` cells, in words that stay on screen (never only in a
// tooltip): "" when none was refused; "all 12 cells refused: REASON" when every cell has its row and none ran;
// else "3 of 12 cells refused: REASON". REASON is the first refused cell's error (the same words as a single
// run's refusal), followed by "(and N other reasons)" when the refused cells give more than one.
std::string refusal_summary(const std::vector<CellRow>& rows, int64_t total);
// True when `rows` has rows and every one of them is a refused cell's (none ran).
bool none_ran(const std::vector<CellRow>& rows);
// What the sweep's plot says while it has no point: once every cell has its row, why (refusal_summary when none
// ran, else that no cell gave the metric a value); "cancelled before any cell gave a value" after a cancel; else
// "the first cells are running...".
std::string sweep_empty_text(const std::vector<CellRow>& rows, int64_t total, bool cancelled);

// The rows as CSV: index, one column per axis (the cell's values), then every numeric field that occurs in
// some row (sorted by name; whole numbers as digits, else the shortest exact text; empty where a row has
// none or it is null), then the error of a refused cell (quoted; empty for a run), then the cell's link
// (quoted).
std::string cell_rows_csv(const Experiment& experiment, const std::vector<CellRow>& rows);

// Runs a sweep's pieces away from the frame (the page's Web Workers). The model hands it pieces while it
// has room and takes back what ended; a piece's rows depend only on the experiment link and its cells.
class CellExecutor {
 public:
  // A piece that ended: its rows as JSON lines, or a failure (its worker died or threw) and why.
  struct Ended {
    CellWork work;
    bool failed = false;
    std::string text;  // the rows (format_cell_rows) or the failure's message
  };
  // Stops every piece at once (terminates the workers).
  virtual ~CellExecutor() = default;
  // How many more pieces it takes now.
  virtual int room() const = 0;
  // Starts `work`'s cells of the experiment link `experiment_url`.
  virtual void start(const std::string& experiment_url, const CellWork& work) = 0;
  // The pieces that ended since the last call.
  virtual std::vector<Ended> take_ended() = 0;
  // Stops every piece at once; nothing ends after it.
  virtual void stop() = 0;
  // What it runs on, for the Sweep panel: "2 Web Workers, heap 18 MB at most each (bounded by 512 MB)".
  virtual std::string describe() const = 0;
  // Waits up to `seconds` for a piece to end, where the host can block (the desktop's threads; the page's
  // workers answer between frames, so it returns at once there): a run to the end without frames.
  virtual void wait_for_end(double seconds) { (void)seconds; }
};
// Makes a host's executor for a sweep of `jobs` cells at once (the link's jobs=; 0: the host's choice).
using CellExecutorFactory = std::function<std::unique_ptr<CellExecutor>(int jobs)>;
// The host's factory, set once at start (the page); without one, sweeps run in the frame's slices.
void set_cell_executor_factory(CellExecutorFactory factory);

// A running sweep.
class SweepModel {
 public:
  // With an executor, ended pieces' rows are merged at most this often (seconds of advance()'s clock): what
  // the Sweep panel shows changes a few times a second instead of at every piece, so a page that draws only
  // changed frames (app/models/redraw_gate.h) draws few while the workers have the cores. Pieces are handed
  // out at every advance().
  static constexpr double kMergeSeconds = 0.5;
  // A sweep over every cell of `experiment` (one process, no resume: its rows are the bytes `marginlab
  // sweep` writes for the whole experiment); `csv` supplies a loaded file to cells that read one.
  // With a host's executor (set_cell_executor_factory) and no cell reading a CSV file, the executor runs
  // the cells; otherwise advance() runs them in the caller's slices.
  SweepModel(Experiment experiment, CsvProvider csv = {});
  // Stops the executor's pieces.
  ~SweepModel();
  SweepModel(const SweepModel&) = delete;
  SweepModel& operator=(const SweepModel&) = delete;

  // Advances the runner for up to `seconds` of `now` unless paused, cancelled or finished (with an
  // executor: merges the rows of pieces that ended and starts pieces while it has room, unless paused);
  // returns the rows finished.
  int advance(double seconds, const ClockFn& now);
  // Pauses (true) or resumes (false); a cancelled or finished sweep stays as it is.
  void set_paused(bool paused) { paused_ = paused; }
  bool paused() const { return paused_; }
  // Stops for good: the rows so far stay (plot, exports), no further cell runs.
  void cancel();
  bool cancelled() const { return cancelled_; }
  // True when every cell has a row (or the runner stopped on an error).
  bool finished() const { return pool_ ? pool_->queue.finished() : runner_.finished(); }
  // True while cells still run on advance().
  bool running() const { return !paused_ && !cancelled_ && !finished(); }
  // Cells with a row, and cells in total.
  int64_t completed() const { return pool_ ? pool_->queue.completed() : runner_.completed(); }
  int64_t total() const { return pool_ ? pool_->queue.total() : runner_.total(); }
  // The cell being run (-1 between cells, when finished, or when an executor runs them) and its steps.
  int64_t current_index() const { return runner_.current_index(); }
  int64_t current_steps() const { return runner_.current() ? runner_.current()->steps() : 0; }
  // The error that stopped the runner (ok() when none).
  const Status& error() const { return runner_.error(); }
  // Warnings of the cells run so far.
  const std::vector<std::string>& warnings() const { return runner_.warnings(); }
  // The finished rows, in index order.
  const std::vector<CellRow>& rows() const { return pool_ ? pool_->rows : runner_.rows(); }
  // Cells done of total, the rate and the time left as of the latest merged row (so that they change only
  // when rows come), at `now` of the clock advance() is given.
  SweepProgress progress(double now) const;
  // What the cells run on: "this page's frames" or the executor's description.
  std::string runs_on() const;
  // The experiment.
  const Experiment& experiment() const { return runner_.experiment(); }

  // The plot for `metric`, recomputed when the metric changed, when the sweep stopped running with new rows,
  // and while it runs whenever max(1, total / 50) rows arrived since the last computation (every row of a
  // small sweep; a 100 000-cell one not at every frame).
  const SweepPlotData& plot(std::string_view metric);
  // The rows as JSON lines (format_cell_rows): the bytes of `marginlab sweep --out` for this experiment.
  std::string rows_jsonl() const { return format_cell_rows(rows()); }
  // SHA-256 (hex) of rows_jsonl(), cached per row count.
  const std::string& rows_sha256();
  // The rows as CSV (cell_rows_csv).
  std::string rows_csv() const { return cell_rows_csv(experiment(), rows()); }
  // Rows of cells whose learner or pipeline refused the data (CellRow::error; left out of the plot).
  size_t error_rows() const;
  // The row of cell `index`, or nullptr when it has none yet.
  const CellRow* row_of(int64_t index) const;
  // The single-run link of cell `index`.
  std::string cell_link(int64_t index) const;
  // "KEY=value" of each axis of cell `index`, joined by ", ".
  std::string cell_label(int64_t index) const;

 private:
  // The executor's side: the queue of pieces, the merged rows and the link the pieces run.
  struct Pool {
    std::unique_ptr<CellExecutor> executor;
    CellQueue queue;
    std::string url;
    std::vector<CellRow> rows;
  };
  int merge_ended();
  // advance() with an executor: merges what ended (when due) and hands out pieces; without a clock (a run to
  // the end) it first waits a moment for a piece to end.
  int advance_pool(const ClockFn& now);
  // True at most every kMergeSeconds of `now` (always without a clock).
  bool merge_due(const ClockFn& now);
  ExperimentRunner runner_;
  std::unique_ptr<Pool> pool_;
  double started_ = -1;      // the clock's time at the first advance()
  double last_row_at_ = -1;  // the clock's time when the latest row was merged
  double last_merge_at_ = -1;
  bool paused_ = false;
  bool cancelled_ = false;
  SweepPlotData plot_;
  size_t plot_rows_ = static_cast<size_t>(-1);
  std::string hash_;
  size_t hash_rows_ = static_cast<size_t>(-1);
};

}  // namespace ml::app
