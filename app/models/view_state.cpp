// marginlab app — the View panel's state (see view_state.h).
#include "app/models/view_state.h"

#include <algorithm>
#include <cmath>

namespace ml::app {

void ViewState::update(const ViewOptions& options, const Session* session_now, uint64_t version, const ClockFn& now,
                       double budget_seconds) {
  if (!session_now) {
    session = nullptr;
    return;
  }
  const double t = now ? now() : 0;
  if (session_now != session || version != session_version) {
    session = session_now;
    session_version = version;
    rebuild_points(options, *session);
    grid.clear();
    grid_uploaded = false;
    texture_dirty = true;
    grid_wanted = true;
    seen_updates = -1;
    seen_steps = -1;
    histogram = {};
    last_histogram_time = last_projection_time = -1;
  }
  if (options.projection != built_mode || !(options.axes == built_axes)) rebuild_points(options, *session);
  // Adaptive streams relabel examples as they go: the kinds follow the steps.
  if (session->adaptive_labels() && session->steps() != seen_steps) rebuild_points(options, *session);
  seen_steps = session->steps();
  const int64_t updates = session->updates();
  if (updates != seen_updates) {
    if (built_mode == ProjectionMode::weights && projected() && t - last_projection_time > 0.3) {
      rebuild_points(options, *session);
      last_projection_time = t;
    }
    grid_wanted = true;
    histogram_wanted = true;
    seen_updates = updates;
  }
  // The hypothesis a grid pass is for: a pass is dropped when it changes before the pass finishes
  // (DecisionGrid::advance), so one texture is always one hypothesis, never rows from several moments.
  const uint64_t hypothesis = (session_version << 40) ^ (projection_version << 28) ^ static_cast<uint64_t>(updates);
  // A new pass at most ten times a second: while training, the regions follow the learner at a pace
  // the eye can use, and the texture is redrawn only when a pass completes. While the learner changes
  // every frame, a pass must finish within a frame: each dropped pass halves the detail, each pass that
  // finished in one frame raises it again; once the hypothesis rests, a pass at full detail follows.
  if (!grid.running() && fitted_w > 0) {
    const bool refine = grid.ready() && grid.hypothesis() == hypothesis && grid.detail() < 1.0;
    if (refine || (grid_wanted && (t - last_grid_start >= 0.1 || !grid.ready()))) {
      grid.start(view_lo, view_hi, fitted_w, fitted_h, session->learner().num_classes(), hypothesis,
                 refine ? 1.0 : grid_detail);
      grid_wanted = false;
      last_grid_start = t;
    }
  }
  if (grid.running()) {
    // One scores_batch call per chunk of rows (no per-cell virtual call), a chunk about 5e5 multiply-adds.
    const Learner& learner = session->learner();
    const double cost = learner.predict_cost() > 0 ? learner.predict_cost() : projection.dims;
    const BatchScorer score = [&learner](const FeatureRef& X, Eigen::MatrixXf* out) { learner.scores_batch(X, out); };
    const int64_t stale = grid.stale_passes();
    if (grid.advance(score, projection, grid.rows_per_call(cost), now, t + budget_seconds, hypothesis)) {
      grid_uploaded = false;
      if (!grid.ready()) texture_dirty = true;
      if (grid.ready() && grid.calls_of_last_pass() == 1) grid_detail = std::min(1.0, grid_detail * 1.25);
    } else if (grid.stale_passes() != stale) {
      grid_detail = std::max(0.05, grid_detail * 0.5);
      grid_wanted = true;
    }
  }
  if (histogram_wanted && (t - last_histogram_time > 0.25 || last_histogram_time < 0)) {
    histogram = margin_histogram(session->learner(), session->data().train);
    histogram_wanted = false;
    last_histogram_time = t;
  }
}

void ViewState::rebuild_points(const ViewOptions& options, const Session& s) {
  const Dataset& train = s.data().train;
  const Dataset& test = s.data().test;
  num_classes = std::max(2, s.learner().num_classes());
  const int old_dims = projection.dims;
  projection =
      make_projection(train.X, train.feature_names, options.projection, s.learner().weights(), 4000, options.axes);
  // Other axes or data of another dimension: the zoom of the old picture means nothing here.
  if (options.projection != built_mode || !(options.axes == built_axes) || projection.dims != old_dims)
    zoom = ViewZoom{};
  built_mode = options.projection;
  built_axes = options.axes;
  ++projection_version;
  varying.clear();
  for (int j = 0; j < train.cols(); ++j) {
    const auto column = train.X.col(j);
    if (train.rows() > 0 && column.maxCoeff() > column.minCoeff()) varying.push_back(j);
  }
  feature_names = train.feature_names;
  point_xy.clear();
  point_kind.clear();
  point_row.clear();
  const int n_train = train.rows(), n_test = test.rows();
  point_xy.reserve(static_cast<size_t>(n_train + n_test) * 2);
  point_kind.reserve(static_cast<size_t>(n_train + n_test) * 2);
  auto add = [&](const Dataset& data, int i, float flags, int row_id) {
    const Eigen::Vector2d p = projection.project(data.X, i);
    point_xy.push_back(static_cast<float>(p[0]));
    point_xy.push_back(static_cast<float>(p[1]));
    point_kind.push_back(static_cast<float>(data.label[static_cast<size_t>(i)]));
    point_kind.push_back(flags);
    point_row.push_back(row_id);
  };
  // Draw order: test rings under the training points, corrupted points on top.
  for (int i = 0; i < n_test; ++i) add(test, i, 2, n_train + i);
  for (int i = 0; i < n_train; ++i)
    if (train.corruption[static_cast<size_t>(i)] == Corruption::none) add(train, i, 0, i);
  for (int i = 0; i < n_train; ++i)
    if (train.corruption[static_cast<size_t>(i)] != Corruption::none) add(train, i, 1, i);
  // Coinciding training points (the pull adversary's single spot): the view labels the largest stacks.
  stacks = point_stacks(point_xy, static_cast<size_t>(n_test), 3, 6);
  double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
  for (size_t k = 0; k + 1 < point_xy.size(); k += 2) {
    for (int a = 0; a < 2; ++a) {
      const double v = point_xy[k + static_cast<size_t>(a)];
      if (!std::isfinite(v)) continue;
      lo[a] = std::min(lo[a], v);
      hi[a] = std::max(hi[a], v);
    }
  }
  for (int a = 0; a < 2; ++a) {
    if (!(lo[a] <= hi[a])) {
      lo[a] = -1;
      hi[a] = 1;
    }
    if (hi[a] - lo[a] < 1e-9) {
      lo[a] -= 1;
      hi[a] += 1;
    }
    data_lo[a] = lo[a];
    data_hi[a] = hi[a];
  }
  points_dirty = true;
  fitted_w = fitted_h = 0;  // refit the rectangle at the next draw
}

void ViewState::fit_rect(float width, float height) {
  fitted_w = width;
  fitted_h = height;
  double lo[2], hi[2];
  for (int a = 0; a < 2; ++a) {
    const double pad = (data_hi[a] - data_lo[a]) * 0.06;
    lo[a] = data_lo[a] - pad;
    hi[a] = data_hi[a] + pad;
  }
  if (projection.jitter_y) {
    lo[1] = -1.6;
    hi[1] = 1.6;
  } else {
    // Same scale on both axes, so angles and margins look as they are.
    const double sx = (hi[0] - lo[0]) / std::max(1.0f, width), sy = (hi[1] - lo[1]) / std::max(1.0f, height);
    const double s = std::max(sx, sy);
    for (int a = 0; a < 2; ++a) {
      const double c = (lo[a] + hi[a]) * 0.5, half = s * (a == 0 ? width : height) * 0.5;
      lo[a] = c - half;
      hi[a] = c + half;
    }
  }
  for (int a = 0; a < 2; ++a) {
    fit_lo[a] = lo[a];
    fit_hi[a] = hi[a];
  }
  apply_zoom();
}

void ViewState::apply_zoom() {
  zoomed_rect(fit_lo, fit_hi, zoom, view_lo, view_hi);
  grid_wanted = true;
  grid.cancel();  // a running pass is for the old rectangle
}

void ViewState::reset_zoom() {
  zoom = ViewZoom{};
  apply_zoom();
}

}  // namespace ml::app
