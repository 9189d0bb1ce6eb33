// marginlab — the learner registry as JSON: what `marginlab learners` prints (docs/cli.md), from the rows.
#pragma once

#include <string>

namespace ml {

// Every registry row as a JSON array (id, name, type, citation, cost note, parameters with their URL keys,
// kinds, defaults, ranges or choices and help); `compact` prints it on one line, else indented by 2.
std::string learner_registry_json(bool compact);

}  // namespace ml
