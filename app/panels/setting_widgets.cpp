// marginlab app — widgets of config fields and learner parameters (see setting_widgets.h).
#include "app/panels/setting_widgets.h"

#include "app/platform/touch_input.h"

#include <algorithm>
#include <cmath>

#include "app/models/ui_model.h"
#include "app/panels/panel.h"
#include "core/learners/registry.h"
#include "imgui.h"
#include "imgui_internal.h"
#include "imgui_stdlib.h"

namespace ml::app {

namespace {

// The value a widget shows: the one being edited, else the setting's current value.
template <class T>
T shown_value(const std::map<std::string, T>& pending, const std::string& key, const T& current) {
  auto it = pending.find(key);
  return it != pending.end() ? it->second : current;
}

// After a text or number field: keeps the value being edited across frames (the widget writes it only on the
// frames its text changes, not on the frame Enter commits it) and returns true on the frame the user commits a
// value other than `current`, with *out set.
template <class T>
bool finish_edit(std::map<std::string, T>& pending, const std::string& key, const T& edited, const T& current, T* out) {
  if (ImGui::IsItemActive()) pending[key] = edited;
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    pending.erase(key);
    *out = edited;
    return edited != current;
  }
  if (!ImGui::IsItemActive()) pending.erase(key);
  return false;
}

}  // namespace

bool close_popup_on_escape() {
  if (!ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) return false;
  if (!ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)) return false;
  ImGui::ClosePopupToLevel(0, true);
  return true;
}

void SettingWidgets::probe_item(const std::string& name) {
  if (!probes_) return;
  (*probes_)[name] = last_item_rect();
}

bool SettingWidgets::setting_widget(const Setting& s, const std::string& key, const SettingValue& current,
                                    SettingValue* out) {
  const std::string id = "##" + key;
  const std::string probe_name = "field." + key;
  *out = current;
  switch (s.type) {
    case SettingType::boolean: {
      bool b = current.number != 0;
      if (ImGui::Checkbox(id.c_str(), &b)) {
        out->number = b ? 1 : 0;
        return true;
      }
      return false;
    }
    case SettingType::choice: {
      const std::vector<Choice> choices = setting_choices(s);
      const int index = static_cast<int>(current.number);
      const std::string preview =
          index >= 0 && static_cast<size_t>(index) < choices.size() ? choices[static_cast<size_t>(index)].label : "?";
      bool changed = false;
      const bool open = fitted_combo(id.c_str(), preview);
      probe_item(probe_name);
      if (open) {
        for (size_t i = 0; i < choices.size(); ++i) {
          if (ImGui::Selectable(choices[i].label.c_str(), static_cast<int>(i) == index)) {
            out->number = static_cast<double>(i);
            changed = static_cast<int>(i) != index;
          }
          probe_item(probe_name + "." + choices[i].id);
          if (!choices[i].help.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", choices[i].help.c_str());
        }
        ImGui::EndCombo();
      }
      return changed;
    }
    case SettingType::learner: {
      const std::vector<Choice> choices = setting_choices(s);
      std::string preview = current.text;
      for (const Choice& c : choices)
        if (c.id == current.text) preview = c.label;
      bool changed = false;
      const bool open = fitted_combo(id.c_str(), preview, ImGuiComboFlags_HeightLarge);
      probe_item(probe_name);
      if (open) {
        for (const Choice& c : choices) {
          if (ImGui::Selectable(c.label.c_str(), c.id == current.text)) {
            out->text = c.id;
            changed = c.id != current.text;
          }
          probe_item(probe_name + "." + c.id);
          if (ImGui::IsItemHovered())
            if (const LearnerEntry* e = find_learner(c.id)) ImGui::SetTooltip("%s", std::string(e->citation).c_str());
        }
        ImGui::EndCombo();
      }
      return changed;
    }
    case SettingType::real:
    case SettingType::integer: {
      const bool integer = s.type == SettingType::integer;
      double v = shown_value(edited_numbers_, key, current.number);
      double lo = s.min, hi = s.max;
      if (s.max_exclusive) hi = std::nextafter(hi, lo);
      // A text field, not a drag: one click selects the number and typing replaces it (Enter or a click
      // elsewhere commits, Escape reverts). A typed value outside the range is brought to its nearest end.
      const ImGuiInputTextFlags flags = kNumberFieldFlags;
      if (integer) {
        long long iv = static_cast<long long>(v);
        ImGui::InputScalar(id.c_str(), ImGuiDataType_S64, &iv, nullptr, nullptr, "%lld", flags);
        v = static_cast<double>(iv);
      } else {
        ImGui::InputScalar(id.c_str(), ImGuiDataType_Double, &v, nullptr, nullptr, "%.6g", flags);
      }
      if (lo >= 0 && (ImGui::IsItemHovered() || ImGui::IsItemActive())) note_decimal_field();
      probe_item(probe_name);
      return finish_edit(edited_numbers_, key, std::clamp(v, lo, hi), current.number, &out->number);
    }
    case SettingType::text: {
      std::string text = shown_value(edited_texts_, key, current.text);
      fitted_text_field(id.c_str(), &text);
      return finish_edit(edited_texts_, key, text, current.text, &out->text);
    }
    case SettingType::name_list: {
      bool changed = false;
      std::vector<std::string> names = current.names;
      float widest = 0;
      for (const std::string& c : s.choices) widest = std::max(widest, ImGui::CalcTextSize(c.c_str()).x);
      const float column =
          widest + ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::GetFontSize();
      const size_t per_row = std::max<size_t>(1, static_cast<size_t>(ImGui::GetContentRegionAvail().x / column));
      const float x0 = ImGui::GetCursorPosX();
      for (size_t i = 0; i < s.choices.size(); ++i) {
        const std::string& c = s.choices[i];
        bool on = std::find(names.begin(), names.end(), c) != names.end();
        if (i % per_row != 0) ImGui::SameLine(x0 + column * static_cast<float>(i % per_row));
        if (ImGui::Checkbox((c + id).c_str(), &on)) {
          changed = true;
          if (on)
            names.push_back(c);
          else
            names.erase(std::remove(names.begin(), names.end(), c), names.end());
        }
      }
      if (changed) out->names = normalized_names(s, names);  // the table's order (validation would sort them anyway)
      return changed;
    }
    case SettingType::real_list: ImGui::TextDisabled("(edited below)"); return false;
  }
  return false;
}

void SettingWidgets::commit_field(const Field& field, const SettingValue& value) {
  std::vector<std::string> notes;
  Config next = apply_field_edit(state_.config(), field, value, &notes);
  state_.apply(std::move(next), std::move(notes));
}

void SettingWidgets::draw_fields(const char* table_id, std::string_view panel, const std::vector<std::string>& skip) {
  const std::vector<const Field*> fields = panel_fields(panel, state_.config());
  if (!begin_form(table_id)) return;
  for (const Field* f : fields) {
    if (std::find(skip.begin(), skip.end(), f->key) != skip.end()) continue;
    form_row(f->label, f->help + "\n(URL key: " + f->key + ")");
    SettingValue value;
    if (setting_widget(*f, f->key, f->get(state_.config()), &value)) commit_field(*f, value);
  }
  ImGui::EndTable();
}

}  // namespace ml::app
