// marginlab app — the View panel's GL resources (see view_gl.h).
#include "app/ui/view_gl.h"

#include "app/ui/gl.h"
#include "shaders_embedded.h"

namespace ml::app {

// [SECTION] colours -------------------------------------------------------------------------------------

namespace {

// Binary: y = -1 blue, y = +1 orange; more classes: a 16-colour qualitative palette.
const Rgb kBinary[2] = {{0.19f, 0.45f, 0.82f}, {0.93f, 0.52f, 0.12f}};
const Rgb kPalette[16] = {{0.19f, 0.45f, 0.82f}, {0.93f, 0.52f, 0.12f}, {0.17f, 0.63f, 0.17f}, {0.84f, 0.15f, 0.16f},
                          {0.58f, 0.40f, 0.74f}, {0.55f, 0.34f, 0.29f}, {0.89f, 0.47f, 0.76f}, {0.50f, 0.50f, 0.50f},
                          {0.74f, 0.74f, 0.13f}, {0.09f, 0.75f, 0.81f}, {0.00f, 0.30f, 0.55f}, {1.00f, 0.70f, 0.40f},
                          {0.45f, 0.85f, 0.45f}, {1.00f, 0.55f, 0.55f}, {0.35f, 0.20f, 0.50f}, {0.30f, 0.30f, 0.30f}};

}  // namespace

const Rgb kCanvasRgb = {0.965f, 0.965f, 0.972f};

const Rgb& class_rgb(int q, int num_classes) {
  if (num_classes <= 2) return kBinary[q == 1 ? 1 : 0];
  return kPalette[((q % 16) + 16) % 16];
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

void set_palette(GLuint program, int num_classes) {
  float values[16 * 3];
  for (int q = 0; q < 16; ++q) {
    const Rgb& c = class_rgb(q, num_classes);
    values[q * 3] = c.r;
    values[q * 3 + 1] = c.g;
    values[q * 3 + 2] = c.b;
  }
  glUniform3fv(glGetUniformLocation(program, "u_palette"), 16, values);
}

}  // namespace

// [SECTION] GL programs compiled in the background ------------------------------------------------------

void ViewGl::PendingProgram::start(const char* vert, const char* frag) {
  vs = start_shader(GL_VERTEX_SHADER, vert);
  fs = start_shader(GL_FRAGMENT_SHADER, frag);
  program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
}

bool ViewGl::PendingProgram::finish(std::string* error) {
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

void ViewGl::PendingProgram::release() {
  if (vs) glDeleteShader(vs);
  if (fs) glDeleteShader(fs);
  if (program) glDeleteProgram(program);
  *this = PendingProgram{};
}

void ViewGl::start_gl() {
  // The programs the view's first drawing needs: their compiles and links are only issued here. The browser
  // compiles them in its GPU process while the app builds its first frame; the first status query
  // (ensure_gl) waits for what is left. The regions program follows after the first drawing (update): the
  // first frame has no decision grid yet.
  if (programs_started_) return;
  programs_started_ = true;
  points_program_.start(shaders::kShader_points_vert, shaders::kShader_points_frag);
  composite_program_.start(shaders::kShader_regions_vert, shaders::kShader_composite_frag);
}

void ViewGl::start_regions_after_first_render() {
  if (renders_ > 0 && regions_started_at_ < 0) {
    regions_program_.start(shaders::kShader_regions_vert, shaders::kShader_regions_frag);
    regions_started_at_ = renders_;
  }
}

void ViewGl::set_pixel_scale(float scale) {
  pixel_scale_ = scale;
  points_layer_dirty_ = true;
}

ViewGl::~ViewGl() {
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

bool ViewGl::ensure_gl() {
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

// [SECTION] drawing into the texture --------------------------------------------------------------------

bool ViewGl::regions_program_ready() {
  // Used from the second drawing after its start, so the status query (finish) finds it compiled: a frame
  // whose grid is ready earlier draws the points alone and asks for the next frame (draw_regions).
  if (regions_started_at_ < 0 || renders_ < regions_started_at_ + 2) return false;
  return regions_program_.finish(&gl_error_);
}

void ViewGl::render(ViewState& state, const ViewOptions& options, int width, int height) {
  if (!ensure_gl()) return;
  if (!check_framebuffers()) return;
  if (!begin_render(state, options, width, height)) return;
  if (width != fbo_w_ || height != fbo_h_) resize_targets(width, height);
  upload(state);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glViewport(0, 0, width, height);
  if (points_layer_dirty_) draw_points_layer(state, options);
  // The view: canvas, regions, then the points layer on top.
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glClearColor(kCanvasRgb.r, kCanvasRgb.g, kCanvasRgb.b, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glActiveTexture(GL_TEXTURE0);
  glBindVertexArray(vao_quad_);
  draw_regions(state, options, width, height);
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

bool ViewGl::check_framebuffers() {
  if (!framebuffers_unchecked_) return true;
  // Checked in the frame after they were made, not at once: a status query waits for the GPU process (in
  // the browser also for the compositor frames it is busy with), and RGBA8 colour attachments are always
  // complete in GL 3.3 and ES 3.0, so only a size the driver refused makes them incomplete.
  framebuffers_unchecked_ = false;
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    gl_error_ = "the view's framebuffer is incomplete";
  glBindFramebuffer(GL_FRAMEBUFFER, points_fbo_);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    gl_error_ = "the points' framebuffer is incomplete";
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return gl_error_.empty();
}

bool ViewGl::begin_render(ViewState& state, const ViewOptions& options, int width, int height) {
  // Redraw only what changed (software renderers pay for every pixel): the points layer when the
  // points, the rectangle, the size or the test-point option changed; the view when anything did.
  const bool options_changed = options.regions != drawn_regions_ || options.test_points != drawn_test_points_ ||
                               options.discrete != drawn_discrete_;
  const bool rect_changed = state.view_lo[0] != drawn_lo_[0] || state.view_lo[1] != drawn_lo_[1] ||
                            state.view_hi[0] != drawn_hi_[0] || state.view_hi[1] != drawn_hi_[1];
  const bool size_changed = width != fbo_w_ || height != fbo_h_;
  if (!state.points_dirty && state.grid_uploaded == state.grid.ready() && !options_changed && !rect_changed &&
      !state.texture_dirty && !size_changed)
    return false;
  if (state.points_dirty || rect_changed || size_changed || options.test_points != drawn_test_points_)
    points_layer_dirty_ = true;
  ++renders_;
  state.texture_dirty = false;
  if (!state.grid.ready()) state.grid_uploaded = false;
  drawn_regions_ = options.regions;
  drawn_test_points_ = options.test_points;
  drawn_discrete_ = options.discrete;
  for (int a = 0; a < 2; ++a) {
    drawn_lo_[a] = state.view_lo[a];
    drawn_hi_[a] = state.view_hi[a];
  }
  return true;
}

void ViewGl::resize_targets(int width, int height) {
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

void ViewGl::upload(ViewState& state) {
  if (state.points_dirty) {
    glBindBuffer(GL_ARRAY_BUFFER, vbo_points_xy_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(state.point_xy.size() * sizeof(float)), state.point_xy.data(),
                 GL_DYNAMIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_points_kind_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(state.point_kind.size() * sizeof(float)),
                 state.point_kind.data(), GL_DYNAMIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    uploaded_points_ = state.point_xy.size() / 2;
    state.points_dirty = false;
  }
  const DecisionGrid& grid = state.grid;
  if (grid.ready() && !state.grid_uploaded) {
    glBindTexture(GL_TEXTURE_2D, grid_texture_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, grid.width() * ((grid.classes() + 3) / 4), grid.height(), 0, GL_RGBA,
                 GL_FLOAT, grid.texels().data());
    state.grid_uploaded = true;
  }
}

// The points layer: transparent, colours premultiplied (the alpha channel accumulates coverage).
void ViewGl::draw_points_layer(const ViewState& state, const ViewOptions& options) {
  points_layer_dirty_ = false;
  glBindFramebuffer(GL_FRAMEBUFFER, points_fbo_);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  if (uploaded_points_ == 0) return;
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
#if !defined(__EMSCRIPTEN__)
  glEnable(GL_PROGRAM_POINT_SIZE);
#endif
  const unsigned program = points_program_.program;
  glUseProgram(program);
  const float sx = static_cast<float>(2.0 / (state.view_hi[0] - state.view_lo[0]));
  const float sy = static_cast<float>(2.0 / (state.view_hi[1] - state.view_lo[1]));
  glUniform2f(glGetUniformLocation(program, "u_scale"), sx, sy);
  glUniform2f(glGetUniformLocation(program, "u_offset"), static_cast<float>(-state.view_lo[0] * sx - 1),
              static_cast<float>(-state.view_lo[1] * sy - 1));
  const size_t n = uploaded_points_;
  const float size = (n <= 600 ? 9.0f : n <= 5000 ? 6.0f : n <= 50000 ? 4.0f : 3.0f) * pixel_scale_;
  glUniform1f(glGetUniformLocation(program, "u_point_size"), size);
  glUniform1f(glGetUniformLocation(program, "u_corrupt_scale"), n <= 50000 ? 1.9f : 1.2f);
  set_palette(program, state.num_classes);
  glBindVertexArray(vao_points_);
  const int n_test = state.session ? state.session->data().test.rows() : 0;
  const int first = options.test_points ? 0 : n_test;
  glDrawArrays(GL_POINTS, first, static_cast<GLsizei>(n) - first);
  glDisable(GL_BLEND);
}

// The decision regions from the grid texture, when wanted and their program is ready (else the texture is
// drawn again next frame).
void ViewGl::draw_regions(ViewState& state, const ViewOptions& options, int width, int height) {
  const DecisionGrid& grid = state.grid;
  const bool regions_wanted = options.regions && grid.ready() && state.grid_uploaded;
  const bool regions_drawn = regions_wanted && regions_program_ready();
  if (regions_wanted && !regions_drawn && gl_error_.empty()) state.texture_dirty = true;
  if (!regions_drawn) return;
  const double* grid_lo = grid.lo();
  const double* grid_hi = grid.hi();
  const double* view_lo = state.view_lo;
  const double* view_hi = state.view_hi;
  const unsigned program = regions_program_.program;
  glDisable(GL_BLEND);
  glUseProgram(program);
  glBindTexture(GL_TEXTURE_2D, grid_texture_);
  glUniform1i(glGetUniformLocation(program, "u_grid"), 0);
  glUniform2i(glGetUniformLocation(program, "u_grid_size"), grid.width(), grid.height());
  glUniform1i(glGetUniformLocation(program, "u_classes"), grid.classes());
  // v_uv spans the view rectangle; the grid may have been computed for an older one.
  const float sx = static_cast<float>((view_hi[0] - view_lo[0]) / (grid_hi[0] - grid_lo[0]));
  const float sy = static_cast<float>((view_hi[1] - view_lo[1]) / (grid_hi[1] - grid_lo[1]));
  const float ox = static_cast<float>((view_lo[0] - grid_lo[0]) / (grid_hi[0] - grid_lo[0]));
  const float oy = static_cast<float>((view_lo[1] - grid_lo[1]) / (grid_hi[1] - grid_lo[1]));
  glUniform2f(glGetUniformLocation(program, "u_uv_scale"), sx, sy);
  glUniform2f(glGetUniformLocation(program, "u_uv_offset"), ox, oy);
  // In layout pixels: the boundary line keeps its width on high-DPI screens.
  glUniform2f(glGetUniformLocation(program, "u_view_px"), static_cast<float>(width) / pixel_scale_,
              static_cast<float>(height) / pixel_scale_);
  glUniform3f(glGetUniformLocation(program, "u_background"), kCanvasRgb.r, kCanvasRgb.g, kCanvasRgb.b);
  glUniform1f(glGetUniformLocation(program, "u_strength"), 0.42f);
  glUniform1i(glGetUniformLocation(program, "u_discrete"), options.discrete ? 1 : 0);
  set_palette(program, state.num_classes);
  glDrawArrays(GL_TRIANGLES, 0, 6);
}

}  // namespace ml::app
