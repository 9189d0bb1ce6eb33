// marginlab app — the View panel (see view_panel.h).
#include "app/panels/view_panel.h"

#include <cctype>
#include <cmath>
#include <cstdio>

#include "core/data/generators.h"

namespace ml::app {

void ViewPanel::update(double budget_seconds) {
  const ClockFn clock = [this] { return ctx_.platform.now_seconds(); };
  view_.update(ctx_.state.session(), ctx_.state.session_version(), clock, budget_seconds);
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
