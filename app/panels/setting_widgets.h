// marginlab app — widgets generated from the config field table (core/config/fields.h) and the registry's
// parameter tables (core/learners/registry.h): adding a field or a learner adds its widget without an
// edit. Each panel owns one SettingWidgets: the values of its widgets being dragged or typed into.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "app/panels/probes.h"
#include "app/state/app_state.h"
#include "core/config/fields.h"
#include "imgui.h"

namespace ml::app {

// The flags of a typed number field: one click selects the number, typing replaces it.
inline constexpr ImGuiInputTextFlags kNumberFieldFlags =
    ImGuiInputTextFlags_AutoSelectAll | ImGuiInputTextFlags_CharsScientific;

// Closes the open popup (a combo's list, a menu) when Escape is pressed this frame; true when it did. ImGui
// 1.86 closes popups on Escape only with keyboard navigation, which the app leaves off (it would take the
// space bar, which plays and pauses). Called once a frame before the windows are drawn.
bool close_popup_on_escape();

// The widgets of config fields and learner parameters, with the edits in progress.
class SettingWidgets {
 public:
  // The widgets apply their edits to `state`; with `probes`, each widget's rectangle is recorded there as
  // "field.KEY" and each entry of an open combo as "field.KEY.ID" (PanelContext::probes: the end-to-end tests).
  explicit SettingWidgets(AppState& state, Probes* probes = nullptr) : state_(state), probes_(probes) {}
  // The widget of one setting (a config field or a learner parameter) under its URL key, showing `current`;
  // true with *out set when the user committed a new value.
  bool setting_widget(const Setting& setting, const std::string& key, const SettingValue& current, SettingValue* out);
  // Applies an edited field to the state (with the notes the edit produces).
  void commit_field(const Field& field, const SettingValue& value);
  // A two-column form of a panel's fields (except `skip`), committing edits.
  void draw_fields(const char* table_id, std::string_view panel, const std::vector<std::string>& skip);

 private:
  void probe_item(const std::string& name);  // records the last item's rectangle in probes_ (when set)

  AppState& state_;
  Probes* probes_;
  // Fields being typed into, by URL key: the value shown until the edit is committed.
  std::map<std::string, double> edited_numbers_;
  std::map<std::string, std::string> edited_texts_;
};

}  // namespace ml::app
