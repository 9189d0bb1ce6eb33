// marginlab — a typed reference to one setting of a configuration: a config field (config/fields.h) or a
// parameter of a learner (its registry schema, core/learners/registry.h).
//
// A key read from a link is resolved to a SettingRef once (config/url.h resolve_url_key), where the link
// is decoded; the resource budget, the experiment's axes and protocols, the statistics, the lesson goals
// and the UI then read and write the setting through it and never search for a setting by its text. Only
// the URL code spells a setting's key in a link (url_key, config/url.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/config/config.h"
#include "core/config/fields.h"

namespace ml {

// One setting of a configuration.
class SettingRef {
 public:
  // The config field `field`.
  static SettingRef of_field(const Field& field);
  // The parameter `param` of the learner `learner` (a registry row's schema, whose address is stable).
  static SettingRef of_param(const LearnerSchema& learner, const Setting& param);

  // Its row: the field's or the parameter's Setting (key, label, type, range, help).
  const Setting& setting() const { return field_ ? static_cast<const Setting&>(*field_) : *param_; }
  // The config field, or nullptr for a learner parameter.
  const Field* field() const { return field_; }
  // True for a learner parameter.
  bool is_param() const { return param_ != nullptr; }
  // The learner whose parameter it is ("" for a field).
  const std::string& learner() const;
  // The key in its table: the field's URL key or the parameter's name ("n", "landmarks").
  const std::string& name() const { return setting().key; }

  // Its number in `config` (a parameter missing from config.params has its default).
  double number(const Config& config) const;
  // Sets its number in `config`: a field through its binding; a parameter kept in config.params only when it
  // differs from its default, config.params sorted by name (what validate() keeps).
  void set_number(Config& config, double value) const;

  // The same setting (the same row).
  bool operator==(const SettingRef& other) const { return field_ == other.field_ && param_ == other.param_; }

 private:
  const Field* field_ = nullptr;
  const LearnerSchema* learner_ = nullptr;
  const Setting* param_ = nullptr;
};

// The config field with this key (a programmer error when there is none: assert).
SettingRef field_ref(std::string_view key);
// The parameter `name` of the learner with id `learner`, or nullopt when that learner has none.
std::optional<SettingRef> param_ref(std::string_view learner, std::string_view name);

}  // namespace ml
