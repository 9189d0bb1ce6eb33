// marginlab — private to core/noise and the tests: the built-in noise models' enumerators.
//
// Other code holds a NoiseModel only as a row's position (noise.h) and asks the row what it needs
// (noise_registry.h); tests/unit/learner_rooms_test.cpp fails when code outside core/noise spells an
// enumerator or includes this header. The enumerators number the rows of builtin_noise_rows(), in order.
#pragma once

#include "core/noise/noise.h"

namespace ml {

// The built-in noise models, numbered as their rows; the URL spells them by their rows' ids.
enum class NoiseModel : int {
  none,
  uniform,
  confusion,
  malicious,
  adversarial,
  outliers,
  family,  // confusion-matrix noise with C_i of the 004 §4.1 family (index i, base matrix M from its seed)
  mixed,   // 000 Def. 5 mixed noise U^{gamma,eta,theta}: uniform classification noise eta, then malicious theta
};

static_assert(NoiseModel::none == kNoNoise, "no noise is the first built-in row");

}  // namespace ml
