// marginlab app — the View panel's renderer: the 2-D scatter of the data with the learner's decision
// regions, drawn by the project's shaders into an offscreen texture (app/ui/view_gl.h) that ImGui shows as an
// image; axes, legend and hover read-outs are drawn over it with ImDrawList. Also the margin histogram (for
// d > 2 beside the projection). What it shows (points, rectangle, decision grid, histogram) is ViewState
// (app/models/view_state.h), kept apart from ImGui and GL.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/models/boundary.h"
#include "app/models/view_state.h"
#include "app/ui/view_gl.h"
#include "core/session/session.h"
#include "imgui.h"

namespace ml::app {

// A click in the view (a press and release without a drag; a drag pans the view instead).
struct ViewClick {
  bool clicked = false;  // this frame had one
  double a = 0, b = 0;   // its view coordinates
  int train_row = -1;    // the nearest training example within 10 pixels of it, or -1
};

// Colour of class q in the view (binary: class 0 = y -1 blue, class 1 = y +1 orange).
ImU32 class_color(int q, int num_classes);

// The 2-D view (owns GL objects). It can be created and brought up to date (update) before a GL context
// exists; start_gl and drawing need the context current.
class View {
 public:
  View() = default;
  View(const View&) = delete;
  View& operator=(const View&) = delete;

  // Settings shown as checkboxes in the panel.
  ViewOptions options;
  // The clock the view's GL calls are timed with (App::cost_clock, for FrameCost); empty: not timed.
  ClockFn cost_clock;
  // Seconds of cost_clock spent issuing GL calls (texture uploads, draws into the view's texture) since
  // the last call of this function.
  double take_gl_seconds();
  // Drawings of the view's texture so far (ViewGl::renders).
  int64_t texture_renders() const { return gl_.renders(); }

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
  void reset_zoom() { state_.reset_zoom(); }
  // True when zoomed or panned.
  bool zoomed() const { return !state_.zoom.identity(); }
  // The last drawn image's corners on screen (layout pixels; the Export panel's view PNG).
  ImVec2 image_min() const { return image_pos_; }
  ImVec2 image_max() const {
    return ImVec2(image_pos_.x + state_.fitted_w, image_pos_.y + state_.fitted_h + legend_h_);
  }
  // Width of the rectangle the view shows, in view coordinates.
  double view_width() const { return state_.view_hi[0] - state_.view_lo[0]; }
  // Varying columns of the training data and their names (the axes' choices).
  const std::vector<int>& varying_columns() const { return state_.varying; }
  const std::vector<std::string>& feature_names() const { return state_.feature_names; }
  // Draws the margin histogram of the training examples (clean vs corrupted) in a box of `size`.
  void draw_histogram(ImVec2 size);
  // True when the data has more than two varying features (the view is a projection).
  bool projected() const { return state_.projected(); }
  // One line describing the axes ("the two features", "PCA of 8 features ...").
  const std::string& describe() const { return state_.projection.describe; }
  // The map between data space and the view's plane (other learners' boundaries are drawn with it).
  const Projection& projection() const { return state_.projection; }
  // The rectangle the view shows, in view coordinates (lower-left and upper-right corners).
  const double* view_lo() const { return state_.view_lo; }
  const double* view_hi() const { return state_.view_hi; }
  // The image's size in layout pixels (0 before the first draw).
  float image_width() const { return state_.fitted_w; }
  float image_height() const { return state_.fitted_h; }
  // Draws line segments given in view coordinates over the last drawn image (clipped to it), `thickness`
  // pixels wide (callers draw a light, wider pass first as a halo).
  void draw_segments(const std::vector<BoundarySegment>& segments, ImU32 color, float thickness) const;

 private:
  struct ImageBox;  // the image on screen and the rectangle it shows (view.cpp)
  struct Legend;    // the legend's items and lines (view.cpp)
  // draw_scatter's stages, in order.
  Legend layout_legend(float width) const;                    // every class, then the corrupted and test marks
  ImVec2 render_image(ImVec2 image);                          // the texture at device pixels, the GL calls timed
  ViewClick handle_mouse(const ImageBox& box, bool hovered);  // wheel zooms, drag pans, a click is returned
  void draw_axes(ImDrawList* dl, const ImageBox& box) const;  // ticks, labels and axis names inside the edges
  void draw_stack_labels(ImDrawList* dl, const ImageBox& box) const;  // "×k" beside stacked points
  void draw_legend(ImDrawList* dl, const ImageBox& box, const Legend& legend, float width) const;
  int nearest_training_point(const ImageBox& box, ImVec2 at) const;  // within 10 px, else -1
  void draw_hover(const ImageBox& box);       // the example under the cursor, else the decision there
  void draw_decision_at(double a, double b);  // hover over no example: the prediction at (a, b)

  ViewState state_;        // what is shown: points, rectangle, decision grid, histogram
  ViewGl gl_;              // its GL copy and the texture
  float legend_h_ = 0;     // the legend line under the image
  bool dragging_ = false;  // the press on the image moved: a pan, not a click
  ImVec2 press_pos_;       // where it started
  ImVec2 image_pos_;       // screen position of the last drawn image
  // Hover read-out of the decision at the cursor.
  std::vector<float> probe_;
  std::vector<float> probe_scores_;
  double gl_seconds_ = 0;  // GL time since take_gl_seconds()
};

}  // namespace ml::app
