// marginlab — the trace's recording plan: at which steps a session commits a row, and which examples a row
// evaluates (docs/learners.md, "The trace"). Pure functions of the resolution (the link's `trace`), the sample's
// size and the learner's costs: the schedule depends only on the steps taken, never on the clock.
//
// A row predicts the examples it evaluates (cost E c, c = multiply-adds per prediction) and the learner's state
// k = max(1, E c / max(kRecordRowBudget, step cost)) thins the schedule: a row at every step while step k <=
// dense_until, then gaps of floor(step k / divisor), at most `cap`, the cap doubling with every trace decimation.
//
// Exact plan (the whole sample, E = N = n_train + n_test): when one row costs at most kRecordRowBudget, when the
// learner's steps are themselves passes over the data, or on an adaptive stream. With P = points:
// dense_until = 200 P/256, divisor = 32 P/256, cap = max(1024, N) 256/P — at the default P = 256 the schedule
// of every earlier version, so old links keep their trace hashes.
//
// Sampled plan (a large sample and cheap steps): a row evaluates a fixed stride subsample of each part
// (stride_rows), and the rows spread over a horizon of H = kRecordHorizonEpochs n_train steps:
// dense_until = P/4, divisor = P/16, cap = 2H/P. E is chosen so that the rows' work over H is
// kRecordWorkRatio of the learning's (in time a quarter of the run), at least kRecordMinSample examples: E =
// clamp(ratio H L / (c R), kRecordMinSample, N) with L the step's cost and R the plan's rows over H
// (planned_rows). The plan is exact after all when that E reaches N.
//
// points = 0 (the trace off): only the first row and the last are recorded; a large sample's two rows
// evaluate kRecordMinSample examples.
#pragma once

#include <cstdint>
#include <vector>

namespace ml {

// Multiply-adds of one row below which rows evaluate the whole sample (and the cost factor is 1).
inline constexpr double kRecordRowBudget = 200000;
// Exact plan at the default resolution: a row at every step up to this one (divided by the cost factor) ...
inline constexpr int64_t kRecordEveryStepUntil = 200;
// ... then gaps of step / this (geometric spacing) ...
inline constexpr int64_t kRecordGeometricDivisor = 32;
// ... capped at max(this, n_train + n_test), the cap doubling with every trace decimation.
inline constexpr int64_t kRecordMaxGap = 1024;
// Sampled plan: the horizon its rows spread over, in passes over the training part.
inline constexpr int64_t kRecordHorizonEpochs = 10;
// Sampled plan: the rows' predictions over the horizon as a fraction of the learning's. Set when a row's example
// cost about three online steps (its prediction, its margin summed in double precision, its share of the quantile;
// measured by bench/bench_python.py), so that the rows took a quarter of the run; kept since, so that traces keep
// their hashes, while a halfspace's row now reads its sample through float estimates (read_halfspace).
inline constexpr double kRecordWorkRatio = 1.0 / 9.0;
// Sampled plan: the fewest examples a row evaluates.
inline constexpr int64_t kRecordMinSample = 512;

// What a plan is made from: the resolution, the parts' sizes and the learner's costs at the start.
struct RecordInputs {
  int points = 256;           // the link's trace (0: off)
  int64_t train_rows = 0;     // n_train
  int64_t test_rows = 0;      // n_test
  double example_cost = 1;    // multiply-adds to predict one example (> 0)
  double step_cost = 0;       // multiply-adds of one step (0: an online step, about one prediction)
  bool whole_sample = false;  // the rows must see every example (an adaptive stream relabels them)
};

// When a session records a row and what the row evaluates.
struct RecordPlan {
  int points = 256;          // the resolution (0: first and last rows only)
  double dense_until = 200;  // a row at every step while step * k <= this
  double divisor = 32;       // then a gap of floor(step * k / divisor) ...
  int64_t cap = 1024;        // ... at most this (doubled with every decimation)
  int64_t train_sample = 0;  // training examples a row evaluates
  int64_t test_sample = 0;   // test examples a row evaluates
  bool sampled = false;      // true when a row evaluates a stride subsample of a part

  // The smallest distance from the last committed row to a row at `step` (past the dense start).
  int64_t gap(int64_t step, double k, int decimations) const;
  // True when a row is due at `step`, the last committed row being at `last`.
  bool due(int64_t step, int64_t last, double k, int decimations) const;
  // Steps from `step` (the last taken) before the next step that may be due: none before it is.
  int64_t steps_to_due(int64_t step, int64_t last, double k, int decimations) const;
};

// The plan for `in` (see the header).
RecordPlan make_record_plan(const RecordInputs& in);
// Rows `plan` commits over steps 1..steps at cost factor 1 without decimation (the step-0 row not counted).
int64_t planned_rows(const RecordPlan& plan, int64_t steps);
// `m` of the indices 0..n-1 spread evenly: floor(j n / m) for j = 0..m-1 (all of them when m >= n).
std::vector<int> stride_rows(int64_t n, int64_t m);

}  // namespace ml
