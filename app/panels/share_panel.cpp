// marginlab app — the Share panel (see share_panel.h).
#include "app/panels/share_panel.h"

#include "app/models/ui_model.h"
#include "core/config/run_command.h"
#include "imgui_stdlib.h"

namespace ml::app {

void SharePanel::draw(const std::string& url) {
  ImGui::PushID("share");
  std::string link = ctx_.platform.share_link(url);
  ImGui::SetNextItemWidth(width_beside("Copy link"));
  fitted_text_field("##link", &link, ImGuiInputTextFlags_ReadOnly);
  same_line_if_fits(button_width("Copy link"));
  if (ImGui::Button("Copy link")) {
    feedback_ = ctx_.platform.copy_text(link) ? "link copied" : "this host has no clipboard";
    copied_ = Copied::link;
  }
  probe(ctx_, "share.copy_link");
  draw_feedback(Copied::link);
  // The command line that reproduces this link (core/config/run_command.h quotes it for a shell).
  const std::string command = run_command(ctx_.state.url(), ctx_.state.config(), ctx_.state.mode() != RunMode::single);
  if (ImGui::Button("Copy command")) {
    feedback_ = ctx_.platform.copy_text(command) ? "command copied: " + command : "this host has no clipboard";
    copied_ = Copied::command;
  }
  probe(ctx_, "share.copy_command");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", command.c_str());
  draw_feedback(Copied::command);
  // A cell opened from a sweep, on a host without history (the desktop has no Back): the sweep's link stays
  // at hand. (In the page, Back returns to it.)
  if (!ctx_.state.parked_sweep_url().empty() && !ctx_.platform.has_history()) {
    std::string sweep_link = ctx_.platform.share_link(ctx_.state.parked_sweep_url());
    ImGui::TextDisabled("Opened from the sweep:");
    ImGui::SetNextItemWidth(width_beside("Copy##sweep"));
    fitted_text_field("##sweep_link", &sweep_link, ImGuiInputTextFlags_ReadOnly);
    same_line_if_fits(button_width("Copy##sweep"));
    if (ImGui::Button("Copy##sweep")) {
      feedback_ = ctx_.platform.copy_text(sweep_link) ? "sweep link copied" : "this host has no clipboard";
      copied_ = Copied::sweep_link;
    }
    draw_feedback(Copied::sweep_link);
  }
  note("Panels the link hides (for teaching):");
  for (const Field* f : panel_fields("share", ctx_.state.config())) {
    SettingValue value;
    if (widgets_.setting_widget(*f, f->key, f->get(ctx_.state.config()), &value)) widgets_.commit_field(*f, value);
  }
  ImGui::PopID();
}

void SharePanel::draw_feedback(Copied which) {
  if (copied_ != which || feedback_.empty()) return;
  note("%s", feedback_.c_str());
  probe(ctx_, "share.feedback");
}

}  // namespace ml::app
