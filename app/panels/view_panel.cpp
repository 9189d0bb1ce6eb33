// marginlab app — the View panel (see view_panel.h).
#include "app/panels/view_panel.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "app/platform/touch_input.h"
#include "app/ui/plot.h"
#include "core/config/point_edits.h"
#include "core/data/generators.h"

namespace ml::app {

void ViewPanel::update(double budget_seconds) {
  const ClockFn clock = [this] { return ctx_.platform.now_seconds(); };
  const double start = clock();
  view_.update(ctx_.state.session(), ctx_.state.session_version(), clock, budget_seconds);
  if (ctx_.state.mode() != RunMode::compare || !ctx_.state.session()) {
    boundaries_.clear();
    return;
  }
  // Every learner's boundary over the same rectangle and projection, in what is left of the budget
  // (at least a quarter of it, so the lines follow training).
  const CompareModel& cm = ctx_.state.compare();
  if (boundaries_version_ != cm.version() || boundaries_.size() != cm.size()) {
    boundaries_.assign(cm.size(), BoundaryTracker());
    boundaries_version_ = cm.version();
  }
  if (view_.image_width() <= 0) return;
  const double deadline = std::max(start + budget_seconds, clock() + budget_seconds * 0.25);
  for (size_t i = 0; i < cm.size(); ++i) {
    const Session* s = cm.run(i).session.get();
    if (!s) continue;
    boundaries_[i].update(s->learner(), s->updates(), view_.projection(), view_.view_lo(), view_.view_hi(),
                          view_.image_width(), view_.image_height(), clock, deadline);
  }
}

void ViewPanel::draw_compare_legend() {
  CompareModel& cm = ctx_.state.compare();
  const int clicked = compare_legend(cm, "boundaries:");
  if (clicked >= 0) cm.set_focus(clicked);
}

void ViewPanel::draw(ImVec2 pos, ImVec2 size, bool title, bool fold) {
  // The wheel over the view zooms it: the window itself never scrolls.
  begin_panel("View", pos, size,
              ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                  (title ? ImGuiWindowFlags_None : ImGuiWindowFlags_NoTitleBar));
  const Session* session = ctx_.state.session();
  if (!session) {
    if (ctx_.state.build_pending()) {
      const Config& c = ctx_.state.config();
      if (c.use_csv)
        ImGui::TextWrapped("Preparing the data from %s...", c.csv_name.c_str());
      else
        ImGui::TextWrapped("Generating the data: %d examples of '%s', adding noise, starting the learner...",
                           c.generator.n, std::string(generator_name(c.generator.kind)).c_str());
    } else {
      ImGui::TextWrapped("%s", ctx_.state.build_error().empty() ? "No run." : ctx_.state.build_error().c_str());
    }
    ImGui::End();
    return;
  }
  const bool compare = ctx_.state.mode() == RunMode::compare;
  if (fold) {
    draw_folded_toolbar(*session);
  } else {
    if (compare) draw_compare_legend();
    draw_toolbar(*session);
  }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  chrome_h_ = size.y - avail.y;
  ViewClick click;
  // The margin histogram under a projected view, when a third of the panel still leaves it readable (a short
  // window keeps the scatter; the Plots panel has the margin too).
  const float hist_h = std::round(avail.y * 0.34f);
  if (view_.projected() && hist_h >= ImGui::GetFontSize() * 7.5f) {
    click = view_.draw_scatter(ImVec2(avail.x, avail.y - hist_h - ImGui::GetStyle().ItemSpacing.y));
    view_.draw_histogram(ImVec2(avail.x, hist_h));
  } else {
    click = view_.draw_scatter(avail);
  }
  // Where the tests click: the image's centre; and the panel (its share of a phone's screen).
  if (ctx_.probes) {
    (*ctx_.probes)["view.panel"] = {pos, ImVec2(pos.x + size.x, pos.y + size.y)};
    const ImVec2 lo = view_.image_min();
    (*ctx_.probes)["view.image"] =
        probe_point(ImVec2(lo.x + view_.image_width() * 0.5f, lo.y + view_.image_height() * 0.5f));
    // Its corners: the touch test checks the image's share of a phone's screen.
    (*ctx_.probes)["view.image.min"] = probe_point(lo);
    (*ctx_.probes)["view.image.max"] = probe_point(ImVec2(lo.x + view_.image_width(), lo.y + view_.image_height()));
  }
  // A long-press (touch) edits as a click does, and adds a point in "look" mode too (app/platform/touch_input.h).
  if (click.clicked && (click_mode_ != ClickMode::look || touch_long_press_now())) apply_click(click, *session);
  if (compare) {
    // Nested stripes: the first learner's line widest, each next one narrower on top, so that two learners
    // with the same boundary both stay visible.
    // The light halos first, under every line.
    const size_t n = boundaries_.size();
    auto width = [&](size_t i) { return 2.0f + 2.2f * static_cast<float>(n - 1 - i); };
    for (size_t i = 0; i < n; ++i)
      view_.draw_segments(boundaries_[i].segments(), IM_COL32(255, 255, 255, 170), width(i) + 2.0f);
    for (size_t i = 0; i < n; ++i)
      view_.draw_segments(boundaries_[i].segments(), learner_color(static_cast<int>(i)), width(i));
  }
  if (ctx_.state.preparing()) {
    // A short overlay: the regions stay blank (no model yet) until the preparation ends.
    const Preparation prep = session->preparation();
    char text[200];
    std::string what = prep.what;
    if (!what.empty()) what[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(what[0])));
    std::snprintf(text, sizeof text, "preparing \xE2\x80\xA6 %s: %s, %.0f %%", what.c_str(), prep.stage.c_str(),
                  100.0 * prep.progress);
    const ImVec2 wmin = ImGui::GetWindowPos(), wsize = ImGui::GetWindowSize();
    const ImVec2 ts = ImGui::CalcTextSize(text);
    const float pad = ImGui::GetFontSize() * 0.6f;
    const ImVec2 c(wmin.x + wsize.x * 0.5f, wmin.y + wsize.y * 0.5f);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(ImVec2(c.x - ts.x * 0.5f - pad, c.y - ts.y * 0.5f - pad),
                      ImVec2(c.x + ts.x * 0.5f + pad, c.y + ts.y * 0.5f + pad), IM_COL32(20, 24, 32, 225), pad * 0.5f);
    dl->AddText(ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f), IM_COL32(230, 236, 245, 255), text);
  }
  ImGui::End();
  // An edit rebuilds the session: only now, when nothing of this frame reads the old one any more.
  if (pending_edit_) {
    ctx_.state.apply(std::move(*pending_edit_));
    pending_edit_.reset();
  }
}

namespace {
// The width of a checkbox or radio button with `label`.
float toggle_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}
// The width of a combo of `width` pixels with `label` after it.
float combo_width(float width, const char* label) {
  return width + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}
}  // namespace

std::string ViewPanel::hint(float room) const {
  const bool touch = on_touch(ctx_);
  const char* full = touch ? "drag: pan, pinch: zoom, long-press: add a point (it goes into the link)"
                           : "drag to pan, wheel to zoom; add or flip points: the edits go into the link";
  if (ImGui::CalcTextSize(full).x <= room) return full;
  const char* brief = touch ? "drag: pan, pinch: zoom, long-press: add" : "drag: pan, wheel: zoom";
  if (ImGui::CalcTextSize(brief).x <= room) return brief;
  return fit_to_width(touch ? "drag: pan, pinch: zoom" : brief, room).shown;
}

void ViewPanel::draw_folded_toolbar(const Session& session) {
  if (ImGui::Button(options_open_ ? "Hide view options" : "View options")) options_open_ = !options_open_;
  probe(ctx_, "view.options");
  if (options_open_) {
    if (ctx_.state.mode() == RunMode::compare) draw_compare_legend();
    draw_toolbar(session);
    return;
  }
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("%s", hint(ImGui::GetContentRegionAvail().x).c_str());
}

void ViewPanel::draw_toolbar(const Session& session) {
  ViewOptions& o = view_.options;
  ImGui::Checkbox("regions", &o.regions);
  if (o.regions) {
    same_line_if_fits(toggle_width("flat"));
    ImGui::Checkbox("flat", &o.discrete);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Decision regions in flat class colours (off: shaded by how far the best class leads)");
  }
  same_line_if_fits(toggle_width("test points"));
  ImGui::Checkbox("test points", &o.test_points);
  probe(ctx_, "view.test_points");
  if (view_.projected()) {
    same_line_if_fits(combo_width(ImGui::GetFontSize() * 6.5f, ""));
    draw_axes_choice();
  }
  if (view_.zoomed()) {
    same_line_if_fits(ImGui::CalcTextSize("reset zoom").x + ImGui::GetStyle().FramePadding.x * 2);
    if (compact_button(ctx_, "reset zoom")) view_.reset_zoom();
    probe(ctx_, "view.reset_zoom");
  }
  // Second line: what a click does, and the edits so far.
  const int q = std::max(2, session.data().train.num_classes());
  int mode = static_cast<int>(click_mode_);
  ImGui::TextUnformatted("click:");
  const char* modes[] = {"look", "add point", "flip label"};
  for (int m = 0; m < 3; ++m) {
    same_line_if_fits(toggle_width(modes[m]));
    if (ImGui::RadioButton(modes[m], &mode, m)) click_mode_ = static_cast<ClickMode>(m);
    probe(ctx_, std::string("view.mode.") + (m == 0 ? "look" : m == 1 ? "add" : "flip"));
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("A click gives the training point under it the next class (drag to pan, wheel to zoom)");
  if (click_mode_ == ClickMode::add) {
    add_class_ = std::clamp(add_class_, 0, q - 1);
    const std::vector<std::string>& names = session.data().train.class_names;
    for (int k = 0; k < std::min(q, 10); ++k) {
      const std::string name =
          static_cast<size_t>(k) < names.size() ? names[static_cast<size_t>(k)] : std::to_string(k);
      same_line_if_fits(toggle_width(name.c_str()));
      ImGui::PushStyleColor(ImGuiCol_CheckMark, class_color(k, q));
      ImGui::RadioButton((name + "##add" + std::to_string(k)).c_str(), &add_class_, k);
      ImGui::PopStyleColor();
      probe(ctx_, "view.add_class." + std::to_string(k));
    }
  }
  // Third line, always there (so the image never moves under the cursor): the edits so far and what
  // the last click did.
  const std::vector<PointEdit>& edits = ctx_.state.config().point_edits;
  if (!edits.empty()) {
    ImGui::TextDisabled("%zu %s", edits.size(), edits.size() == 1 ? "edit" : "edits");
    ImGui::SameLine();
    if (compact_button(ctx_, "undo")) {
      pending_edit_ = ctx_.state.config();
      pending_edit_->point_edits.pop_back();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove the last edit (the browser's Back undoes any change)");
    ImGui::SameLine();
    if (compact_button(ctx_, "clear")) {
      pending_edit_ = ctx_.state.config();
      pending_edit_->point_edits.clear();
    }
    probe(ctx_, "view.clear_edits");
  }
  if (!edit_status_.empty()) {
    // Beside the buttons when it fits, else on a line of its own, cut with "..." there if need be (the whole text
    // on hover): a narrow view (a tablet in portrait) never clips it at its edge.
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    const float beside = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x;
    if (!edits.empty() && beside + ImGui::CalcTextSize(edit_status_.c_str()).x <= right) ImGui::SameLine();
    const FittedText shown = fit_to_width(edit_status_, ImGui::GetContentRegionAvail().x);
    ImGui::TextDisabled("%s", shown.shown.c_str());
    if (shown.cut && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", edit_status_.c_str());
  } else if (edits.empty()) {
    ImGui::TextDisabled("%s", hint(ImGui::GetContentRegionAvail().x).c_str());
  }
}

void ViewPanel::draw_axes_choice() {
  ViewOptions& o = view_.options;
  const bool linear = ctx_.state.session() && ctx_.state.session()->learner().weights() != nullptr;
  int mode = static_cast<int>(o.projection);
  if (mode == static_cast<int>(ProjectionMode::weights) && !linear) mode = 0;
  // The combo's entries: PCA, features, and w & PCA for linear learners.
  const char* names[] = {"PCA", "w & PCA", "features"};
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.5f);
  if (fitted_combo("##axes", names[mode])) {
    for (int m : {0, 2, 1}) {
      if (m == 1 && !linear) continue;
      if (ImGui::Selectable(names[m], m == mode)) {
        o.projection = static_cast<ProjectionMode>(m);
        o.axes = m == static_cast<int>(ProjectionMode::features) && view_.varying_columns().size() >= 2
                     ? ViewAxes{view_.varying_columns()[0], view_.varying_columns()[1]}
                     : ViewAxes{};
      }
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", view_.describe().c_str());
  if (o.projection == ProjectionMode::weights) return;
  // The two axes: components or features.
  std::vector<std::pair<int, std::string>> choices;
  if (o.projection == ProjectionMode::pca) {
    const int k = std::min(static_cast<int>(view_.varying_columns().size()), kMaxViewComponents);
    for (int c = 0; c < k; ++c) choices.emplace_back(c, "PC" + std::to_string(c + 1));
  } else {
    const std::vector<std::string>& fnames = view_.feature_names();
    for (int j : view_.varying_columns())
      choices.emplace_back(
          j, static_cast<size_t>(j) < fnames.size() ? fnames[static_cast<size_t>(j)] : "x" + std::to_string(j + 1));
  }
  // Each axis's combo shows "x: NAME" / "y: NAME" (no label beside it, so the line stays short).
  auto axis_combo = [&](const char* label, const char* axis_name, int* axis, int other) {
    std::string shown;
    for (const auto& [value, name] : choices)
      if (value == *axis) shown = std::string(axis_name) + ": " + name;
    same_line_if_fits(combo_width(ImGui::GetFontSize() * 5.5f, ""));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5.5f);
    if (fitted_combo(label, shown)) {
      for (const auto& [value, name] : choices) {
        if (value == other) continue;  // the two axes differ
        if (ImGui::Selectable(name.c_str(), value == *axis)) *axis = value;
      }
      ImGui::EndCombo();
    }
  };
  axis_combo("##xaxis", "x", &o.axes.x, o.axes.y);
  axis_combo("##yaxis", "y", &o.axes.y, o.axes.x);
}

void ViewPanel::apply_click(const ViewClick& click, const Session& session) {
  const Config& config = ctx_.state.config();
  if (config.point_edits.size() >= static_cast<size_t>(kMaxPointEdits)) {
    edit_status_ = "a link holds at most " + std::to_string(kMaxPointEdits) + " edits";
    return;
  }
  const Dataset& train = session.data().train;
  const int q = std::max(2, train.num_classes());
  PointEdit edit;
  if (click_mode_ != ClickMode::flip) {
    std::vector<float> coords = edit_coordinates(view_.projection(), click.a, click.b, config.bias, view_.view_width());
    if (coords.size() > static_cast<size_t>(kMaxPointEditCoords)) {
      edit_status_ = "adding points needs at most " + std::to_string(kMaxPointEditCoords) +
                     " features (this data has " + std::to_string(coords.size()) + ")";
      return;
    }
    edit = added_point(std::clamp(add_class_, 0, q - 1), std::move(coords));
    edit_status_ = "added " + format_point_edit(edit);
  } else {
    if (click.train_row < 0) {
      edit_status_ = "no training point under the cursor";
      return;
    }
    const int current = train.label[static_cast<size_t>(click.train_row)];
    edit = relabelled_row(click.train_row, (current + 1) % q);
    edit_status_ = "row " + std::to_string(click.train_row) + " relabelled";
  }
  pending_edit_ = config;
  pending_edit_->point_edits = with_point_edit(std::move(pending_edit_->point_edits), edit);
}

}  // namespace ml::app
