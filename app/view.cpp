// marginlab app — the View panel's renderer (see view.h).
//
// [SECTION] colours
// [SECTION] GL helpers (shader compilation from shaders/, buffers, framebuffer)
// [SECTION] caches: points, view rectangle, decision grid, histogram
// [SECTION] drawing: texture, image, axes, legend, hover
#include "app/view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/gl.h"
#include "app/plot.h"
#include "app/plot_axis.h"
#include "shaders_embedded.h"

namespace ml::app {

// [SECTION] colours -------------------------------------------------------------------------------------

namespace {

struct Rgb {
  float r, g, b;
};

// Binary: y = -1 blue, y = +1 orange; more classes: a 16-colour qualitative palette.
const Rgb kBinary[2] = {{0.19f, 0.45f, 0.82f}, {0.93f, 0.52f, 0.12f}};
const Rgb kPalette[16] = {
    {0.19f, 0.45f, 0.82f}, {0.93f, 0.52f, 0.12f}, {0.17f, 0.63f, 0.17f}, {0.84f, 0.15f, 0.16f},
    {0.58f, 0.40f, 0.74f}, {0.55f, 0.34f, 0.29f}, {0.89f, 0.47f, 0.76f}, {0.50f, 0.50f, 0.50f},
    {0.74f, 0.74f, 0.13f}, {0.09f, 0.75f, 0.81f}, {0.00f, 0.30f, 0.55f}, {1.00f, 0.70f, 0.40f},
    {0.45f, 0.85f, 0.45f}, {1.00f, 0.55f, 0.55f}, {0.35f, 0.20f, 0.50f}, {0.30f, 0.30f, 0.30f}};
const Rgb kCanvas = {0.965f, 0.965f, 0.972f};

const Rgb& rgb_of(int q, int num_classes) {
  if (num_classes <= 2) return kBinary[q == 1 ? 1 : 0];
  return kPalette[((q % 16) + 16) % 16];
}

}  // namespace

ImU32 class_color(int q, int num_classes) {
  const Rgb& c = rgb_of(q, num_classes);
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1));
}

// [SECTION] GL helpers ----------------------------------------------------------------------------------

namespace {

GLuint start_shader(GLenum stage, const char* body) {
  const char* sources[2] = {glsl_preamble(), body};
  GLuint s = glCreateShader(stage);
  glShaderSource(s, 2, sources, nullptr);
  glCompileShader(s);
  return s;
}

}  // namespace

// [SECTION] GL programs compiled in the background ------------------------------------------------------

void View::PendingProgram::start(const char* vert, const char* frag) {
  vs = start_shader(GL_VERTEX_SHADER, vert);
  fs = start_shader(GL_FRAGMENT_SHADER, frag);
  program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
}

bool View::PendingProgram::finish(std::string* error) {
  if (checked) return program != 0;
  checked = true;
  GLint ok = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);  // the one query: it waits for the compiles and the link
  if (!ok) {
    char log[2048] = {0};
    for (GLuint s : {vs, fs}) {
      GLint compiled = 0;
      glGetShaderiv(s, GL_COMPILE_STATUS, &compiled);
      if (compiled) continue;
      glGetShaderInfoLog(s, sizeof log, nullptr, log);
      *error += std::string(s == vs ? "vertex" : "fragment") + " shader: " + log;
    }
    glGetProgramInfoLog(program, sizeof log, nullptr, log);
    *error += std::string("link: ") + log;
  }
  glDetachShader(program, vs);
  glDetachShader(program, fs);
  glDeleteShader(vs);
  glDeleteShader(fs);
  vs = fs = 0;
  if (!ok) {
    glDeleteProgram(program);
    program = 0;
  }
  return ok != 0;
}

void View::PendingProgram::release() {
  if (vs) glDeleteShader(vs);
  if (fs) glDeleteShader(fs);
  if (program) glDeleteProgram(program);
  *this = PendingProgram{};
}

namespace {

void set_palette(GLuint program, int num_classes) {
  float values[16 * 3];
  for (int q = 0; q < 16; ++q) {
    const Rgb& c = rgb_of(q, num_classes);
    values[q * 3] = c.r;
    values[q * 3 + 1] = c.g;
    values[q * 3 + 2] = c.b;
  }
  glUniform3fv(glGetUniformLocation(program, "u_palette"), 16, values);
}

}  // namespace

void View::start_gl() {
  // The programs the view's first drawing needs: their compiles and links are only issued here. The browser
  // compiles them in its GPU process while the app builds its first frame; the first status query
  // (ensure_gl) waits for what is left. The regions program follows after the first drawing (update): the
  // first frame has no decision grid yet.
  if (programs_started_) return;
  programs_started_ = true;
  points_program_.start(shaders::kShader_points_vert, shaders::kShader_points_frag);
  composite_program_.start(shaders::kShader_regions_vert, shaders::kShader_composite_frag);
}

View::~View() {
  points_program_.release();
  composite_program_.release();
  regions_program_.release();
  if (!gl_ready_) return;
  const GLuint buffers[3] = {vbo_quad_, vbo_points_xy_, vbo_points_kind_};
  glDeleteBuffers(3, buffers);
  const GLuint arrays[2] = {vao_quad_, vao_points_};
  glDeleteVertexArrays(2, arrays);
  const GLuint textures[3] = {grid_texture_, color_texture_, points_texture_};
  glDeleteTextures(3, textures);
  const GLuint fbos[2] = {fbo_, points_fbo_};
  glDeleteFramebuffers(2, fbos);
}

bool View::ensure_gl() {
  if (gl_ready_) return true;
  if (!gl_error_.empty()) return false;
  start_gl();
  const bool points_ok = points_program_.finish(&gl_error_);
  const bool composite_ok = composite_program_.finish(&gl_error_);
  if (!points_ok || !composite_ok) return false;
  // Two triangles covering the viewport.
  static const float kCorners[12] = {-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1};
  glGenVertexArrays(1, &vao_quad_);
  glBindVertexArray(vao_quad_);
  glGenBuffers(1, &vbo_quad_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_quad_);
  glBufferData(GL_ARRAY_BUFFER, sizeof kCorners, kCorners, GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  // Points: positions and kinds in two buffers (positions move with a w-aligned projection).
  glGenVertexArrays(1, &vao_points_);
  glBindVertexArray(vao_points_);
  glGenBuffers(1, &vbo_points_xy_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_points_xy_);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glGenBuffers(1, &vbo_points_kind_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_points_kind_);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glGenTextures(1, &grid_texture_);
  glBindTexture(GL_TEXTURE_2D, grid_texture_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glGenTextures(1, &color_texture_);
  glGenFramebuffers(1, &fbo_);
  glGenTextures(1, &points_texture_);
  glGenFramebuffers(1, &points_fbo_);
  glBindTexture(GL_TEXTURE_2D, 0);
  gl_ready_ = true;
  return true;
}

// [SECTION] caches --------------------------------------------------------------------------------------

void View::rebuild_points(const Session& s) {
  const Dataset& train = s.data().train;
  const Dataset& test = s.data().test;
  num_classes_ = std::max(2, s.learner().num_classes());
  const int old_dims = projection_.dims;
  projection_ = make_projection(train.X, train.feature_names, options.projection, s.learner().weights(), 4000, options.axes);
  // Other axes or data of another dimension: the zoom of the old picture means nothing here.
  if (options.projection != built_mode_ || !(options.axes == built_axes_) || projection_.dims != old_dims) zoom_ = ViewZoom{};
  built_mode_ = options.projection;
  built_axes_ = options.axes;
  ++projection_version_;
  varying_.clear();
  for (int j = 0; j < train.cols(); ++j) {
    const auto column = train.X.col(j);
    if (train.rows() > 0 && column.maxCoeff() > column.minCoeff()) varying_.push_back(j);
  }
  feature_names_ = train.feature_names;
  point_xy_.clear();
  point_kind_.clear();
  point_row_.clear();
  const int n_train = train.rows(), n_test = test.rows();
  point_xy_.reserve(static_cast<size_t>(n_train + n_test) * 2);
  point_kind_.reserve(static_cast<size_t>(n_train + n_test) * 2);
  auto add = [&](const Dataset& data, int i, float flags, int row_id) {
    const Eigen::Vector2d p = projection_.project(data.X, i);
    point_xy_.push_back(static_cast<float>(p[0]));
    point_xy_.push_back(static_cast<float>(p[1]));
    point_kind_.push_back(static_cast<float>(data.label[static_cast<size_t>(i)]));
    point_kind_.push_back(flags);
    point_row_.push_back(row_id);
  };
  // Draw order: test rings under the training points, corrupted points on top.
  for (int i = 0; i < n_test; ++i) add(test, i, 2, n_train + i);
  for (int i = 0; i < n_train; ++i)
    if (train.corruption[static_cast<size_t>(i)] == Corruption::none) add(train, i, 0, i);
  for (int i = 0; i < n_train; ++i)
    if (train.corruption[static_cast<size_t>(i)] != Corruption::none) add(train, i, 1, i);
  // Coinciding training points (the pull adversary's single spot): the view labels the largest stacks.
  stacks_ = point_stacks(point_xy_, static_cast<size_t>(n_test), 3, 6);
  double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
  for (size_t k = 0; k + 1 < point_xy_.size(); k += 2) {
    for (int a = 0; a < 2; ++a) {
      const double v = point_xy_[k + static_cast<size_t>(a)];
      if (!std::isfinite(v)) continue;
      lo[a] = std::min(lo[a], v);
      hi[a] = std::max(hi[a], v);
    }
  }
  for (int a = 0; a < 2; ++a) {
    if (!(lo[a] <= hi[a])) { lo[a] = -1; hi[a] = 1; }
    if (hi[a] - lo[a] < 1e-9) { lo[a] -= 1; hi[a] += 1; }
    data_lo_[a] = lo[a];
    data_hi_[a] = hi[a];
  }
  points_dirty_ = true;
  fitted_w_ = fitted_h_ = 0;  // refit the rectangle at the next draw
}

void View::fit_rect(float width, float height) {
  fitted_w_ = width;
  fitted_h_ = height;
  double lo[2], hi[2];
  for (int a = 0; a < 2; ++a) {
    const double pad = (data_hi_[a] - data_lo_[a]) * 0.06;
    lo[a] = data_lo_[a] - pad;
    hi[a] = data_hi_[a] + pad;
  }
  if (projection_.jitter_y) {
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
    fit_lo_[a] = lo[a];
    fit_hi_[a] = hi[a];
  }
  apply_zoom();
}

void View::apply_zoom() {
  zoomed_rect(fit_lo_, fit_hi_, zoom_, view_lo_, view_hi_);
  grid_wanted_ = true;
  grid_.cancel();  // a running pass is for the old rectangle
}

void View::reset_zoom() {
  zoom_ = ViewZoom{};
  apply_zoom();
}

void View::update(const Session* session, uint64_t session_version, const ClockFn& now, double budget_seconds) {
  if (renders_ > 0 && regions_started_at_ < 0) {
    regions_program_.start(shaders::kShader_regions_vert, shaders::kShader_regions_frag);
    regions_started_at_ = renders_;
  }
  if (!session) {
    session_ = nullptr;
    return;
  }
  const double t = now ? now() : 0;
  if (session != session_ || session_version != session_version_) {
    session_ = session;
    session_version_ = session_version;
    rebuild_points(*session);
    grid_.clear();
    grid_uploaded_ = false;
    texture_dirty_ = true;
    grid_wanted_ = true;
    seen_updates_ = -1;
    seen_steps_ = -1;
    histogram_ = {};
    last_histogram_time_ = last_projection_time_ = -1;
  }
  if (options.projection != built_mode_ || !(options.axes == built_axes_)) rebuild_points(*session);
  // Adaptive streams relabel examples as they go: the kinds follow the steps.
  if (session->adaptive_labels() && session->steps() != seen_steps_) rebuild_points(*session);
  seen_steps_ = session->steps();
  const int64_t updates = session->updates();
  if (updates != seen_updates_) {
    if (built_mode_ == ProjectionMode::weights && projected() && t - last_projection_time_ > 0.3) {
      rebuild_points(*session);
      last_projection_time_ = t;
    }
    grid_wanted_ = true;
    histogram_wanted_ = true;
    seen_updates_ = updates;
  }
  // The hypothesis a grid pass is for: a pass is dropped when it changes before the pass finishes
  // (DecisionGrid::advance), so one texture is always one hypothesis, never rows from several moments.
  const uint64_t hypothesis = (session_version_ << 40) ^ (projection_version_ << 28) ^ static_cast<uint64_t>(updates);
  // A new pass at most ten times a second: while training, the regions follow the learner at a pace
  // the eye can use, and the texture is redrawn only when a pass completes. While the learner changes
  // every frame, a pass must finish within a frame: each dropped pass halves the detail, each pass that
  // finished in one frame raises it again; once the hypothesis rests, a pass at full detail follows.
  if (!grid_.running() && fitted_w_ > 0) {
    const bool refine = grid_.ready() && grid_.hypothesis() == hypothesis && grid_.detail() < 1.0;
    if (refine || (grid_wanted_ && (t - last_grid_start_ >= 0.1 || !grid_.ready()))) {
      grid_.start(view_lo_, view_hi_, fitted_w_, fitted_h_, session->learner().num_classes(), hypothesis,
                  refine ? 1.0 : grid_detail_);
      grid_wanted_ = false;
      last_grid_start_ = t;
    }
  }
  if (grid_.running()) {
    // One scores_batch call per chunk of rows (no per-cell virtual call), a chunk about 5e5 multiply-adds.
    const Learner& learner = session->learner();
    const double cost = learner.predict_cost() > 0 ? learner.predict_cost() : projection_.dims;
    const BatchScorer score = [&learner](const FeatureMatrix& X, Eigen::MatrixXf* out) { learner.scores_batch(X, out); };
    const int64_t stale = grid_.stale_passes();
    if (grid_.advance(score, projection_, grid_.rows_per_call(cost), now, t + budget_seconds, hypothesis)) {
      grid_uploaded_ = false;
      if (!grid_.ready()) texture_dirty_ = true;
      if (grid_.ready() && grid_.calls_of_last_pass() == 1) grid_detail_ = std::min(1.0, grid_detail_ * 1.25);
    } else if (grid_.stale_passes() != stale) {
      grid_detail_ = std::max(0.05, grid_detail_ * 0.5);
      grid_wanted_ = true;
    }
  }
  if (histogram_wanted_ && (t - last_histogram_time_ > 0.25 || last_histogram_time_ < 0)) {
    histogram_ = margin_histogram(session->learner(), session->data().train);
    histogram_wanted_ = false;
    last_histogram_time_ = t;
  }
}

// [SECTION] drawing -------------------------------------------------------------------------------------

bool View::regions_program_ready() {
  // Used from the second drawing after its start, so the status query (finish) finds it compiled: a frame
  // whose grid is ready earlier draws the points alone and asks for the next frame (render_texture).
  if (regions_started_at_ < 0 || renders_ < regions_started_at_ + 2) return false;
  return regions_program_.finish(&gl_error_);
}

void View::render_texture(int width, int height) {
  if (!ensure_gl()) return;
  if (framebuffers_unchecked_) {
    // Checked in the frame after they were made, not at once: a status query waits for the GPU process (in
    // the browser also for the compositor frames it is busy with), and RGBA8 colour attachments are always
    // complete in GL 3.3 and ES 3.0, so only a size the driver refused makes them incomplete.
    framebuffers_unchecked_ = false;
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) gl_error_ = "the view's framebuffer is incomplete";
    glBindFramebuffer(GL_FRAMEBUFFER, points_fbo_);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) gl_error_ = "the points' framebuffer is incomplete";
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (!gl_error_.empty()) return;
  }
  // Redraw only what changed (software renderers pay for every pixel): the points layer when the
  // points, the rectangle, the size or the test-point option changed; the view when anything did.
  const bool options_changed = options.regions != drawn_regions_ || options.test_points != drawn_test_points_ ||
                               options.discrete != drawn_discrete_;
  const bool rect_changed = view_lo_[0] != drawn_lo_[0] || view_lo_[1] != drawn_lo_[1] || view_hi_[0] != drawn_hi_[0] ||
                            view_hi_[1] != drawn_hi_[1];
  const bool size_changed = width != fbo_w_ || height != fbo_h_;
  if (!points_dirty_ && grid_uploaded_ == grid_.ready() && !options_changed && !rect_changed && !texture_dirty_ && !size_changed)
    return;
  if (points_dirty_ || rect_changed || size_changed || options.test_points != drawn_test_points_) points_layer_dirty_ = true;
  ++renders_;
  texture_dirty_ = false;
  if (!grid_.ready()) grid_uploaded_ = false;
  drawn_regions_ = options.regions;
  drawn_test_points_ = options.test_points;
  drawn_discrete_ = options.discrete;
  for (int a = 0; a < 2; ++a) {
    drawn_lo_[a] = view_lo_[a];
    drawn_hi_[a] = view_hi_[a];
  }
  if (size_changed) {
    for (GLuint tex : {color_texture_, points_texture_}) {
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color_texture_, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, points_fbo_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, points_texture_, 0);
    fbo_w_ = width;
    fbo_h_ = height;
    framebuffers_unchecked_ = true;
  }
  if (points_dirty_) {
    glBindBuffer(GL_ARRAY_BUFFER, vbo_points_xy_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(point_xy_.size() * sizeof(float)), point_xy_.data(), GL_DYNAMIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_points_kind_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(point_kind_.size() * sizeof(float)), point_kind_.data(), GL_DYNAMIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    uploaded_points_ = point_xy_.size() / 2;
    points_dirty_ = false;
  }
  if (grid_.ready() && !grid_uploaded_) {
    glBindTexture(GL_TEXTURE_2D, grid_texture_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, grid_.width() * ((grid_.classes() + 3) / 4), grid_.height(), 0, GL_RGBA,
                 GL_FLOAT, grid_.texels().data());
    grid_uploaded_ = true;
  }
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glViewport(0, 0, width, height);
  // The points layer: transparent, colours premultiplied (the alpha channel accumulates coverage).
  if (points_layer_dirty_) {
    points_layer_dirty_ = false;
    glBindFramebuffer(GL_FRAMEBUFFER, points_fbo_);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    if (uploaded_points_ > 0) {
      glEnable(GL_BLEND);
      glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
#if !defined(__EMSCRIPTEN__)
      glEnable(GL_PROGRAM_POINT_SIZE);
#endif
      glUseProgram(points_program_.program);
      const float sx = static_cast<float>(2.0 / (view_hi_[0] - view_lo_[0]));
      const float sy = static_cast<float>(2.0 / (view_hi_[1] - view_lo_[1]));
      glUniform2f(glGetUniformLocation(points_program_.program, "u_scale"), sx, sy);
      glUniform2f(glGetUniformLocation(points_program_.program, "u_offset"), static_cast<float>(-view_lo_[0] * sx - 1),
                  static_cast<float>(-view_lo_[1] * sy - 1));
      const size_t n = uploaded_points_;
      const float size = (n <= 600 ? 9.0f : n <= 5000 ? 6.0f : n <= 50000 ? 4.0f : 3.0f) * pixel_scale_;
      glUniform1f(glGetUniformLocation(points_program_.program, "u_point_size"), size);
      glUniform1f(glGetUniformLocation(points_program_.program, "u_corrupt_scale"), n <= 50000 ? 1.9f : 1.2f);
      set_palette(points_program_.program, num_classes_);
      glBindVertexArray(vao_points_);
      const int n_test = session_ ? session_->data().test.rows() : 0;
      const int first = options.test_points ? 0 : n_test;
      glDrawArrays(GL_POINTS, first, static_cast<GLsizei>(n) - first);
      glDisable(GL_BLEND);
    }
  }
  // The view: canvas, regions, then the points layer on top.
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glClearColor(kCanvas.r, kCanvas.g, kCanvas.b, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glActiveTexture(GL_TEXTURE0);
  glBindVertexArray(vao_quad_);
  const bool regions_wanted = options.regions && grid_.ready() && grid_uploaded_;
  const bool regions_drawn = regions_wanted && regions_program_ready();
  if (regions_wanted && !regions_drawn && gl_error_.empty()) texture_dirty_ = true;  // the program comes next frame
  if (regions_drawn) {
    const double* grid_lo_ = grid_.lo();
    const double* grid_hi_ = grid_.hi();
    glDisable(GL_BLEND);
    glUseProgram(regions_program_.program);
    glBindTexture(GL_TEXTURE_2D, grid_texture_);
    glUniform1i(glGetUniformLocation(regions_program_.program, "u_grid"), 0);
    glUniform2i(glGetUniformLocation(regions_program_.program, "u_grid_size"), grid_.width(), grid_.height());
    glUniform1i(glGetUniformLocation(regions_program_.program, "u_classes"), grid_.classes());
    // v_uv spans the view rectangle; the grid may have been computed for an older one.
    const float sx = static_cast<float>((view_hi_[0] - view_lo_[0]) / (grid_hi_[0] - grid_lo_[0]));
    const float sy = static_cast<float>((view_hi_[1] - view_lo_[1]) / (grid_hi_[1] - grid_lo_[1]));
    const float ox = static_cast<float>((view_lo_[0] - grid_lo_[0]) / (grid_hi_[0] - grid_lo_[0]));
    const float oy = static_cast<float>((view_lo_[1] - grid_lo_[1]) / (grid_hi_[1] - grid_lo_[1]));
    glUniform2f(glGetUniformLocation(regions_program_.program, "u_uv_scale"), sx, sy);
    glUniform2f(glGetUniformLocation(regions_program_.program, "u_uv_offset"), ox, oy);
    // In layout pixels: the boundary line keeps its width on high-DPI screens.
    glUniform2f(glGetUniformLocation(regions_program_.program, "u_view_px"), static_cast<float>(width) / pixel_scale_,
                static_cast<float>(height) / pixel_scale_);
    glUniform3f(glGetUniformLocation(regions_program_.program, "u_background"), kCanvas.r, kCanvas.g, kCanvas.b);
    glUniform1f(glGetUniformLocation(regions_program_.program, "u_strength"), 0.42f);
    glUniform1i(glGetUniformLocation(regions_program_.program, "u_discrete"), options.discrete ? 1 : 0);
    set_palette(regions_program_.program, num_classes_);
    glDrawArrays(GL_TRIANGLES, 0, 6);
  }
  if (uploaded_points_ > 0) {
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glUseProgram(composite_program_.program);
    glBindTexture(GL_TEXTURE_2D, points_texture_);
    glUniform1i(glGetUniformLocation(composite_program_.program, "u_layer"), 0);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glDisable(GL_BLEND);
  }
  glBindTexture(GL_TEXTURE_2D, 0);
  glBindVertexArray(0);
  glUseProgram(0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

ViewClick View::draw_scatter(ImVec2 size) {
  const float fs = ImGui::GetFontSize();
  ViewClick click;
  if (!session_) {
    ImGui::Dummy(size);
    return click;
  }
  // The legend under the image: every class (Q up to kMaxClasses), then the corrupted and test marks, wrapped
  // into as many lines as the width needs.
  struct LegendItem {
    ImU32 fill;
    bool ring, corrupt;
    std::string text;
  };
  std::vector<LegendItem> legend;
  {
    const Dataset& train = session_->data().train;
    for (int k = 0; k < num_classes_; ++k) {
      const std::string name = static_cast<size_t>(k) < train.class_names.size() ? train.class_names[static_cast<size_t>(k)] : std::to_string(k);
      legend.push_back({class_color(k, num_classes_), false, false, (num_classes_ == 2 ? "y = " : "") + name});
    }
    legend.push_back({IM_COL32(128, 128, 128, 255), false, true, "corrupted"});
    if (options.test_points) legend.push_back({IM_COL32(150, 150, 150, 255), true, false, "test"});
  }
  const float legend_r = fs * 0.32f;
  const auto legend_width = [&](const LegendItem& it) { return legend_r * 2 + 6 + ImGui::CalcTextSize(it.text.c_str()).x + 14; };
  int legend_lines = 1;
  {
    float x = 2;
    for (const LegendItem& it : legend) {
      const float w = legend_width(it);
      if (x > 2 && x + w > size.x) {
        ++legend_lines;
        x = 2;
      }
      x += w;
    }
  }
  const float legend_line_h = fs * 1.3f;
  const float legend_h = fs * 0.2f + legend_line_h * static_cast<float>(legend_lines);
  legend_h_ = legend_h;
  const ImVec2 image(std::max(32.0f, size.x), std::max(32.0f, size.y - legend_h));
  if (image.x != fitted_w_ || image.y != fitted_h_) fit_rect(image.x, image.y);
  // The texture has one texel per device pixel, so regions and points are sharp on high-DPI screens.
  const float scale = std::clamp(ImGui::GetIO().DisplayFramebufferScale.x, 1.0f, 4.0f);
  if (scale != pixel_scale_) {
    pixel_scale_ = scale;
    texture_dirty_ = true;
    points_layer_dirty_ = true;
  }
  const int w = static_cast<int>(std::lround(image.x * scale)), h = static_cast<int>(std::lround(image.y * scale));
  const double gl_start = cost_clock ? cost_clock() : 0;
  render_texture(w, h);
  if (cost_clock) gl_seconds_ += cost_clock() - gl_start;
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  if (!gl_error_.empty()) {
    ImGui::TextWrapped("The view cannot draw: %s", gl_error_.c_str());
    return click;
  }
  ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(color_texture_)), image, ImVec2(0, 1), ImVec2(1, 0));
  image_pos_ = pos;
  const ImVec2 after_image = ImGui::GetCursorScreenPos();
  // The image's mouse: an invisible button over it. The wheel zooms about the cursor, a drag pans, a
  // press and release that did not move (4 px) is a click for the panel.
  ImGui::SetCursorScreenPos(pos);
  ImGui::InvisibleButton("##view_canvas", image);
  const bool hovered = ImGui::IsItemHovered();
  ImGuiIO& io = ImGui::GetIO();
  auto view_at = [&](ImVec2 m, double* a, double* b) {
    *a = view_lo_[0] + (m.x - pos.x) / image.x * (view_hi_[0] - view_lo_[0]);
    *b = view_lo_[1] + (pos.y + image.y - m.y) / image.y * (view_hi_[1] - view_lo_[1]);
  };
  if (hovered && io.MouseWheel != 0) {
    double a = 0, b = 0;
    view_at(io.MousePos, &a, &b);
    zoom_about(zoom_, fit_lo_, fit_hi_, a, b, std::pow(1.25, static_cast<double>(io.MouseWheel)));
    apply_zoom();
  }
  if (ImGui::IsItemActivated()) {
    press_pos_ = io.MousePos;
    dragging_ = false;
  }
  if (ImGui::IsItemActive()) {
    ImVec2 move = io.MouseDelta;
    if (!dragging_) {
      const float dx = io.MousePos.x - press_pos_.x, dy = io.MousePos.y - press_pos_.y;
      if (dx * dx + dy * dy > 16) {
        dragging_ = true;
        move = ImVec2(dx, dy);  // the whole way since the press
      }
    }
    if (dragging_ && (move.x != 0 || move.y != 0)) {
      zoom_.pan[0] -= move.x / image.x * (view_hi_[0] - view_lo_[0]);
      zoom_.pan[1] += move.y / image.y * (view_hi_[1] - view_lo_[1]);
      apply_zoom();
    }
  }
  if (ImGui::IsItemDeactivated() && !dragging_) {
    click.clicked = true;
    view_at(press_pos_, &click.a, &click.b);
  }
  const ImVec2 press = press_pos_;
  if (!ImGui::IsItemActive()) dragging_ = false;  // released: hover read-outs again
  ImGui::SetCursorScreenPos(after_image);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  auto to_screen = [&](double a, double b) {
    return ImVec2(static_cast<float>(pos.x + (a - view_lo_[0]) / (view_hi_[0] - view_lo_[0]) * image.x),
                  static_cast<float>(pos.y + image.y - (b - view_lo_[1]) / (view_hi_[1] - view_lo_[1]) * image.y));
  };
  // Axes: ticks and labels inside the image edges, dark on the light canvas.
  const ImU32 tick_col = IM_COL32(60, 64, 72, 255);
  {
    AxisTicks xt = nice_ticks(view_lo_[0], view_hi_[0], std::max(2, static_cast<int>(image.x / (fs * 4.5f))));
    for (double v : xt.values) {
      const ImVec2 p = to_screen(v, view_lo_[1]);
      dl->AddLine(ImVec2(p.x, pos.y + image.y - 5), ImVec2(p.x, pos.y + image.y), tick_col);
      const std::string s = format_tick(v, xt);
      const float tw = ImGui::CalcTextSize(s.c_str()).x;
      if (p.x - tw * 0.5f > pos.x + 2 && p.x + tw * 0.5f < pos.x + image.x - 2)
        dl->AddText(ImVec2(p.x - tw * 0.5f, pos.y + image.y - 6 - fs), tick_col, s.c_str());
    }
    if (!projection_.jitter_y) {
      AxisTicks yt = nice_ticks(view_lo_[1], view_hi_[1], std::max(2, static_cast<int>(image.y / (fs * 3.0f))));
      for (double v : yt.values) {
        const ImVec2 p = to_screen(view_lo_[0], v);
        dl->AddLine(ImVec2(pos.x, p.y), ImVec2(pos.x + 5, p.y), tick_col);
        const std::string s = format_tick(v, yt);
        if (p.y - fs * 0.5f > pos.y + fs * 1.4f && p.y + fs * 0.5f < pos.y + image.y - fs * 1.6f)
          dl->AddText(ImVec2(pos.x + 7, p.y - fs * 0.5f), tick_col, s.c_str());
      }
    }
    const std::string xn = projection_.x_name + " \xE2\x86\x92";  // →
    const float xw = ImGui::CalcTextSize(xn.c_str()).x;
    dl->AddText(ImVec2(pos.x + image.x - xw - 6, pos.y + image.y - fs * 2.3f - 4), tick_col, xn.c_str());
    const std::string yn = projection_.y_name + " \xE2\x86\x91";  // ↑
    dl->AddText(ImVec2(pos.x + 7, pos.y + 4), tick_col, yn.c_str());
  }
  if (!grid_.ready() && options.regions) {
    const char* note = grid_.running() ? "evaluating regions..." : "no hypothesis yet";
    const float tw = ImGui::CalcTextSize(note).x;
    dl->AddText(ImVec2(pos.x + image.x - tw - 6, pos.y + 4), tick_col, note);
  }
  // Stacked points: one drawn point that stands for several, labelled with how many.
  for (const PointStack& st : stacks_) {
    const ImVec2 p = to_screen(st.x, st.y);
    if (p.x < pos.x || p.y < pos.y || p.x > pos.x + image.x || p.y > pos.y + image.y) continue;
    char label[24];
    std::snprintf(label, sizeof label, "\xC3\x97%d", st.count);  // ×k
    const ImVec2 at(p.x + fs * 0.5f, p.y - fs * 1.1f);
    const ImVec2 tw = ImGui::CalcTextSize(label);
    dl->AddRectFilled(ImVec2(at.x - 2, at.y), ImVec2(at.x + tw.x + 2, at.y + tw.y), IM_COL32(255, 255, 255, 210), 3.0f);
    dl->AddText(at, IM_COL32(20, 20, 20, 255), label);
  }
  // Legend lines.
  {
    float x = pos.x + 2;
    float y = pos.y + image.y + fs * 0.25f;
    const float r = legend_r;
    for (const LegendItem& it : legend) {
      const float w = legend_width(it);
      if (x > pos.x + 2 && x + w > pos.x + size.x) {
        x = pos.x + 2;
        y += legend_line_h;
      }
      const ImVec2 c(x + r + 1, y + fs * 0.55f);
      if (it.corrupt) {
        dl->AddCircleFilled(c, r * 1.45f, IM_COL32(250, 26, 140, 255));
        dl->AddCircleFilled(c, r * 0.95f, IM_COL32(255, 255, 255, 255));
        dl->AddCircleFilled(c, r * 0.75f, it.fill);
      } else if (it.ring) {
        dl->AddCircle(c, r, it.fill, 0, 2.5f);
      } else {
        dl->AddCircleFilled(c, r, it.fill);
      }
      dl->AddText(ImVec2(x + r * 2 + 6, y), ImGui::GetColorU32(ImGuiCol_Text), it.text.c_str());
      x += w;
    }
    ImGui::Dummy(ImVec2(size.x, legend_h));
  }
  if (click.clicked) {
    // The nearest training example within 10 px (the panel relabels it in "flip" mode).
    const int n_train = session_->data().train.rows();
    float best_d = 100.0f;
    for (size_t k = 0; k < point_row_.size(); ++k) {
      if (point_row_[k] >= n_train) continue;
      const ImVec2 p = to_screen(point_xy_[k * 2], point_xy_[k * 2 + 1]);
      const float d = (p.x - press.x) * (p.x - press.x) + (p.y - press.y) * (p.y - press.y);
      if (d <= best_d) {
        best_d = d;
        click.train_row = point_row_[k];
      }
    }
  }
  // Hover: the nearest example within 10 px, else the decision at the cursor.
  if (hovered && !dragging_) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const double a = view_lo_[0] + (m.x - pos.x) / image.x * (view_hi_[0] - view_lo_[0]);
    const double b = view_lo_[1] + (pos.y + image.y - m.y) / image.y * (view_hi_[1] - view_lo_[1]);
    int best = -1;
    float best_d = 100.0f;  // squared pixels
    const int n_test = session_->data().test.rows();
    for (size_t k = 0; k < point_row_.size(); ++k) {
      if (!options.test_points && static_cast<int>(k) < n_test) continue;
      const ImVec2 p = to_screen(point_xy_[k * 2], point_xy_[k * 2 + 1]);
      const float d = (p.x - m.x) * (p.x - m.x) + (p.y - m.y) * (p.y - m.y);
      if (d <= best_d) {
        best_d = d;
        best = static_cast<int>(k);
      }
    }
    const Dataset& train = session_->data().train;
    const Dataset& test = session_->data().test;
    auto cname = [&](const Dataset& d, int c) {
      return static_cast<size_t>(c) < d.class_names.size() ? d.class_names[static_cast<size_t>(c)] : std::to_string(c);
    };
    ImGui::BeginTooltip();
    if (best >= 0) {
      const int row = point_row_[static_cast<size_t>(best)];
      const bool is_test = row >= train.rows();
      const Dataset& d = is_test ? test : train;
      const int i = is_test ? row - train.rows() : row;
      static const char* kCorruption[] = {"none", "label changed", "point replaced", "point moved"};
      ImGui::Text("%s example %d", is_test ? "test" : "training", i);
      ImGui::Text("observed label %s, true label %s", cname(d, d.label[static_cast<size_t>(i)]).c_str(),
                  cname(d, d.true_label[static_cast<size_t>(i)]).c_str());
      ImGui::Text("corruption: %s", kCorruption[static_cast<int>(d.corruption[static_cast<size_t>(i)]) & 3]);
    } else {
      probe_.resize(static_cast<size_t>(projection_.dims));
      const int q = std::max(2, session_->learner().num_classes());
      probe_scores_.resize(static_cast<size_t>(q));
      projection_.lift(a, b, probe_.data());
      session_->learner().scores(probe_.data(), probe_scores_.data());
      int cls = 0;
      for (int k = 1; k < q; ++k)
        if (probe_scores_[static_cast<size_t>(k)] > probe_scores_[static_cast<size_t>(cls)]) cls = k;
      ImGui::Text("%s = %s, %s = %s", projection_.x_name.c_str(), format_readout(a).c_str(),
                  projection_.jitter_y ? "jitter" : projection_.y_name.c_str(), format_readout(b).c_str());
      if (q == 2)
        ImGui::Text("prediction %s (score %s)", cname(train, cls).c_str(),
                    format_readout(static_cast<double>(probe_scores_[1]) - probe_scores_[0]).c_str());
      else
        ImGui::Text("prediction class %s", cname(train, cls).c_str());
    }
    ImGui::EndTooltip();
  }
  return click;
}

double View::take_gl_seconds() {
  const double s = gl_seconds_;
  gl_seconds_ = 0;
  return s;
}

void View::draw_segments(const std::vector<BoundarySegment>& segments, ImU32 color, float thickness) const {
  if (fitted_w_ <= 0 || fitted_h_ <= 0) return;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 pos = image_pos_;
  auto to_screen = [&](double a, double b) {
    return ImVec2(static_cast<float>(pos.x + (a - view_lo_[0]) / (view_hi_[0] - view_lo_[0]) * fitted_w_),
                  static_cast<float>(pos.y + fitted_h_ - (b - view_lo_[1]) / (view_hi_[1] - view_lo_[1]) * fitted_h_));
  };
  dl->PushClipRect(pos, ImVec2(pos.x + fitted_w_, pos.y + fitted_h_), true);
  for (const BoundarySegment& s : segments) dl->AddLine(to_screen(s.x0, s.y0), to_screen(s.x1, s.y1), color, thickness);
  dl->PopClipRect();
}

void View::draw_histogram(ImVec2 size) {
  std::vector<HistogramSeries> series;
  series.push_back({"clean", histogram_.clean, IM_COL32(86, 180, 233, 255)});
  series.push_back({"corrupted", histogram_.corrupt, IM_COL32(250, 26, 140, 255)});
  histogram_plot("margins", size, histogram_.title.empty() ? "Margins on the training set" : histogram_.title,
                 histogram_.x_label, histogram_.lo, histogram_.hi, series);
}

}  // namespace ml::app
