// marginlab — the description of one configurable value: a URL field or a learner parameter.
//
// One type serves the config's field table and every learner's parameter table, so the URL codec,
// the UI widgets, validation and docs treat both the same way.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ml {

// The type of a value.
enum class ParamKind : int {
  real,     // double in [min, max]
  integer,  // integer in [min, max]
  boolean,  // 0 or 1 ("0"/"1" in the URL)
  choice,   // one of `choices`, spelled by name in the URL, stored as its index
};

// A learner parameter (or any numeric setting): name, type, default, range, help.
struct ParamSpec {
  std::string name;                  // URL key suffix: the URL spells it l.<name>
  std::string label;                 // UI label
  ParamKind kind = ParamKind::real;  // type
  double default_value = 0.0;        // default (choice: index)
  double min = 0.0;                  // inclusive lower bound (real, integer)
  double max = 1.0;                  // inclusive upper bound (real, integer)
  std::vector<std::string> choices;  // names for ParamKind::choice
  std::string help;                  // one sentence for tooltips and docs
  bool log_scale = false;            // UI hint: drag on a log scale
};

// One row of a learner's parameter table: a real, integer or boolean value, its default and inclusive range.
inline ParamSpec make_param(std::string name, std::string label, ParamKind kind, double default_value, double min,
                            double max, std::string help, bool log_scale = false) {
  ParamSpec p;
  p.name = std::move(name);
  p.label = std::move(label);
  p.kind = kind;
  p.default_value = default_value;
  p.min = min;
  p.max = max;
  p.help = std::move(help);
  p.log_scale = log_scale;
  return p;
}

// One row for a choice among names, stored as the index of the chosen name.
inline ParamSpec make_choice(std::string name, std::string label, std::vector<std::string> choices, int default_index,
                             std::string help) {
  ParamSpec p = make_param(std::move(name), std::move(label), ParamKind::choice, default_index, 0,
                           static_cast<double>(choices.size()) - 1, std::move(help));
  p.choices = std::move(choices);
  return p;
}

// What the URL codec needs to know about one learner: its id and its parameter table.
struct LearnerSchema {
  std::string id;                 // registry id used in URLs
  std::string name;               // display name
  bool multiclass = false;        // multiclass learner (Q >= 2) or binary
  std::vector<ParamSpec> params;  // parameters, in display order
};

}  // namespace ml
