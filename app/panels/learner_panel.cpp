// marginlab app — the Learner panel (see learner_panel.h).
#include "app/panels/learner_panel.h"

#include <algorithm>

#include "app/models/ui_model.h"
#include "app/ui/plot.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/run_report.h"

namespace ml::app {

void LearnerPanel::draw_params(const LearnerSchema& schema, const Config& shown, const char* id) {
  if (schema.params.empty()) {
    ImGui::TextDisabled("no parameters");
    return;
  }
  if (!begin_form(id)) return;
  for (const Setting& spec : schema.params) {
    const std::string key = param_url_key(spec.key);
    form_row(spec.label, spec.help + "\n(URL key: " + key + ")");
    SettingValue value;
    if (widgets_.setting_widget(spec, key, number_value(learner_param_value(shown, spec)), &value)) {
      if (ctx_.state.mode() == RunMode::compare)
        ctx_.state.set_compared_param(spec.key, value.number);
      else
        ctx_.state.apply(set_learner_param(ctx_.state.config(), spec.key, value.number));
    }
  }
  ImGui::EndTable();
}

std::string LearnerPanel::learner_choice(const char* id, const char* preview, const std::vector<std::string>& taken) {
  const Config& config = ctx_.state.config();
  const int classes = config_classes(config, ctx_.state.has_csv() ? ctx_.state.csv_info().classes : 0);
  std::string chosen;
  const bool open = fitted_combo(id, preview);
  probe(ctx_, std::string("learner.") + (id + 2));  // "##add" -> learner.add
  if (open) {
    for (const LearnerEntry& e : learner_registry()) {
      if (std::find(taken.begin(), taken.end(), e.schema.id) != taken.end()) continue;
      if (classes > 2 && !e.schema.multiclass) continue;
      if (ImGui::Selectable(e.schema.name.c_str())) chosen = e.schema.id;
      probe(ctx_, std::string("learner.") + (id + 2) + "." + e.schema.id);
    }
    ImGui::EndCombo();
  }
  return chosen;
}

void LearnerPanel::draw_compare() {
  const CompareModel& cm = ctx_.state.compare();
  const float fs = ImGui::GetFontSize();
  ImGui::TextWrapped("Compared side by side (x.learner):");
  std::vector<std::string> ids;
  for (size_t i = 0; i < cm.size(); ++i) ids.push_back(cm.run(i).learner);
  int remove = -1;
  for (size_t i = 0; i < cm.size(); ++i) {
    const ComparedRun& r = cm.run(i);
    ImGui::PushID(static_cast<int>(i));
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float mid = p.y + ImGui::GetFrameHeight() * 0.5f;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(p.x, mid), ImVec2(p.x + fs * 1.1f, mid),
                                        learner_color(static_cast<int>(i)), 3.0f);
    ImGui::Dummy(ImVec2(fs * 1.3f, ImGui::GetFrameHeight()));
    ImGui::SameLine();
    const LearnerEntry* entry = find_learner(r.learner);
    // The name fits between the tree's arrow and the "remove" button (the whole name on hover when cut).
    const ImGuiStyle& style = ImGui::GetStyle();
    const float remove_x = ImGui::GetContentRegionMax().x - ImGui::CalcTextSize("remove").x - style.FramePadding.x * 2;
    const float name_room =
        remove_x - style.ItemSpacing.x - ImGui::GetCursorPosX() - ImGui::GetTreeNodeToLabelSpacing();
    const FittedText name = fit_to_width(r.name, name_room);
    const bool open = ImGui::TreeNodeEx("##params", ImGuiTreeNodeFlags_AllowItemOverlap, "%s", name.shown.c_str());
    if (ImGui::IsItemHovered() && (name.cut || !r.error.empty()))
      ImGui::SetTooltip("%s", (name.cut ? r.name + (r.error.empty() ? "" : "\n") : "").append(r.error).c_str());
    ImGui::SameLine(remove_x);
    if (compact_button(ctx_, "remove")) remove = static_cast<int>(i);
    probe(ctx_, "learner.remove." + r.learner);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(cm.size() == 2 ? "Remove it: the other learner's single run" : "Remove it from the comparison");
    if (open) {
      if (entry) {
        draw_params(entry->schema, r.cell.config, "params");
        note("%s", std::string(entry->citation).c_str());
      }
      if (!r.error.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.42f, 1), "%s", r.error.c_str());
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
  if (remove >= 0) {
    ids.erase(ids.begin() + remove);
    ctx_.state.set_compared_learners(ids);
    return;
  }
  ImGui::BeginDisabled(cm.size() >= static_cast<size_t>(kMaxCompared));
  ImGui::SetNextItemWidth(-1);
  const std::string added = learner_choice(
      "##add", cm.size() >= static_cast<size_t>(kMaxCompared) ? "at most four learners" : "add a learner...", ids);
  ImGui::EndDisabled();
  if (!added.empty()) {
    ids.push_back(added);
    ctx_.state.set_compared_learners(ids);
  }
  note("Same data and the same noisy labels for every learner; a parameter shared by name applies to each learner that "
       "has it.");
}

void LearnerPanel::draw() {
  ImGui::PushID("learner");
  const Config& config = ctx_.state.config();
  if (ctx_.state.mode() == RunMode::compare) {
    draw_compare();
    ImGui::PopID();
    return;
  }
  const bool learner_axis =
      std::any_of(ctx_.state.axes().begin(), ctx_.state.axes().end(), [](const Axis& a) { return a.key == "learner"; });
  if (learner_axis) {
    note("The learner is an axis of the sweep (x.learner); the parameters below are the base's.");
  } else {
    widgets_.draw_fields("learner_fields", "learner", {});
  }
  const LearnerEntry* entry = find_learner(config.learner);
  if (entry) {
    draw_params(entry->schema, config, "params");
    note("%s", std::string(entry->citation).c_str());
    // How the run ends (stop_reason) and, when the paper's rule cannot act here, why and where it does.
    if (const Session* session = ctx_.state.session(); session != nullptr && ctx_.state.mode() == RunMode::single) {
      const std::string text = stop_reason_text(*session);
      const size_t rule = text.find('\n');
      ImGui::TextWrapped("%s", text.substr(0, rule).c_str());
      probe(ctx_, "learner.stop_reason");
      if (rule != std::string::npos) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.78f, 0.35f, 1));
        ImGui::TextWrapped("%s", text.substr(rule + 1).c_str());
        ImGui::PopStyleColor();
      }
    }
    if (ctx_.state.mode() == RunMode::single) {
      // Compare: the same data and noisy labels, another learner beside this one.
      ImGui::SetNextItemWidth(-1);
      const std::string other = learner_choice("##compare", "compare with...", {config.learner});
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Train another learner side by side on the same data and noisy labels");
      if (!other.empty()) ctx_.state.set_compared_learners({config.learner, other});
    }
  }
  ImGui::PopID();
}

}  // namespace ml::app
