// marginlab app — the View panel's state, apart from GL and ImGui: the options, the projected points, the
// rectangle shown (fitted to the data, then zoomed and panned), the decision grid and the margin histogram.
// View (app/ui/view.h) draws it; ViewGl (app/ui/view_gl.h) keeps its GL copy.
//
// Work per frame is bounded: points are rebuilt once per session (or when a w-aligned projection moves),
// the decision function is evaluated on a grid a few rows per frame under a time budget, the histogram is
// recomputed at most a few times a second.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/models/decision_grid.h"
#include "app/models/margin_histogram.h"
#include "app/models/point_stacks.h"
#include "app/models/projection.h"
#include "core/session/session.h"

namespace ml::app {

// What the View panel shows. View settings, like the window's size, stay with the viewer: they are not in
// the link (only what changes a result, and the hidden panels and step budget, are).
struct ViewOptions {
  bool regions = true;                              // decision regions behind the points
  bool test_points = true;                          // test examples as rings
  bool discrete = false;                            // regions in flat class colours (no graded lead)
  ProjectionMode projection = ProjectionMode::pca;  // directions for d > 2
  ViewAxes axes;                                    // the components (pca) or features (features) plotted
};

// The View panel's caches of the session, and the rectangle it shows.
struct ViewState {
  // Brings the caches up to date with the session: points, projection, grid rows (within `budget_seconds`
  // of the clock `now`), histogram.
  void update(const ViewOptions& options, const Session* session, uint64_t session_version, const ClockFn& now,
              double budget_seconds);
  // The points projected with the options' directions, their kinds and bounding box; the rectangle is refit
  // at the next draw.
  void rebuild_points(const ViewOptions& options, const Session& s);
  // Fits the rectangle to the data for an image of width x height pixels (same scale on both axes).
  void fit_rect(float width, float height);
  // view_lo/view_hi from the fitted rectangle and the zoom; a new grid pass is wanted.
  void apply_zoom();
  // Back to the rectangle fitted to the data.
  void reset_zoom();
  // True when the data has more than two varying features (the view is a projection).
  bool projected() const { return projection.varying > 2; }

  const Session* session = nullptr;
  uint64_t session_version = 0;
  int64_t seen_updates = -1;     // learner updates when the caches were last refreshed
  int64_t seen_steps = -1;       // steps at the last update (adaptive streams relabel as they go)
  bool histogram_wanted = true;  // the hypothesis changed since the histogram was computed
  double last_projection_time = -1;
  double last_histogram_time = -1;
  ProjectionMode built_mode = ProjectionMode::pca;
  ViewAxes built_axes;
  uint64_t projection_version = 0;         // counts rebuilds of the projection (part of the grid's hypothesis)
  std::vector<int> varying;                // varying columns of the training data (the axes' choices)
  std::vector<std::string> feature_names;  // and every column's name

  // Points: projected coordinates and kinds (class, flags: 1 corrupted, 2 test), in draw order.
  Projection projection;
  std::vector<float> point_xy;
  std::vector<float> point_kind;
  std::vector<int> point_row;      // row index (train rows, then test rows offset by n_train)
  std::vector<PointStack> stacks;  // training points drawn on top of one another (labelled with their count)
  int num_classes = 2;
  double data_lo[2] = {-1, -1}, data_hi[2] = {1, 1};  // bounding box of the points
  double fit_lo[2] = {-1, -1}, fit_hi[2] = {1, 1};    // the rectangle fitted to the data
  ViewZoom zoom;                                      // zoom and pan relative to it
  double view_lo[2] = {-1, -1}, view_hi[2] = {1, 1};  // what the texture shows
  float fitted_w = 0, fitted_h = 0;                   // the image size the rectangle was fitted to (0: refit)

  // Decision grid (app/models/decision_grid.h).
  DecisionGrid grid;
  bool grid_wanted = true;      // the hypothesis or the rectangle changed since the last pass
  double grid_detail = 1.0;     // detail of the passes while training (halved when a pass went stale)
  double last_grid_start = -1;  // clock time the latest grid pass started

  // Margin histogram (app/models/margin_histogram.h).
  MarginHistogram histogram;

  // What the GL copy (ViewGl) must catch up with; the caches set these, the renderer clears them.
  bool points_dirty = true;    // the points changed since they were uploaded
  bool grid_uploaded = false;  // the finished grid is in the GL texture
  bool texture_dirty = true;   // the texture must be redrawn
};

}  // namespace ml::app
