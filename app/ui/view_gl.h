// marginlab app — the View panel's GL resources: the shader programs (shaders/*.vert|frag, embedded at build
// time, compiled in the background), the points' buffers, the decision grid's texture and the offscreen
// framebuffers the view is drawn into (a points layer, then regions and points composited). View shows the
// result as an ImGui image.
//
// The GL copy of ViewState is brought up to date lazily: points uploaded when they changed, the grid when a
// pass finished, and the texture redrawn only when something it shows changed (software renderers pay for
// every pixel).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "app/models/view_state.h"

namespace ml::app {

// A colour of the view, components 0..1.
struct Rgb {
  float r, g, b;
};
// Colour of class q (binary: class 0 = y -1 blue, class 1 = y +1 orange; more: a 16-colour palette).
const Rgb& class_rgb(int q, int num_classes);
// The canvas behind the regions.
extern const Rgb kCanvasRgb;

// The view's GL objects. Created empty; start_gl and render need the GL context current.
class ViewGl {
 public:
  ViewGl() = default;
  ~ViewGl();
  ViewGl(const ViewGl&) = delete;
  ViewGl& operator=(const ViewGl&) = delete;

  // Issues the compiles and links of the programs the first drawing needs (see View::start_gl).
  void start_gl();
  // Starts the regions program once the first texture was drawn (the first frame has no decision grid yet).
  void start_regions_after_first_render();
  // Draws the state into the texture (width x height device pixels) when something it shows changed.
  void render(ViewState& state, const ViewOptions& options, int width, int height);
  // Device pixels per layout pixel (high-DPI screens); a change redraws the points layer.
  float pixel_scale() const { return pixel_scale_; }
  void set_pixel_scale(float scale);
  // Why the view cannot draw ("" when it can).
  const std::string& error() const { return gl_error_; }
  // The texture the view was drawn into.
  unsigned texture() const { return color_texture_; }
  // Drawings of the texture so far: a change means the frame shows a new picture with the same draw lists.
  int64_t renders() const { return renders_; }

 private:
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

  bool ensure_gl();
  bool regions_program_ready();  // true once the regions program can be used without waiting for its compile
  bool check_framebuffers();     // false (with gl_error_) when a framebuffer made last frame is incomplete
  // True when something the texture shows changed since it was drawn; then records what it will show.
  bool begin_render(ViewState& state, const ViewOptions& options, int width, int height);
  void resize_targets(int width, int height);  // the two textures and their framebuffers
  void upload(ViewState& state);               // points and the finished grid, when they changed
  void draw_points_layer(const ViewState& state, const ViewOptions& options);
  void draw_regions(ViewState& state, const ViewOptions& options, int width, int height);

  bool gl_ready_ = false;
  PendingProgram points_program_, composite_program_;  // started by start_gl
  bool programs_started_ = false;                      // start_gl ran
  PendingProgram regions_program_;                     // started after the first drawing
  int64_t renders_ = 0;                                // drawings of the texture so far
  int64_t regions_started_at_ = -1;                    // renders_ when the regions program was started (-1: not yet)
  unsigned vao_quad_ = 0, vbo_quad_ = 0, vao_points_ = 0, vbo_points_xy_ = 0, vbo_points_kind_ = 0;
  unsigned grid_texture_ = 0, fbo_ = 0, color_texture_ = 0;
  unsigned points_fbo_ = 0, points_texture_ = 0;  // the points layer
  int fbo_w_ = 0, fbo_h_ = 0;
  bool framebuffers_unchecked_ = false;  // resized since their completeness was last checked
  float pixel_scale_ = 1;           // device pixels per layout pixel (high-DPI screens): the view texture has that many
  bool points_layer_dirty_ = true;  // the points layer must be redrawn
  size_t uploaded_points_ = 0;
  std::string gl_error_;
  bool drawn_regions_ = false, drawn_test_points_ = false, drawn_discrete_ = false;  // options of the drawn texture
  double drawn_lo_[2] = {0, 0}, drawn_hi_[2] = {0, 0};                               // rectangle of the drawn texture
};

}  // namespace ml::app
