// marginlab — the trace: what a session records for the plots and the run's hash (docs/learners.md, "The trace").
//
// A trace is a table of numbers, one row per recorded step, columns in a fixed order: the standard
// columns below, then the learner's counters (Learner::counters() names at reset). Rows are real
// states of the session (a row never mixes values of different steps).
//
// Memory stays bounded on runs of any length by decimation (docs/learners.md "Trace"):
// when the number of committed rows exceeds `capacity`, the interior rows (all but the first and the
// last) are taken in consecutive pairs and each pair keeps one row: the row that holds an extreme of
// some column (the minimum or maximum of that column over all committed rows, first occurrence, NaN
// ignored) is protected; a pair with one protected row keeps it, a pair with two keeps both, a pair
// with none keeps its first row. So the first row, the last row and every column's minimum and maximum
// always survive, and the row count after a decimation is at most capacity/2 + 2*columns + 2.
// `decimations()` counts these halvings; the session doubles its recording spacing cap with each one
// so new rows arrive at the density the old ones were thinned to.
//
// Besides the committed rows a trace may hold a `tail`: the session's state at the end of the latest
// advance() when that step was not on the recording schedule. It is replaced at every advance() and
// dropped when a later row is committed, so the trace (and its CSV and hash) depends only on the
// number of steps taken, never on how they were split into advance() calls.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ml {

// The standard trace columns, in CSV order (learner counters follow).
enum TraceColumn : int {
  kTraceStep = 0,         // steps taken (the row's x coordinate)
  kTraceMistakes,         // online mistakes so far (what the bound counts for online learners)
  kTraceUpdates,          // hypothesis changes so far
  kTraceBound,            // the learner's theoretical bound (NaN when none applies)
  kTraceMargin,           // min_i y_i <w,x_i>/||w|| on the training sample, observed labels; multiclass linear
                          // learners 004 Def. 2 with ||W||_F (Learner::hypothesis_norm); NaN: non-linear or W = 0
  kTraceMarginTrue,       // the same with the true labels
  kTraceMarginClean,      // the same over the points noise left alone, observed labels (NaN: none left)
  kTraceMarginQuantile,   // the kMarginQuantile (10 %) quantile of the training margins, observed labels
  kTraceTrainErrorNoisy,  // training error against the observed (noisy) labels
  kTraceTrainErrorTrue,   // training error against the true labels
  kTraceTestError,        // test error (test labels are always true; NaN when there is no test part)
  kTraceWDotV,            // <w,v> with the generator's target v (NaN when unknown or non-linear)
  kTraceWNorm2,           // ||w||^2 (NaN for non-linear learners)
  kTraceStandardColumns,  // number of standard columns
};

// The column a sampled recording plan appends after the counters: the examples each row's errors and margins are
// over (core/session/record_plan.h).
inline constexpr std::string_view kTraceEvalExamples = "eval_examples";

// The names of the standard columns (CSV header), indexed by TraceColumn.
const std::vector<std::string>& trace_standard_columns();

// A bounded table of recorded session states.
class Trace {
 public:
  // Default capacity: enough for smooth plots, small enough for the browser (rows * columns doubles).
  static constexpr size_t kDefaultCapacity = 4096;

  // An empty trace with the standard columns followed by `counter_names`; capacity must be at least
  // 8 * (columns + 1) so that decimation always frees space.
  explicit Trace(std::vector<std::string> counter_names = {}, size_t capacity = kDefaultCapacity);

  // Column names in order (standard columns, then counters).
  const std::vector<std::string>& columns() const { return columns_; }
  // Number of columns.
  size_t num_columns() const { return columns_.size(); }
  // Committed rows plus the tail when there is one.
  size_t size() const { return committed_ + (has_tail_ ? 1 : 0); }
  // Committed rows only.
  size_t committed() const { return committed_; }
  // True when the last row of size() is the tail (not on the schedule, replaced by the next advance).
  bool has_tail() const { return has_tail_; }
  // Row i (0 <= i < size()), num_columns() values; the tail is row committed().
  const double* row(size_t i) const;
  // Value of row i, column c.
  double at(size_t i, size_t c) const { return row(i)[c]; }
  // Step of the last row (committed or tail), -1 when empty.
  int64_t last_step() const;
  // Step of the last committed row, -1 when none.
  int64_t last_committed_step() const;
  // How many times rows were halved; the session widens its schedule with it.
  int decimations() const { return decimations_; }
  // Row capacity before a decimation.
  size_t capacity() const { return capacity_; }

  // Appends a row (num_columns() values, step strictly after the last committed row); drops the tail
  // and decimates when the committed rows exceed capacity().
  void commit(const std::vector<double>& values);
  // Sets the tail row (step after the last committed row).
  void set_tail(const std::vector<double>& values);
  // Removes every row (columns kept).
  void clear();

  // The trace as CSV: a header of column names, then one line per row (tail included), '\n' line ends.
  // Whole numbers below 2^53 are written as integers ("1000"), others in ml::format_double's shortest
  // round-trip text ("0.1", "nan" for NaN): the same bytes in every build.
  std::string to_csv() const;
  // SHA-256 (hex) of to_csv(): the run's fingerprint, identical natively and in wasm. Remembered until the
  // rows change: a fit's report and its fingerprint ask for it in turn, and formatting costs 20 us a row.
  std::string sha256() const;

 private:
  void decimate();

  std::vector<std::string> columns_;
  size_t capacity_;
  std::vector<double> rows_;  // committed rows, row-major
  size_t committed_ = 0;
  std::vector<double> tail_;
  bool has_tail_ = false;
  int decimations_ = 0;
  mutable std::string sha256_;  // sha256()'s answer for the current rows, empty after any change
};

}  // namespace ml
