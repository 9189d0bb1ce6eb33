// marginlab learners — the learner registry as JSON (what the UI, the URL codec and docs iterate).
#include <cstdio>

#include "core/config/fields.h"
#include "core/learners/registry.h"
#include "native/cli/cli.h"
#include "nlohmann/json.hpp"

namespace ml::cli {

namespace {
const char* kind_name(SettingType t) {
  switch (t) {
    case SettingType::integer: return "integer";
    case SettingType::boolean: return "boolean";
    case SettingType::choice: return "choice";
    default: return "real";  // parameters are numeric: real, integer, boolean or choice
  }
}
}  // namespace

int cmd_learners(const Args& args) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const LearnerEntry& e : learner_registry()) {
    nlohmann::ordered_json row;
    row["id"] = e.schema.id;
    row["name"] = e.schema.name;
    row["type"] = e.schema.multiclass ? "multiclass" : "binary";
    row["citation"] = std::string(e.citation);
    nlohmann::ordered_json params = nlohmann::ordered_json::array();
    for (const Setting& p : e.schema.params) {
      nlohmann::ordered_json q;
      q["name"] = p.key;
      q["url_key"] = "l." + p.key;
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
      params.push_back(q);
    }
    row["params"] = params;
    list.push_back(row);
  }
  std::printf("%s\n", list.dump(args.has("compact") ? -1 : 2, ' ', false,
                                nlohmann::ordered_json::error_handler_t::replace).c_str());
  return 0;
}

}  // namespace ml::cli
