// marginlab app — the View panel's renderer (see view.h): the texture (app/ui/view_gl.h) of the state
// (app/models/view_state.h) as an ImGui image, the mouse over it, and what is drawn over it with ImDrawList.
#include "app/ui/view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/models/plot_axis.h"
#include "app/ui/plot.h"

namespace ml::app {

ImU32 class_color(int q, int num_classes) {
  const Rgb& c = class_rgb(q, num_classes);
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1));
}

// The image on screen and the view rectangle it shows (live: a zoom or pan in this frame moves it).
struct View::ImageBox {
  ImVec2 pos;   // top-left corner on screen
  ImVec2 size;  // layout pixels
  const double* lo;
  const double* hi;

  ImVec2 to_screen(double a, double b) const {
    return ImVec2(static_cast<float>(pos.x + (a - lo[0]) / (hi[0] - lo[0]) * size.x),
                  static_cast<float>(pos.y + size.y - (b - lo[1]) / (hi[1] - lo[1]) * size.y));
  }
  void view_at(ImVec2 m, double* a, double* b) const {
    *a = lo[0] + (m.x - pos.x) / size.x * (hi[0] - lo[0]);
    *b = lo[1] + (pos.y + size.y - m.y) / size.y * (hi[1] - lo[1]);
  }
};

// The legend under the image: every class (Q up to kMaxClasses), then the corrupted and test marks, wrapped
// into as many lines as the width needs.
struct View::Legend {
  struct Item {
    ImU32 fill;
    bool ring, corrupt;
    std::string text;
  };
  std::vector<Item> items;
  float r = 0;       // a mark's radius
  float line_h = 0;  // one line's height
  float height = 0;  // all lines
  float item_width(const Item& it) const { return r * 2 + 6 + ImGui::CalcTextSize(it.text.c_str()).x + 14; }
};

void View::start_gl() { gl_.start_gl(); }

void View::update(const Session* session, uint64_t session_version, const ClockFn& now, double budget_seconds) {
  gl_.start_regions_after_first_render();
  state_.update(options, session, session_version, now, budget_seconds);
}

ViewClick View::draw_scatter(ImVec2 size) {
  ViewClick click;
  if (!state_.session) {
    ImGui::Dummy(size);
    return click;
  }
  const Legend legend = layout_legend(size.x);
  legend_h_ = legend.height;
  const ImVec2 image(std::max(32.0f, size.x), std::max(32.0f, size.y - legend.height));
  const ImVec2 pos = render_image(image);
  if (!gl_.error().empty()) {
    ImGui::TextWrapped("The view cannot draw: %s", gl_.error().c_str());
    return click;
  }
  ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(gl_.texture())), image, ImVec2(0, 1), ImVec2(1, 0));
  image_pos_ = pos;
  const ImVec2 after_image = ImGui::GetCursorScreenPos();
  // The image's mouse: an invisible button over it.
  ImGui::SetCursorScreenPos(pos);
  ImGui::InvisibleButton("##view_canvas", image);
  const bool hovered = ImGui::IsItemHovered();
  const ImageBox box{pos, image, state_.view_lo, state_.view_hi};
  click = handle_mouse(box, hovered);
  ImGui::SetCursorScreenPos(after_image);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  draw_axes(dl, box);
  draw_stack_labels(dl, box);
  draw_legend(dl, box, legend, size.x);
  ImGui::Dummy(ImVec2(size.x, legend.height));
  // The nearest training example within 10 px of the press (the panel relabels it in "flip" mode).
  if (click.clicked) click.train_row = nearest_training_point(box, press_pos_);
  if (hovered && !dragging_) draw_hover(box);
  return click;
}

View::Legend View::layout_legend(float width) const {
  const float fs = ImGui::GetFontSize();
  Legend legend;
  const Dataset& train = state_.session->data().train;
  const int q = state_.num_classes;
  for (int k = 0; k < q; ++k) {
    const std::string name = static_cast<size_t>(k) < train.class_names.size()
                                 ? train.class_names[static_cast<size_t>(k)]
                                 : std::to_string(k);
    legend.items.push_back({class_color(k, q), false, false, (q == 2 ? "y = " : "") + name});
  }
  legend.items.push_back({IM_COL32(128, 128, 128, 255), false, true, "corrupted"});
  if (options.test_points) legend.items.push_back({IM_COL32(150, 150, 150, 255), true, false, "test"});
  legend.r = fs * 0.32f;
  int lines = 1;
  float x = 2;
  for (const Legend::Item& it : legend.items) {
    const float w = legend.item_width(it);
    if (x > 2 && x + w > width) {
      ++lines;
      x = 2;
    }
    x += w;
  }
  legend.line_h = fs * 1.3f;
  legend.height = fs * 0.2f + legend.line_h * static_cast<float>(lines);
  return legend;
}

// Fits the rectangle to a new image size, renders the texture (one texel per device pixel, so regions and
// points are sharp on high-DPI screens) and returns where the image goes.
ImVec2 View::render_image(ImVec2 image) {
  if (image.x != state_.fitted_w || image.y != state_.fitted_h) state_.fit_rect(image.x, image.y);
  const float scale = std::clamp(ImGui::GetIO().DisplayFramebufferScale.x, 1.0f, 4.0f);
  if (scale != gl_.pixel_scale()) {
    gl_.set_pixel_scale(scale);
    state_.texture_dirty = true;
  }
  const int w = static_cast<int>(std::lround(image.x * scale)), h = static_cast<int>(std::lround(image.y * scale));
  const double gl_start = cost_clock ? cost_clock() : 0;
  gl_.render(state_, options, w, h);
  if (cost_clock) gl_seconds_ += cost_clock() - gl_start;
  return ImGui::GetCursorScreenPos();
}

// The wheel zooms about the cursor, a drag pans, a press and release that did not move (4 px) is a click
// for the panel (its view coordinates; the nearest example is found by the caller).
ViewClick View::handle_mouse(const ImageBox& box, bool hovered) {
  ViewClick click;
  ImGuiIO& io = ImGui::GetIO();
  const ImVec2 image = box.size;
  if (hovered && io.MouseWheel != 0) {
    double a = 0, b = 0;
    box.view_at(io.MousePos, &a, &b);
    zoom_about(state_.zoom, state_.fit_lo, state_.fit_hi, a, b, std::pow(1.25, static_cast<double>(io.MouseWheel)));
    state_.apply_zoom();
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
      state_.zoom.pan[0] -= move.x / image.x * (state_.view_hi[0] - state_.view_lo[0]);
      state_.zoom.pan[1] += move.y / image.y * (state_.view_hi[1] - state_.view_lo[1]);
      state_.apply_zoom();
    }
  }
  if (ImGui::IsItemDeactivated() && !dragging_) {
    click.clicked = true;
    box.view_at(press_pos_, &click.a, &click.b);
  }
  if (!ImGui::IsItemActive()) dragging_ = false;  // released: hover read-outs again
  return click;
}

// Axes: ticks and labels inside the image edges, dark on the light canvas; the grid's state while it has none.
void View::draw_axes(ImDrawList* dl, const ImageBox& box) const {
  const float fs = ImGui::GetFontSize();
  const ImVec2 pos = box.pos, image = box.size;
  const double* view_lo = state_.view_lo;
  const double* view_hi = state_.view_hi;
  const Projection& projection = state_.projection;
  const ImU32 tick_col = IM_COL32(60, 64, 72, 255);
  AxisTicks xt = nice_ticks(view_lo[0], view_hi[0], std::max(2, static_cast<int>(image.x / (fs * 4.5f))));
  for (double v : xt.values) {
    const ImVec2 p = box.to_screen(v, view_lo[1]);
    dl->AddLine(ImVec2(p.x, pos.y + image.y - 5), ImVec2(p.x, pos.y + image.y), tick_col);
    const std::string s = format_tick(v, xt);
    const float tw = ImGui::CalcTextSize(s.c_str()).x;
    if (p.x - tw * 0.5f > pos.x + 2 && p.x + tw * 0.5f < pos.x + image.x - 2)
      dl->AddText(ImVec2(p.x - tw * 0.5f, pos.y + image.y - 6 - fs), tick_col, s.c_str());
  }
  if (!projection.jitter_y) {
    AxisTicks yt = nice_ticks(view_lo[1], view_hi[1], std::max(2, static_cast<int>(image.y / (fs * 3.0f))));
    for (double v : yt.values) {
      const ImVec2 p = box.to_screen(view_lo[0], v);
      dl->AddLine(ImVec2(pos.x, p.y), ImVec2(pos.x + 5, p.y), tick_col);
      const std::string s = format_tick(v, yt);
      if (p.y - fs * 0.5f > pos.y + fs * 1.4f && p.y + fs * 0.5f < pos.y + image.y - fs * 1.6f)
        dl->AddText(ImVec2(pos.x + 7, p.y - fs * 0.5f), tick_col, s.c_str());
    }
  }
  const std::string xn = projection.x_name + " \xE2\x86\x92";  // →
  const float xw = ImGui::CalcTextSize(xn.c_str()).x;
  dl->AddText(ImVec2(pos.x + image.x - xw - 6, pos.y + image.y - fs * 2.3f - 4), tick_col, xn.c_str());
  const std::string yn = projection.y_name + " \xE2\x86\x91";  // ↑
  dl->AddText(ImVec2(pos.x + 7, pos.y + 4), tick_col, yn.c_str());
  if (!state_.grid.ready() && options.regions) {
    const char* note = state_.grid.running() ? "evaluating regions..." : "no hypothesis yet";
    const float tw = ImGui::CalcTextSize(note).x;
    dl->AddText(ImVec2(pos.x + image.x - tw - 6, pos.y + 4), tick_col, note);
  }
}

// Stacked points: one drawn point that stands for several, labelled with how many.
void View::draw_stack_labels(ImDrawList* dl, const ImageBox& box) const {
  const float fs = ImGui::GetFontSize();
  const ImVec2 pos = box.pos, image = box.size;
  for (const PointStack& st : state_.stacks) {
    const ImVec2 p = box.to_screen(st.x, st.y);
    if (p.x < pos.x || p.y < pos.y || p.x > pos.x + image.x || p.y > pos.y + image.y) continue;
    char label[24];
    std::snprintf(label, sizeof label, "\xC3\x97%d", st.count);  // ×k
    const ImVec2 at(p.x + fs * 0.5f, p.y - fs * 1.1f);
    const ImVec2 tw = ImGui::CalcTextSize(label);
    dl->AddRectFilled(ImVec2(at.x - 2, at.y), ImVec2(at.x + tw.x + 2, at.y + tw.y), IM_COL32(255, 255, 255, 210), 3.0f);
    dl->AddText(at, IM_COL32(20, 20, 20, 255), label);
  }
}

void View::draw_legend(ImDrawList* dl, const ImageBox& box, const Legend& legend, float width) const {
  const float fs = ImGui::GetFontSize();
  const ImVec2 pos = box.pos;
  float x = pos.x + 2;
  float y = pos.y + box.size.y + fs * 0.25f;
  const float r = legend.r;
  for (const Legend::Item& it : legend.items) {
    const float w = legend.item_width(it);
    if (x > pos.x + 2 && x + w > pos.x + width) {
      x = pos.x + 2;
      y += legend.line_h;
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
}

int View::nearest_training_point(const ImageBox& box, ImVec2 at) const {
  const int n_train = state_.session->data().train.rows();
  const std::vector<int>& point_row = state_.point_row;
  const std::vector<float>& point_xy = state_.point_xy;
  int row = -1;
  float best_d = 100.0f;
  for (size_t k = 0; k < point_row.size(); ++k) {
    if (point_row[k] >= n_train) continue;
    const ImVec2 p = box.to_screen(point_xy[k * 2], point_xy[k * 2 + 1]);
    const float d = (p.x - at.x) * (p.x - at.x) + (p.y - at.y) * (p.y - at.y);
    if (d <= best_d) {
      best_d = d;
      row = point_row[k];
    }
  }
  return row;
}

namespace {

// Class c's name in d (its number when the data names none).
std::string class_name(const Dataset& d, int c) {
  return static_cast<size_t>(c) < d.class_names.size() ? d.class_names[static_cast<size_t>(c)] : std::to_string(c);
}

}  // namespace

// Hover: the nearest example within 10 px, else the decision at the cursor.
void View::draw_hover(const ImageBox& box) {
  const ImVec2 m = ImGui::GetIO().MousePos;
  double a = 0, b = 0;
  box.view_at(m, &a, &b);
  int best = -1;
  float best_d = 100.0f;  // squared pixels
  const int n_test = state_.session->data().test.rows();
  const std::vector<float>& point_xy = state_.point_xy;
  for (size_t k = 0; k < state_.point_row.size(); ++k) {
    if (!options.test_points && static_cast<int>(k) < n_test) continue;
    const ImVec2 p = box.to_screen(point_xy[k * 2], point_xy[k * 2 + 1]);
    const float d = (p.x - m.x) * (p.x - m.x) + (p.y - m.y) * (p.y - m.y);
    if (d <= best_d) {
      best_d = d;
      best = static_cast<int>(k);
    }
  }
  ImGui::BeginTooltip();
  if (best >= 0) {
    const Dataset& train = state_.session->data().train;
    const Dataset& test = state_.session->data().test;
    const int row = state_.point_row[static_cast<size_t>(best)];
    const bool is_test = row >= train.rows();
    const Dataset& d = is_test ? test : train;
    const int i = is_test ? row - train.rows() : row;
    static const char* kCorruption[] = {"none", "label changed", "point replaced", "point moved"};
    ImGui::Text("%s example %d", is_test ? "test" : "training", i);
    ImGui::Text("observed label %s, true label %s", class_name(d, d.label[static_cast<size_t>(i)]).c_str(),
                class_name(d, d.true_label[static_cast<size_t>(i)]).c_str());
    ImGui::Text("corruption: %s", kCorruption[static_cast<int>(d.corruption[static_cast<size_t>(i)]) & 3]);
  } else {
    draw_decision_at(a, b);
  }
  ImGui::EndTooltip();
}

void View::draw_decision_at(double a, double b) {
  const Projection& projection = state_.projection;
  const Learner& learner = state_.session->learner();
  probe_.resize(static_cast<size_t>(projection.dims));
  const int q = std::max(2, learner.num_classes());
  probe_scores_.resize(static_cast<size_t>(q));
  projection.lift(a, b, probe_.data());
  learner.scores(probe_.data(), probe_scores_.data());
  int cls = 0;
  for (int k = 1; k < q; ++k)
    if (probe_scores_[static_cast<size_t>(k)] > probe_scores_[static_cast<size_t>(cls)]) cls = k;
  ImGui::Text("%s = %s, %s = %s", projection.x_name.c_str(), format_readout(a).c_str(),
              projection.jitter_y ? "jitter" : projection.y_name.c_str(), format_readout(b).c_str());
  const Dataset& train = state_.session->data().train;
  if (q == 2)
    ImGui::Text("prediction %s (score %s)", class_name(train, cls).c_str(),
                format_readout(static_cast<double>(probe_scores_[1]) - probe_scores_[0]).c_str());
  else
    ImGui::Text("prediction class %s", class_name(train, cls).c_str());
}

double View::take_gl_seconds() {
  const double s = gl_seconds_;
  gl_seconds_ = 0;
  return s;
}

void View::draw_segments(const std::vector<BoundarySegment>& segments, ImU32 color, float thickness) const {
  if (state_.fitted_w <= 0 || state_.fitted_h <= 0) return;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 pos = image_pos_;
  const ImageBox box{pos, ImVec2(state_.fitted_w, state_.fitted_h), state_.view_lo, state_.view_hi};
  dl->PushClipRect(pos, ImVec2(pos.x + state_.fitted_w, pos.y + state_.fitted_h), true);
  for (const BoundarySegment& s : segments)
    dl->AddLine(box.to_screen(s.x0, s.y0), box.to_screen(s.x1, s.y1), color, thickness);
  dl->PopClipRect();
}

void View::draw_histogram(ImVec2 size) {
  const MarginHistogram& h = state_.histogram;
  std::vector<HistogramSeries> series;
  series.push_back({"clean", h.clean, IM_COL32(86, 180, 233, 255)});
  series.push_back({"corrupted", h.corrupt, IM_COL32(250, 26, 140, 255)});
  histogram_plot("margins", size, h.title.empty() ? "Margins on the training set" : h.title, h.x_label, h.lo, h.hi,
                 series);
}

}  // namespace ml::app
