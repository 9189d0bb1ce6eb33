// marginlab — the learner registry: one row per learner (DESIGN.md "Registry").
//
// The UI, the URL codec, the command line (`marginlab learners`) and the contract tests all iterate
// this table. Adding a learner means one new file pair in core/learners/ and one row in registry.cpp.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "core/settings/params.h"
#include "core/learners/learner.h"

namespace ml {

// One registry row.
struct LearnerEntry {
  LearnerSchema schema;                  // id, display name, binary/multiclass, parameters
  std::unique_ptr<Learner> (*make)();    // factory
  std::string_view citation;             // paper and section the implementation follows
};

// Every learner, in display order.
const std::vector<LearnerEntry>& learner_registry();
// The schemas of every learner (what the URL codec needs).
const std::vector<LearnerSchema>& learner_schemas();
// The row with this id, or nullptr.
const LearnerEntry* find_learner(std::string_view id);

}  // namespace ml
