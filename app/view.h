// marginlab app — the View panel's renderer: the 2-D scatter of the data with the learner's decision
// regions, drawn by the project's shaders (shaders/*.vert|frag, embedded at build time) into an
// offscreen texture that ImGui shows as an image; axes, legend and hover read-outs are drawn over it
// with ImDrawList. Also the margin histogram (for d > 2 beside the projection).
//
// Work per frame is bounded: points are uploaded once per session (or when a w-aligned projection
// moves), the decision function is evaluated on a grid a few rows per frame under a time budget and
// uploaded when the whole grid is done, the histogram is recomputed at most a few times a second.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/models/boundary.h"
#include "app/models/decision_grid.h"
#include "app/models/margin_histogram.h"
#include "app/projection.h"
#include "core/session/session.h"
#include "imgui.h"

namespace ml::app {

// What the View panel shows.
struct ViewOptions {
  bool regions = true;                          // decision regions behind the points
  bool test_points = true;                      // test examples as rings
  ProjectionMode projection = ProjectionMode::pca;  // directions for d > 2
};

// Colour of class q in the view (binary: class 0 = y -1 blue, class 1 = y +1 orange).
ImU32 class_color(int q, int num_classes);

// The 2-D view (owns GL objects; create and use it only while a GL context is current).
class View {
 public:
  View();
  ~View();
  View(const View&) = delete;
  View& operator=(const View&) = delete;

  // Settings shown as checkboxes in the panel.
  ViewOptions options;

  // Brings the caches up to date with the session: points, projection, grid rows (within
  // `budget_seconds` of the clock `now`), histogram. Call once per frame before drawing.
  void update(const Session* session, uint64_t session_version, const ClockFn& now, double budget_seconds);
  // Draws the scatter with regions in a box of `size` at the cursor (renders the texture first).
  void draw_scatter(ImVec2 size);
  // Draws the margin histogram of the training examples (clean vs corrupted) in a box of `size`.
  void draw_histogram(ImVec2 size);
  // True when the data has more than two varying features (the view is a projection).
  bool projected() const { return projection_.varying > 2; }
  // One line describing the axes ("the two features", "PCA of 8 features ...").
  const std::string& describe() const { return projection_.describe; }
  // The map between data space and the view's plane (other learners' boundaries are drawn with it).
  const Projection& projection() const { return projection_; }
  // The rectangle the view shows, in view coordinates (lower-left and upper-right corners).
  const double* view_lo() const { return view_lo_; }
  const double* view_hi() const { return view_hi_; }
  // The image's size in layout pixels (0 before the first draw).
  float image_width() const { return fitted_w_; }
  float image_height() const { return fitted_h_; }
  // Draws line segments given in view coordinates over the last drawn image (clipped to it), `thickness`
  // pixels wide (callers draw a light, wider pass first as a halo).
  void draw_segments(const std::vector<BoundarySegment>& segments, ImU32 color, float thickness) const;

 private:
  void rebuild_points(const Session& s);
  void fit_rect(float width, float height);
  bool ensure_gl();
  void render_texture(int width, int height);

  const Session* session_ = nullptr;
  uint64_t session_version_ = 0;
  int64_t seen_updates_ = -1;      // learner updates when the caches were last refreshed
  int64_t seen_steps_ = -1;        // steps at the last update (adaptive streams relabel as they go)
  bool histogram_wanted_ = true;   // the hypothesis changed since the histogram was computed
  double last_projection_time_ = -1;
  double last_histogram_time_ = -1;
  ProjectionMode built_mode_ = ProjectionMode::pca;

  // Points: projected coordinates and kinds (class, flags: 1 corrupted, 2 test), in draw order.
  Projection projection_;
  std::vector<float> point_xy_;
  std::vector<float> point_kind_;
  std::vector<int> point_row_;     // row index (train rows, then test rows offset by n_train)
  int num_classes_ = 2;
  bool points_dirty_ = true;
  double data_lo_[2] = {-1, -1}, data_hi_[2] = {1, 1};  // bounding box of the points
  double view_lo_[2] = {-1, -1}, view_hi_[2] = {1, 1};  // what the texture shows
  float fitted_w_ = 0, fitted_h_ = 0;
  ImVec2 image_pos_;                 // screen position of the last drawn image

  // Decision grid (app/models/decision_grid.h) and whether its finished grid is in the texture.
  DecisionGrid grid_;
  bool grid_wanted_ = true;        // the hypothesis or the rectangle changed since the last pass

  // Margin histogram (app/models/margin_histogram.h).
  MarginHistogram histogram_;

  // Hover read-out of the decision at the cursor.
  std::vector<float> probe_;
  std::vector<float> probe_scores_;

  // GL objects.
  bool gl_ready_ = false;
  unsigned program_regions_ = 0, program_points_ = 0;
  unsigned vao_quad_ = 0, vbo_quad_ = 0, vao_points_ = 0, vbo_points_xy_ = 0, vbo_points_kind_ = 0;
  unsigned grid_texture_ = 0, fbo_ = 0, color_texture_ = 0;
  unsigned program_composite_ = 0, points_fbo_ = 0, points_texture_ = 0;  // the points layer
  int fbo_w_ = 0, fbo_h_ = 0;
  float pixel_scale_ = 1;  // device pixels per layout pixel (high-DPI screens): the view texture has that many
  bool points_layer_dirty_ = true;  // the points layer must be redrawn
  size_t uploaded_points_ = 0;
  bool grid_uploaded_ = false;
  std::string gl_error_;
  double last_grid_start_ = -1;    // clock time the latest grid pass started
  bool texture_dirty_ = true;      // the texture must be redrawn
  bool drawn_regions_ = false, drawn_test_points_ = false;          // options of the drawn texture
  double drawn_lo_[2] = {0, 0}, drawn_hi_[2] = {0, 0};              // rectangle of the drawn texture
};

}  // namespace ml::app
