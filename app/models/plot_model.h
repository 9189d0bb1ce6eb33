// marginlab app — the Plots panel's series, apart from drawing: the trace's columns as vectors (rebuilt
// when the trace changes), the perceptron invariants' reference curves, and the choices the panel makes
// from them (which counters to show, the y cap of the mistakes plot). No ImGui.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/session/session.h"

namespace ml::app {

// The trace of the running session as plot series.
class PlotSeriesModel {
 public:
  // Rebuilds the series when the session or its trace changed (nullptr clears them).
  void refresh(const Session* session, uint64_t session_version);
  // Sets the columns directly (one vector per trace column, standard columns first) with the problem's
  // target margin delta and radius R (0 when unknown): what refresh() does with the session's trace.
  void set_columns(std::vector<std::vector<double>> columns, double target_margin, double radius);

  // True when the standard columns are there (a session with a trace).
  bool ready() const;
  // Trace column c (a kTrace* index, or kTraceStandardColumns + counter).
  const std::vector<double>& column(size_t c) const { return columns_[c]; }
  // Every column.
  const std::vector<std::vector<double>>& columns() const { return columns_; }
  // delta * mistakes per row (NaN when delta is unknown): the lower invariant <w,v> >= delta M.
  const std::vector<double>& delta_m() const { return delta_m_; }
  // mistakes * R^2 per row (NaN when R is unknown): the upper invariant ||w||^2 <= M R^2.
  const std::vector<double>& m_r2() const { return m_r2_; }
  // Number of learner counters (columns after the standard ones).
  size_t num_counters() const { return ready() ? columns_.size() - kTraceStandardColumns : 0; }
  // True when updates and mistakes coincide on every row (the perceptron): one line for both.
  bool updates_equal_mistakes() const;
  // True when <w,v> has a value somewhere (a known target and a linear learner).
  bool invariants_known() const;
  // The mistakes plot's y cap for this bound: 4 x the largest count when the bound is beyond that, else 0.
  double mistakes_y_cap(double bound) const;
  // What the fourth plot shows given the wanted mode (0 counters, 1 invariants): counters when there are
  // no invariants, invariants when there are no counters.
  int fourth_plot_mode(int wanted) const;
  // Counters the fourth plot shows (indices among the counters) for a choice: a counter's name, "all",
  // or "" (automatic: all when there are at most three, else the calmest).
  std::vector<size_t> shown_counters(const std::vector<std::string>& counter_names, const std::string& choice) const;

 private:
  uint64_t session_ = 0;
  size_t rows_ = 0;
  int64_t last_step_ = -1;
  std::vector<std::vector<double>> columns_;
  std::vector<double> delta_m_, m_r2_;
};

// True when a finished run took exactly one step (`steps`, the trace's step column, ends at step 1): a
// learner that computes its hypothesis at once (A_mu, 003 §2.1). Its plots show the values after that step
// as numbers, not lines from step 0 (the untrained start) to step 1.
bool one_step_run(const std::vector<double>& steps, bool done);
// The last finite value of a series (NaN when it has none): what a one-step run's plot shows as a number.
double final_value(const std::vector<double>& y);

// The calmest informative series: among those with at least three distinct finite values, the one whose
// direction changes least often (a count that grows or a quantity that shrinks, rather than an index that
// jumps around); ties to the first; 0 when none qualifies.
size_t calmest_series(const std::vector<const std::vector<double>*>& series);

}  // namespace ml::app
