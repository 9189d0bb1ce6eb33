// marginlab app — helpers the panels share (see panel.h).
#include "app/panels/panel.h"

#include <cstdarg>

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

}  // namespace ml::app
