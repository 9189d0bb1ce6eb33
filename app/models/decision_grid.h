// marginlab app — the View panel's decision grid, apart from drawing: the learner's class scores on a grid
// of cells over the view rectangle, evaluated a chunk of rows at a time (one Learner::scores_batch call per
// chunk, no per-cell virtual call) under a time budget, then laid out as the texture regions.frag reads
// (four classes per RGBA texel, scaled so that the largest lead of the best class is 1). No ImGui, no GL.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <functional>
#include <vector>

#include "app/models/projection.h"
#include "core/data/dataset.h"
#include "core/util/clock.h"

namespace ml::app {

// Scores every row of X into *out (X.rows() x Q): the learner's scores_batch.
using BatchScorer = std::function<void(const FeatureRef& X, Eigen::MatrixXf* out)>;

// Cells per side for a view of `pixels` layout pixels: one cell per 3 pixels, 24..220.
int grid_cells(float pixels);
// Fewest cells per side of a reduced-detail pass.
inline constexpr int kMinGridCells = 12;

// The decision grid of the 2-D view.
class DecisionGrid {
 public:
  // Starts a pass over the rectangle lo..hi for a view of width x height layout pixels and Q classes,
  // for the hypothesis `hypothesis` (any number that changes whenever the scores would: the learner's
  // updates, the session, the projection); a running pass is dropped. `detail` in (0, 1] scales the
  // cells per side (at least kMinGridCells), so that a pass can finish within one frame while training.
  void start(const double lo[2], const double hi[2], float width, float height, int num_classes,
             uint64_t hypothesis = 0, double detail = 1.0);
  // Drops the running pass and the finished grid.
  void clear();
  // Drops the running pass (the finished grid stays).
  void cancel() { next_row_ = -1; }
  // True while a pass has rows left.
  bool running() const { return next_row_ >= 0; }
  // Evaluates the pass: every cell centre lifted through `projection`, scored `rows_per_call` rows per
  // call of `score`, until the pass is complete or now() passes `deadline` (checked between calls; a null
  // clock finishes the pass). Returns true when this call completed the pass (see ready()). A pass spans
  // calls (frames), and the learner may train in between: when `hypothesis` is not the one the pass
  // started for, the rows scored so far belong to another hypothesis, so the pass is dropped (counted in
  // stale_passes()) and false returned. One finished grid is therefore always one hypothesis: pieced
  // together from several moments it showed horizontal seams while training.
  bool advance(const BatchScorer& score, const Projection& projection, int rows_per_call, const ClockFn& now,
               double deadline, uint64_t hypothesis = 0);
  // Rows per scores_batch call so one call is about `work` multiply-adds for a learner costing
  // `cost_per_point` per point (at least one row).
  int rows_per_call(double cost_per_point, double work = 5e5) const;

  // True when the last completed pass had a decision (some cell with a lead > 0): texels() is valid.
  bool ready() const { return ready_; }
  // Size and classes of the finished grid.
  int width() const { return done_w_; }
  int height() const { return done_h_; }
  int classes() const { return done_q_; }
  // Rectangle of the finished grid.
  const double* lo() const { return done_lo_; }
  const double* hi() const { return done_hi_; }
  // The finished grid for the texture: height rows of width * ceil(Q/4) RGBA texels (floats), class k of
  // cell (r, c) in texel r * width * groups + (k / 4) * width + c, channel k % 4; unused channels -1e30.
  const std::vector<float>& texels() const { return texels_; }
  // Columns and rows of the running (or last started) pass.
  int pass_width() const { return gw_; }
  int pass_height() const { return gh_; }
  // The hypothesis and detail of the finished grid.
  uint64_t hypothesis() const { return done_hypothesis_; }
  double detail() const { return done_detail_; }
  // Passes dropped because the hypothesis changed before they finished.
  int64_t stale_passes() const { return stale_passes_; }
  // Calls of advance() the last finished pass took (1: it finished in the frame it started).
  int calls_of_last_pass() const { return done_calls_; }

 private:
  void finish();

  int gw_ = 0, gh_ = 0, q_ = 2;
  uint64_t hypothesis_ = 0;  // of the running pass
  double detail_ = 1.0;      // of the running pass
  int calls_ = 0;            // advance() calls of the running pass
  int64_t stale_passes_ = 0;
  uint64_t done_hypothesis_ = 0;
  double done_detail_ = 1.0;
  int done_calls_ = 0;
  int next_row_ = -1;
  double lo_[2] = {0, 0}, hi_[2] = {1, 1};
  std::vector<float> scores_;  // cell-major: Q scores per cell of the running pass
  FeatureMatrix cells_;        // lifted cell centres of one call
  Eigen::MatrixXf batch_;      // their scores
  bool ready_ = false;
  int done_w_ = 0, done_h_ = 0, done_q_ = 2;
  double done_lo_[2] = {0, 0}, done_hi_[2] = {1, 1};
  std::vector<float> texels_;
};

}  // namespace ml::app
