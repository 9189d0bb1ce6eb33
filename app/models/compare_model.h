// marginlab app — Compare, apart from drawing: up to four learners trained side by side on the same data
// and the same noisy labels, one Session per learner built from the cells of an experiment whose only axis
// is `learner` (core/experiment), stepped within each frame's time slice shared fairly between them, each
// with its trace as plot series. No ImGui.
//
// Same data, same noise: a cell's configuration differs from the base only in `learner` and the l.*
// parameters the learner has (experiment_cell), and the data pipeline (prepare_data: generator, split,
// normalization, noise) reads no learner setting; the learner draws from its own stream. So every session
// trains on identical training sets with identical corrupted labels (tests/unit/app_compare_model_test.cpp
// checks the data CSVs are byte-identical). The one exception is the adaptive `basis` stream (001 Claim
// 1.4): its labels are chosen against each learner's own predictions, so they differ by design.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/models/plot_model.h"
#include "core/experiment/experiment.h"

namespace ml::app {

// At most this many learners are compared side by side (more open the Sweep view).
inline constexpr int kMaxCompared = 4;

// True when an experiment opens Compare: its only axis is `learner`, with 1..kMaxCompared values.
bool is_compare_experiment(const Experiment& experiment);

// Shares `budget` seconds between n runners in turn, starting with runner `first` (mod n): each active
// runner gets the time still left divided by the number of active runners not yet served, so time one
// leaves unused (it finished, or hit its step cap) goes to the ones after it. `run(i, seconds)` runs
// runner i for at most `seconds` and returns the seconds it used. Returns the seconds used in total.
double share_slice(double budget, int n, int first, const std::function<bool(int)>& active,
                   const std::function<double(int, double)>& run);

// One learner of a comparison.
struct ComparedRun {
  std::string learner;               // registry id (the axis value)
  std::string name;                  // display name
  Cell cell;                         // its cell of the experiment (configuration and single-run link)
  std::unique_ptr<Session> session;  // null when it could not be built (see error)
  std::string error;                 // why it could not be built ("" when built)
  PlotSeriesModel series;            // its trace as plot series (refresh_series)
};

// The learners of a Compare experiment, each with its session.
class CompareModel {
 public:
  // Builds one session per value of the learner axis (in axis order) from experiment_cell; `csv` is the
  // loaded file when the configuration reads one. A learner that cannot be built keeps its error and is
  // left out of training; so does one whose cell's link names another learner (the link's checks replace
  // a binary learner on multiclass data). Focus goes to the first learner built.
  void build(const Experiment& experiment, const Dataset* csv);
  // Drops every session.
  void clear();
  // True when built (at least one learner).
  bool active() const { return !runs_.empty(); }
  // Number of compared learners.
  size_t size() const { return runs_.size(); }
  // Learner i (0 <= i < size()).
  const ComparedRun& run(size_t i) const { return runs_[i]; }
  ComparedRun& run(size_t i) { return runs_[i]; }
  // Counts builds (the views cache per build).
  uint64_t version() const { return version_; }

  // One frame's training: every built learner that is not done and below its cap takes at most
  // `max_steps` steps (0 = no count cap), and not past `step_cap` total steps (0 = no cap); the frame's
  // `budget_seconds` of `now` is shared with share_slice, the first learner served rotating every call.
  // Without a clock each learner just takes its steps. Returns the steps taken by all learners.
  int64_t advance(int64_t max_steps, double budget_seconds, int64_t step_cap, const ClockFn& now);
  // Brings every session's trace tail to its current step (Session::refresh_tail: on pause).
  void refresh_tails();
  // Takes n steps with every learner (paused stepping); returns the steps taken by all learners.
  int64_t step_each(int64_t n);
  // True when every built learner is done, or has at least `step_cap` steps (step_cap > 0).
  bool stopped(int64_t step_cap) const;
  // True while some built learner prepares its next step (a kernel projection fit).
  bool preparing() const;

  // The learner whose regions the 2-D view shows and whose session stands for "the" session (Export,
  // Confusion panel); -1 when none was built.
  int focus() const { return focus_; }
  // Focuses learner i when it was built.
  void set_focus(int i);
  // The focused learner's session (nullptr when none).
  Session* focus_session();
  const Session* focus_session() const;

  // Brings every learner's plot series up to date with its trace.
  void refresh_series();
  // The y cap of the overlaid mistakes plot: 4 x the largest mistake or update count of any learner when
  // some learner's bound (last row) lies beyond it, else 0 (no cap).
  double mistakes_y_cap() const;

 private:
  std::vector<ComparedRun> runs_;
  uint64_t version_ = 0;
  int focus_ = -1;
  int first_ = 0;  // the learner served first in the next advance()
};

}  // namespace ml::app
