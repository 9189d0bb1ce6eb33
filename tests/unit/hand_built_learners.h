// Hand-built learner rows for the URL codec and validation tests: a binary learner with every parameter kind
// (choice, real, integer and an offset) and a multiclass one, registered for one test's scope like any
// other row (core/learners/registry.h ScopedLearnerRow). They are never run: their factory makes the
// test-only learner.
#pragma once

#include <memory>

#include "core/learners/registry.h"
#include "tests/unit/test_data.h"
#include "tests/unit/test_only_learner.h"

namespace ml::test {

// The id of the binary hand-built learner.
inline constexpr std::string_view kHandBuiltKernel = "hb_kernel";
// The id of the multiclass hand-built learner.
inline constexpr std::string_view kHandBuiltMulticlass = "hb_multi";

// A row with this schema (never run: it makes the test-only learner).
inline LearnerEntry hand_built_row(LearnerSchema schema) {
  return {std::move(schema), [] { return std::unique_ptr<Learner>(std::make_unique<TestOnlyLearner>()); },
          "none: a hand-built row of the tests"};
}

// The binary row: a kernel choice, a log-scale real, an integer and a signed real.
inline LearnerSchema hand_built_kernel_schema() {
  LearnerSchema kernel{std::string(kHandBuiltKernel), "Hand-built kernel", false, {}};
  kernel.params = {
      param("kernel", "Kernel", SettingType::choice, 2, 0, 2, {"linear", "polynomial", "gaussian"}, "Kernel.", false),
      param("sigma", "Width", SettingType::real, 1, 0.01, 100, {}, "Gaussian width.", true),
      param("degree", "Degree", SettingType::integer, 3, 1, 10, {}, "Polynomial degree.", false),
      param("offset", "Offset", SettingType::real, 0, -5, 5, {}, "Polynomial offset c.", false),
  };
  return kernel;
}

// The multiclass row: a real and a choice.
inline LearnerSchema hand_built_multiclass_schema() {
  LearnerSchema multi{std::string(kHandBuiltMulticlass), "Hand-built multiclass", true, {}};
  multi.params = {
      param("alpha", "Alpha", SettingType::real, 0.05, 0, 1, {}, "Region margin.", false),
      param("select", "Pair selection", SettingType::choice, 0, 0, 2, {"error", "conf", "random"}, "Which (p,q).",
            false),
  };
  return multi;
}

// Both rows, registered while the object lives (declare one at the top of a test).
struct HandBuiltLearners {
  ScopedLearnerRow kernel{hand_built_row(hand_built_kernel_schema())};
  ScopedLearnerRow multiclass{hand_built_row(hand_built_multiclass_schema())};
};

}  // namespace ml::test
