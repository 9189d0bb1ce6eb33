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
#include "app/models/point_stacks.h"
#include "app/projection.h"
#include "core/session/session.h"
#include "imgui.h"

namespace ml::app {

// What the View panel shows. View settings, like the window's size, stay with the viewer: they are not in
// the link (only what changes a result, and the hidden panels and step budget, are).
struct ViewOptions {
  bool regions = true;                          // decision regions behind the points
  bool test_points = true;                      // test examples as rings
  bool discrete = false;                        // regions in flat class colours (no graded lead)
  ProjectionMode projection = ProjectionMode::pca;  // directions for d > 2
  ViewAxes axes;                                // the components (pca) or features (features) plotted
};

// A click in the view (a press and release without a drag; a drag pans the view instead).
struct ViewClick {
  bool clicked = false;   // this frame had one
  double a = 0, b = 0;    // its view coordinates
  int train_row = -1;     // the nearest training example within 10 pixels of it, or -1
};

// Colour of class q in the view (binary: class 0 = y -1 blue, class 1 = y +1 orange).
ImU32 class_color(int q, int num_classes);

// The 2-D view (owns GL objects). It can be created and brought up to date (update) before a GL context
// exists; start_gl and drawing need the context current.
class View {
 public:
  View() = default;
  ~View();
  View(const View&) = delete;
  View& operator=(const View&) = delete;

  // Settings shown as checkboxes in the panel.
  ViewOptions options;
  // The clock the view's GL calls are timed with (App::cost_clock, for FrameCost); empty: not timed.
  ClockFn cost_clock;
  // Seconds of cost_clock spent issuing GL calls (texture uploads, draws into the view's texture) since
  // the last call of this function.
  double take_gl_seconds();

  // Issues the compiles and links of the programs the first drawing needs; the first drawing checks them
  // (and issues them itself if this was not called). Call once the GL context is current.
  void start_gl();
  // Brings the caches up to date with the session: points, projection, grid rows (within
  // `budget_seconds` of the clock `now`), histogram. Call once per frame before drawing.
  void update(const Session* session, uint64_t session_version, const ClockFn& now, double budget_seconds);
  // Draws the scatter with regions in a box of `size` at the cursor (renders the texture first). The wheel
  // over it zooms about the cursor, a drag pans; returns the click of this frame, if any.
  ViewClick draw_scatter(ImVec2 size);
  // Back to the rectangle fitted to the data.
  void reset_zoom();
  // True when zoomed or panned.
  bool zoomed() const { return !zoom_.identity(); }
  // The last drawn image's corners on screen (layout pixels; the Export panel's view PNG).
  ImVec2 image_min() const { return image_pos_; }
  ImVec2 image_max() const { return ImVec2(image_pos_.x + fitted_w_, image_pos_.y + fitted_h_ + legend_h_); }
  // Width of the rectangle the view shows, in view coordinates.
  double view_width() const { return view_hi_[0] - view_lo_[0]; }
  // Varying columns of the training data and their names (the axes' choices).
  const std::vector<int>& varying_columns() const { return varying_; }
  const std::vector<std::string>& feature_names() const { return feature_names_; }
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
  void apply_zoom();  // view_lo_/hi_ from the fitted rectangle and zoom_
  bool ensure_gl();
  bool regions_program_ready();  // true once the regions program can be used without waiting for its compile
  void render_texture(int width, int height);

  // A shader program whose compiles and link were issued and not yet checked: the browser's GPU process works
  // on them while the app goes on, and the first status query waits for what is left (WebGL has no way to
  // ask without waiting: Chromium does not expose KHR_parallel_shader_compile on SwiftShader).
  struct PendingProgram {
    unsigned program = 0, vs = 0, fs = 0;
    bool checked = false;
    void start(const char* vert, const char* frag);  // issues the two compiles and the link
    bool finish(std::string* error);                 // true when it linked; else appends the logs to *error
    void release();                                  // deletes what is left of it
  };

  const Session* session_ = nullptr;
  uint64_t session_version_ = 0;
  int64_t seen_updates_ = -1;      // learner updates when the caches were last refreshed
  int64_t seen_steps_ = -1;        // steps at the last update (adaptive streams relabel as they go)
  bool histogram_wanted_ = true;   // the hypothesis changed since the histogram was computed
  double last_projection_time_ = -1;
  double last_histogram_time_ = -1;
  ProjectionMode built_mode_ = ProjectionMode::pca;
  ViewAxes built_axes_;
  uint64_t projection_version_ = 0;  // counts rebuilds of the projection (part of the grid's hypothesis)
  std::vector<int> varying_;
  std::vector<std::string> feature_names_;

  // Points: projected coordinates and kinds (class, flags: 1 corrupted, 2 test), in draw order.
  Projection projection_;
  std::vector<float> point_xy_;
  std::vector<float> point_kind_;
  std::vector<int> point_row_;     // row index (train rows, then test rows offset by n_train)
  std::vector<PointStack> stacks_;  // training points drawn on top of one another (labelled with their count)
  int num_classes_ = 2;
  bool points_dirty_ = true;
  double data_lo_[2] = {-1, -1}, data_hi_[2] = {1, 1};  // bounding box of the points
  double fit_lo_[2] = {-1, -1}, fit_hi_[2] = {1, 1};    // the rectangle fitted to the data
  ViewZoom zoom_;                                        // zoom and pan relative to it
  double view_lo_[2] = {-1, -1}, view_hi_[2] = {1, 1};  // what the texture shows
  float legend_h_ = 0;               // the legend line under the image
  bool dragging_ = false;            // the press on the image moved: a pan, not a click
  ImVec2 press_pos_;                 // where it started
  float fitted_w_ = 0, fitted_h_ = 0;
  ImVec2 image_pos_;                 // screen position of the last drawn image

  // Decision grid (app/models/decision_grid.h) and whether its finished grid is in the texture.
  DecisionGrid grid_;
  bool grid_wanted_ = true;        // the hypothesis or the rectangle changed since the last pass
  double grid_detail_ = 1.0;       // detail of the passes while training (halved when a pass went stale)

  // Margin histogram (app/models/margin_histogram.h).
  MarginHistogram histogram_;

  // Hover read-out of the decision at the cursor.
  std::vector<float> probe_;
  std::vector<float> probe_scores_;

  // GL objects.
  bool gl_ready_ = false;
  PendingProgram points_program_, composite_program_;  // started by start_gl
  bool programs_started_ = false;                       // start_gl ran
  PendingProgram regions_program_;                      // started after the first drawing (update)
  int64_t renders_ = 0;                 // drawings of the texture so far
  int64_t regions_started_at_ = -1;     // renders_ when the regions program was started (-1: not yet)
  unsigned vao_quad_ = 0, vbo_quad_ = 0, vao_points_ = 0, vbo_points_xy_ = 0, vbo_points_kind_ = 0;
  unsigned grid_texture_ = 0, fbo_ = 0, color_texture_ = 0;
  unsigned points_fbo_ = 0, points_texture_ = 0;  // the points layer
  int fbo_w_ = 0, fbo_h_ = 0;
  bool framebuffers_unchecked_ = false;  // resized since their completeness was last checked
  float pixel_scale_ = 1;  // device pixels per layout pixel (high-DPI screens): the view texture has that many
  bool points_layer_dirty_ = true;  // the points layer must be redrawn
  size_t uploaded_points_ = 0;
  bool grid_uploaded_ = false;
  std::string gl_error_;
  double gl_seconds_ = 0;          // GL time since take_gl_seconds()
  double last_grid_start_ = -1;    // clock time the latest grid pass started
  bool texture_dirty_ = true;      // the texture must be redrawn
  bool drawn_regions_ = false, drawn_test_points_ = false, drawn_discrete_ = false;  // options of the drawn texture
  double drawn_lo_[2] = {0, 0}, drawn_hi_[2] = {0, 0};              // rectangle of the drawn texture
};

}  // namespace ml::app
