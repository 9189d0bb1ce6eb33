// marginlab app — the View panel (see view_panel.h).
#include "app/panels/view_panel.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "app/plot.h"
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

void ViewPanel::draw(ImVec2 pos, ImVec2 size) {
  begin_panel("View", pos, size, ImGuiWindowFlags_NoScrollbar);
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
  if (compare) draw_compare_legend();
  ViewOptions& o = view_.options;
  ImGui::Checkbox("regions", &o.regions);
  ImGui::SameLine();
  ImGui::Checkbox("test points", &o.test_points);
  if (view_.projected()) {
    ImGui::SameLine();
    int mode = static_cast<int>(o.projection);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    const bool linear = session->learner().weights() != nullptr;
    const char* names[] = {"PCA", "w & PCA"};
    if (ImGui::Combo("axes", &mode, names, linear ? 2 : 1)) o.projection = static_cast<ProjectionMode>(mode);
  }
  if (ImGui::IsItemHovered() || ImGui::IsItemActive()) ImGui::SetTooltip("%s", view_.describe().c_str());
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  if (view_.projected()) {
    const float hist_h = std::round(avail.y * 0.34f);
    view_.draw_scatter(ImVec2(avail.x, avail.y - hist_h - ImGui::GetStyle().ItemSpacing.y));
    view_.draw_histogram(ImVec2(avail.x, hist_h));
  } else {
    view_.draw_scatter(avail);
  }
  if (compare) {
    // Nested stripes: the first learner's line widest, each next one narrower on top, so that two learners
    // with the same boundary both stay visible.
    // The light halos first, under every line.
    const size_t n = boundaries_.size();
    auto width = [&](size_t i) { return 2.0f + 2.2f * static_cast<float>(n - 1 - i); };
    for (size_t i = 0; i < n; ++i) view_.draw_segments(boundaries_[i].segments(), IM_COL32(255, 255, 255, 170), width(i) + 2.0f);
    for (size_t i = 0; i < n; ++i) view_.draw_segments(boundaries_[i].segments(), learner_color(static_cast<int>(i)), width(i));
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
    dl->AddRectFilled(ImVec2(c.x - ts.x * 0.5f - pad, c.y - ts.y * 0.5f - pad), ImVec2(c.x + ts.x * 0.5f + pad, c.y + ts.y * 0.5f + pad),
                      IM_COL32(20, 24, 32, 225), pad * 0.5f);
    dl->AddText(ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f), IM_COL32(230, 236, 245, 255), text);
  }
  ImGui::End();
}

}  // namespace ml::app
