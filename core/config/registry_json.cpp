// marginlab — the learner registry as JSON (see registry_json.h).
#include "core/config/registry_json.h"

#include "core/config/fields.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "nlohmann/json.hpp"

namespace ml {
namespace {

const char* kind_name(SettingType t) {
  switch (t) {
    case SettingType::integer: return "integer";
    case SettingType::boolean: return "boolean";
    case SettingType::choice: return "choice";
    default: return "real";  // parameters are numeric: real, integer, boolean or choice
  }
}

nlohmann::ordered_json param_json(const Setting& p) {
  nlohmann::ordered_json q;
  q["name"] = p.key;
  q["url_key"] = param_url_key(p.key);
  q["label"] = p.label;
  q["kind"] = kind_name(p.type);
  if (p.type == SettingType::choice) {
    q["default"] = format_setting_value(p, p.default_value);
    q["choices"] = p.choices;
  } else {
    q["default"] = p.default_value.number;
    q["min"] = p.min;
    q["max"] = p.max;
  }
  q["log_scale"] = p.log_scale;
  q["help"] = p.help;
  return q;
}

}  // namespace

std::string learner_registry_json(bool compact) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const LearnerEntry& e : learner_registry()) {
    nlohmann::ordered_json row;
    row["id"] = e.schema.id;
    row["name"] = e.schema.name;
    row["type"] = e.schema.multiclass ? "multiclass" : "binary";
    row["citation"] = std::string(e.citation);
    nlohmann::ordered_json params = nlohmann::ordered_json::array();
    for (const Setting& p : e.schema.params) params.push_back(param_json(p));
    row["params"] = params;
    list.push_back(row);
  }
  return list.dump(compact ? -1 : 2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace ml
