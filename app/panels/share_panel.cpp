// marginlab app — the Share panel (see share_panel.h).
#include "app/panels/share_panel.h"

#include "app/ui_model.h"
#include "core/config/run_command.h"
#include "imgui_stdlib.h"

namespace ml::app {

void SharePanel::draw() {
  ImGui::PushID("share");
  std::string link = ctx_.platform.share_link(ctx_.state.url());
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 5.2f);
  fitted_text_field("##link", &link, ImGuiInputTextFlags_ReadOnly);
  ImGui::SameLine();
  if (ImGui::Button("Copy link"))
    ctx_.message = ctx_.platform.copy_text(link) ? "link copied" : "this host has no clipboard";
  // The command line that reproduces this link (core/config/run_command.h quotes it for a shell).
  const std::string command = run_command(ctx_.state.url(), ctx_.state.config(), ctx_.state.mode() != RunMode::single);
  if (ImGui::Button("Copy command")) {
    ctx_.message = ctx_.platform.copy_text(command) ? "command copied: " + command : "this host has no clipboard";
  }
  probe(ctx_, "share.copy_command");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", command.c_str());
  // A cell opened from a sweep, on a host without history (the desktop has no Back): the sweep's link stays
  // at hand. (In the page, Back returns to it.)
  if (!ctx_.state.parked_sweep_url().empty() && !ctx_.platform.has_history()) {
    std::string sweep_link = ctx_.platform.share_link(ctx_.state.parked_sweep_url());
    ImGui::TextDisabled("Opened from the sweep:");
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 5.2f);
    fitted_text_field("##sweep_link", &sweep_link, ImGuiInputTextFlags_ReadOnly);
    ImGui::SameLine();
    if (ImGui::Button("Copy##sweep"))
      ctx_.message = ctx_.platform.copy_text(sweep_link) ? "sweep link copied" : "this host has no clipboard";
  }
  ImGui::TextDisabled("Panels the link hides (for teaching):");
  for (const Field* f : panel_fields("share", ctx_.state.config())) {
    SettingValue value;
    if (widgets_.setting_widget(*f, f->key, f->get(ctx_.state.config()), &value)) widgets_.commit_field(*f, value);
  }
  if (!ctx_.message.empty()) note("%s", ctx_.message.c_str());
  ImGui::PopID();
}

}  // namespace ml::app
