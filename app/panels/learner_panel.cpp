// marginlab app — the Learner panel (see learner_panel.h).
#include "app/panels/learner_panel.h"

#include "app/ui_model.h"
#include "core/learners/registry.h"

namespace ml::app {

void LearnerPanel::draw() {
  ImGui::PushID("learner");
  widgets_.draw_fields("learner_fields", "learner", {});
  const Config& config = ctx_.state.config();
  const LearnerEntry* entry = find_learner(config.learner);
  if (entry) {
    if (begin_form("params")) {
      for (const Setting& spec : entry->schema.params) {
        form_row(spec.label, spec.help + "\n(URL key: l." + spec.key + ")");
        SettingValue value;
        if (widgets_.setting_widget(spec, "l." + spec.key, number_value(learner_param_value(config, spec)), &value))
          ctx_.state.apply(set_learner_param(config, spec.key, value.number));
      }
      ImGui::EndTable();
    }
    if (entry->schema.params.empty()) ImGui::TextDisabled("no parameters");
    note("%s", std::string(entry->citation).c_str());
  }
  ImGui::PopID();
}

}  // namespace ml::app
