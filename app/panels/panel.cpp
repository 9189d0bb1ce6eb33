// marginlab app — helpers the panels share (see panel.h).
#include "app/panels/panel.h"

#include <cstdarg>
#include <string>

#include "app/plot.h"

namespace ml::app {

bool begin_panel(const char* title, ImVec2 pos, ImVec2 size, ImGuiWindowFlags extra) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  return ImGui::Begin(title, nullptr,
                      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                          ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus | extra);
}

float label_width() { return ImGui::GetFontSize() * 9.2f; }

bool begin_form(const char* id) {
  if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingFixedFit)) return false;
  ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed, label_width());
  ImGui::TableSetupColumn("widget", ImGuiTableColumnFlags_WidthStretch);
  return true;
}

void form_row(const std::string& label, const std::string& help) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label.c_str());
  if (!help.empty() && ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
    ImGui::TextUnformatted(help.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  ImGui::TableSetColumnIndex(1);
  ImGui::SetNextItemWidth(-1);
}

void note(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::PushTextWrapPos(0);
  ImGui::TextV(fmt, args);
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  va_end(args);
}

void trailing_hint(const char* text) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize(text).x <= right) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", text);
  } else {
    note("%s", text);
  }
}

void probe(const PanelContext& ctx, const std::string& name) {
  if (!ctx.probes) return;
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  (*ctx.probes)[name] = ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
}

int compare_legend(const CompareModel& compare, const char* label) {
  const float fs = ImGui::GetFontSize();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  bool first = true;
  if (label && *label) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    first = false;
  }
  int clicked = -1;
  for (size_t i = 0; i < compare.size(); ++i) {
    const ComparedRun& r = compare.run(i);
    const std::string text = r.session ? r.name : r.name + " (not run)";
    const float width = fs * 1.3f + ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(text.c_str()).x;
    if (!first) {
      ImGui::SameLine(0, fs * 0.8f);
      if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
    }
    first = false;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float mid = p.y + ImGui::GetFrameHeight() * 0.5f;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(p.x, mid), ImVec2(p.x + fs * 1.1f, mid), learner_color(static_cast<int>(i)), 3.0f);
    ImGui::Dummy(ImVec2(fs * 1.2f, ImGui::GetFrameHeight()));
    ImGui::SameLine(0, fs * 0.1f);
    ImGui::BeginDisabled(!r.session);
    if (ImGui::RadioButton((text + "##legend" + std::to_string(i)).c_str(), compare.focus() == static_cast<int>(i)))
      clicked = static_cast<int>(i);
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s", r.session ? "Checked: its regions are the shaded ones in the 2-D view" : r.error.c_str());
  }
  return clicked;
}

}  // namespace ml::app
