// marginlab app — decision boundaries as line segments, for drawing several learners' boundaries over one
// 2-D view (Compare): the learner's class scores on a grid of cell centres (DecisionGrid), then the lines
// where the winning class changes, by marching squares generalized to Q classes. No ImGui, no GL.
//
// Along a grid edge whose two ends have different winners a (at A) and b (at B), the boundary crosses where
// the score difference s_a - s_b, linear along the edge, is zero: at t = d_A / (d_A - d_B) of the way from A,
// with d = s_a - s_b (d_A >= 0 >= d_B). A square of four neighbouring centres with two crossings gets one
// segment between them; with three or four (a junction of three classes, or a saddle) one segment from each
// crossing to their centroid. A uniform positive scale of all scores (DecisionGrid's texels) moves nothing.
#pragma once

#include <cstdint>
#include <vector>

#include "app/models/decision_grid.h"
#include "app/models/projection.h"
#include "core/learners/learner.h"

namespace ml::app {

// A piece of a boundary in view coordinates.
struct BoundarySegment {
  double x0 = 0, y0 = 0;  // one end
  double x1 = 0, y1 = 0;  // the other end
};

// The boundary segments of scores sampled at the centres of a w x h grid of cells over lo..hi: `scores`
// holds q values per cell, cells row by row from lo[1] upwards, each row from lo[0]. The winner of a
// cell is its first largest score.
std::vector<BoundarySegment> boundary_segments(const std::vector<float>& scores, int w, int h, int q,
                                               const double lo[2], const double hi[2]);
// The boundary segments of a finished DecisionGrid (empty when it is not ready).
std::vector<BoundarySegment> boundary_segments(const DecisionGrid& grid);

// One learner's boundary over the view, evaluated again in time slices when its hypothesis or the view's
// rectangle changed.
class BoundaryTracker {
 public:
  // Starts a pass when the hypothesis (`updates`, the learner's update count) or the rectangle differs from
  // the last pass's, at most once per `min_interval` seconds of `now`; advances a running pass until
  // `deadline`. The grid has one cell per `pixels_per_cell` layout pixels (DecisionGrid's size rule at 3).
  void update(const Learner& learner, int64_t updates, const Projection& projection, const double lo[2],
              const double hi[2], float width, float height, const ClockFn& now, double deadline,
              double min_interval = 0.1, float pixels_per_cell = 4.5f);
  // Forgets everything (a new learner).
  void clear();
  // The segments of the last finished pass.
  const std::vector<BoundarySegment>& segments() const { return segments_; }

 private:
  DecisionGrid grid_;
  std::vector<BoundarySegment> segments_;
  int64_t updates_ = -1;  // hypothesis of the last started pass
  double lo_[2] = {0, 0}, hi_[2] = {0, 0};
  double last_start_ = -1e300;
};

}  // namespace ml::app
