// marginlab — a typed reference to one setting (see setting_ref.h).
#include "core/config/setting_ref.h"

#include <algorithm>
#include <cassert>

#include "core/learners/registry.h"

namespace ml {

SettingRef SettingRef::of_field(const Field& field) {
  SettingRef ref;
  ref.field_ = &field;
  return ref;
}

SettingRef SettingRef::of_param(const LearnerSchema& learner, const Setting& param) {
  SettingRef ref;
  ref.learner_ = &learner;
  ref.param_ = &param;
  return ref;
}

const std::string& SettingRef::learner() const {
  static const std::string none;
  return learner_ ? learner_->id : none;
}

double SettingRef::number(const Config& config) const {
  if (field_) return field_->get(config).number;
  for (const ParamValue& p : config.params)
    if (p.name == param_->key) return p.value;
  return param_->default_value.number;
}

void SettingRef::set_number(Config& config, double value) const {
  if (field_) {
    field_->set(config, number_value(value));
    return;
  }
  const std::string& key = param_->key;
  std::erase_if(config.params, [&](const ParamValue& p) { return p.name == key; });
  if (value != param_->default_value.number) config.params.push_back(ParamValue{key, value});
  std::sort(config.params.begin(), config.params.end(),
            [](const ParamValue& a, const ParamValue& b) { return a.name < b.name; });
}

SettingRef field_ref(std::string_view key) {
  const Field* field = find_field(key);
  assert(field != nullptr && "field_ref: not a field of the table");
  return SettingRef::of_field(*field);
}

std::optional<SettingRef> param_ref(std::string_view learner, std::string_view name) {
  const LearnerSchema* schema = find_learner_schema(learner);
  if (schema == nullptr) return std::nullopt;
  for (const Setting& s : schema->params)
    if (s.key == name) return SettingRef::of_param(*schema, s);
  return std::nullopt;
}

}  // namespace ml
