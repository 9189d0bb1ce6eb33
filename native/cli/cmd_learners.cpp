// marginlab learners — the learner registry as JSON (what the UI, the URL codec and docs iterate).
#include <cstdio>

#include "core/config/fields.h"
#include "core/learners/registry.h"
#include "native/cli/cli.h"
#include "nlohmann/json.hpp"

namespace ml::cli {

namespace {
const char* kind_name(ParamKind k) {
  switch (k) {
    case ParamKind::real: return "real";
    case ParamKind::integer: return "integer";
    case ParamKind::boolean: return "boolean";
    case ParamKind::choice: return "choice";
  }
  return "real";
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
    for (const ParamSpec& p : e.schema.params) {
      nlohmann::ordered_json q;
      q["name"] = p.name;
      q["url_key"] = "l." + p.name;
      q["label"] = p.label;
      q["kind"] = kind_name(p.kind);
      if (p.kind == ParamKind::choice) {
        q["default"] = format_param_value(p, p.default_value);
        q["choices"] = p.choices;
      } else {
        q["default"] = p.default_value;
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
