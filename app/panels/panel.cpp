// marginlab app — helpers the panels share (see panel.h).
#include "app/panels/panel.h"

#include <cstdarg>
#include <string>

#include "app/plot.h"
#include "imgui_internal.h"
#include "imgui_stdlib.h"

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
  const FittedText shown = fit_to_width(label, ImGui::GetContentRegionAvail().x);
  ImGui::TextUnformatted(shown.shown.c_str());
  if ((shown.cut || !help.empty()) && ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
    if (shown.cut) ImGui::TextUnformatted(label.c_str());
    if (!help.empty()) ImGui::TextUnformatted(help.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  ImGui::TableSetColumnIndex(1);
  ImGui::SetNextItemWidth(-1);
}

FittedText fit_to_width(std::string_view text, float width) {
  return fit_text(text, width, [](std::string_view s) { return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x; });
}

bool fitted_combo(const char* id, const std::string& preview, ImGuiComboFlags flags) {
  // ImGui 1.86 draws the preview from the frame's left padding up to the arrow button, clipped there.
  const float room = ImGui::CalcItemWidth() - ImGui::GetStyle().FramePadding.x - ImGui::GetFrameHeight() - 1;
  const FittedText shown = fit_to_width(preview, room);
  const bool open = ImGui::BeginCombo(id, shown.shown.c_str(), flags);
  if (!open && shown.cut && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", preview.c_str());
  return open;
}

bool fitted_text_field(const char* id, std::string* text, ImGuiInputTextFlags flags, const char* hint) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float room = ImGui::CalcItemWidth() - style.FramePadding.x * 2 - 1;
  const bool editing = ImGui::GetActiveID() == ImGui::GetID(id);
  const FittedText shown = fit_to_width(*text, room);
  const bool cover = shown.cut && !editing;
  // The field draws the whole text invisibly (so a click edits it as usual) and the cut text is drawn over it.
  if (cover) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0, 0, 0, 0));
  const bool changed = hint ? ImGui::InputTextWithHint(id, hint, text, flags) : ImGui::InputText(id, text, flags);
  if (!cover) return changed;
  ImGui::PopStyleColor();
  const ImVec2 at(ImGui::GetItemRectMin().x + style.FramePadding.x, ImGui::GetItemRectMin().y + style.FramePadding.y);
  ImGui::GetWindowDrawList()->AddText(at, ImGui::GetColorU32(ImGuiCol_Text), shown.shown.c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text->c_str());
  return changed;
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
    const std::string full = r.session ? r.name : r.name + " (not run)";
    const float swatch_and_radio = fs * 1.3f + ImGui::GetFrameHeight() + style.ItemInnerSpacing.x;
    const float width = swatch_and_radio + ImGui::CalcTextSize(full.c_str()).x;
    if (!first) {
      ImGui::SameLine(0, fs * 0.8f);
      if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
    }
    first = false;
    // A name wider than a whole line is cut with "..." (the whole name on hover).
    const FittedText shown = fit_to_width(full, right - ImGui::GetCursorScreenPos().x - swatch_and_radio);
    const std::string& text = shown.shown;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float mid = p.y + ImGui::GetFrameHeight() * 0.5f;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(p.x, mid), ImVec2(p.x + fs * 1.1f, mid),
                                        learner_color(static_cast<int>(i)), 3.0f);
    ImGui::Dummy(ImVec2(fs * 1.2f, ImGui::GetFrameHeight()));
    ImGui::SameLine(0, fs * 0.1f);
    ImGui::BeginDisabled(!r.session);
    if (ImGui::RadioButton((text + "##legend" + std::to_string(i)).c_str(), compare.focus() == static_cast<int>(i)))
      clicked = static_cast<int>(i);
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s%s%s", shown.cut ? full.c_str() : "", shown.cut ? "\n" : "",
                        r.session ? "Checked: its regions are the shaded ones in the 2-D view" : r.error.c_str());
  }
  return clicked;
}

}  // namespace ml::app
